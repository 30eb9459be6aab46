"""A time zone is a name the zone database holds or none: whatever else a browser, a caller or a damaged row gives
(unknown, a path, ten thousand characters) is refused where settings are made and read as none, never an error;
the day a turn is said on is the person's, not UTC's."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from state.refusals import Refused
from state.session import SessionSettings
from state.time_zones import day_in, is_zone_name, offset_zone_name, shown_zone_name, zone_named

pytestmark = pytest.mark.unit

NOT_ZONES = ["x" * 10_000, "Nowhere/Atlantis", "../../etc/passwd", "/etc/localtime", "Asia/Seoul\x00", "Asia/ Seoul",
             "아시아/서울", "Asia//Seoul", "-1"]


@pytest.mark.parametrize("name", NOT_ZONES)
def test_a_name_that_is_no_zone_reads_as_none_and_raises_nothing(name):
    assert zone_named(name) is None and not is_zone_name(name)


@pytest.mark.parametrize("name", ["Asia/Seoul", "Asia/Shanghai", "America/Argentina/Buenos_Aires", "UTC",
                                  "Etc/GMT-9", "America/Port-au-Prince"])
def test_a_zone_the_database_holds_is_that_zone(name):
    assert zone_named(name) == ZoneInfo(name) and is_zone_name(name)


def test_none_chosen_is_the_servers_and_a_setting_may_say_so():
    assert zone_named("") is None and is_zone_name("")


@pytest.mark.parametrize("name", NOT_ZONES)
def test_settings_refuse_a_zone_that_is_none_saying_which_in_a_line(name):
    with pytest.raises(Refused) as refused:
        SessionSettings(time_zone=name)
    assert refused.value.key == "time_zone_unknown"
    assert len(refused.value.text("ko")) < 200 and "\n" not in refused.value.text("en")


def test_a_refused_name_is_shown_short():
    assert shown_zone_name("x" * 10_000) == "x" * 40 + "…"
    assert shown_zone_name("Mars/Olympus") == "Mars/Olympus"


@pytest.mark.parametrize(("zone", "moment", "day"), [
    ("Asia/Seoul", datetime(2026, 11, 19, 23, 30, tzinfo=UTC), "2026-11-20"),  # 08:30 in Seoul: a day ahead
    ("Asia/Shanghai", datetime(2026, 11, 19, 16, 30, tzinfo=UTC), "2026-11-20"),  # 00:30 in Shanghai
    ("America/New_York", datetime(2026, 11, 20, 2, 0, tzinfo=UTC), "2026-11-19"),  # 21:00 the evening before
    ("UTC", datetime(2026, 11, 19, 23, 30, tzinfo=UTC), "2026-11-19"),
])
def test_the_day_is_the_persons(zone, moment, day):
    assert day_in(zone, moment) == day


@pytest.mark.parametrize(("offset", "name", "ahead"), [(-540, "Etc/GMT-9", 9), (300, "Etc/GMT+5", -5), (0, "UTC", 0)])
def test_a_whole_hour_offset_names_its_zone(offset, name, ahead):
    assert offset_zone_name(offset) == name
    assert ZoneInfo(name).utcoffset(datetime(2026, 1, 1)) == timedelta(hours=ahead)


@pytest.mark.parametrize("offset", [None, -330, 10_000])
def test_any_other_offset_is_utc(offset):
    assert offset_zone_name(offset) == "UTC"
