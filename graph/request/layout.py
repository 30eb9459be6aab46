"""A request that only grows between cuts, so a model server's prompt cache leaves each turn only its new tokens.

What the model was shown (recalled turns, documents) stays where it was first shown, in front of the message of
the turn that brought it, and a later turn adds only what is not there yet. When the request passes its budget it
is cut back once, deep (the blocks leave, long earlier messages are shortened, then the oldest summaries and raw
turns leave down to a low mark), and grows again from there for several turns. The frame saved with the session
remembers where the last cut left the request.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from langchain_core.messages import BaseMessage, HumanMessage

from graph.request.budget import RequestParts, earlier_form, pins_within_share, within_budget
from graph.request.tokens import count_message
from state.chat_state import RequestFrame, ShownBlock
from state.request_items import DocumentText, RecalledTurn

LOW_MARK = 0.6  # a cut leaves the request at most this share of its budget: room for several turns to grow
ASKS_BACK = 0.3  # a turn whose recall may take this share of the budget asks back: a cut makes it at least this room


def new_frame() -> RequestFrame:
    """A session's frame before its first request: never cut, nothing shown."""
    return RequestFrame(cut_at=0, first_raw=1, summaries_from=0, blocks=[])


def without_turn(frame: RequestFrame, turn: int) -> RequestFrame:
    """The frame once `turn` is taken back: what it showed leaves with it (the turn asked again shows its own)."""
    return RequestFrame(**{**frame, "blocks": [block for block in frame["blocks"] if block["turn"] < turn]})


def without_kind(frame: RequestFrame, kind: str) -> RequestFrame:
    """The frame without the blocks of one kind (recall switched off takes its excerpts out)."""
    return RequestFrame(**{**frame, "blocks": [block for block in frame["blocks"] if block["kind"] != kind]})


@dataclass(frozen=True)
class Candidate:
    """Something a turn may show (a recalled turn, a document): its key, its size, and what renders it."""

    key: str
    kind: str
    tokens: int
    item: RecalledTurn | DocumentText


@dataclass(frozen=True)
class Layout:
    """The request laid out, the frame to save, and what this turn newly showed."""

    parts: RequestParts
    frame: RequestFrame
    added: list[Candidate]
    cut: bool


Render = Callable[[str, Sequence[Candidate], RequestFrame], tuple[str, list[str]]]
REQUIRED = "documents"  # what the turn was routed for: shown whole, before anything recalled
NUMBER_MARK = "#"  # a shown document's key ends with the number it was shown under


def present_keys(blocks: Sequence[ShownBlock]) -> set[str]:
    """What the blocks carry, by key (a shown document's number left off)."""
    return {key.rpartition(NUMBER_MARK)[0] or key for block in blocks for key in block["keys"]}


def visible_blocks(frame: RequestFrame, raw_numbers: Sequence[int], turn: int) -> list[ShownBlock]:
    """The frame's blocks still in the request: those in front of a raw turn it shows, and this turn's own (what
    followed a question was for its answer only)."""
    shown = {*raw_numbers, turn}
    return [block for block in frame["blocks"] if block["turn"] in shown
            and (block["turn"] == turn or not block.get("following"))]


def _with_blocks(parts: RequestParts, blocks: Sequence[ShownBlock], turn: int) -> RequestParts:
    by_turn: dict[int, list[BaseMessage]] = {}
    following: list[BaseMessage] = []
    for block in blocks:
        message = HumanMessage(block["text"])
        following.append(message) if block.get("following") else by_turn.setdefault(block["turn"], []).append(message)
    anchored = [by_turn.get(number, []) for number in parts.raw_numbers]
    return replace(parts, anchored=anchored, recalled=by_turn.get(turn, []), following=following)


def _trimmed(parts: RequestParts, frame: RequestFrame) -> RequestParts:
    """The parts as the frame has them since its last cut: raw turns from its first, summaries from its mark, turns
    before the cut in their earlier (shortened) form."""
    keep = [i for i, number in enumerate(parts.raw_numbers) if number >= frame["first_raw"]]
    if parts.raw_numbers and not keep:
        keep = [len(parts.raw_numbers) - 1]  # the last completed turn always stays
    raw = [earlier_form(parts.raw_turns[i], parts.pinned_ids) if parts.raw_numbers[i] < frame["cut_at"]
           else parts.raw_turns[i] for i in keep]
    dropped = [m for i, turn in enumerate(parts.raw_turns) if i not in keep for m in turn if m.id in parts.pinned_ids]
    summaries = [s for s in parts.summaries if s["turns"][-1] >= frame["summaries_from"]]
    return replace(parts, raw_turns=raw, raw_numbers=[parts.raw_numbers[i] for i in keep], summaries=summaries,
                   pinned=[*parts.pinned, *dropped], anchored=[])


def _cut(parts: RequestParts, turn: int, low: int) -> tuple[RequestParts, RequestFrame]:
    """Cut the request back once, deep: blocks out, earlier messages shortened, then the oldest summaries and the
    oldest raw turns (the last always stays) until the request is at the low mark."""
    frame = RequestFrame(cut_at=turn, first_raw=parts.raw_numbers[0] if parts.raw_numbers else turn,
                         summaries_from=0, blocks=[])
    parts = _trimmed(parts, frame)
    summaries = list(parts.summaries)
    while summaries and replace(parts, summaries=summaries).tokens() > low:
        summaries.pop(0)
    parts = replace(parts, summaries=summaries)
    while len(parts.raw_turns) > 1 and parts.tokens() > low:
        dropped = parts.raw_turns[0]
        parts = replace(parts, raw_turns=parts.raw_turns[1:], raw_numbers=parts.raw_numbers[1:],
                        pinned=[*parts.pinned, *(m for m in dropped if m.id in parts.pinned_ids)])
    frame["first_raw"] = parts.raw_numbers[0] if parts.raw_numbers else turn
    frame["summaries_from"] = summaries[0]["turns"][-1] if summaries else turn
    return parts, frame


def _chosen(candidates: Sequence[Candidate], present: set[str], room: int, step: int) -> list[Candidate]:
    """What the turn was routed for (documents) within `room`, then the best recalled candidates not present yet
    within `step` and what is left of `room`."""
    chosen, used, recalled = [], 0, 0
    for candidate in sorted(candidates, key=lambda c: c.kind != REQUIRED):  # stable: ranks kept within a kind
        optional = candidate.kind != REQUIRED
        if candidate.key in present or used + candidate.tokens > room or \
                (optional and recalled + candidate.tokens > step):
            continue
        chosen.append(candidate)
        used += candidate.tokens
        recalled += candidate.tokens if optional else 0
    return chosen


def _needs(candidates: Sequence[Candidate], present: set[str]) -> int:
    """The tokens of the required candidates not present yet."""
    return sum(c.tokens for c in candidates if c.kind == REQUIRED and c.key not in present)


def lay_out(parts: RequestParts, frame: RequestFrame | None, turn: int, candidates: Sequence[Candidate],
            budget: int | None, reach: float, render: Render, new_tokens: int | None = None) -> Layout:
    """This turn's request in the frame's layout: what earlier turns showed where they showed it, this turn's new
    blocks in front of its message (recalled turns up to `reach`, a share of the budget, and at most `new_tokens`
    of them for a model that reads slowly), and a cut when it would pass `budget`; the pinned messages a cut
    moved out of the raw turns within their share too."""
    layout = _laid_out(parts, frame, turn, candidates, budget, reach, render, new_tokens)
    pinned = pins_within_share(layout.parts.pinned, budget)
    if len(pinned) == len(layout.parts.pinned):
        return layout
    return replace(layout, parts=replace(layout.parts, pinned=pinned))


def _laid_out(parts: RequestParts, frame: RequestFrame | None, turn: int, candidates: Sequence[Candidate],
              budget: int | None, reach: float, render: Render, new_tokens: int | None) -> Layout:
    frame = frame or new_frame()
    parts = _trimmed(parts, frame)
    blocks = visible_blocks(frame, parts.raw_numbers, turn)
    if any(block["turn"] == turn for block in blocks) or not candidates:  # a later call of the same turn
        laid = _with_blocks(parts, blocks, turn)
        if budget is None or laid.tokens() <= budget:
            return Layout(laid, RequestFrame(**{**frame, "blocks": blocks}), [], False)
        parts, frame = _cut(parts, turn, int(budget * LOW_MARK))
        return Layout(_fitted(_with_blocks(parts, [], turn), budget), frame, [], True)
    present = present_keys(blocks)
    base = _with_blocks(parts, blocks, turn)
    recalled = sum(c.tokens for c in candidates if c.kind != REQUIRED)
    step = int(budget * reach) if budget else recalled
    if new_tokens is not None:
        step = min(step, new_tokens)
    asks_back = reach >= ASKS_BACK
    needed = _needs(candidates, present) + (min(int(budget * ASKS_BACK), recalled, step) if asks_back and budget else 0)
    room = budget - base.tokens() if budget else needed + recalled
    cut = bool(budget) and room < needed
    if cut and budget:
        parts, frame = _cut(parts, turn, int(budget * LOW_MARK))
        blocks, present = [], set()
        base = _with_blocks(parts, [], turn)
        room = budget - base.tokens()
    added = _blocks_of(_chosen(candidates, present, max(room, 0), step), turn, frame, render, asks_back)
    laid = _with_blocks(parts, [*blocks, *added[0]], turn)
    while added[1] and budget and laid.tokens() > budget:  # headers and list framing: the worst-ranked leaves
        added = _blocks_of(added[1][:-1], turn, frame, render, asks_back)
        laid = _with_blocks(parts, [*blocks, *added[0]], turn)
    saved = RequestFrame(**{**frame, "blocks": [*blocks, *added[0]]})
    return Layout(_fitted(laid, budget), saved, added[1], cut)


def _blocks_of(chosen: Sequence[Candidate], turn: int, frame: RequestFrame, render: Render,
               asks_back: bool = False) -> tuple[list[ShownBlock], list[Candidate]]:
    """One block per kind of what this turn adds, rendered once: later turns read the same text. What a question
    asking back recalled follows the question, for its answer only: the next turn does not carry it, so neither
    reads it again nor is cut to make room."""
    blocks = []
    for kind in dict.fromkeys(candidate.kind for candidate in chosen):
        text, keys = render(kind, [candidate for candidate in chosen if candidate.kind == kind], frame)
        block = ShownBlock(turn=turn, kind=kind, keys=keys, text=text, tokens=count_message(HumanMessage(text)))
        if asks_back and kind != REQUIRED:
            block["following"] = True
        blocks.append(block)
    return blocks, list(chosen)


def _fitted(parts: RequestParts, budget: int | None) -> RequestParts:
    """The last resort past a cut: long recent messages shortened, then pins, summaries and raw turns left out."""
    if budget and parts.tokens() > budget:
        return within_budget(parts, budget)
    return parts
