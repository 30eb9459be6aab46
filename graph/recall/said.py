"""What a quote from memory may show: the statements the person made, the lines of a pasted or relayed
conversation's named speakers ("Nate: ...", "[3 May, 2023] Joanna: ..."), and a document's lines; never the model's
own text, which may be invented. A question that names a speaker is about what that person said, and the name
itself says nothing of the subject."""

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from graph.request.words import GREETING, PASTED_LINE_START, SPEAKER
from state.language.questions import is_question, last_question, tells
from state.language.sentences import told_sentences
from state.request_items import DocumentText, QuotableTurn, TurnRecord

_POLITE = re.compile(  # thanks, greetings and agreement: nothing of the person's world
    r"(?i)^\W*(?:(?:thanks?|thank you|thx|hi|hello|hey|good (?:morning|night|evening)|bye|see you|ok(?:ay)?|"
    r"sure|yes|yeah|yep|no|nope|lol|haha|ha|great|nice|cool|good idea|got it|noted|maybe|probably|true|right|so|"
    r"and|oh|wow)\b\W*)+$"
    r"|(?i:^\W*(?:thanks|thank you)\b)|고마워|고맙|감사|안녕|반가워|수고|谢谢|感谢|多谢|你好|早安|晚安|再见|辛苦")
_TOLD_THING = re.compile(r"\d|(?<!^)\b[A-Z][a-z]")  # a number or a name mid-sentence tells something alone
_STAMP = re.compile(f"{PASTED_LINE_START}(?:{GREETING}[,!]?\\s+[A-Z][a-z]+[,!.]\\s*)?")  # and the name greeted
NOT_SPEAKERS = frozenset("user assistant ai bot system human note summary answer question example step".split())
SPEAKER_LINES = 3  # a name at the start of this many lines is a speaker's, not a word that happens to lead one


@dataclass(frozen=True)
class Line:
    """One line said in a turn: its sentences, who said it ("" for the person, a name for a pasted or relayed
    speaker) and where it stands (the turn, its day, recall's rank; a document's title instead)."""

    turn: int
    date: str
    speaker: str
    sentences: tuple[str, ...]
    rank: int
    title: str = ""
    person: bool = True  # the person's own message (a named speaker's line of a reply otherwise)
    asked_after: bool = False  # the other side's next words ended asking: the turn after may hold the answer
    meaning: float | None = None  # its similarity to the question, where recall measured it
    answers: str = ""  # the other side's question right before it, which its first sentence answers


__all__ = ["Line", "is_statement", "said_lines", "sentences_of", "small_talk", "tells"]  # `tells`: the layer's
MEANING_KEY = 60  # characters of a line enough to find it among the lines recall measured


def sentences_of(text: str) -> list[str]:
    """A text's sentences, in order, as quotes are chosen among them; a title's abbreviation ends none."""
    return told_sentences(text)


def is_statement(sentence: str) -> bool:
    """Whether a sentence tells something (a question answers nothing)."""
    return not is_question(sentence)


def small_talk(sentence: str, words: set[str]) -> bool:
    """Whether a sentence is only manners or a reaction (thanks, a greeting, "Probably lol.", "Good idea."): fewer
    than two words of substance and no number or name."""
    return bool(_POLITE.search(sentence.strip())) or (len(words) < 2 and not _TOLD_THING.search(sentence))


def ends_asking(text: str) -> bool:
    """Whether a text's last sentence asks."""
    return bool(_last_question(text))


def without_stamp(line: str) -> str:
    """A pasted line without its date, speaker and the greeting that opens it: words of when and to whom."""
    return _STAMP.sub("", line.strip(), count=1)


def speakers_of(records: Sequence[TurnRecord]) -> set[str]:
    """The names that lead the lines of replies in enough turns to be speakers of a relayed conversation."""
    turns: Counter[str] = Counter()
    for record in records:
        turns.update({match[1] for line in str(record.get("assistant", "")).splitlines()
                      if (match := SPEAKER.match(line)) and match[1].lower() not in NOT_SPEAKERS})
    return {name for name, count in turns.items() if count >= SPEAKER_LINES}  # a speaker's, not a label ("Note:")


def speakers_named(text: str, speakers: Counter[str]) -> list[str]:
    """The conversation's speakers a message names."""
    return [name for name, lines in speakers.items()
            if lines >= SPEAKER_LINES and re.search(rf"\b{re.escape(name)}\b", text)]


def without_names(text: str, names: Sequence[str]) -> str:
    """The message without these names: every line of a pasted conversation carries its speaker's, so in a
    question's meaning they match the lines that greet the speaker, not the subject."""
    if not names:
        return text
    bare = re.sub(rf"\b(?:{'|'.join(re.escape(name) for name in names)})(?:'s)?\b", " ", text)
    return " ".join(bare.split()) or text


def _speaks(line: str) -> bool:
    """Whether a line is a named speaker's in a pasted or relayed conversation ("Bob: ", "[8 May, 2019] Bob: ")."""
    match = SPEAKER.match(line)
    return match is not None and match[1].lower() not in NOT_SPEAKERS


def relays(text: str) -> bool:
    """Whether a message goes on relaying a pasted conversation: it opens with a named speaker's line, not with the
    person's own words (which may follow it, `stamped_lines`)."""
    return _speaks(next((line for line in text.splitlines() if line.strip()), ""))


def stamped_lines(text: str) -> int:
    """How many of a message's lines a pasted conversation's date dates (the date it opens with, or the one the turns
    before carry): up to its last named speaker's line; what the person wrote after that was said when the message
    was. Every line when none is named (the person's own message, dated)."""
    lines = text.splitlines()
    speaking = [at for at, line in enumerate(lines) if _speaks(line)]
    return speaking[-1] + 1 if speaking else len(lines)


def _meaning_of(line: str, meanings: dict[str, float]) -> float | None:
    """A line's similarity to the question as recall measured it for the line it was indexed as."""
    text = without_stamp(line).strip()[:MEANING_KEY]
    return next((score for indexed, score in meanings.items() if text and text in indexed), None)


def said_lines(recalled: Sequence[QuotableTurn], documents: Sequence[DocumentText] = ()) -> list[Line]:
    """Every line that may be quoted: the documents' first, then each recalled turn's in recall's order (its rank)."""
    lines = [Line(0, "", "", tuple(sentences_of(text)), 0, str(document.get("title") or "document"))
             for document in documents for text in str(document.get("contents", "")).splitlines()]
    records = [(item.get("record") or {}, item) for item in recalled]
    speakers = speakers_of([record for record, _ in records])
    users = {int(record.get("turn", 0)): str(record.get("user", "")) for record, _ in records}
    replies = {int(record.get("turn", 0)): str(record.get("assistant", "")) for record, _ in records}
    for rank, (record, item) in enumerate(records, 1 if documents else 0):
        turn, date = int(record.get("turn", item.get("turn", 0))), str(record.get("date") or "")
        reply = str(record.get("assistant", ""))
        meanings = item.get("meaning") or {}
        asked = _last_question(replies.get(turn - 1, ""))
        user = str(record.get("user", ""))
        said_on, own_from = str(record.get("said_on") or date), stamped_lines(user)  # the person's after a paste
        for at, line in enumerate(user.splitlines()):
            match = SPEAKER.match(line)
            day = said_on if at >= own_from else date
            lines.append(Line(turn, day, match[1] if match else "", tuple(sentences_of(without_stamp(line))), rank,
                              asked_after=ends_asking(reply), meaning=_meaning_of(line, meanings), answers=asked))
            asked = ""  # only the line the question came right before answers it
        asked = _last_question(str(record.get("user", "")))
        for line in reply.splitlines():
            if (match := SPEAKER.match(line)) and match[1] in speakers:
                lines.append(Line(turn, date, match[1], tuple(sentences_of(without_stamp(line))), rank,
                                  person=False, asked_after=ends_asking(users.get(turn + 1, "")),
                                  meaning=_meaning_of(line, meanings), answers=asked))
            asked = ""
    return [line for line in lines if line.sentences]


def _last_question(text: str) -> str:
    """The question a text ends on (its last line's last sentence, without a pasted line's stamp), empty when it
    ends telling."""
    last = text.strip().splitlines()[-1] if text.strip() else ""
    return last_question(without_stamp(last))
