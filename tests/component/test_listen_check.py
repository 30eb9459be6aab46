"""Without sign-in the app serves this machine alone: `make run` on an address others can reach stops at once
with a one-line reason and opens nothing; with sign-in configured, or on 127.0.0.1, it may start."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.app

ROOT = Path(__file__).resolve().parents[2]
REASON = "Not starting on 0.0.0.0 without sign-in"


def check(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LANG": "en_US.UTF-8", "HOME": str(tmp_path), **settings}
    return subprocess.run([sys.executable, "-m", "component.listen_check"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)


def test_make_run_on_an_open_address_without_sign_in_stops_with_one_line(tmp_path):
    database = tmp_path / "chat.sqlite"
    env = {**os.environ, "LANG": "en_US.UTF-8", "STREAMLIT_SERVER_ADDRESS": "0.0.0.0",
           "STREAMLIT_SERVER_PORT": "1", "CHAT_DB_PATH": str(database)}
    done = subprocess.run(["make", "run"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if REASON in line]
    assert len(lines) == 1 and "server.address" in lines[0] and "[auth]" in lines[0]
    assert not database.exists()


def test_the_check_lets_a_local_address_or_a_configured_sign_in_start(tmp_path):
    assert check(tmp_path).returncode == 0  # config.toml keeps the app on 127.0.0.1
    assert check(tmp_path, STREAMLIT_SERVER_ADDRESS="localhost").returncode == 0
    secrets = tmp_path / "secrets.toml"
    secrets.write_text('[auth]\nredirect_uri = "http://localhost:8501/oauth2callback"\ncookie_secret = "s"\n'
                       'client_id = "c"\nclient_secret = "x"\n'
                       'server_metadata_url = "http://127.0.0.1:1/.well-known/openid-configuration"\n')
    assert check(tmp_path, STREAMLIT_SERVER_ADDRESS="0.0.0.0", STREAMLIT_SECRETS_FILES=str(secrets)).returncode == 0
    refused = check(tmp_path, STREAMLIT_SERVER_ADDRESS="0.0.0.0")
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1 and REASON in refused.stderr
