"""The locks every install reads agree with pyproject.toml and the Makefile, and pin every file by its hash."""

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "requirements"
LOCK_NAMES = ("installer", "light", "full", "bundled-model")
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")


def entries(name: str) -> dict[str, tuple[str, int]]:
    """A lock's packages: normalized name -> (version, how many file hashes it lists)."""
    found: dict[str, tuple[str, int]] = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", (LOCKS / f"{name}.lock").read_text()):
        if match := PIN.match(block):
            found[canonicalize_name(match.group(1))] = (match.group(2), len(HASH.findall(block)))
    return found


def versions(name: str) -> dict[str, str]:
    return {package: version for package, (version, _) in entries(name).items()}


def makefile_value(name: str) -> str:
    """A variable of the Makefile, its continuation lines joined."""
    match = re.search(rf"^{name} := (.*)$", (ROOT / "Makefile").read_text().replace("\\\n", " "), re.MULTILINE)
    assert match, f"{name} is not set in the Makefile"
    return " ".join(match.group(1).split())


def declared(extras: tuple[str, ...]) -> list[Requirement]:
    """pyproject.toml's dependencies and those of the extras named."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = [*project["dependencies"], *(line for extra in extras for line in project["optional-dependencies"][extra])]
    return [Requirement(line) for line in lines]


@pytest.mark.parametrize("name", LOCK_NAMES)
def test_every_locked_package_is_pinned_with_a_hash(name: str):
    locked = entries(name)
    assert locked and {package: count for package, (_, count) in locked.items() if count == 0} == {}


@pytest.mark.parametrize(("name", "extras"), [("light", ("test",)), ("full", ("local", "test"))])
def test_each_lock_holds_what_pyproject_asks_for(name: str, extras: tuple[str, ...]):
    locked = versions(name)
    missing = {str(req) for req in declared(extras) if canonicalize_name(req.name) not in locked}
    outside = {str(req) for req in declared(extras) if canonicalize_name(req.name) in locked
               and not req.specifier.contains(locked[canonicalize_name(req.name)], prereleases=True)}
    assert (missing, outside) == (set(), set()), "run `make lock` after changing pyproject.toml"


def test_the_light_lock_is_the_full_one_without_the_model_server():
    light, full = versions("light"), versions("full")
    assert "llama-cpp-python" not in light and "llama-cpp-python" in full
    assert {package: (version, full.get(package)) for package, version in light.items()
            if full.get(package) != version} == {}


def test_the_makefiles_pins_are_the_locked_ones():
    llama = Requirement(makefile_value("LLAMA_CPP"))
    assert llama.specifier.contains(versions("full")["llama-cpp-python"])
    model = Requirement(makefile_value("SMOLLM2"))
    assert versions("bundled-model") == {canonicalize_name(model.name): str(model.specifier).lstrip("=")}
    installer = {canonicalize_name(Requirement(pin).name): str(Requirement(pin).specifier).lstrip("=")
                 for pin in makefile_value("INSTALLER").split()}
    assert versions("installer") == installer


def test_every_install_checks_the_hashes():
    assert "--require-hashes" in makefile_value("PIP_INSTALL")
    recipes = (ROOT / "Makefile").read_text()
    assert all(f"$(PIP_INSTALL) -r $(LOCKS)/{name}.lock" in recipes for name in ("installer", "light"))
    assert "--no-deps --no-build-isolation -e ." in recipes  # the project itself, once its dependencies are in
