"""Hold a summary to its target length, whatever the model wrote."""

SUMMARY_OVERSHOOT = 1.5
SUMMARY_SLACK_CHARS = 60
SENTENCE_ENDS = (".", "!", "?", "。", "！", "？")


def fit_to_target(summary: str, target_length: int) -> str:
    """Cut a summary that overshoots its target at the last sentence end that fits (or hard)."""
    limit = max(int(target_length * SUMMARY_OVERSHOOT), target_length + SUMMARY_SLACK_CHARS)
    if len(summary) <= limit:
        return summary
    head = summary[:limit]
    ends = [head.rfind(mark) for mark in SENTENCE_ENDS]
    cut = max(ends)
    if cut >= limit // 2:
        return head[: cut + 1].rstrip()
    return head.rstrip() + "…"
