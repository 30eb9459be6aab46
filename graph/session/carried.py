"""What a person did to the turns a new version shares with the old one (summaries edited, removed or made at
once, pins, thumbs), carried into the new version's input: the version forks from the checkpoint before its turn,
which was saved before those changes. From there each version keeps its own."""

from collections.abc import Mapping
from typing import Any

from state import SummaryRecord


def records_before(records: list[SummaryRecord] | None, turn: int) -> list[SummaryRecord]:
    """The summary records that cover only turns before `turn`, as the old version has them now."""
    return [record for record in records or [] if record["turns"][-1] < turn]


def carried_changes(values: Mapping[str, Any], turn: int, shared_ids: set[str]) -> dict:
    """The input keys that give a version of `turn` what the shown line holds for the turns before it: its summary
    records (with the person's edits and removals, and those made at once), and the pins and thumbs on the
    messages `shared_ids` names."""
    carried: dict[str, Any] = {
        "pinned": [mid for mid in values.get("pinned") or [] if mid in shared_ids],
        "feedback": {mid: choice for mid, choice in (values.get("feedback") or {}).items() if mid in shared_ids},
    }
    if history := records_before(values.get("summary_history"), turn):
        carried["summary_history"] = history
    if values.get("consolidated"):
        carried["consolidated"] = records_before(values.get("consolidated"), turn)
    return carried
