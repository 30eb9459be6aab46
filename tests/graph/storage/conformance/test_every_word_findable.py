"""Every word said is findable, by recall's search and by the search across chats, with SQLite and PostgreSQL
finding the same turns: a word of one script inside another's run (iPhone을, Python으로, 买了iPhone手机), dotted
names and versions (report2026.pdf, Node.js, 2.14.3), Japanese words inside a sentence, words between direction
marks, Hangul typed decomposed or composed, a Han character beyond the BMP (𨋢), and a code on line 6,000 of a
400 KB paste, which its record holds only the start of."""

import unicodedata

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.recall.records import EXCERPT_CHARS, turn_pieces, turn_record
from graph.request.words import query_words, search_words
from graph.storage.base import Storage

pytestmark = pytest.mark.storage

NFD = unicodedata.normalize("NFD", "서귀포에서 귤을 땄어")
TURNS = {1: "새 iPhone을 샀어", 2: "Python으로 스크립트를 짰어", 3: "我昨天买了iPhone手机",
         4: "보고서는 report2026.pdf 파일이야", 5: "The server runs Node.js now",
         6: "Upgrade to version 2.14.3 tonight", 7: "昨日は東京タワーに行きました",
         8: "the file \u2066budget\u2069 is ready, \u2067שלום\u2069", 9: "\u2068제주도\u2069에서 만나", 10: NFD,
         11: "한라산에 올랐어", 12: "广东话叫升降机做𨋢", 13: "我们坐电梯上楼", 14: "커피 마셨어"}
CODE_LINE = 6000
PASTE = "\n".join("deploy key ZEBRAQUOKKA7731" if number == CODE_LINE else "log entry nothing here yet"
                  for number in range(1, 16_000))  # about 400 KB
LONG_TURN = 15


def long_paste() -> list:
    return [HumanMessage(PASTE), AIMessage("Got the log.")]


@pytest.fixture
def stored(storage: Storage) -> Storage:
    """A session of turns that say words inside other words and scripts, and one 400 KB paste."""
    for turn, text in TURNS.items():
        storage.recall_add("s", turn, "2025-01-01", {"user": text, "assistant": "ok"}, 10)
    paste = long_paste()
    storage.recall_add("s", LONG_TURN, "2025-01-02", turn_record(LONG_TURN, "2025-01-02", paste), 500, None,
                       turn_pieces(paste))
    storage.record_session("s", "every word", LONG_TURN)
    return storage


def found_by_recall(storage: Storage, question: str) -> set[int]:
    return {turn for turn, *_ in storage.recall_search("s", query_words(question), 99, 20)}


def found_across_chats(storage: Storage, question: str) -> set[int]:
    return {hit["turn"] for hit in storage.search_turns(search_words(question), 20)}


@pytest.mark.parametrize(("question", "turns"), [
    ("iPhone", {1, 3}), ("iphone을", {1, 3}), ("Python", {2}), ("파이썬 말고 Python으로", {2}),
    ("report2026.pdf", {4}), ("report2026", {4}), ("Node.js", {5}), ("node", {5}), ("2.14.3", {6}),
    ("タワー", {7}), ("東京", {7}), ("budget", {8}), ("שלום", {8}), ("제주도", {9}), ("서귀포", {10}),
    (unicodedata.normalize("NFD", "한라산"), {11}), ("𨋢", {12}), ("ZEBRAQUOKKA7731", {LONG_TURN}),
    ("zebraquokka7731", {LONG_TURN})])
def test_a_word_is_found_wherever_it_was_said(stored: Storage, question: str, turns: set[int]):
    assert found_across_chats(stored, question) == turns
    assert found_by_recall(stored, question) == turns


def test_the_long_paste_is_stored_in_pieces_past_its_record(stored: Storage):
    record = stored.recall_records("s", [LONG_TURN])[LONG_TURN]
    assert len(record["user"]) < EXCERPT_CHARS + 5 and "ZEBRAQUOKKA7731" not in record["user"]
    hit = stored.search_turns(search_words("ZEBRAQUOKKA7731"), 5)[0]
    assert (hit["session_id"], hit["turn"], hit["day"]) == ("s", LONG_TURN, "2025-01-02")
    assert "deploy key **ZEBRAQUOKKA7731**" in hit["snippet"]
    turn, _, found_record, tokens = stored.recall_search("s", query_words("ZEBRAQUOKKA7731"), 99, 5)[0]
    assert (turn, found_record, tokens) == (LONG_TURN, record, 500)


def test_a_turn_said_in_its_record_and_its_pieces_is_found_once(stored: Storage):
    assert [hit["turn"] for hit in stored.search_turns(search_words("entry"), 20)] == [LONG_TURN]
    assert [turn for turn, *_ in stored.recall_search("s", query_words("entry"), 99, 20)] == [LONG_TURN]


def test_a_turn_taken_back_or_indexed_again_loses_its_old_pieces(stored: Storage):
    stored.recall_add("s", LONG_TURN, "2025-01-03", {"user": "short now", "assistant": "ok"}, 5)
    assert found_across_chats(stored, "ZEBRAQUOKKA7731") == set() and found_by_recall(stored, "short") == {LONG_TURN}
    paste = long_paste()
    stored.recall_add("s", LONG_TURN, "2025-01-02", turn_record(LONG_TURN, "2025-01-02", paste), 500, None,
                      turn_pieces(paste))
    stored.recall_remove_from("s", LONG_TURN)
    assert found_across_chats(stored, "ZEBRAQUOKKA7731") == found_by_recall(stored, "ZEBRAQUOKKA7731") == set()


def test_a_deleted_sessions_pieces_go_with_it(stored: Storage):
    stored.delete_session("s")
    assert found_across_chats(stored, "ZEBRAQUOKKA7731") == set()


def test_a_piece_is_found_only_before_the_turn_asked_from_and_by_its_owner(stored: Storage):
    assert stored.recall_search("s", query_words("ZEBRAQUOKKA7731"), LONG_TURN, 5) == []
    assert stored.search_turns(search_words("ZEBRAQUOKKA7731"), 5, owner="someone else") == []


def test_a_han_character_beyond_the_bmp_is_a_word_of_its_own():
    assert search_words("𨋢") == ["𨋢"] and "𨋢" in query_words("坐𨋢上楼")
