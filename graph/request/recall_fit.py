"""Recalled turns take what the budget leaves: once summaries, raw turns and the current turn fit, the best
recalled turns fill the rest, shown to the model in turn order."""

from collections.abc import Sequence
from dataclasses import replace

from langchain_core.messages import HumanMessage

from graph.request.budget import RequestParts
from prompt.recall import render_recalled


def with_recalled(parts: RequestParts, ranked: Sequence[dict], budget_tokens: int | None) -> tuple[RequestParts,
                                                                                                    list[dict]]:
    """The request with as many of the `ranked` turns (best first) as the budget holds, and those turns."""
    if not ranked:
        return parts, []
    spare = budget_tokens - parts.tokens() if budget_tokens else sum(item["tokens"] for item in ranked)
    chosen: list[dict] = []
    used = 0
    for item in ranked:
        if used + item["tokens"] <= spare:
            chosen.append(item)
            used += item["tokens"]
    fitted = _rendered(parts, chosen)
    while chosen and budget_tokens and fitted.tokens() > budget_tokens:
        chosen.pop()  # the header and the list's own tokens: the worst-ranked turn leaves
        fitted = _rendered(parts, chosen)
    return fitted, chosen


def _rendered(parts: RequestParts, chosen: list[dict]) -> RequestParts:
    in_order = sorted(chosen, key=lambda item: item["turn"])
    return replace(parts, recalled=[HumanMessage(render_recalled(in_order))] if chosen else [])
