"""The many-people benchmark sends every person's turns through an instance in its own process to the paced
stand-in endpoint, and finds no turn failed, lost, doubled or crossed."""

import pytest

from bench.many_people import run
from bench.postgres import free_port
from bench.standin_endpoint import reply_words, start_process

pytestmark = pytest.mark.bench


@pytest.mark.parametrize("pause", [0.0, 0.2], ids=["back-to-back", "reading"])
def test_every_persons_turns_are_answered_once_in_their_own_chat(tmp_path, pause):
    port = free_port()
    endpoint = start_process(port, first=0.05, rate=400.0)
    try:
        row = run("SQLite, 1 instance", str(tmp_path / "chat.sqlite"), "", f"http://127.0.0.1:{port}/v1", 1,
                  people=3, turns=4, pause=pause)
    finally:
        endpoint.terminate()
    assert row["turns"] == 12
    assert (row["failed"], row["lost"], row["doubled"], row["crossed"]) == (0, 0, 0, 0)
    assert row["cpu_turn"] > 0 and row["after"] >= 0


def test_the_stand_ins_replies_differ_from_request_to_request():
    first = reply_words([{"role": "user", "content": "one"}])
    second = reply_words([{"role": "user", "content": "two"}])
    assert len(first) == len(second) and first != second
    assert reply_words([{"role": "user", "content": "one"}]) == first  # the same request, the same reply
