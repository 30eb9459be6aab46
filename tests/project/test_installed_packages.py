"""What pip installs is the app alone: fake models and made-up files live with the tests, never in a package."""

import ast
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
FAKE_NAMES = ("test", "fake", "mock", "stub", "dummy")
FAKE_MODELS = ("Fake", "GenericFake", "Scripted")


def installed_packages() -> list[str]:
    """The top-level packages pyproject.toml has setuptools install."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return sorted(pattern.rstrip("*") for pattern in config["tool"]["setuptools"]["packages"]["find"]["include"])


def named_like_a_fake(path: Path, top: Path) -> bool:
    """A module whose name, or a folder's on its way, says it is for tests (testing/, fakes.py, mock_*.py)."""
    parts = [*path.relative_to(top).parent.parts, path.stem]
    return any(part.lower().startswith(FAKE_NAMES) for part in parts)


def fake_model_uses(path: Path) -> set[str]:
    """LangChain's fake chat models a module imports, and the chat model classes it defines under a fake's name."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1].startswith("fake"):
            found.add(node.module or "")
        elif isinstance(node, ast.ImportFrom):
            found.update(alias.name for alias in node.names if alias.name.startswith(FAKE_MODELS))
        elif isinstance(node, ast.ClassDef) and node.name.startswith(FAKE_MODELS):
            found.add(node.name)
    return found


def fakes_under(folder: Path) -> set[str]:
    """Every module under `folder` that is, or holds, a test fake."""
    return {str(path.relative_to(ROOT)) for path in sorted(folder.rglob("*.py"))
            if named_like_a_fake(path, folder) or fake_model_uses(path)}


def test_the_installed_packages_are_the_apps_rooms():
    assert installed_packages() == ["component", "graph", "prompt", "state"]


@pytest.mark.parametrize("package", ["component", "graph", "prompt", "state"])
def test_no_installed_module_holds_a_test_fake(package: str):
    assert fakes_under(ROOT / package) == set()


def test_the_fakes_are_found_where_they_live():
    """The same check, run on the tests, finds their fake models: it would see one moved into a package."""
    assert {"tests/fakes/models.py", "tests/fakes/faults.py", "tests/fakes/pdfs.py"} <= fakes_under(ROOT / "tests")
