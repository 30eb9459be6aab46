"""The right-hand panel: every summary with its compression, and the totals (seed 000)."""

from collections.abc import Sequence

import streamlit as st

from graph.summary_stats import summary_statistics
from state import SummaryRecord


def draw_summary_record(record: SummaryRecord) -> None:
    """One record as seed 000 draws it: turns and rate, characters before and after, the text."""
    first, last = record["turns"][0], record["turns"][-1]
    with st.container(border=True):
        st.markdown(f"**[{first}-{last}턴 요약]** 압축률 {record['compression_rate']:g}")
        st.caption(f"{record['original_chars']:,}자 → {record['summary_chars']:,}자")
        st.write(record["summary"])


def draw_summary_panel(history: Sequence[SummaryRecord], compression_rate: float) -> None:
    """Summary history, the current rate and the statistics."""
    st.subheader("📝 대화 요약 히스토리")
    st.caption(f"현재 압축률: {compression_rate:g}")
    if not history:
        st.info("아직 요약이 없습니다. 4번째 턴부터 3턴마다 요약됩니다. / No summaries yet: turns are summarized every 3 turns from turn 4.")
    for record in history:
        draw_summary_record(record)
    stats = summary_statistics(history)
    st.subheader("📊 요약 통계")
    st.markdown(
        f"총 요약: {stats.summaries}개 ({stats.turns}턴 압축)  \n"
        f"원본: {stats.original_chars:,}자 → 요약: {stats.summary_chars:,}자  \n"
        f"전체 압축률: {stats.saving_percent}% 절감"
    )
