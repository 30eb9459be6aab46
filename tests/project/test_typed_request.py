"""The turn's request is typed end to end and travels in the state update: read from the code, so a bare `dict`
or a side channel that slips back in fails here."""

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = [ROOT / "app.py", *(path for folder in ("component", "graph", "prompt", "state")
                              for path in sorted((ROOT / folder).rglob("*.py")))]
STREAMED_KEYS = {"token"}  # the stream writer carries the reply's text as it comes, and nothing else


def annotations(tree: ast.AST) -> list[ast.expr]:
    """Every annotation of a module: parameters, returns, annotated names and fields."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs,
                         *(given for given in (node.args.vararg, node.args.kwarg) if given)]
            found += [argument.annotation for argument in arguments if argument.annotation is not None]
            found += [node.returns] if node.returns is not None else []
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
    return found


def bare_dicts(annotation: ast.expr) -> int:
    """How many times an annotation says `dict` without saying what it holds."""
    subscripted = {id(node.value) for node in ast.walk(annotation) if isinstance(node, ast.Subscript)}
    return sum(1 for node in ast.walk(annotation)
               if isinstance(node, ast.Name) and node.id in ("dict", "Dict") and id(node) not in subscripted)


def streamed_keys(tree: ast.AST) -> set[str]:
    """The keys of the dicts a module writes to LangGraph's stream writer."""
    writers = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
               and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "get_stream_writer"
               for target in node.targets if isinstance(target, ast.Name)}
    keys: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Dict):
            continue
        direct = isinstance(node.func, ast.Call) and getattr(node.func.func, "id", "") == "get_stream_writer"
        if direct or getattr(node.func, "id", "") in writers:
            keys |= {key.value for key in node.args[0].keys if isinstance(key, ast.Constant)}
    return keys


def test_no_product_annotation_is_a_bare_dict():
    offenders = {f"{path.relative_to(ROOT)}:{annotation.lineno}: {ast.unparse(annotation)}"
                 for path in PRODUCT for annotation in annotations(ast.parse(path.read_text()))
                 if bare_dicts(annotation)}
    assert sorted(offenders) == []


def test_the_stream_writer_carries_only_the_reply_text():
    offenders = {f"{path.relative_to(ROOT)}: {sorted(keys - STREAMED_KEYS)}"
                 for path in PRODUCT if (keys := streamed_keys(ast.parse(path.read_text()))) - STREAMED_KEYS}
    assert offenders == set()


def test_the_checks_see_what_they_look_for():
    tree = ast.parse("def node(state: dict, rows: list[dict]) -> dict[str, int]:\n"
                     "    write = get_stream_writer()\n    write({'token': 'a'})\n"
                     "    get_stream_writer()({'context': []})\n")
    assert sum(bare_dicts(annotation) for annotation in annotations(tree)) == 2
    assert streamed_keys(tree) == {"token", "context"}


def test_the_reply_step_returns_the_request_in_its_state_update():
    source = (ROOT / "graph" / "nodes" / "llm.py").read_text()
    update = next(node for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.ClassDef) and node.name == "ReplyUpdate")
    fields = {node.target.id for node in update.body
              if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert {"messages", "request", "request_report"} <= fields
