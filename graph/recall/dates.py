"""Dates in conversation text: the date a message says it was written on, and the date a question asks
about, so a question naming a day or a month finds the turns of that time."""

import re
from dataclasses import dataclass
from datetime import date, timedelta

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
         r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_DAY_MONTH_YEAR = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(\d{4})\b", re.IGNORECASE)
_MONTH_DAY_YEAR = re.compile(r"\b" + _MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(r"\b" + _MONTH + r",?\s+(\d{4})\b", re.IGNORECASE)
_MONTH_ALONE = re.compile(r"\b(?:in|on|during|since|by|early|late|mid)\s+" + _MONTH + r"\b", re.IGNORECASE)
_STAMP = re.compile(r"^\s*\[([^\]]{6,60})\]")
REPORTED_WITHIN_DAYS = 8  # a day is often told of within the week after ("yesterday", "last Friday")


def _month(name: str) -> int:
    return next(number for number, month in enumerate(MONTHS, 1) if month.startswith(name.lower()[:3]))


@dataclass(frozen=True)
class DateAsked:
    """The day, month or year a question is about (None where it does not say)."""

    year: int | None
    month: int | None
    day: int | None

    def covers(self, said_on: date) -> bool:
        """Whether something said on `said_on` can be about this time: that day or month, or the week after."""
        if self.month is None:
            return self.year is not None and said_on.year == self.year
        years = [self.year] if self.year is not None else [said_on.year, said_on.year - 1]
        return any(self._span_covers(year, said_on) for year in years)

    def _span_covers(self, year: int, said_on: date) -> bool:
        try:
            start = date(year, self.month or 1, self.day or 1)
        except ValueError:
            return False
        month = self.month or 1
        end = start if self.day else date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
        return start <= said_on <= end + timedelta(days=REPORTED_WITHIN_DAYS)


def date_asked(text: str) -> DateAsked | None:
    """The first date `text` names: a full date, a month and year, or a month after "in"/"on"."""
    if match := _ISO.search(text):
        return DateAsked(int(match[1]), int(match[2]), int(match[3]))
    if match := _DAY_MONTH_YEAR.search(text):
        return DateAsked(int(match[3]), _month(match[2]), int(match[1]))
    if match := _MONTH_DAY_YEAR.search(text):
        return DateAsked(int(match[3]), _month(match[1]), int(match[2]))
    if match := _MONTH_YEAR.search(text):
        return DateAsked(int(match[2]), _month(match[1]), None)
    if match := _MONTH_ALONE.search(text):
        return DateAsked(None, _month(match[1]), None)
    return None


def without_dates(text: str) -> str:
    """`text` with the dates it names taken out: a question's date picks the day a line was said on, not its
    words ("What did Tim say about his injury on 16 November, 2023?" asks about the injury)."""
    for pattern in (_ISO, _DAY_MONTH_YEAR, _MONTH_DAY_YEAR, _MONTH_YEAR):
        text = pattern.sub(" ", text)
    return _MONTH_ALONE.sub(" ", text)


def only_dates(line: str) -> bool:
    """Whether a line is nothing but the bracketed date a message opens with ("[4:21 pm on 16 July, 2023]")."""
    stamp = _STAMP.match(line)
    return stamp is not None and not line[stamp.end():].strip() and stated_date(line) is not None


def stated_date(text: str) -> date | None:
    """The date a message opens with in brackets ("[1:56 pm on 8 May, 2023] ..."), as imported or replayed
    conversations carry it; None when it opens with none."""
    stamp = _STAMP.match(text)
    asked = date_asked(stamp[1]) if stamp else None
    if asked is None or None in (asked.year, asked.month, asked.day):
        return None
    try:
        return date(asked.year, asked.month, asked.day)  # type: ignore[arg-type]
    except ValueError:
        return None


def parse_day(value: str) -> date | None:
    """An ISO day as stored with a turn; None when unreadable."""
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None
