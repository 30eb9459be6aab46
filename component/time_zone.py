"""Times as the person reads them: in the browser's time zone (its IANA name, else its offset from UTC), never the
server's; a stored time is UTC or carries its offset."""

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st


def zone_of(name: str | None, offset_minutes: int | None) -> tzinfo:
    """The zone a browser names (`Asia/Seoul`), else the one its offset gives (JavaScript's `getTimezoneOffset`:
    minutes to add to local time to reach UTC, so Seoul is -540), else UTC."""
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    if offset_minutes is not None:
        return timezone(-timedelta(minutes=offset_minutes))
    return UTC


def browser_zone() -> tzinfo:
    """The time zone of the browser showing this page."""
    return zone_of(st.context.timezone, st.context.timezone_offset)


def in_zone(moment: str | datetime, zone: tzinfo) -> datetime:
    """A stored time (ISO text or a datetime; UTC when it names no zone) in `zone`."""
    when = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(zone)


def local_time(moment: str | datetime, shape: str = "%m-%d %H:%M") -> str:
    """A stored time as the person's clock shows it."""
    return in_zone(moment, browser_zone()).strftime(shape)


def local_now() -> datetime:
    """The person's current time."""
    return datetime.now(browser_zone())
