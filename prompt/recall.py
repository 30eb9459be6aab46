"""Recalled turns as the model reads them: one line saying what they are, then their JSON records."""

import json
from collections.abc import Sequence

RECALL_HEADER = ("[Excerpts from earlier in this conversation, by turn and date. They are things the user "
                 "and you said before; use them when they answer the question.]")


def render_recalled(recalled: Sequence[dict]) -> str:
    """The recalled turns as one message under the header, as `{"earlier_turns": [...]}` JSON."""
    records = [item["record"] for item in recalled]
    return f"{RECALL_HEADER}\n{json.dumps({'earlier_turns': records}, ensure_ascii=False)}"
