"""The LoCoMo benchmark scores what it should, on a small made-up conversation in the LoCoMo file shape."""

import json

import pytest

from bench import locomo
from bench.locomo import Row, format_row, main, measure, outcome, recent_text, share
from bench.locomo_replay import Question, load, norm, profile_for, replay
from graph.request.tokens import count_text
from graph.storage import open_storage

pytestmark = pytest.mark.bench

SESSIONS = [
    ("1:00 pm on 3 March, 2023", [
        ("Ana", "Hi Ben! I adopted a grey kitten called Pixel last weekend."),
        ("Ben", "Congratulations! I started learning the cello in January."),
        ("Ana", "A cello, how lovely. Pixel sleeps on my keyboard all day."),
        ("Ben", "Ha, cats love warm places."),
    ]),
    ("9:15 am on 20 April, 2023", [
        ("Ben", "Morning Ana! My cello teacher says my bowing improved."),
        ("Ana", "Great news! I ran my first half marathon in Lisbon on Sunday."),
        ("Ben", "Lisbon is hilly, well done."),
    ]),
    ("6:40 pm on 2 June, 2023", [
        ("Ana", "Ben, I am moving to Porto next month for a new design job."),
        ("Ben", "Porto! I will visit you with my cello."),
        ("Ana", "Please do, bring the \u00e9tudes you practise."),
    ]),
]
QA = [
    {"question": "Where is Ana moving?", "answer": "Porto", "evidence": ["D3:1"], "category": 4},
    {"question": "When did Ana run the half marathon?", "answer": "The Sunday before 20 April 2023",
     "evidence": ["D2:2"], "category": 2},
    {"question": "What pets and hobbies do they have?", "answer": "a kitten; the cello",
     "evidence": ["D1:1; D1:2"], "category": 1},
    {"question": "What is Ana's favourite colour?", "answer": "unknown", "evidence": [], "category": 5},
    {"question": "What is Pixel's name?", "answer": "grey kitten called pixel", "evidence": ["D1:1"],
     "category": 3},
]


@pytest.fixture
def data(tmp_path):
    """One conversation file in LoCoMo's shape."""
    content = {"speaker_a": "Ana", "speaker_b": "Ben", "qa": QA}
    for number, (date, lines) in enumerate(SESSIONS, start=1):
        content[f"session_{number}_date_time"] = date
        content[f"session_{number}"] = [{"speaker": speaker, "dia_id": f"D{number}:{index}", "text": text}
                                        for index, (speaker, text) in enumerate(lines, start=1)]
    content["session_1_observation"] = {"Ana": [["Ana adopted a grey kitten called Pixel.", "D1:1"]],
                                        "Ben": [["Ben learns the cello.", "D1:2"]]}
    path = tmp_path / "7.json"
    path.write_text(json.dumps(content))
    return path


def test_loading_turns_dates_and_questions(data):
    conversation = load(data)
    assert conversation.name == "7"
    assert conversation.turns[0][0] == "[1:00 pm on 3 March, 2023]\nAna: " + SESSIONS[0][1][0][1]
    assert conversation.turns[2] == ("[9:15 am on 20 April, 2023]", "Ben: " + SESSIONS[1][1][0][1])
    assert conversation.turns[-1] == ("Ana: Please do, bring the \u00e9tudes you practise.", "ok")
    questions = conversation.questions
    assert [q.category for q in questions] == [4, 2, 1, 3]  # the adversarial question is left out
    assert questions[0].evidence == (norm(SESSIONS[2][1][0][1]),) and questions[0].answer == "porto"
    assert len(questions[2].evidence) == 2  # "D1:1; D1:2" names two lines
    assert questions[1].answer is None and questions[3].answer == "grey kitten called pixel"


def test_annotated_facts_are_listed_about_the_turns_they_name(data, tmp_path):
    conversation = load(data)
    assert conversation.observations == (
        ("Ana adopted a grey kitten called Pixel. (3 March, 2023)", SESSIONS[0][1][0][1]),
        ("Ben learns the cello. (3 March, 2023)", SESSIONS[0][1][1][1]))
    replayed = replay(conversation, profile_for("remote"), tmp_path / "replayed", facts=True)
    storage = open_storage(str(replayed.database))
    try:
        facts = dict(storage.facts_after("locomo", 0))
    finally:
        storage.close()
    assert facts[1] == ["Ana adopted a grey kitten called Pixel. (3 March, 2023)",
                        "Ben learns the cello. (3 March, 2023)"]  # D1:1 and D1:2 are said in turn 1
    assert set(facts) >= {1, 2, 3} and not any(facts[turn] for turn in facts if turn != 1)


def test_normalizing_decodes_escapes_and_ignores_layout():
    assert norm('Bring the \\u00e9tudes,\n  "NOW"!') == "bring the \u00e9tudes now"


def test_outcome_and_share():
    question = Question("q", 1, ("a b", "c d"), "b c")
    assert outcome(question, "x a b c d") == (1, True, True)
    assert outcome(question, "a b x") == (1, False, False)
    assert outcome(Question("q", 4, (), None), "a") == (4, None, None)
    assert share([True, False, None, True]) == pytest.approx(2 / 3) and share([None]) is None


def test_recent_text_keeps_the_latest_lines_within_the_budget():
    lines = [f"line {n} with a few words" for n in range(100)]
    tail = recent_text(lines, 60)
    assert tail.endswith("line 99 with a few words") and "line 0 " not in tail
    assert 0 < count_text(tail) <= 60


def test_measure_scores_the_engine_and_both_baselines(data):
    rows = {row.name: row for row in measure(load(data), [2000], "remote")}
    assert list(rows) == ["engine@2000", "recent@2000", "whole history"]
    engine, recent, whole = rows["engine@2000"], rows["recent@2000"], rows["whole history"]
    assert engine.outcomes[0] == (4, True, True)  # its evidence is in the latest raw turns
    assert recent.outcomes[0] == (4, True, True)
    assert share([ev for _, ev, _ in whole.outcomes]) == 1.0 and share([a for *_, a in whole.outcomes]) == 1.0
    assert len(engine.tokens) == 4 and all(0 < tokens <= 2000 for tokens in engine.tokens)
    assert whole.tokens == [count_text("\n".join(load(data).transcript_lines))] * 4
    assert len(engine.recall_ms) == 4


def test_the_printed_table_and_the_overall_line(data, capsys):
    main([str(data), str(data), "--budgets", "1500", "--quick", "1"], progress=lambda message: None)
    out = capsys.readouterr().out
    assert "7: 6 turns, 1 questions (1 with evidence, 1 with a verbatim answer)" in out
    assert "overall: 2 conversations" in out
    for name in ("engine@1500", "recent@1500"):
        assert out.count(f"| {name} | 100% | 100% | – | – | – | 100% |") == 3
    assert out.count("| whole history | 100% | 100% |") == 3


def test_format_row_without_scored_questions():
    assert format_row(Row("empty")).startswith("| empty | – | – | – | – | – | – | – | 0 | – | – |")


def test_without_data_it_says_so_and_stops(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(locomo, "DEFAULT_DATA", tmp_path / "missing")
    main([])
    note = f"LoCoMo: no data given and {tmp_path / 'missing'} does not exist; skipped."
    assert capsys.readouterr().out.strip() == note


def test_flat_dialogue_times_every_turn_of_the_file_through_a_stock_saver(data, capsys):
    from bench import flat_dialogue

    turns = load(data).turns
    spent = flat_dialogue.timed_turns(turns, stock_saver=True)
    assert len(spent) == len(turns) and all(ms > 0 for ms in spent)
    flat_dialogue.main([str(data), "--turns", "3"])
    printed = capsys.readouterr().out
    assert "3 turns of" in printed and "LangGraph's SqliteSaver, given" in printed and "x " in printed


def test_a_conversation_written_in_korean_replays_in_its_language(tmp_path):
    written = {"language": "ko", "turns": [
        {"user": "우리 강아지 이름은 콩이야.", "assistant": "귀여운 이름이네요!", "day": "2026-09-07"},
        {"user": "오늘 부산에 사는 동생이 왔어.", "assistant": "즐거운 시간 보내세요.", "day": "2026-09-07"},
        {"user": "내일은 비가 온대.", "assistant": "우산 챙기세요.", "day": "2026-09-08"}],
        "questions": [{"q": "내 강아지 이름이 뭐였지?", "answer": "콩이", "evidence": [0], "category": "single"},
                      {"q": "동생이 어디 살지?", "answer": "서울", "evidence": [1], "category": "single"}]}
    path = tmp_path / "ko.json"
    path.write_text(json.dumps(written, ensure_ascii=False), encoding="utf-8")
    conversation = load(path)
    assert conversation.language == "ko"
    assert [user for user, _ in conversation.turns] == [
        "[2026-09-07] 우리 강아지 이름은 콩이야.", "오늘 부산에 사는 동생이 왔어.", "[2026-09-08] 내일은 비가 온대."]
    assert [question.answer for question in conversation.questions] == ["콩이", None]  # 서울 was never said
    replayed = replay(conversation, profile_for("remote"), tmp_path / "replay")
    storage = open_storage(str(replayed.database))
    try:
        assert storage.load_settings("locomo").language == "ko"
    finally:
        storage.close()
