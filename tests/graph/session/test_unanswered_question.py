"""A message sent instead of Retry after a reply failed never leaves two questions in a row: the question left
unanswered is closed as a stopped turn (its answer the stop mark), the new one is answered, and Retry has
nothing left to run."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from state.turns import STOPPED_MARK
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.faults


class FailingOnce:
    """The model's reply to the first question fails; every later one is answered."""

    def __init__(self) -> None:
        self.failed = False

    def __call__(self, messages):
        if not self.failed:
            self.failed = True
            raise RuntimeError("HTTP 500 from the model")
        return AIMessage("Here is your answer.")


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_message_after_a_failed_reply_closes_the_unanswered_question_first(database, streaming):
    engine = make_engine(database, ScriptedChatModel(reply=FailingOnce(), disable_streaming=not streaming))
    try:
        session = engine.session("unanswered")
        failed = session.send("What should I pack for Busan?").wait()
        assert failed[-1].kind == "error" and session.unfinished()
        answered = session.send("Actually, what is the weather like there?").wait()
        assert answered[-1].kind == "reply", answered
        messages = session.messages()
        kinds = [type(m) for m in messages]
        assert not any(a is HumanMessage and b is HumanMessage for a, b in zip(kinds, kinds[1:], strict=False))
        assert [m.content for m in messages] == ["What should I pack for Busan?", STOPPED_MARK,
                                                 "Actually, what is the weather like there?", "Here is your answer."]
        assert session.turns_completed() == 2 and not session.unfinished()
    finally:
        engine.close()
