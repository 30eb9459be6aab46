"""The clock tool tells the time in the person's time zone (kept with their chat), the server's without one."""

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from graph.tools.catalog import get_current_datetime
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


def test_without_a_zone_or_with_an_unknown_one_the_clock_tells_the_servers_time():
    server = datetime.now().astimezone().tzname()
    assert server in told("") and server in told("Nowhere/Atlantis")
    assert server in get_current_datetime.invoke({})  # called outside a graph: no runtime


def test_the_model_is_not_asked_for_the_zone():
    assert get_current_datetime.args == {}
