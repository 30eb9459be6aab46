"""What a model that cannot read its context (the bundled one) may show of its own text, judged sentence by
sentence as it streams: no sum nobody asked for or the calculator contradicts (`graph.reply.sums`), no quote in
the app's own format nor the app's markers (`graph.reply.own_formats`), no sentence said twice. The page and the
saved reply get the same sentences."""

import re
from dataclasses import dataclass

from langchain_core.messages import AIMessage

from graph.reply.check import ReplyCheck
from graph.reply.claims import Grounds
from graph.reply.clean_text import clean_model_text
from graph.reply.copies import sentence_key
from graph.reply.framing import before_marker
from graph.reply.guard import StreamGuard
from graph.reply.own_formats import quotes_like_the_app, without_markers
from graph.reply.sums import untrue_sum
from graph.request.words import SPEAKER
from state.language.sentences import CLOSED_BY_ITSELF, CLOSED_BY_SPACE, SentenceStream

_CLOSING = CLOSED_BY_ITSELF + CLOSED_BY_SPACE + "\"”’)]*~:"  # what ends a sentence or a line of its own
_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s")


@dataclass(frozen=True)
class ReplyScreen:
    """The rules one turn's model text is shown by."""

    calculation_asked: bool
    grounds: Grounds | None = None  # what the chat has had, which a sentence must not claim beyond

    def shown(self, sentence: str, relayed: bool = False) -> str:
        """The sentence as it may be shown (without the app's markers), or "" when it may not; one of a line that
        relays a named speaker ("John: ...") tells what that speaker said, no claim of the model's own."""
        kept = without_markers(sentence)
        if not kept.strip():
            return kept if kept == sentence else ""
        if quotes_like_the_app(kept) or untrue_sum(kept, self.calculation_asked):
            return ""
        if self.grounds is not None and not relayed and self.grounds.unfounded(kept):
            return ""
        return kept

    def text(self, text: str) -> str:
        """A whole reply as it may be shown."""
        stream = ScreenedStream(self)
        return stream.feed(text) + stream.flush()


class ScreenedStream:
    """A reply's text as it streams, passed on a sentence at a time as far as the screen shows it; a sentence said
    before in the reply is shown once."""

    def __init__(self, screen: ReplyScreen) -> None:
        self.screen = screen
        self.sentences = SentenceStream()
        self.said: set[str] = set()
        self.text = ""  # everything passed on
        self.line_start = True  # the next sentence opens a line
        self.relaying = False  # the line being read opens with a named speaker

    def feed(self, chunk: str) -> str:
        """What of `chunk`, with what came before it, is complete and may be shown."""
        return self._shown(self.sentences.feed(chunk))

    def flush(self) -> str:
        """What of the reply's last sentence may be shown, once the reply has ended: none of one cut off mid-way
        (the model ran out of tokens) after a whole one, so the reply ends at its last whole sentence."""
        rest = self.sentences.flush()
        opens_line = self.line_start and bool(rest) and bool(SPEAKER.match(rest[0].lstrip()))
        cut = rest and self.text and not (self.relaying and not self.line_start) and not opens_line \
            and not rest[0].rstrip().endswith(tuple(_CLOSING)) and not _LIST_ITEM.match(rest[0])
        return "" if cut else self._shown(rest)

    def _shown(self, complete: list[str]) -> str:
        """The sentences that may be shown, the reply's first without the spaces before it."""
        out = ""
        for sentence in complete:
            if self.line_start:
                self.relaying = bool(SPEAKER.match(sentence.lstrip()))
            self.line_start = sentence.endswith("\n")
            kept = self.screen.shown(sentence, self.relaying)
            key = sentence_key(kept)
            if key and key in self.said:
                continue
            self.said.add(key)
            if not self.text + out:
                kept = kept.lstrip()
            out += kept
        self.text += out
        return out


class ScreenedGuard(StreamGuard):
    """The stream guard of a reply that is screened too: what the guard lets through is shown as far as the screen
    lets it."""

    def __init__(self, check: ReplyCheck, screen: ReplyScreen) -> None:
        super().__init__(check)
        self.screened = ScreenedStream(screen)

    def feed(self, chunk: str) -> str:
        """The part of the reply so far that both the guard and the screen let through now."""
        return self.screened.feed(super().feed(chunk))

    def rest(self) -> str:
        """What is left to show once the reply is judged an answer."""
        return self.screened.feed(super().rest()) + self.screened.flush()

    @property
    def written(self) -> bool:
        """Whether any of the reply was shown."""
        return bool(self.screened.text)

    def kept(self, response: AIMessage) -> AIMessage:
        """The reply as it was shown, cleaned as any reply is."""
        return response.model_copy(update={"content": before_marker(clean_model_text(self.screened.text))})


def screened(screen: ReplyScreen | None, text: str) -> str:
    """`text` as the screen shows it; whole without one (a model that reads its context)."""
    return text if screen is None else screen.text(text)
