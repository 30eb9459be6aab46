"""Dependencies point one way: UI -> session API -> graph -> storage/models; read from the imports."""

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
UI_FILES = [ROOT / "app.py", *sorted((ROOT / "component").glob("*.py"))]
ENGINE_FILES = sorted((ROOT / "graph").rglob("*.py"))
API = "graph.engine"
FAKES = "tests.fakes"
DRIVERS = ("sqlite3", "psycopg", "psycopg_pool", "langgraph.checkpoint.postgres")
OUTSIDE_TESTS = [ROOT / "app.py", *(path for folder in ("component", "graph", "prompt", "state", "bench")
                                    for path in sorted((ROOT / folder).rglob("*.py")))]
EVERY_MODULE = [*OUTSIDE_TESTS, *sorted((ROOT / "tests").rglob("*.py"))]
LANGGRAPH_PRIVATE = ROOT / "graph" / "storage" / "langgraph_private.py"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, by its full dotted name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_ui_imports_only_the_session_api_and_data_types():
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in UI_FILES for module in imported_modules(path)
        if module.split(".")[0] in ("graph", "prompt") and module != API
    }
    assert offenders == set()


def test_no_engine_module_imports_streamlit_or_the_ui():
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in ENGINE_FILES for module in imported_modules(path)
        if module.split(".")[0] in ("streamlit", "component", "app")
    }
    assert offenders == set()


def test_database_drivers_are_imported_only_by_storage():
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in [*ENGINE_FILES, *UI_FILES] for module in imported_modules(path)
        if module.startswith(DRIVERS) and "graph/storage" not in path.as_posix()
    }
    assert offenders == set()


def test_storage_imports_nothing_of_the_engine_but_itself():
    storage = sorted((ROOT / "graph" / "storage").rglob("*.py"))
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in storage for module in imported_modules(path)
        if module.startswith("graph.") and not module.startswith("graph.storage")
    }
    assert offenders == set()


def test_prompt_text_does_not_import_the_engine():
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in sorted((ROOT / "prompt").rglob("*.py")) for module in imported_modules(path)
        if module.split(".")[0] == "graph"
    }
    assert offenders == set()


def test_sql_statements_live_only_in_storage():
    keywords = ("SELECT ", "INSERT INTO", "DELETE FROM", "CREATE TABLE")
    offenders = [
        str(path.relative_to(ROOT)) for path in [*ENGINE_FILES, *UI_FILES]
        if "graph/storage" not in path.as_posix() and any(word in path.read_text() for word in keywords)
    ]
    assert offenders == []


def test_nothing_outside_the_tests_imports_them_but_the_benchmarks_fakes():
    """The app never imports the tests; the benchmarks run the engine on the tests' fake models and files only."""
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in OUTSIDE_TESTS for module in imported_modules(path)
        if module.split(".")[0] == "tests" and not (path.is_relative_to(ROOT / "bench") and is_fakes(module))
    }
    assert offenders == set()


def is_fakes(module: str) -> bool:
    return module == FAKES or module.startswith(f"{FAKES}.")


def test_each_sql_dialect_imports_nothing_of_the_other():
    storage = ROOT / "graph" / "storage"
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for dialect, other in (("sqlite", "postgres"), ("postgres", "sqlite"))
        for path in sorted((storage / dialect).rglob("*.py")) for module in imported_modules(path)
        if module == f"graph.storage.{other}" or module.startswith(f"graph.storage.{other}.")
    }
    assert offenders == set()


MAX_MODULE_LINES = 260


def test_no_engine_module_is_longer_than_a_screenful_or_two():
    long = {f"{path.relative_to(ROOT)}: {len(path.read_text().splitlines())}" for path in ENGINE_FILES
            if len(path.read_text().splitlines()) > MAX_MODULE_LINES}
    assert long == set()


def test_the_session_handle_does_not_import_the_engine():
    handle_modules = sorted((ROOT / "graph" / "session").glob("*.py"))
    offenders = {f"{path.relative_to(ROOT)}: {module}" for path in handle_modules
                 for module in imported_modules(path) if module == API}
    assert offenders == set()


def langgraph_private_members() -> set[str]:
    """The private members of the LangGraph classes the storage builds on (its savers, serializer, channels)."""
    from langgraph.channels.delta import DeltaChannel
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.checkpoint.postgres import PostgresSaver
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
    from langgraph.checkpoint.sqlite import SqliteSaver

    return {name for base in (SqliteSaver, PostgresSaver, BaseCheckpointSaver, JsonPlusSerializer, DeltaChannel)
            for cls in base.__mro__ if cls.__module__.startswith("langgraph")
            for name in vars(cls) if name.startswith("_") and not name.startswith("__")}


def private_langgraph_uses(path: Path, members: set[str]) -> set[str]:
    """The private LangGraph (or LangChain) names a file imports, and the private members of LangGraph's
    classes it reads."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith(("langgraph", "langchain"))
                         and any(part.startswith("_") for part in alias.name.split(".")))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(("langgraph", "langchain")):
            module = node.module or ""
            private_module = any(part.startswith("_") for part in module.split("."))
            found.update(f"{module}.{alias.name}" for alias in node.names
                         if private_module or alias.name.startswith("_"))
        elif isinstance(node, ast.Attribute) and node.attr in members:
            found.add(node.attr)
    return found


def test_only_one_module_reaches_langgraphs_private_names():
    """Every private LangGraph name is imported (or read) in graph/storage/langgraph_private.py, pinned by
    tests/graph/storage/test_langgraph_private.py; everything else, tests too, imports it from there."""
    members = langgraph_private_members()
    offenders = {f"{path.relative_to(ROOT)}: {name}" for path in EVERY_MODULE if path != LANGGRAPH_PRIVATE
                 for name in private_langgraph_uses(path, members)}
    assert offenders == set()


def test_the_private_names_module_imports_nothing_of_the_app():
    app = ("graph", "state", "prompt", "component", "app", "bench", "tests")
    assert {module for module in imported_modules(LANGGRAPH_PRIVATE) if module.split(".")[0] in app} == set()


def test_state_imports_nothing_of_the_engine():
    """State is the bottom floor: the engine, storage included, builds on it, and it imports nothing of the engine,
    not even inside a function."""
    offenders = {f"{path.relative_to(ROOT)}: {module}"
                 for path in sorted((ROOT / "state").rglob("*.py")) for module in imported_modules(path)
                 if module.split(".")[0] == "graph"}
    assert offenders == set()


def test_the_context_policies_import_nothing_of_storage():
    offenders = {f"{path.relative_to(ROOT)}: {module}"
                 for path in sorted((ROOT / "graph" / "policies").rglob("*.py")) for module in imported_modules(path)
                 if module.startswith("graph.storage")}
    assert offenders == set()
