"""RecallStorage: turns added, found by their words before a turn, and across sessions with a snippet, alike on
SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage

TURNS = [
    "User: what is the capital of France?\nAssistant: Paris is the capital.",
    "User: tell me a joke\nAssistant: Why did the chicken cross the road?",
    "User: how tall is the Eiffel tower in Paris?\nAssistant: About 330 metres.",
    "User: recommend a book\nAssistant: Try a novel by Murakami.",
]


def add_turns(storage: Storage, session_id: str = "s") -> None:
    for number, body in enumerate(TURNS, start=1):
        storage.recall_add(session_id, number, f"2025-01-0{number}", {"turn": number, "date": "day", "user": body},
                           20 + number)


def test_last_turn(storage: Storage):
    assert storage.recall_last_turn("s") == 0
    add_turns(storage)
    assert storage.recall_last_turn("s") == len(TURNS)
    assert storage.recall_last_turn("other") == 0


def test_adding_a_turn_again_replaces_it(storage: Storage):
    storage.recall_add("s", 1, "2025-01-01", {"v": 1, "user": "first version about apples"}, 5)
    storage.recall_add("s", 1, "2025-01-01", {"v": 2, "user": "second version about pears"}, 6)
    assert storage.recall_search("s", ["apples"], 10, 5) == []
    assert [(turn, record, tokens) for turn, _, record, tokens in storage.recall_search("s", ["pears"], 10, 5)] == [
        (1, {"v": 2, "user": "second version about pears"}, 6)]


def test_search_finds_turns_before_the_given_one(storage: Storage):
    add_turns(storage)
    add_turns(storage, "other")
    found = storage.recall_search("s", ["paris", "eiffel"], 10, 5)
    assert [turn for turn, *_ in found] == [3, 1]
    assert all(score > 0 for _, score, _, _ in found)
    turn, _, record, tokens = found[0]
    assert record == {"turn": 3, "date": "day", "user": TURNS[2]} and tokens == 23
    assert [turn for turn, *_ in storage.recall_search("s", ["paris", "eiffel"], 3, 5)] == [1]
    assert storage.recall_search("s", ["paris"], 1, 5) == []
    assert storage.recall_search("s", ["paris"], 10, 1)[0][0] in (1, 3)
    assert storage.recall_search("s", [], 10, 5) == []


def test_deleting_a_session_takes_its_turns_out_of_both_searches(storage: Storage):
    add_turns(storage, "gone")
    add_turns(storage, "kept")
    storage.delete_session("gone")
    assert storage.recall_search("gone", ["paris"], 10, 5) == []
    assert storage.recall_last_turn("gone") == 0 and storage.recall_records("gone", [1, 2]) == {}
    assert {hit["session_id"] for hit in storage.search_turns(["paris"], 10)} == {"kept"}
    add_turns(storage, "gone")  # the id used again
    assert [turn for turn, *_ in storage.recall_search("gone", ["paris", "eiffel"], 10, 5)] == [3, 1]


def test_search_turns_across_sessions_with_a_highlighted_snippet(storage: Storage):
    add_turns(storage, "a")
    storage.recall_add("b", 1, "2025-02-01", {"user": "any news about Murakami?", "assistant": "A new novel."}, 10)
    storage.rename_session("b", "Books")
    found = storage.search_turns(["murakami"], 10)
    assert {(hit["session_id"], hit["turn"]) for hit in found} == {("a", 4), ("b", 1)}
    by_session = {hit["session_id"]: hit for hit in found}
    assert by_session["b"]["title"] == "Books"
    assert by_session["a"]["title"] == "a"
    assert by_session["b"]["day"] == "2025-02-01"
    assert "**Murakami**" in by_session["a"]["snippet"]
    assert storage.search_turns([], 10) == []
    assert len(storage.search_turns(["murakami"], 1)) == 1


def test_turns_are_found_by_the_stems_of_their_words(storage: Storage):
    storage.recall_add("s", 1, "2025-01-01", {"user": "I donated my old bike to the shelter"}, 9)
    storage.recall_add("s", 2, "2025-01-02", {"user": "She runs every morning before work"}, 9)
    storage.recall_add("s", 3, "2025-01-03", {"user": "The weather was lovely"}, 9)
    assert [turn for turn, *_ in storage.recall_search("s", ["donating", "bikes"], 5, 5)] == [1]
    assert [turn for turn, *_ in storage.recall_search("s", ["running"], 5, 5)] == [2]
    assert [turn for turn, *_ in storage.recall_search("s", ["the"], 5, 5)] != []  # common words stay searchable
    hit = storage.search_turns(["donating"], 5)[0]
    assert hit["turn"] == 1 and "**donated**" in hit["snippet"]


@pytest.mark.parametrize("backend", ["postgres"])
def test_korean_and_chinese_turns_are_found_inside_longer_words(storage: Storage):
    korean = "User: 우리 회사의 연차 휴가는 며칠인가요?\nAssistant: 15일입니다."
    storage.recall_add("s", 1, "2025-01-01", {"t": 1, "user": korean}, 9)
    storage.recall_add("s", 2, "2025-01-02", {"t": 2, "user": "年假是多少天？", "assistant": "年假是十五天。"}, 9)
    assert [turn for turn, *_ in storage.recall_search("s", ["휴가"], 5, 5)] == [1]
    assert [turn for turn, *_ in storage.recall_search("s", ["年假"], 5, 5)] == [2]
    snippet = storage.search_turns(["年假"], 5)[0]["snippet"]
    assert "**年假**" in snippet


def test_vectors_after_a_turn_and_records_of_turns(storage: Storage):
    storage.recall_add("s", 1, "2025-01-01", {"turn": 1}, 11, b"\x00\x01vector-1")
    storage.recall_add("s", 2, "2025-01-02", {"turn": 2, "user": "둘"}, 12, b"vector-2")
    storage.recall_add("s", 3, "2025-01-03", {"turn": 3}, 13)
    storage.recall_add("other", 1, "2025-01-01", {"turn": 1}, 5, b"other")
    assert storage.recall_vectors("s", 0) == [(1, b"\x00\x01vector-1", 11, "2025-01-01", {"turn": 1}),
                                              (2, b"vector-2", 12, "2025-01-02", {"turn": 2, "user": "둘"}),
                                              (3, b"", 13, "2025-01-03", {"turn": 3})]  # to be embedded
    assert storage.recall_vectors("s", 1)[0] == (2, b"vector-2", 12, "2025-01-02", {"turn": 2, "user": "둘"})
    assert storage.recall_vectors("s", 3) == []
    storage.recall_set_vector("s", 3, b"vector-3")
    assert storage.recall_vectors("s", 2) == [(3, b"vector-3", 13, "2025-01-03", {"turn": 3})]
    assert storage.recall_vectors("other", 0)[0][1] == b"other"
    assert storage.recall_records("s", [2, 3, 9]) == {2: {"turn": 2, "user": "둘"}, 3: {"turn": 3}}
    assert storage.recall_records("s", []) == {}
    record = {"turn": 4, "date": "2025-01-04", "user": "u", "assistant": "a"}
    storage.recall_add("s", 4, "2025-01-04", record, 9)
    assert list(storage.recall_records("s", [4])[4]) == ["turn", "date", "user", "assistant"]


def test_a_snippet_of_a_long_turn_is_cut_around_the_word(storage: Storage):
    body = " ".join(f"filler{n}" for n in range(80)) + " zebra " + " ".join(f"more{n}" for n in range(80))
    storage.recall_add("s", 1, "2025-01-01", {"user": body}, 100)
    snippet = storage.search_turns(["zebra"], 1)[0]["snippet"]
    assert "**zebra**" in snippet
    assert snippet.startswith("…") and snippet.endswith("…")
    assert len(snippet) < len(body) / 4


@pytest.mark.parametrize("mine, theirs", [("team", "team-alpha"), ("team-alpha", "team"), ("team", "Team"),
                                          ("Team", "team")])
def test_search_keeps_to_its_own_session_when_ids_share_a_word(storage: Storage, mine: str, theirs: str):
    for turn in range(1, 6):
        storage.recall_add(theirs, turn, "2025-01-01", {"session": theirs, "user": "paris paris paris"}, 5)
    storage.recall_add(mine, 2, "2025-01-02", {"session": mine, "user": "a long day trip to paris and back"}, 7)
    found = storage.recall_search(mine, ["paris"], 10, 1)
    assert [(turn, record["session"]) for turn, _, record, _ in found] == [(2, mine)]
    assert {record["session"] for _, _, record, _ in storage.recall_search(mine, ["paris"], 10, 10)} == {mine}


@pytest.mark.parametrize("session_id", ['say"hi"', "---", "한국어", "é", "a\tb"])
def test_search_finds_the_turns_of_an_id_with_quotes_or_no_plain_words(storage: Storage, session_id: str):
    storage.recall_add("other", 1, "2025-01-01", {"user": "paris"}, 5)
    storage.recall_add(session_id, 1, "2025-01-01", {"session": session_id, "user": "paris in spring"}, 5)
    found = storage.recall_search(session_id, ["paris"], 10, 5)
    assert [(turn, record["session"]) for turn, _, record, _ in found] == [(1, session_id)]


def test_turns_taken_back_leave_the_index_and_the_search(storage: Storage):
    add_turns(storage)
    add_turns(storage, "other")
    storage.recall_remove_from("s", 3)
    assert storage.recall_last_turn("s") == 2
    assert [turn for turn, *_ in storage.recall_search("s", ["paris", "eiffel"], 10, 5)] == [1]
    assert sorted(storage.recall_records("s", [1, 2, 3, 4])) == [1, 2]
    assert {(hit["session_id"], hit["turn"]) for hit in storage.search_turns(["eiffel"], 10)} == {("other", 3)}
    assert storage.recall_last_turn("other") == 4
    storage.recall_add("s", 3, "2025-01-05", {"turn": 3, "user": "User: which river crosses Paris?"}, 9)
    assert [turn for turn, *_ in storage.recall_search("s", ["river"], 10, 5)] == [3]
    assert storage.recall_search("s", ["eiffel"], 10, 5) == []


@pytest.mark.parametrize(("text", "number"), [("My locker code is LOCK-4417.", "4417"),
                                              ("The build v2-1.5 failed", "1.5"), ("Flight AB-0042 leaves", "0042")])
def test_a_number_joined_to_a_word_by_a_hyphen_is_found_by_itself(storage: Storage, text: str, number: str):
    storage.recall_add("s", 1, "2025-01-01", {"user": text, "assistant": "Noted."}, 9)
    storage.recall_add("s", 2, "2025-01-02", {"user": "Something else entirely", "assistant": "Sure."}, 9)
    found = storage.search_turns([number], 5)
    assert [(hit["session_id"], hit["turn"]) for hit in found] == [("s", 1)]
    assert number in found[0]["snippet"].replace("**", "")
    assert [turn for turn, *_ in storage.recall_search("s", [number], 5, 5)] == [1]
