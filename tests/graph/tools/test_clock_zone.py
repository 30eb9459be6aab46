"""The clock tool tells the time in the person's time zone (kept with their chat), the server's without one, and
writes it as the page's language does."""

import re
from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from graph.reply.tool_results import states_result
from graph.tools.catalog import clock_reading, get_current_datetime
from state.session import SessionSettings

pytestmark = pytest.mark.unit


def told(time_zone: str) -> str:
    """What the clock says for a turn of a session with this time zone."""
    return get_current_datetime.func(runtime=SimpleNamespace(context=SessionSettings(time_zone=time_zone)))


@pytest.mark.parametrize("zone", ["Asia/Seoul", "Asia/Shanghai", "America/New_York"])
def test_the_clock_tells_the_persons_time(zone):
    stamp = told(zone)
    shown = datetime.strptime(stamp[:19], "%Y-%m-%d %H:%M:%S").replace(tzinfo=ZoneInfo(zone))
    assert abs((shown - datetime.now(ZoneInfo(zone))).total_seconds()) < 60
    assert ZoneInfo(zone).tzname(datetime.now()) in stamp


def test_without_a_zone_or_with_one_that_is_none_the_clock_tells_the_servers_time():
    server = datetime.now().astimezone().tzname()
    assert server in told("")
    for name in ("Nowhere/Atlantis", "Asia/" + "x" * 10_000):  # no setting holds one; a context given by hand might
        context = SimpleNamespace(time_zone=name, language="en")
        assert server in get_current_datetime.func(runtime=SimpleNamespace(context=context))
    assert server in get_current_datetime.invoke({})  # called outside a graph: no runtime


def test_the_model_is_not_asked_for_the_zone():
    assert get_current_datetime.args == {}


@pytest.mark.parametrize(("language", "shape"), [
    ("ko", r"^\d{4}-\d{2}-\d{2} \((월|화|수|목|금|토|일)요일\) \d{2}:\d{2}:\d{2} KST$"),
    ("zh", r"^\d{4}-\d{2}-\d{2} 星期[一二三四五六日] \d{2}:\d{2}:\d{2} KST$"),
    ("en", r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} KST \((Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\)$"),
])
def test_the_clock_speaks_the_pages_language(language, shape):
    stamp = get_current_datetime.func(runtime=SimpleNamespace(
        context=SessionSettings(time_zone="Asia/Seoul", language=language)))
    assert re.match(shape, stamp), stamp


def test_the_weekday_is_the_days_own():
    sunday = datetime(2026, 11, 29, 9, 20, 3, tzinfo=ZoneInfo("Asia/Seoul"))
    assert clock_reading(sunday, "ko") == "2026-11-29 (일요일) 09:20:03 KST"
    assert clock_reading(sunday, "zh") == "2026-11-29 星期日 09:20:03 KST"
    assert clock_reading(sunday, "en") == "2026-11-29 09:20:03 KST (Sunday)"
    assert states_result("지금은 2026-11-29 (일요일) 09:20:03 KST.", "get_current_datetime",
                         clock_reading(sunday, "ko"))
