"""Times on the page are the person's: the browser's zone by name, else by its offset, never the server's UTC."""

from datetime import UTC, datetime, timedelta

import pytest

from component import time_zone
from component.time_zone import in_zone, local_time, zone_of

pytestmark = pytest.mark.unit

STORED = "2026-11-27T23:30:00+00:00"  # how storage keeps a time: UTC, with its offset


def test_a_named_zone_wins_over_the_offset():
    assert in_zone(STORED, zone_of("Asia/Seoul", 0)).strftime("%m-%d %H:%M") == "11-28 08:30"
    assert in_zone(STORED, zone_of("Asia/Shanghai", None)).strftime("%m-%d %H:%M") == "11-28 07:30"


def test_the_offset_is_javascripts_minutes_behind_utc():
    assert zone_of(None, -540).utcoffset(None) == timedelta(hours=9)
    assert zone_of("Not/AZone", 300).utcoffset(None) == timedelta(hours=-5)  # an unknown name: the offset


def test_a_browser_that_says_nothing_reads_utc():
    assert zone_of(None, None) is UTC
    assert in_zone("2026-11-27 23:30:00", zone_of(None, None)).hour == 23  # a time without a zone is UTC


def test_a_stored_time_is_shown_on_the_persons_clock(monkeypatch):
    monkeypatch.setattr(time_zone, "browser_zone", lambda: zone_of("Asia/Seoul", None))
    assert local_time(STORED) == "11-28 08:30"
    assert local_time(datetime(2026, 11, 27, 23, 30, tzinfo=UTC), "%Y-%m-%d %H:%M") == "2026-11-28 08:30"
