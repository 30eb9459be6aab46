"""The tests mirror the code, and the kind of a test is a marker: every collected test carries exactly one kind,
each kind is registered, no test file name repeats, and every test folder is a package."""

import subprocess
import sys
import tomllib
from itertools import combinations
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
KINDS = ("unit", "graph", "storage", "faults", "app", "browser", "integration", "bench")
NO_TESTS_COLLECTED = 5


def registered_markers() -> set[str]:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    return {line.split(":", 1)[0].strip() for line in options["markers"]}


def test_every_kind_is_a_registered_marker():
    assert set(KINDS) <= registered_markers()


def test_every_collected_test_carries_exactly_one_kind():
    none = " or ".join(KINDS)
    several = " or ".join(f"({first} and {second})" for first, second in combinations(KINDS, 2))
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-m", f"not ({none}) or {several}", str(TESTS)],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    offenders = [line for line in collected.stdout.splitlines() if "::" in line]
    assert collected.returncode == NO_TESTS_COLLECTED and offenders == [], collected.stdout + collected.stderr


def test_no_test_file_name_repeats():
    names: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        names.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in names.items() if len(paths) > 1} == {}


def test_every_test_folder_is_a_package():
    folders = {path.parent for path in TESTS.rglob("*.py")}
    assert sorted(str(folder.relative_to(ROOT)) for folder in folders if not (folder / "__init__.py").exists()) == []
