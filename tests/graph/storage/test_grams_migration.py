"""A PostgreSQL database stored before Korean and Chinese words were looked up by their characters' pairs opens
with its turns and long turns' pieces indexed by them and each session's size counted: 제주 is found in 제주도에서
through the index, 成都 in 去成都的, and the sizes stay the true counts as turns are added, replaced and deleted."""

import json

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.recall.records import turn_pieces, turn_record
from graph.request.words import query_words, search_words
from graph.storage.postgres.grams import grams_of
from graph.storage.shared.dialect import Rows

pytestmark = pytest.mark.storage

BEFORE = {"postgres": 20}  # the schema before the grams and the sizes
TURNS = {"a": [(1, "작년에 제주도에서 귤을 땄어"), (2, "We talked about the weather")],
         "b": [(1, "下个月我要去成都的朋友家"), (2, "콩이는 산책을 좋아해"), (3, "nothing else")]}


def before(rows: Rows, backend: str) -> None:
    """Turns of two sessions, as the release before stored them."""
    rows.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, words) "
                     "VALUES (?, ?, '2025-01-01', ?, 10, '')",
                     [(session, turn, json.dumps({"user": text, "assistant": "응"}, ensure_ascii=False))
                      for session, turns in TURNS.items() for turn, text in turns])
    rows.executemany("INSERT INTO chat_sessions (thread_id, updated_at) VALUES (?, '')", [("a",), ("b",)])


@pytest.fixture
def migrated(migrated_from):
    return migrated_from(BEFORE, before)


def sizes(storage) -> dict[tuple[str, str], tuple[int, int]]:
    """The sizes kept, and those counted, per table and session."""
    with storage.db.cursor(transaction=False) as cur:
        kept = {(row["source"], row["thread_id"]): (row["entries"], row["chars"])
                for row in cur.execute("SELECT source, thread_id, entries, chars FROM recall_sizes")}
        counted = {(table, row["thread_id"]): (row["n"], row["chars"])
                   for table in ("recall_turns", "recall_pieces")
                   for row in cur.execute(f"SELECT thread_id, count(*) AS n, sum(chars) AS chars FROM {table} "
                                          "GROUP BY thread_id")}
    assert kept == counted
    return kept


@pytest.mark.parametrize("backend", ["postgres"])
@pytest.mark.parametrize(("word", "session", "turn"), [("제주", "a", 1), ("成都", "b", 1), ("콩이", "b", 2)])
def test_a_word_inside_a_glued_run_is_found_through_its_grams(migrated, word: str, session: str, turn: int):
    with migrated.db.cursor(transaction=False) as cur:
        held = [(row["thread_id"], row["turn"]) for row in cur.execute(
            "SELECT thread_id, turn FROM recall_turns WHERE grams_tsv @@ plainto_tsquery('simple', %s)",
            (grams_of(word),))]
    assert (session, turn) in held
    assert [(hit["session_id"], hit["turn"]) for hit in migrated.search_turns(search_words(word), 5)] == [
        (session, turn)]
    assert [found for found, *_ in migrated.recall_search(session, query_words(word), 99, 5)] == [turn]


@pytest.mark.parametrize("backend", ["postgres"])
def test_the_sizes_are_the_true_counts_as_turns_change(migrated):
    assert sizes(migrated)[("recall_turns", "b")][0] == 3
    long_turn = [HumanMessage("\n".join(["긴 메모 한 줄"] * 3000 + ["암호는 QX-88213"])), AIMessage("ok")]
    migrated.recall_add("a", 3, "2025-01-02", turn_record(3, "2025-01-02", long_turn), 99, None,
                        turn_pieces(long_turn))
    replaced = [HumanMessage("제주도는 바람이 많아"), AIMessage("응")]
    migrated.recall_add("a", 1, "2025-01-03", turn_record(1, "2025-01-03", replaced), 9, None, ())
    assert sizes(migrated)[("recall_turns", "a")][0] == 3
    assert sizes(migrated)[("recall_pieces", "a")][0] > 1
    migrated.recall_remove_from("a", 2)
    assert sizes(migrated)[("recall_turns", "a")][0] == 1
    assert ("recall_pieces", "a") not in sizes(migrated)
    migrated.delete_session("b")
    assert [key for key in sizes(migrated) if key[1] == "b"] == []
