"""Token counting works offline from the bundled vocabulary and counts message overhead."""

import os
import subprocess
import sys

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.request.tokens import (
    MESSAGE_OVERHEAD_TOKENS,
    REPLY_PRIMER_TOKENS,
    ROLE_TOKENS,
    count_messages,
    count_text,
    get_encoding,
)

pytestmark = pytest.mark.unit


def test_counts_match_tiktoken_directly():
    text = "Hello, world! 안녕하세요, 반갑습니다. 你好。"
    assert count_text(text) == len(get_encoding().encode(text))
    assert get_encoding().name == "cl100k_base"


def test_message_overhead_and_reply_primer():
    messages = [HumanMessage("hello"), AIMessage("hi there")]
    per_message = [MESSAGE_OVERHEAD_TOKENS + ROLE_TOKENS + count_text(m.content) for m in messages]
    expected = sum(per_message) + REPLY_PRIMER_TOKENS
    assert count_messages(messages) == expected
    assert count_messages([]) == 0


def test_tool_calls_are_counted():
    call = AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "1+1"}, "id": "c"}])
    assert count_messages([call]) > count_messages([AIMessage("")])


def test_fresh_cache_with_no_network_loads_the_vocabulary(tmp_path):
    code = (
        "import socket\n"
        "def refuse(*a, **k): raise OSError('network disabled')\n"
        "socket.socket.connect = refuse\n"
        "socket.create_connection = refuse\n"
        "from graph.request.tokens import count_text\n"
        "print(count_text('offline tokens'))\n"
    )
    env = {**os.environ, "TIKTOKEN_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == count_text("offline tokens")
    assert len(list((tmp_path / "cache").iterdir())) == 1


def test_corrupted_cache_file_is_replaced(tmp_path, monkeypatch):
    from graph.request import tokens

    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    target = tokens.seed_tiktoken_cache()
    target.write_bytes(b"garbage")
    assert tokens.seed_tiktoken_cache().read_bytes() != b"garbage"
