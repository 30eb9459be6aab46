"""The page frame's style: the summary pane stays in view while the chat scrolls, chats list as rows, and the file
uploader speaks the page's language (Streamlit draws its button and limits in English only)."""

import json

import streamlit as st

from component.i18n import t
from graph.engine import DOCUMENT_TYPES

SIDE_PANE_KEY = "side_pane"
PAGE_STYLE = """<style>
[data-testid="stLayoutWrapper"]:has(> .st-key-side_pane), .st-key-side_pane {
  position: sticky; top: 3.75rem; align-self: flex-start; width: 100%;
}
/* the pane ends above the chat input, so it stays whole at the foot of a long chat */
.st-key-side_pane { max-height: calc(100vh - 13rem); overflow-y: auto; overscroll-behavior: contain; }
.st-key-session_list [class*="st-key-open_"] button, .st-key-session_list [class*="st-key-open_"] button div {
  justify-content: flex-start; text-align: left;
}
.st-key-session_list [class*="st-key-open_"] button > div { width: 100%; }
.st-key-session_list [data-testid="stBaseButton-secondary"] { background: rgba(151, 166, 195, 0.18); }
.st-key-session_list button p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.st-key-session_list [data-testid="stPopoverButton"] [data-testid="stIconMaterial"] { display: none; }
.st-key-welcome { padding-top: 8vh; }
/* three dots that pulse while the first word of a reply is awaited */
.typing { display: inline-flex; gap: 0.3rem; padding: 0.6rem 0; }
.typing span { width: 0.5rem; height: 0.5rem; border-radius: 50%; background: currentColor; opacity: 0.25;
  animation: typing 1.2s infinite ease-in-out; }
.typing span:nth-child(2) { animation-delay: 0.2s; } .typing span:nth-child(3) { animation-delay: 0.4s; }
@keyframes typing { 0%, 80%, 100% { opacity: 0.25; } 40% { opacity: 0.9; } }
@media (prefers-reduced-motion: reduce) { .typing span { animation: none; opacity: 0.6; } }
</style>"""


UPLOADER = '[data-testid="stFileUploaderDropzone"]'
UPLOADER_STYLE = """<style>
{uploader} button [data-testid="stMarkdownContainer"] p {{ font-size: 0; }}
{uploader} button [data-testid="stMarkdownContainer"] p::after {{ content: {button}; font-size: 0.875rem; }}
[data-testid="stFileUploaderDropzoneInstructions"] span {{ font-size: 0; }}
[data-testid="stFileUploaderDropzoneInstructions"] span::after {{ content: {limit}; font-size: 0.8rem; }}
</style>"""


def uploader_style() -> str:
    """Style rules that write the uploader's button and its size and type limits in the page's language."""
    size = f"{st.get_option('server.maxUploadSize')}MB"
    limit = t("upload_limit", size=size, types=", ".join(kind.upper() for kind in DOCUMENT_TYPES))
    return UPLOADER_STYLE.format(uploader=UPLOADER, button=json.dumps(t("upload_button"), ensure_ascii=False),
                                 limit=json.dumps(limit, ensure_ascii=False))


def draw_page_style() -> None:
    """The page's few style rules, drawn once per run."""
    st.html(PAGE_STYLE + uploader_style())


def side_pane():
    """The pane beside the chat (summaries, the inspector) that stays in view while the chat scrolls."""
    return st.container(key=SIDE_PANE_KEY)
