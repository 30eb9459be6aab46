"""The person's time zone by its IANA name (`Asia/Seoul`), and the day it is there: a name the zone database does
not hold, or one no zone could have (too long for a file name, a path), is no zone, so it is refused where settings
enter and read as none wherever it is read, never failing a turn."""

import re
from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MAX_ZONE_CHARS = 64  # the longest IANA name is 32 characters (America/Argentina/ComodRivadavia)
SHOWN_ZONE_CHARS = 40  # of a name refused, in the words that say so
_ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*")


def zone_named(name: object) -> tzinfo | None:
    """The zone a session keeps or a browser names; None for '' (the server's) and for any name that is no zone."""
    if not isinstance(name, str) or not name or len(name) > MAX_ZONE_CHARS or not _ZONE_NAME.fullmatch(name):
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def is_zone_name(name: str) -> bool:
    """Whether a setting may hold this name: '' (none chosen: the server's) or a zone the zone database holds."""
    return name == "" or zone_named(name) is not None


def shown_zone_name(name: str) -> str:
    """A refused name as the words that refuse it show it: a line, however long the name was."""
    flat = " ".join(name.split())
    return flat if len(flat) <= SHOWN_ZONE_CHARS else flat[:SHOWN_ZONE_CHARS] + "…"


def now_in(name: str) -> datetime:
    """The time it is in the zone named (the server's for '' or a name that is no zone)."""
    return datetime.now(UTC).astimezone(zone_named(name))


def day_in(name: str, moment: datetime | None = None) -> str:
    """The ISO day it is (or was at `moment`, an aware time) in the zone named: the day a person says a turn on."""
    return (moment or datetime.now(UTC)).astimezone(zone_named(name)).date().isoformat()


def offset_zone_name(offset_minutes: int | None) -> str:
    """The IANA name of a whole-hour offset as JavaScript's `getTimezoneOffset` gives it (minutes to add to local
    time to reach UTC: Seoul is -540, `Etc/GMT-9`); 'UTC' for any other offset or none."""
    if offset_minutes is None or offset_minutes % 60 or not -14 * 60 <= offset_minutes <= 12 * 60:
        return "UTC"
    return "UTC" if offset_minutes == 0 else f"Etc/GMT{offset_minutes // 60:+d}"
