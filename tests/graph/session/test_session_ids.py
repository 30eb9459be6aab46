"""Session ids from a URL or a command line: the ones storage can hold pass unchanged, the others say why not."""

import re

import pytest

from graph.session.inputs import MAX_SESSION_ID_CHARS, validate_session_id

pytestmark = pytest.mark.unit

VALID = ["s", "3f9c2a7e51b04d68", "team-alpha", "Team", 'say "hi"', "---", "한국어 대화", "a b", "👨\u200d👩\u200d👧",
         "x" * MAX_SESSION_ID_CHARS]

INVALID = [
    ("", "empty"),
    ("   ", "empty"),
    ("\u200b\ufeff", "empty"),
    ("x" * (MAX_SESSION_ID_CHARS + 1), "at most 128 characters"),
    ("a\x00b", "control character U+0000"),
    ("\x00", "control character U+0000"),
    ("line\nbreak", "control character U+000A"),
    ("tab\there", "control character U+0009"),
    ("del\x7f", "control character U+007F"),
    ("c1\x85", "control character U+0085"),
    ("half\ud800", "lone surrogate U+D800"),
    ("\udcff", "lone surrogate U+DCFF"),
]


@pytest.mark.parametrize("session_id", VALID)
def test_ids_storage_can_hold_are_returned_unchanged(session_id):
    assert validate_session_id(session_id) == session_id


@pytest.mark.parametrize("session_id, reason", INVALID)
def test_ids_storage_cannot_hold_are_refused_with_the_reason(session_id, reason):
    with pytest.raises(ValueError, match=re.escape(reason)):
        validate_session_id(session_id)


@pytest.mark.parametrize("session_id", [None, 42, b"bytes", ["s"]])
def test_an_id_that_is_not_text_is_refused(session_id):
    with pytest.raises(ValueError, match="must be text"):
        validate_session_id(session_id)
