"""Times as the person reads them: in the browser's time zone (its IANA name, else its offset from UTC), never the
server's; a stored time is UTC or carries its offset. The zone is kept with the chat for the clock and the day a
turn is said on."""

from datetime import UTC, datetime, timedelta, timezone, tzinfo

import streamlit as st

from component.chat import keep_notice
from component.i18n import t
from graph.engine import Session
from state.time_zones import offset_zone_name, shown_zone_name, zone_named

ZONE_TOLD_KEY = "time_zone_told"  # the unknown zone this tab was told of, so the notice is shown once


def zone_of(name: str | None, offset_minutes: int | None) -> tzinfo:
    """The zone a browser names (`Asia/Seoul`), else the one its offset gives (JavaScript's `getTimezoneOffset`:
    minutes to add to local time to reach UTC, so Seoul is -540), else UTC."""
    if zone := zone_named(name):
        return zone
    if offset_minutes is not None:
        return timezone(-timedelta(minutes=offset_minutes))
    return UTC


def browser_says() -> tuple[str, int | None]:
    """The zone name ('' when none) and the offset the browser showing this page reports."""
    return st.context.timezone or "", st.context.timezone_offset


def browser_zone() -> tzinfo:
    """The time zone of the browser showing this page."""
    return zone_of(*browser_says())


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


def zone_to_keep(name: str, offset_minutes: int | None) -> str:
    """The zone a chat keeps for what the browser says: its name when the zone database holds it, else its whole-hour
    offset's (`Etc/GMT-9`), else UTC."""
    return name if zone_named(name) else offset_zone_name(offset_minutes)


def keep_time_zone(session: Session) -> None:
    """Keep the browser's zone with the chat as a message is sent (a chat not begun is not made by it), so the
    clock tells the person's time and turns are dated on their day. A zone this server does not know is not kept:
    the offset's or UTC is, and the person is told once (a stored one no zone reads as none and is replaced)."""
    name, offset = browser_says()
    if not name:
        return
    kept = zone_to_keep(name, offset)
    if kept != name and st.session_state.get(ZONE_TOLD_KEY) != name:
        st.session_state[ZONE_TOLD_KEY] = name
        used = "UTC" if kept == "UTC" else f"UTC{-(offset or 0) // 60:+d}"
        given = "`" + shown_zone_name(name).replace("`", "'") + "`"  # as sent, never read as markdown
        keep_notice("warning", t("time_zone_fallback", given=given, used=used))
    if session.settings().time_zone != kept:
        session.save_settings(time_zone=kept)
