"""A quote from memory as the person reads it, in the question's language: who said it, on which turn and day
(or which document), and the words themselves; and the shape of those formats, which only the app may write."""

import re

from graph.recall.said import Line

BY_PERSON = {
    "en": 'You said on {turns}{when}: "{text}"',
    "ko": '{turns}{when}에 이렇게 말씀하셨어요: "{text}"',
    "zh": "您在{turns}{when}说过：“{text}”",
}
BY_SPEAKER = {
    "en": '{name} said on {turns}{when}: "{text}"',
    "ko": '{name} 님이 {turns}{when}에 이렇게 말했어요: "{text}"',
    "zh": "{name}在{turns}{when}说过：“{text}”",
}
ANSWERED = {
    "en": ('You answered on {turns}: "{text}"', '{name} answered on {turns}: "{text}"'),
    "ko": ('{turns}에 이렇게 답하셨어요: "{text}"', '{name} 님이 {turns}에 이렇게 답했어요: "{text}"'),
    "zh": ("您在{turns}回答：“{text}”", "{name}在{turns}回答：“{text}”"),
}
TURNS = {"en": ("turn {first}", "turns {first}-{last}"), "ko": ("{first}턴", "{first}-{last}턴"),
         "zh": ("第{first}轮", "第{first}-{last}轮")}
WHEN = {"en": " ({date})", "ko": "({date})", "zh": "（{date}）"}
FROM_DOCUMENT = {"en": 'From {title}: "{text}"', "ko": '{title}에 이렇게 적혀 있어요: "{text}"',
                 "zh": "{title}中写道：“{text}”"}


_TEXT = "{text}"
_QUOTE_MARKS = {'"': '["“”]', "“": '["“]', ":": "[:：]", "：": "[:：]", " ": r"\s*"}


def _opening_pattern(template: str) -> str:
    """The pattern of a quote template up to the quoted words, with any turn, date, name or title in it."""
    turns = "|".join(turn.format(first=r"\d+", last=r"\d+") for pair in TURNS.values() for turn in pair)
    fills = {"{turns}": f"(?:{turns})", "{when}": r"(?:\s*[(（][^()（）\n]{1,40}[)）])?",
             "{name}": r"[^\n:：\"“”]{1,60}?", "{title}": r"[^\n:：\"“”]{1,80}?"}
    pieces = re.split(r"(\{\w+\})", template.split(_TEXT, 1)[0])
    return "".join(fills.get(piece) or "".join(_QUOTE_MARKS.get(char) or re.escape(char) for char in piece)
                   for piece in pieces)


def quote_openings() -> re.Pattern[str]:
    """Where a text opens a quote in one of the app's own formats, in any of its languages: only the app's own
    quote, which it puts in front of a reply, may read so."""
    templates = [*BY_PERSON.values(), *BY_SPEAKER.values(), *FROM_DOCUMENT.values(),
                 *(template for pair in ANSWERED.values() for template in pair)]
    return re.compile("|".join(_opening_pattern(template) for template in templates), re.IGNORECASE)


def quote_language(question: str) -> str:
    """The language to quote in: the question's script."""
    if re.search(r"[가-힣]", question):
        return "ko"
    return "zh" if re.search(r"[\u4e00-\u9fff]", question) else "en"


def quote_text(line: Line, text: str, last_turn: int, language: str) -> str:
    """One quote as the line that leads the reply."""
    if line.title:
        return FROM_DOCUMENT[language].format(title=line.title, text=text)
    single, span = TURNS[language]
    turns = (span if last_turn != line.turn else single).format(first=line.turn, last=last_turn)
    when = WHEN[language].format(date=line.date) if line.date else ""
    template = BY_PERSON[language] if line.person else BY_SPEAKER[language]
    return template.format(name=line.speaker, turns=turns, when=when, text=text)


def answer_text(line: Line, text: str, language: str) -> str:
    """The other side's answer to a question a quote ends on."""
    by_person, by_speaker = ANSWERED[language]
    turns = TURNS[language][0].format(first=line.turn)
    return (by_person if line.person else by_speaker).format(name=line.speaker, turns=turns, text=text)
