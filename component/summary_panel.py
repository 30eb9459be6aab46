"""The right-hand panel: every summary with its compression, the totals, and the context chart."""

from collections.abc import Sequence

import streamlit as st

from component.i18n import t
from graph.summary_stats import summary_statistics
from state import SummaryRecord
from state.chat_state import ContextPoint


def draw_summary_record(record: SummaryRecord) -> None:
    """One record as seed 000 draws it: turns and rate, characters before and after, the text."""
    with st.container(border=True):
        st.markdown("**" + t("record_title", first=record["turns"][0], last=record["turns"][-1],
                             rate=record["compression_rate"]) + "**")
        st.caption(t("chars", original=record["original_chars"], summary=record["summary_chars"]))
        st.text(record["summary"])


def draw_statistics(history: Sequence[SummaryRecord]) -> None:
    """Seed 000's totals: summaries, turns compressed, characters before and after, saving."""
    stats = summary_statistics(history)
    st.subheader(t("stats"))
    st.markdown(
        "  \n".join([
            t("stats_count", summaries=stats.summaries, turns=stats.turns),
            t("stats_chars", original=stats.original_chars, summary=stats.summary_chars),
            t("stats_saving", saving=stats.saving_percent),
        ])
    )


def draw_context_chart(points: Sequence[ContextPoint]) -> None:
    """Per turn, tokens sent to the model against tokens of the whole history."""
    if not points:
        return
    st.caption(t("chart"))
    st.line_chart(
        {
            t("context_series"): [p["context_tokens"] for p in points],
            t("history_series"): [p["history_tokens"] for p in points],
            "turn": [p["turn"] for p in points],
        },
        x="turn",
        height=220,
    )


def draw_consolidated(consolidated: Sequence[SummaryRecord]) -> None:
    """The higher-level records that stand in the context for the oldest summaries."""
    if not consolidated:
        return
    with st.expander(t("consolidated", count=len(consolidated))):
        for record in consolidated:
            st.markdown("**" + t("merged_title", first=record["turns"][0], last=record["turns"][-1],
                                 level=record.get("level", 2), sources=record.get("sources", 1)) + "**")
            st.text(record["summary"])


def draw_summary_panel(
    history: Sequence[SummaryRecord],
    compression_rate: float,
    points: Sequence[ContextPoint],
    consolidated: Sequence[SummaryRecord] = (),
) -> None:
    """Summary history, what stands in the context for the oldest, the statistics and the chart."""
    st.subheader(t("panel"))
    st.caption(f"{t('current_rate')}: {compression_rate:g}")
    if not history:
        st.info(t("no_summaries"))
    with st.container(height=420 if len(history) > 3 else "content", border=False):
        for record in history:
            draw_summary_record(record)
    draw_consolidated(consolidated)
    draw_statistics(history)
    draw_context_chart(points)
