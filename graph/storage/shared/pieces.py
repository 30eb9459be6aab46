"""A long turn is found by any word said in it: its record holds only the start of a pasted file, so the whole text
is stored in pieces too, and a search's hits on a turn's own row and on its pieces are one hit per turn, scored by
the better, on both backends alike."""

from collections.abc import Sequence
from typing import Any

from graph.storage.base import FoundTurn
from graph.storage.shared.common import substring_snippet
from graph.storage.shared.dialect import Rows
from state.request_items import TurnRecord
from state.words import index_text, searched_words

PIECES_READ = 10_000  # pieces ranked before they are grouped by turn: every piece a search can match


def store_pieces(cur: Rows, session_id: str, turn: int, pieces: Sequence[str]) -> None:
    """The turn's pieces in place of those it had, each with its words as the index keeps them."""
    cur.execute("DELETE FROM recall_pieces WHERE thread_id = ? AND turn = ?", (session_id, turn))
    cur.executemany("INSERT INTO recall_pieces (thread_id, turn, piece, body, words) VALUES (?, ?, ?, ?, ?)",
                    [(session_id, turn, number, cur.dialect.text(body), cur.dialect.text(index_text(body)))
                     for number, body in enumerate(pieces)])


def best_turns(found: list[tuple[int, float, TurnRecord, int]],
               limit: int) -> list[tuple[int, float, TurnRecord, int]]:
    """Recall's (turn, score, record, tokens) hits on turns and on pieces, each turn once with its better score,
    best first."""
    best: dict[int, tuple[int, float, TurnRecord, int]] = {}
    for hit in found:
        if hit[0] not in best or hit[1] > best[hit[0]][1]:
            best[hit[0]] = hit
    return sorted(best.values(), key=lambda hit: -hit[1])[:limit]


def best_hits(found: list[dict[str, Any]], in_pieces: list[dict[str, Any]], words: list[str],
              limit: int) -> list[FoundTurn]:
    """The search across chats' hits, each turn once, best first: a turn's own hit keeps its excerpt, a turn found
    only in a piece is excerpted around the word in that piece."""
    best: dict[tuple[str, int], dict[str, Any]] = {}
    for hit in found:
        best[(hit["session_id"], hit["turn"])] = hit
    for piece in in_pieces:
        key = (piece["session_id"], piece["turn"])
        if key not in best:
            best[key] = {**piece, "snippet": substring_snippet(piece["body"], searched_words(words))}
        best[key]["score"] = max(best[key]["score"], piece["score"])
    ranked = sorted(best.values(), key=lambda hit: -hit["score"])[:limit]
    return [FoundTurn(session_id=hit["session_id"], title=hit["title"], turn=hit["turn"], day=hit["day"],
                      snippet=hit["snippet"]) for hit in ranked]
