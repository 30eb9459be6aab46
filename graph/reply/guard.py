"""Hold back a streaming reply that only repeats the request's framing or an earlier reply, or holds nothing but the
app's own marks, so the person never sees it: each chunk is shown as far as the reply check allows, and the rest
waits for the verdict."""

from langchain_core.messages import AIMessage

from graph.reply.check import REPEAT_HOLD_RUN, SHAPE_REACH, ReplyCheck, Verdict
from graph.reply.copies import TOKEN, opens_like_json
from graph.reply.framing import SHAPE
from graph.reply.own_formats import only_app_marks

JUDGED_FROM = 16  # words: a reply held back this long is judged while it streams, and again every JUDGED_EVERY
JUDGED_EVERY = 8  # (or a quarter of its length, when more)


class StreamGuard:
    """Passes a streaming reply's text on as far as it is safe to show, and keeps the rest for the verdict.

    Each chunk is looked at with the few words before it, not the whole reply again, so a long reply streams
    in linear time."""

    def __init__(self, check: ReplyCheck) -> None:
        self.check = check
        self.text = ""
        self.shown = 0
        self.settled = 0  # where the next look begins
        self.shaped = False
        self.stalled_by: Verdict = None  # what a long copied stretch or a JSON opening copies: the rest waits
        self.opening: bool | None = False if check.json_asked else None
        self.judged_at = JUDGED_FROM
        self.words = 0  # about how many words so far (a word split between chunks may count twice)
        self.doomed = False  # held back and already no answer: the model can stop writing it

    @property
    def stalled(self) -> bool:
        """Whether the rest of the reply waits for the verdict."""
        return self.stalled_by is not None

    def feed(self, chunk: str) -> str:
        """The part of the reply so far that can be shown now and was not shown yet."""
        reach = len(self.text) - SHAPE_REACH if self.opening is not None else 0  # all of it, once the opening is told
        self.text += chunk
        self.words += len(TOKEN.findall(chunk))
        if self.opening is None:
            self.opening = opens_like_json(self.text)
            self.stalled_by = "framing" if self.opening else None
        if self.stalled:
            return self._judged()
        if self.opening is None:
            return ""
        self.shaped = self.shaped or bool(SHAPE.search(self.text, max(reach, 0)))
        end, settled, self.stalled_by = self.check.hold(self.text[self.settled:], self.shaped)
        end, self.settled = max(self.settled + end, self.shown), self.settled + settled
        if not self.shown and only_app_marks(self.text[:end]):
            return ""  # the app's own marks so far: nothing is shown until the model says something of its own
        ready, self.shown = self.text[self.shown:end], end
        return ready

    def _judged(self) -> str:
        """While held back, the reply so far is judged every JUDGED_EVERY words: no answer is `doomed`, and one
        held only for an earlier reply's words that no longer follows one is shown after all."""
        if self.words < self.judged_at:
            return ""
        self.judged_at = self.words + max(JUDGED_EVERY, self.words // 4)  # ever further apart: a long reply is judged
        # a few dozen times at most, not every few words (each look compares it with the earlier replies)
        judged = self.check.judge_held(self.text)
        if judged.no_answer:
            self.doomed = True
            return ""
        if self.stalled_by != "repeat" or judged.follows_earlier:
            return ""
        self.shaped = self.shaped or bool(SHAPE.search(self.text))
        if self.check.framing_in(self.text[self.shown:], self.shaped):
            return ""
        self.stalled_by, self.settled = None, list(TOKEN.finditer(self.text))[-REPEAT_HOLD_RUN].start()
        return self._release()

    def _release(self) -> str:
        """All not shown yet (none of a reply of the app's own marks only: that is no answer)."""
        if not self.shown and only_app_marks(self.text):
            return ""
        ready, self.shown = self.text[self.shown:], len(self.text)
        return ready

    def rest(self) -> str:
        """What was held back, once the reply is judged an answer."""
        return self._release()

    @property
    def written(self) -> bool:
        """Whether any of the reply was shown."""
        return self.shown > 0

    def kept(self, response: AIMessage) -> AIMessage:
        """The reply as it is kept once judged an answer: as the model gave it."""
        return response
