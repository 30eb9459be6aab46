"""Exactly what the model saw on its last call, with token counts per part, in the page's language."""

from collections.abc import Sequence

import streamlit as st
from langchain_core.messages import BaseMessage

from component.details import details_shown
from component.i18n import part_label, speaker_label, t
from graph.engine import count_message_tokens
from state.chat_state import RequestReport
from state.turns import message_text

PARTS = (("system", "system_tokens"), ("summary", "summary_tokens"), ("pinned", "pinned_tokens"),
         ("raw", "raw_tokens"), ("recall", "recall_tokens"), ("current", "current_tokens"), ("tools", "tool_tokens"),
         ("total", "request_tokens"), ("read", "read_tokens"), ("new", "new_tokens"), ("history", "history_tokens"))


def draw_request_view(report: RequestReport | None, request: Sequence[BaseMessage]) -> None:
    """An expander with the token table and every message of the last model call, with the details switched on."""
    if not details_shown():
        return
    with st.expander(t("inspector")):
        if not report or not request:
            st.caption(t("inspector_empty"))
            return
        counts = [report.get(key, 0) for _, key in PARTS]
        st.table({t("part"): [part_label(p) for p, _ in PARTS], t("tokens"): counts})
        if report.get("recalled"):
            st.caption(t("recalled_part"))
            recalled = report["recalled"]
            st.table({t("turn_column"): [r["turn"] for r in recalled], t("rank_column"): [r["rank"] for r in recalled],
                      t("tokens"): [r["tokens"] for r in recalled]})
        for index, message in enumerate(request, start=1):
            calls = getattr(message, "tool_calls", None) or []
            header = f"{index}. {speaker_label(message.type)} · {count_message_tokens(message)} {t('tokens').lower()}"
            st.markdown(f"**{header}**")
            if calls:
                st.json(calls, expanded=False)
            st.code(message_text(message) or t("empty_message"), language=None, wrap_lines=True)
