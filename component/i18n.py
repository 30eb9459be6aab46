"""UI text in Korean (the seed's labels) and English, switchable in the sidebar."""

import streamlit as st

LANGUAGE_KEY = "language"
LANGUAGES = {"ko": "한국어", "en": "English"}

TEXT = {
    "ko": {
        "model": "모델",
        "advanced": "⚙️ 고급 설정",
        "rate_label": "요약 압축률",
        "rate_help": "낮을수록 짧게 요약, 높을수록 상세하게 요약",
        "rate_scale": "0.1 (짧게) · 0.3 (균형) · 0.5 (상세) — 다음 요약부터 적용",
        "policy": "컨텍스트 정책",
        "sessions": "대화 목록",
        "new_chat": "➕ 새 대화",
        "untitled": "새 대화",
        "turns": "턴",
        "rename": "이름 바꾸기",
        "save": "저장",
        "delete": "🗑️ 대화 삭제",
        "confirm_delete": "이 대화를 영구히 삭제할까요?",
        "yes_delete": "삭제",
        "cancel": "취소",
        "system_prompt": "시스템 프롬프트",
        "system_prompt_help": "이 대화에만 저장됩니다. 날짜와 시간은 자동으로 추가됩니다.",
        "saved": "저장했습니다",
        "input": "메시지를 입력하세요",
        "empty": "빈 메시지는 보낼 수 없습니다",
        "long_message": "{chars:,}자 전체가 대화에 저장되었습니다. 모델에는 창 크기에 맞게 줄여서 보냅니다.",
        "show_all": "전체 보기",
        "stop": "⏹ 중지",
        "stopped": "⏹ 중지됨",
        "retry": "🔁 다시 시도",
        "no_answer": "마지막 메시지에 아직 답이 없습니다.",
        "summarizing": "요약 생성 중… ({spans}턴)",
        "summarized": "요약 완료 ({spans}턴)",
        "panel": "📝 대화 요약 히스토리",
        "current_rate": "현재 압축률",
        "no_summaries": "아직 요약이 없습니다. 4번째 턴부터 3턴마다 요약됩니다.",
        "record_title": "[{first}-{last}턴 요약] 압축률 {rate:g}",
        "chars": "{original:,}자 → {summary:,}자",
        "consolidated": "🗂 컨텍스트용 상위 요약 ({count}개)",
        "merged_title": "[{first}-{last}턴] 레벨 {level} · 요약 {sources}개 통합",
        "stats": "📊 요약 통계",
        "stats_count": "총 요약: {summaries}개 ({turns}턴 압축)",
        "stats_chars": "원본: {original:,}자 → 요약: {summary:,}자",
        "stats_saving": "전체 압축률: {saving}% 절감",
        "chart": "턴별 토큰: 모델에 보낸 컨텍스트 vs 전체 기록",
        "context_series": "컨텍스트",
        "history_series": "전체 기록",
        "inspector": "🔍 모델이 본 컨텍스트",
        "inspector_empty": "아직 모델 호출이 없습니다.",
        "part": "부분",
        "tokens": "토큰",
        "parts": {"system": "시스템", "summary": "요약", "raw": "요약 안 된 턴", "current": "현재 턴",
                  "tools": "도구 정의", "total": "합계", "history": "전체 기록이었다면"},
    },
    "en": {
        "model": "Model",
        "advanced": "⚙️ Advanced settings",
        "rate_label": "Compression rate",
        "rate_help": "Lower gives shorter summaries, higher keeps more detail",
        "rate_scale": "0.1 (short) · 0.3 (balanced) · 0.5 (detailed) — applies from the next summary",
        "policy": "Context policy",
        "sessions": "Sessions",
        "new_chat": "➕ New chat",
        "untitled": "New chat",
        "turns": "turns",
        "rename": "Rename",
        "save": "Save",
        "delete": "🗑️ Delete chat",
        "confirm_delete": "Delete this chat for good?",
        "yes_delete": "Delete",
        "cancel": "Cancel",
        "system_prompt": "System prompt",
        "system_prompt_help": "Saved for this chat only. The date and time are added automatically.",
        "saved": "Saved",
        "input": "Type a message",
        "empty": "Empty messages are not sent",
        "long_message": "All {chars:,} characters are kept in the chat; the model gets a shortened version that fits its window.",
        "show_all": "Show all",
        "stop": "⏹ Stop",
        "stopped": "⏹ Stopped",
        "retry": "🔁 Retry",
        "no_answer": "Your last message has no answer yet.",
        "summarizing": "Summarizing turns {spans}…",
        "summarized": "Summarized turns {spans}",
        "panel": "📝 Summary history",
        "current_rate": "Current compression rate",
        "no_summaries": "No summaries yet: turns are summarized every 3 turns from turn 4.",
        "record_title": "[Turns {first}-{last}] rate {rate:g}",
        "chars": "{original:,} → {summary:,} characters",
        "consolidated": "🗂 Higher-level summaries in the context ({count})",
        "merged_title": "[Turns {first}-{last}] level {level} · {sources} summaries merged",
        "stats": "📊 Summary statistics",
        "stats_count": "Summaries: {summaries} ({turns} turns compressed)",
        "stats_chars": "Original: {original:,} → summaries: {summary:,} characters",
        "stats_saving": "Overall saving: {saving}%",
        "chart": "Tokens per turn: context sent vs full history",
        "context_series": "context",
        "history_series": "full history",
        "inspector": "🔍 What the model saw",
        "inspector_empty": "No model call yet.",
        "part": "Part",
        "tokens": "Tokens",
        "parts": {"system": "System", "summary": "Summaries", "raw": "Unsummarized turns", "current": "Current turn",
                  "tools": "Tool definitions", "total": "Total", "history": "Full history would be"},
    },
}


def language() -> str:
    """The language chosen in this browser session (Korean by default)."""
    return st.session_state.get(LANGUAGE_KEY) or "ko"


def t(key: str, **values) -> str:
    """The text for `key` in the current language, filled with `values`."""
    text = TEXT[language()][key]
    return text.format(**values) if values else text


def part_label(part: str) -> str:
    """Name of a context part in the current language."""
    return TEXT[language()]["parts"][part]
