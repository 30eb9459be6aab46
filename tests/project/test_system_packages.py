"""`make test` installs the Debian packages it needs, or says exactly what to run when it cannot."""

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

SCRIPT = Path(__file__).resolve().parents[2] / "tests" / "system_packages.sh"


def fake_bin(tmp_path: Path, uid: int, installed: bool) -> dict[str, str]:
    """A PATH where dpkg-query, id and apt-get answer as on a machine we describe."""
    folder = tmp_path / "bin"
    folder.mkdir()
    commands = {
        "dpkg-query": "echo 'install ok installed'" if installed else "exit 1",
        "id": f"echo {uid}",
        "apt-get": f"echo apt-get \"$@\" >> {tmp_path / 'apt.log'}",
    }
    for name, body in commands.items():
        (folder / name).write_text(f"#!/bin/bash\n{body}\n")
        (folder / name).chmod(0o755)
    for name in ("bash", "grep", "cat"):
        (folder / name).symlink_to(f"/usr/bin/{name}" if Path(f"/usr/bin/{name}").exists() else f"/bin/{name}")
    return {**os.environ, "PATH": str(folder)}


def test_nothing_to_do_when_everything_is_installed(tmp_path):
    result = subprocess.run(["/bin/bash", str(SCRIPT)], env=fake_bin(tmp_path, 1000, True), capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0 and not (tmp_path / "apt.log").exists()


def test_a_user_without_root_is_told_exactly_what_to_run(tmp_path):
    result = subprocess.run(["/bin/bash", str(SCRIPT)], env=fake_bin(tmp_path, 1000, False), capture_output=True,
                            text=True, check=False)
    assert result.returncode == 1
    assert result.stderr.strip() == ("Missing Debian packages for the tests; run: sudo apt-get update && sudo "
                                     "apt-get install -y chromium fonts-noto-cjk fonts-noto-color-emoji postgresql")


def test_root_installs_the_missing_packages(tmp_path):
    result = subprocess.run(["/bin/bash", str(SCRIPT)], env=fake_bin(tmp_path, 0, False), capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    log = (tmp_path / "apt.log").read_text().splitlines()
    assert log == ["apt-get update -qq",
                   "apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji postgresql"]
