"""Recall memory through the session API: what was said earlier reaches the model when it matters,
pinned messages stay, edited summaries are what the model sees, and the request stays in its budget."""

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from graph.context import split_turns
from graph.engine import SessionSettings, Settings
from graph.request.tokens import count_messages
from state.turns import message_text
from tests.conftest import make_engine, reader_profile, recalled
from tests.fakes import ScriptedChatModel
from tests.graph.storage.conftest import count_rows

pytestmark = pytest.mark.graph

POLICIES = ("every_three_turns", "token_threshold", "window_share", "sliding_window")
FILLER = ["the weather in the mountains", "a recipe for lentil soup", "the history of the printing press",
          "how tides work", "a good stretching routine", "the rules of chess openings", "sorting algorithms"]


def filler(n: int) -> str:
    return f"Turn {n}: tell me something about {FILLER[n % len(FILLER)]}, please."


@pytest.fixture
def engine(database):
    """An engine with the bundled model's window, reading all it is sent, on each backend in turn."""
    engine = make_engine(database, profile=reader_profile())
    yield engine
    engine.close()


def play(session, texts) -> None:
    for text in texts:
        events = session.send(text).wait()
        assert not [e for e in events if e.kind == "error"], events


def context_text(context: list[BaseMessage]) -> str:
    return "\n".join(message_text(m) for m in context)


def test_a_fact_from_turn_5_is_recalled_at_turn_250(engine):
    session = engine.session("long")
    play(session, [filler(n) for n in range(1, 5)])
    play(session, ["My locker combination at the gym is 27-14-09, remember it."])
    play(session, [filler(n) for n in range(6, 250)])
    play(session, ["What is my gym locker combination?"])
    context = session.last_context()
    assert "27-14-09" in context_text(context)
    assert 5 in [item["turn"] for item in session.state()["request_report"]["recalled"]]
    assert 5 in session.messages()[-1].response_metadata["recalled"]


def test_a_recalled_turn_is_never_one_already_in_the_raw_context(engine):
    session = engine.session("raw")
    play(session, [f"The spare key is under the blue flowerpot number {n}." for n in range(1, 12)])
    play(session, ["Where is the spare key under the flowerpot?"])
    state = session.state()
    turns = {item["turn"] for item in recalled(session)}
    covered = max(turn for record in state["summary_history"] for turn in record["turns"])
    assert turns and all(turn <= covered for turn in turns)


def test_a_casual_turn_recalls_nothing(engine):
    session = engine.session("casual")
    play(session, [f"thanks for the note about item {n}" for n in range(1, 12)])
    play(session, ["thanks!"])
    assert recalled(session) == []
    assert "Excerpts from earlier" not in context_text(session.last_context())


def test_recall_can_be_switched_off_per_session(engine):
    session = engine.session("off")
    play(session, ["My passport number is X1234567."] + [filler(n) for n in range(2, 20)])
    play(session, ["What is my passport number?"])
    assert 1 in [item["turn"] for item in recalled(session)]
    session.save_settings(recall=False)
    play(session, ["What is my passport number?"])
    assert recalled(session) == [] and "Excerpts from earlier" not in context_text(session.last_context())


def test_deleting_a_session_deletes_its_index(engine):
    session = engine.session("gone")
    play(session, [filler(n) for n in range(1, 6)])
    assert count_rows(engine.storage, "gone")["recall_turns"] == 5
    engine.delete("gone")
    assert count_rows(engine.storage, "gone")["recall_turns"] == 0
    assert engine.search("lentil soup") == []


def test_search_finds_turns_in_every_session_with_a_snippet(engine):
    play(engine.session("a"), ["We booked the hotel Seaside Palms for May."])
    play(engine.session("b"), ["The plumber Okafor charges 85 dollars an hour."])
    hits = engine.search("Okafor plumber")
    assert [(hit["session_id"], hit["turn"]) for hit in hits] == [("b", 1)]
    assert "**Okafor**" in hits[0]["snippet"] and hits[0]["title"].startswith("The plumber Okafor")


@pytest.mark.parametrize("policy", POLICIES)
def test_a_pinned_message_is_in_every_later_context(engine, policy):
    session = engine.session(f"pin-{policy}")
    session.save_settings(SessionSettings(context_policy=policy))
    play(session, ["My allergy: penicillin. Never forget this."])
    pinned_id = session.messages()[0].id
    session.pin(pinned_id)
    for n in range(2, 40):
        play(session, [filler(n) + " " + "detail " * 200])
        assert "penicillin" in context_text(session.last_context()), n
    assert session.state()["request_report"]["pinned"] == 1
    session.pin(pinned_id, pinned=False)
    session.save_settings(recall=False)
    play(session, [filler(41)])
    assert "[Messages the user pinned" not in context_text(session.last_context())


def test_an_edited_summary_is_what_the_model_sees_next(engine):
    session = engine.session("edit")
    play(session, [filler(n) for n in range(1, 5)])
    record = session.state()["summary_history"][0]
    session.edit_summary(record["turns"][0], "The user likes tea and lives in Busan.")
    play(session, [filler(5)])
    system = message_text(session.last_context()[0])
    assert "[Turns 1-3] The user likes tea and lives in Busan." in system and record["summary"] not in system
    edited = session.state()["summary_history"][0]
    assert edited["edited"] and edited["original_summary"] == record["summary"]


def test_summarize_now_compacts_all_but_the_last_turn(engine):
    session = engine.session("now")
    play(session, [filler(n) for n in range(1, 3)])
    assert session.summarize_now()
    record = session.state()["summary_history"][-1]
    assert record["turns"] == [1]
    assert not engine.session("empty").summarize_now()


def long_turn(n: int) -> str:
    return f"Turn {n}: " + ("a long message about nothing in particular " * 60)


def verbose(messages: list[BaseMessage]) -> AIMessage:
    return AIMessage("A long answer. " * 150)


@pytest.mark.parametrize("policy", POLICIES)
def test_long_conversations_stay_in_budget_and_keep_the_last_turn_raw_or_summarized(tmp_path, policy):
    engine = make_engine(tmp_path / "budget.sqlite", ScriptedChatModel(reply=verbose), profile=reader_profile())
    budget = Settings().budget(reader_profile().context_window).context
    session = engine.session("budget")
    session.save_settings(SessionSettings(context_policy=policy))
    for n in range(1, 306):
        play(session, [long_turn(n)])
        context = session.last_context()
        assert count_messages(context) <= budget, (n, count_messages(context))
        if n > 1:
            previous = split_turns(session.messages())[0][-2]
            summarized = any(n - 1 in record["turns"] for record in session.state()["summary_history"])
            assert summarized or any(m.id == previous[0].id for m in context), n
    engine.close()


def test_a_pinned_message_survives_as_its_own_block_when_its_turn_is_summarized(engine):
    session = engine.session("pinblock")
    play(session, ["Keep this: the meeting code is 4471."])
    session.pin(session.messages()[0].id)
    play(session, [filler(n) for n in range(2, 8)])
    context = session.last_context()
    assert isinstance(context[1], HumanMessage) and "the meeting code is 4471" in message_text(context[1])


def test_recalled_turns_of_one_day_are_dated_once_and_counted_so(engine):
    session = engine.session("one-day")
    play(session, [f"My pet turtle number {n} is called {name}." for n, name in
                   enumerate(["Shelly", "Tank", "Speedy", "Pebble", "Mossy", "Dash", "Biscuit", "Olive"], 1)])
    play(session, [filler(n) for n in range(9, 16)])
    play(session, ["What are the names of my pet turtles?"])
    block = next(text for text in map(message_text, session.last_context()) if text.startswith("[Excerpts"))
    report = session.state()["request_report"]["recalled"]
    dated = [line for line in block.splitlines() if line.startswith("(") and ", turn " in line.split(")")[0]]
    same_day = [line for line in block.splitlines() if line.startswith("(turn ")]
    assert len(dated) == 1 and len(same_day) == len(report) - 1 >= 3  # all said today: one date
    header = block.splitlines()[0]
    assert count_messages([HumanMessage(block)]) <= sum(item["tokens"] for item in report) + \
        count_messages([HumanMessage(header)]) + 4  # each turn counted as shown
