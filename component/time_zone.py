"""Times as the person reads them: in the browser's time zone (its IANA name, else its offset from UTC), never the
server's; a stored time is UTC or carries its offset. The zone is kept with the chat for the clock tool."""

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from graph.engine import Session


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


def keep_time_zone(session: Session) -> None:
    """Keep the browser's zone with the chat as a message is sent (a chat not begun is not made by it), so the
    clock tool tells the person's time."""
    name = st.context.timezone or ""
    if name and session.settings().time_zone != name:
        session.save_settings(time_zone=name)
