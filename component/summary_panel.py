"""The right-hand panel: every summary with its compression, the totals, and the token chart."""

from collections.abc import Sequence
from typing import Any

import streamlit as st

from component.details import details_shown
from component.i18n import language, t, t_count
from graph.engine import Session, summary_statistics
from state import SummaryRecord
from state.chat_state import RequestPoint


def draw_summary_record(record: SummaryRecord, session: Session | None = None) -> None:
    """One record as seed 000 draws it (turns and rate, characters before and after, the text), with
    editing: the edited text is what the model sees from the next turn, the original stays here."""
    first = record["turns"][0]
    with st.container(border=True):
        st.markdown("**" + t("record_title", first=first, last=record["turns"][-1],
                             rate=record["compression_rate"]) + "**")
        flags = [t("summary_edited")] if record.get("edited") else []
        flags += [t("summary_deleted")] if record.get("deleted") else []
        measured = record["summary_chars"] / record["original_chars"] if record["original_chars"] else 0.0
        requested = record.get("requested_rate", record["compression_rate"])
        st.caption(" · ".join([t("chars", original=record["original_chars"], summary=record["summary_chars"],
                                 measured=measured, requested=requested), *flags]))
        st.text(record["summary"])
        if record.get("original_summary"):
            with st.expander(t("original")):
                st.text(record["original_summary"])
        if session is not None:
            draw_record_editor(session, record)


def draw_record_editor(session: Session, record: SummaryRecord) -> None:
    """Edit a summary's text, or take it out of the context."""
    first, level = record["turns"][0], record.get("level", 1)
    with st.popover(t("edit_summary")):
        text = st.text_area(t("edit_summary"), value=record["summary"], key=f"summary_text_{level}_{first}",
                            label_visibility="collapsed", height=160)
        left, right = st.columns(2)
        if left.button(t("save"), key=f"summary_save_{level}_{first}") and text.strip():
            session.edit_summary(first, text, level)
            st.rerun()
        if right.button(t("delete_summary"), key=f"summary_delete_{level}_{first}"):
            session.edit_summary(first, None, level)
            st.rerun()


def draw_statistics(history: Sequence[SummaryRecord]) -> None:
    """Seed 000's totals: summaries, turns compressed, characters before and after, saving."""
    stats = summary_statistics(history)
    st.subheader(t("stats"))
    st.markdown(
        "  \n".join([
            t_count("stats_count", stats.turns, summaries=stats.summaries),
            t("stats_chars", original=stats.original_chars, summary=stats.summary_chars),
            t("stats_saving", saving=stats.saving_percent),
        ])
    )


def request_chart_spec(points: Sequence[RequestPoint]) -> dict[str, Any]:
    """Per turn, tokens sent to the model against tokens of the whole history, on a whole-number turn axis."""
    labels = [t("context_series"), t("history_series"), t("recall_series")]
    rows = [{"turn": int(p["turn"]), "series": label, "tokens": int(tokens or 0)}
            for p in points
            for label, tokens in zip(labels, (p["request_tokens"], p["history_tokens"], p.get("recall_tokens", 0)),
                                     strict=True)]
    return {
        "data": {"values": rows},
        "mark": {"type": "line", "point": len(points) < 30},
        "encoding": {
            "x": {"field": "turn", "type": "quantitative", "title": t("chart_turn"),
                  "axis": {"format": "d", "tickMinStep": 1}, "scale": {"zero": False, "nice": False}},
            "y": {"field": "tokens", "type": "quantitative", "title": t("tokens")},
            "color": {"field": "series", "type": "nominal", "title": None, "sort": labels,
                      "legend": {"orient": "bottom"}},
            "tooltip": [{"field": "turn", "type": "quantitative", "format": "d", "title": t("chart_turn")},
                        {"field": "series", "type": "nominal", "title": t("part")},
                        {"field": "tokens", "type": "quantitative", "format": ",d", "title": t("tokens")}],
        },
    }


def draw_request_chart(points: Sequence[RequestPoint]) -> None:
    """The token chart (tokens sent against the whole history), one click away (a view for the curious, not the
    chat's), once a turn has been answered, with the details switched on."""
    if not points or not details_shown():
        return
    with st.expander(t("chart_open"), key="request_chart"):
        st.caption(t("chart"))
        st.vega_lite_chart(request_chart_spec(points), height=220)


def draw_consolidated(consolidated: Sequence[SummaryRecord]) -> None:
    """The higher-level records that stand in the context for the oldest summaries."""
    if not consolidated:
        return
    with st.expander(t("consolidated", count=len(consolidated))):
        for record in consolidated:
            st.markdown("**" + t("merged_title", first=record["turns"][0], last=record["turns"][-1],
                                 level=record.get("level", 2), sources=record.get("sources", 1)) + "**")
            st.text(record["summary"])


def _summarize_now(session: Session, compression_rate: float) -> None:
    """Runs before the page is drawn, so the panel already shows the new summary."""
    done = session.summarize_now(compression_rate, language())
    st.toast(t("summarize_now_done") if done else t("summarize_now_none"), icon="🗜️")


def draw_summarize_now(session: Session, compression_rate: float) -> None:
    """Compact the unsummarized turns at once."""
    st.button(t("summarize_now"), key="summarize_now", on_click=_summarize_now, args=(session, compression_rate),
              disabled=session.turns_completed() < 2)  # the last turn stays as it is: one turn has nothing to give


def draw_summary_panel(
    history: Sequence[SummaryRecord],
    compression_rate: float,
    points: Sequence[RequestPoint],
    consolidated: Sequence[SummaryRecord] = (),
    session: Session | None = None,
) -> None:
    """Summary history, what stands in the context for the oldest, the statistics and the chart."""
    st.subheader(t("panel"))
    st.caption(f"{t('current_rate')}: {compression_rate:g}")
    if session is not None:
        draw_summarize_now(session, compression_rate)
    if not history:
        st.info(t("no_summaries"))
    for record in history:  # the pane they sit in scrolls on its own
        draw_summary_record(record, session)
    draw_consolidated(consolidated)
    draw_statistics(history)
    draw_request_chart(points)
