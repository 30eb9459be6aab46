"""A failed turn is explained in the person's language, with what to do next."""

import re
import sqlite3

import pytest

from graph.errors import describe_error
from graph.models.server_exit import BundledServerStopped, ServerExit
from graph.storage import DatabaseError
from tests.fakes import faults

pytestmark = pytest.mark.unit

HANGUL = re.compile(r"[\uac00-\ud7a3]")


def test_connection_error_is_explained_in_korean_when_asked():
    english, korean = describe_error(ConnectionError()), describe_error(ConnectionError(), "ko")
    assert korean != english
    assert HANGUL.search(korean) and not HANGUL.search(english)
    assert "연결할 수 없습니다" in korean and "cannot be reached" in english
    assert "OPENAI_BASE_URL" in korean  # the setting to check is named in either language


@pytest.mark.parametrize("fault, words", [(faults.timeout, "took too long"),
                                          (faults.connection_refused, "cannot be reached"),
                                          (faults.server_error, "HTTP 500")])
def test_endpoint_faults_say_what_happened(fault, words):
    assert words in describe_error(fault())
    assert HANGUL.search(describe_error(fault(), "ko"))


def test_unknown_language_falls_back_to_english():
    assert describe_error(TimeoutError(), "xx") == describe_error(TimeoutError(), "en")


def test_database_and_unexpected_errors_keep_the_message_and_its_kind():
    assert "disk I/O error" in describe_error(sqlite3.OperationalError("disk I/O error"))
    assert describe_error(DatabaseError("Cannot open the chat database at /x"), "ko") == (
        "Cannot open the chat database at /x")
    assert "ValueError: odd" in describe_error(ValueError("odd"))


@pytest.mark.parametrize("returncode, how", [(-4, "SIGILL"), (-9, "SIGKILL"), (3, "exit code 3")])
def test_a_bundled_server_started_again_is_told_with_its_signal_or_exit_code(returncode, how):
    stopped = BundledServerStopped(ServerExit(returncode, "POST /v1/chat/completions"), True, "ready")
    english, korean = describe_error(stopped, local=True), describe_error(stopped, "ko", local=True)
    assert how in english and "started again" in english and "Retry" in english
    assert (how if returncode < 0 else "종료 코드 3") in korean and HANGUL.search(korean)
    assert "OPENAI_BASE_URL" not in english  # it runs again: nothing to set up


def test_a_bundled_server_gone_for_good_says_what_to_do_in_either_language():
    stopped = BundledServerStopped(ServerExit(-4, "llama_new_context"), False, "ggml: illegal instruction")
    for language in ("en", "ko"):
        told = describe_error(stopped, language, local=True)
        assert "SIGILL" in told and "ggml: illegal instruction" in told
        assert "OPENAI_BASE_URL" in told and "CHAT_MODEL" in told
    assert HANGUL.search(describe_error(stopped, "ko"))
