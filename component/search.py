"""Search over every chat: a hit opens its chat scrolled to the turn, and the turn stays highlighted."""

import json
import uuid

import streamlit as st

from component.i18n import t
from component.sessions import FOUND_KEY, SESSION_KEY, as_plain_text, switch_to
from component.signin import current_owner
from graph.engine import Engine

SCROLL_KEY = "scroll_to_turn"
# Keeps the found turn where it was scrolled to while the page is still being drawn around it: a busy machine draws
# for seconds, and the chat sticks to its bottom as it grows, gliding there whenever its height changes. A wheel
# event sent to the chat first ends that glide (the chat lets go of its bottom as a person's wheel makes it), then
# the turn is put back at the top. It holds until the person scrolls, types or clicks, a later hit is opened, or two
# minutes pass. Drawn on every run while the hit is current, it runs once per hit: a run cut short by the next one
# may never have shown it.
SCROLL_SCRIPT = """<script>
(() => {
  const anchor = () => document.getElementById(%s), opened = %s;
  if (window.foundTurnOpened === opened) return;  // drawn again by a later run: this hit is held already
  window.foundTurnOpened = opened;
  let ticks = 0, stopped = false, settled = null;
  const stop = (event) => { if (event.isTrusted) stopped = true; };  // the person, not the wheel sent below
  const acts = ["wheel", "touchmove", "keydown", "mousedown"];
  for (const name of acts) window.addEventListener(name, stop, {passive: true});
  const timer = setInterval(() => {
    ticks += 1;
    const found = anchor(), done = stopped || window.foundTurnOpened !== opened || ticks > 1500;
    if (!done && found && found.getBoundingClientRect().top !== settled) {  // moved since it was put there
      found.dispatchEvent(new WheelEvent("wheel", {deltaY: -1, bubbles: true}));
      found.scrollIntoView({block: "start"});
      settled = found.getBoundingClientRect().top;
    }
    if (done) {
      clearInterval(timer);
      for (const name of acts) window.removeEventListener(name, stop);
    }
  }, 80);
})();
</script>"""


def open_turn(session_id: str, turn: int, title: str) -> None:
    """Open a session scrolled to one of its turns (a search result)."""
    switch_to(session_id)
    st.session_state[SCROLL_KEY] = turn
    st.session_state[FOUND_KEY] = {"session_id": session_id, "turn": turn, "title": title,
                                   "opened": uuid.uuid4().hex}


def draw_search(engine: Engine) -> None:
    """A search box over every session: title, turn, date and a highlighted snippet per hit."""
    query = st.text_input(t("search"), key="search_query", placeholder=t("search_placeholder"))
    if not query.strip():
        return
    hits = engine.search(query, owner=current_owner())  # the signed-in person's chats only
    if not hits:
        st.caption(t("search_empty"))
    for index, hit in enumerate(hits):
        label = t("open_turn", title=as_plain_text(hit["title"]), turn=hit["turn"], day=hit["day"])
        st.button(label, key=f"hit_{index}", on_click=open_turn, args=(hit["session_id"], hit["turn"], hit["title"]),
                  width="stretch")
        st.caption(hit["snippet"])


def found_turn(turns_completed: int) -> int | None:
    """The turn of the open chat that the last search hit opened, until the chat goes on past it."""
    found = st.session_state.get(FOUND_KEY)
    if not found or found["session_id"] != st.session_state.get(SESSION_KEY):
        return None
    if found.setdefault("turns_completed", turns_completed) != turns_completed:
        st.session_state.pop(FOUND_KEY)
        return None
    return int(found["turn"])


def highlight_style(turn: int) -> str:
    """The found turn's messages marked, with a badge over its question; its anchor clears the page header."""
    anchor, next_anchor = (f'[data-testid="stElementContainer"]:has(#turn-{n})' for n in (turn, turn + 1))
    selector = f'{anchor} ~ :not({next_anchor}, {next_anchor} ~ *) [data-testid="stChatMessage"]'
    badge = json.dumps(t("found_badge"), ensure_ascii=False)
    return (f"<style>{selector} {{ background: rgba(255, 196, 0, 0.16); outline: 2px solid rgba(255, 170, 0, 0.9);"
            f" border-radius: 0.6rem; }}\n"
            f"#turn-{turn}::before {{ content: {badge}; font-size: 0.8rem; color: rgb(180, 110, 0); }}\n"
            f"[id^=\"turn-\"] {{ scroll-margin-top: 4.5rem; }}</style>")


def draw_found_turn(turns_completed: int) -> None:
    """Highlight the found turn while its chat is open as it was found and keep it scrolled to (once per hit);
    right after the hit was opened, say so."""
    turn = found_turn(turns_completed)
    if turn is None:
        return
    st.html(highlight_style(turn))
    found = st.session_state[FOUND_KEY]
    if st.session_state.pop(SCROLL_KEY, None) is not None:
        st.toast(t("found_turn", turn=turn, title=found["title"]), icon="🔎")
    opened = json.dumps(found.get("opened", ""))
    st.html(SCROLL_SCRIPT % (json.dumps(f"turn-{turn}"), opened), unsafe_allow_javascript=True)
