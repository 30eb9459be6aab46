"""A request only grows between cuts: turn n+1's request begins with turn n's up to the end of turn n's message, so
a model server's prompt cache reads only what is new; recalled excerpts stay where they were first shown, a turn
adds only what is not there yet, and past the budget the request is cut back once, deep, for several turns."""

import pytest
from langchain_core.messages import BaseMessage, HumanMessage

from graph.context import should_summarize
from graph.request.tokens import count_messages
from state.turns import message_text
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

FACTS = ["My sister Mina lives in Busan and teaches violin.", "I adopted a grey cat called Pepper last spring.",
         "Our team ships the billing service every Thursday.", "My favourite dish is kimchi stew with tofu.",
         "I ran the Seoul half marathon in 1 hour 52 minutes.", "The garden has three apple trees and a fig.",
         "Dad's birthday dinner is booked at Jungsik for June 4.", "I am learning Spanish with a tutor named Rosa."]
QUESTIONS = ["Where does my sister live?", "What is my cat called?", "When do we ship billing?",
             "Which trees grow in the garden?"]


@pytest.fixture(params=["streaming", "non_streaming"])
def chat(request) -> ScriptedChatModel:
    return ScriptedChatModel(disable_streaming=request.param == "non_streaming")


def shown(messages: list[BaseMessage]) -> list[tuple[str, str]]:
    return [(message.type, message_text(message)) for message in messages]


def through_own_message(request: list[BaseMessage], text: str) -> list[tuple[str, str]]:
    """The request up to and including the person's message of its turn."""
    last = max(i for i, message in enumerate(request) if isinstance(message, HumanMessage)
               and message_text(message) == text)
    return shown(request[: last + 1])


def chat_lines(count: int) -> list[str]:
    lines = [*FACTS, *(f"{fact} Also, note number {n}." for n, fact in enumerate(FACTS * 4, 1))]
    mixed = []
    for n in range(count):
        if n % 7 == 6:  # a long paste now and then: the request reaches its budget
            mixed.append(f"Meeting notes {n}: " + " ".join(f"item {k} was discussed" for k in range(150)))
        else:
            mixed.append(QUESTIONS[n % len(QUESTIONS)] if n % 5 == 4 else lines[n % len(lines)])
    return mixed


def play(tmp_path, chat, turns: int, budget: int):
    engine = make_engine(tmp_path / "chat.sqlite", chat, ScriptedChatModel(reply=summary_reply))
    session = engine.session("prefix")
    session.save_settings(context_budget=budget)
    lines = chat_lines(turns)
    requests, frames = [], []
    for line in lines:
        before = len(chat.calls)
        events = send(session, line)
        assert events[-1].kind == "reply", events[-1]
        requests.append(chat.calls[before])
        frames.append(session.state()["frame"])
    engine.close()
    return lines, requests, frames


def test_each_request_begins_with_the_one_before_through_its_message(tmp_path, chat):
    lines, requests, frames = play(tmp_path, chat, turns=24, budget=1_500)
    grown = 0
    for n in range(1, len(lines)):  # turn n+1 against turn n (1-based)
        summary_turn = should_summarize(n + 1)
        cut = frames[n]["cut_at"] == n + 1
        if summary_turn or cut:
            continue
        assert shown(requests[n][: len(through_own_message(requests[n - 1], lines[n - 1]))]) == \
            through_own_message(requests[n - 1], lines[n - 1]), f"turn {n + 1}"
        grown += 1
    assert grown >= len(lines) // 3  # most turns only grow
    assert any(frame["cut_at"] for frame in frames)  # the budget was reached and the request cut back


def test_a_cut_leaves_room_for_several_turns(tmp_path, chat):
    _, requests, frames = play(tmp_path, chat, turns=30, budget=1_500)
    cuts = sorted({frame["cut_at"] for frame in frames if frame["cut_at"]})
    assert len(cuts) >= 2
    assert (cuts[-1] - cuts[0]) / (len(cuts) - 1) >= 3  # a cut goes deep: the next comes turns later
    assert all(count_messages(request) <= 1_500 for request in requests)


def test_recalled_excerpts_stay_where_shown_and_are_never_shown_twice(tmp_path, chat):
    _, requests, frames = play(tmp_path, chat, turns=24, budget=3_000)
    for frame in frames:
        keys = [key for block in frame["blocks"] for key in block["keys"]]
        assert len(keys) == len(set(keys))  # a recalled turn at most once in a request
    for request in requests:
        texts = [message_text(m) for m in request if message_text(m).startswith("[Excerpts from earlier")]
        assert len(texts) == len(set(texts))
    assert any(frame["blocks"] for frame in frames)  # recall did bring turns back


def test_the_report_tells_new_tokens_from_tokens_read_before(tmp_path, chat):
    engine = make_engine(tmp_path / "chat.sqlite", chat, ScriptedChatModel(reply=summary_reply))
    session = engine.session("report")
    send(session, "My sister Mina lives in Busan.")
    send(session, "I adopted a cat called Pepper.")
    report = session.state()["request_report"]
    engine.close()
    assert report["read_tokens"] > 0 and report["new_tokens"] > 0
    assert report["read_tokens"] + report["new_tokens"] == report["request_tokens"]
