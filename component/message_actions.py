"""The compact row of actions under a message: copy, pin, edit (any question), regenerate (the last answer),
‹ 1/2 › between a turn's versions, and 👍/👎 on answers; a click asks for the rewrite, the next render runs it."""

import html
from collections.abc import Callable
from typing import Literal

import streamlit as st
from langchain_core.messages import BaseMessage

from component.chat import RewriteRequest, keep_notice
from component.i18n import t
from component.version_notice import show_version
from graph.engine import Session, TurnVersions, clean_user_text

REWRITE_KEY = "rewrite_request"
EDITING_KEY = "editing_message"
FEEDBACK = {1: "up", 0: "down"}  # st.feedback's thumbs: 1 is 👍, 0 is 👎
ROW_STYLE = """<style>
[class*="st-key-actions_"] { opacity: 0.45; transition: opacity 0.15s; }
[data-testid="stChatMessage"]:hover [class*="st-key-actions_"] { opacity: 1; }
[class*="st-key-actions_"]:has([aria-checked="true"]) { opacity: 1; }
</style>"""
COPY_BUTTON_STYLE = "background:none;border:none;cursor:pointer;font-size:1rem;padding:0.25rem"
COPY_SCRIPT = """<script>
if (!window.messageCopyReady) {
  window.messageCopyReady = true;
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.message-copy");
    if (!button) return;
    const text = button.dataset.copy || "";
    const copied = () => { button.textContent = "✅"; setTimeout(() => { button.textContent = "📋"; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(copied);
      return;
    }
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
    copied();
  });
}
</script>"""


def prepare_actions() -> None:
    """The actions' look (faint until the message is hovered) and the copy buttons' script, once a page."""
    st.html(ROW_STYLE)
    st.html(COPY_SCRIPT, unsafe_allow_javascript=True)


def request_rewrite(session_id: str, kind: Literal["regenerate", "edit"], message_id: str, turn: int,
                    text: str = "") -> None:
    """Ask the next render to run a new version of turn `turn` ("regenerate" the answer `message_id`, or "edit"
    the question `message_id` to its new text)."""
    request: RewriteRequest = {"session": session_id, "kind": kind, "message": message_id, "turn": turn,
                               "text": text}
    st.session_state[REWRITE_KEY] = request
    st.session_state.pop(EDITING_KEY, None)


def take_rewrite(session_id: str) -> RewriteRequest | None:
    """The rewrite asked for in this session, taken (it runs once)."""
    request = st.session_state.pop(REWRITE_KEY, None)
    return request if request and request["session"] == session_id else None


def editing(message: BaseMessage) -> bool:
    """Whether the person is editing this message."""
    return bool(message.id) and st.session_state.get(EDITING_KEY) == message.id


def _start_editing(message_id: str) -> None:
    """Open the inline editor on this message (the next render draws it)."""
    st.session_state[EDITING_KEY] = message_id


def _stop_editing() -> None:
    """Close the editor, the message unchanged."""
    st.session_state.pop(EDITING_KEY, None)


def _send_edit(session_id: str, message_id: str, turn: int) -> None:
    """Ask for the edited turn to run, unless the edit left nothing to send (then say so, keep editing)."""
    text = st.session_state.get(f"edit_text_{message_id}", "")
    if clean_user_text(text):
        request_rewrite(session_id, "edit", message_id, turn, text)
    else:
        keep_notice("warning", t("edit_empty"))


def draw_edit_form(session: Session, message: BaseMessage, text: str, turn: int, later: int = 0) -> None:
    """The inline editor of a question: sending makes a new version of its turn (the earlier one is kept), and
    the `later` turns after it, left out of the new version, are said to stay in the one shown now."""
    with st.form(key=f"edit_form_{message.id}", border=False):
        st.text_area(t("edit"), value=text, key=f"edit_text_{message.id}", label_visibility="collapsed")
        if later:
            st.info(t("edit_leaves_out_one") if later == 1 else t("edit_leaves_out", later=later), icon="🔀")
        with st.container(horizontal=True):
            st.form_submit_button(t("edit_send"), type="primary", on_click=_send_edit,
                                  args=(session.id, message.id, turn))
            st.form_submit_button(t("cancel"), on_click=_stop_editing)


def draw_version_switch(session: Session, turn: int, versions: TurnVersions) -> None:
    """‹ 2/3 ›: the version of the turn shown, and the way to the one before and after."""
    with st.container(horizontal=True, gap=None, vertical_alignment="center", width="content",
                      key=f"versions_{turn}"):
        st.button("‹", key=f"version_back_{turn}", help=t("version_previous"), type="tertiary",
                  disabled=versions.shown <= 1, on_click=show_version, args=(session, turn, versions.shown - 1))
        st.caption(t("version_of", shown=versions.shown, count=versions.count), width="content")
        st.button("›", key=f"version_next_{turn}", help=t("version_next"), type="tertiary",
                  disabled=versions.shown >= versions.count, on_click=show_version,
                  args=(session, turn, versions.shown + 1))


def _save_feedback(session: Session, message_id: str) -> None:
    """Keep the thumbs chosen (or cleared) with the session, so a reload shows it."""
    value = st.session_state.get(f"feedback_{message_id}")
    session.give_feedback(message_id, FEEDBACK.get(value) if value is not None else None)


def draw_copy(text: str, key: str) -> None:
    """A button that copies the whole message in one click (the page's one script does the copying; the text
    rides in the button, escaped, through Streamlit's sanitized HTML)."""
    st.html(f'<button class="message-copy" type="button" title="{html.escape(t("copy"))}" '
            f'data-copy="{html.escape(text, quote=True)}" style="{COPY_BUTTON_STYLE}">📋</button>',
            width="content")


def draw_message_actions(session: Session, message: BaseMessage, text: str, *, pinned: bool, turn: int,
                         feedback: str | None = None, answer: bool = False, last: bool = False,
                         versions: TurnVersions | None = None, details: Callable[[], None] | None = None) -> None:
    """The row under a message: copy and pin always; on a question, edit; on an answer, its turn's versions,
    regenerate (on the last), 👍/👎 and its details (`details` draws them)."""
    if not message.id:
        return
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key=f"actions_{message.id}"):
        if answer and versions is not None:
            draw_version_switch(session, turn, versions)
        draw_copy(text, message.id)
        st.button("📌" if pinned else "📍", key=f"pin_{message.id}", help=t("unpin") if pinned else t("pin"),
                  on_click=session.pin, args=(message.id, not pinned), type="tertiary")
        if not answer:
            st.button("✏️", key=f"edit_{message.id}", help=t("edit"), on_click=_start_editing, args=(message.id,),
                      type="tertiary")
        if last and answer:
            st.button("🔄", key=f"regenerate_{message.id}", help=t("regenerate"), on_click=request_rewrite,
                      args=(session.id, "regenerate", message.id, turn), type="tertiary")
        if answer:
            chosen = {choice: value for value, choice in FEEDBACK.items()}.get(feedback or "")
            st.feedback("thumbs", key=f"feedback_{message.id}", default=chosen, on_change=_save_feedback,
                        args=(session, message.id))
        if details is not None:
            details()
