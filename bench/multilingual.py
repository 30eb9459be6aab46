"""Whether memory holds in Korean and Chinese as in English: the shared measure over one chat in each language."""

import argparse
import contextlib
import importlib.util
import io
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "multilingual-dev"
TOOL = ROOT.parent / "shared" / "tools" / "multilingual_memory.py"  # the measure, imported as it is, never copied
LANGUAGES = ("en", "ko", "zh")
COLUMNS = (("evidence", "evidence"), ("answer", "answer"), ("ev_single", "single ev."), ("ev_multi", "multi ev."),
           ("ev_temporal", "temporal ev."), ("stale_only", "stale only"), ("recent_evidence", "recent ev."),
           ("context_tokens_mean", "mean tokens"), ("history_tokens", "history tokens"))
SHARES = {"evidence", "answer", "recent_evidence"}


def figures(line: str) -> dict[str, str]:
    """The measure's last line of key=value figures as a mapping."""
    return dict(item.split("=", 1) for item in line.split() if "=" in item)


def shown(key: str, value: str) -> str:
    """A figure as the table shows it: a share in percent, a count of tokens with separators, a count such as
    3/8 as it is."""
    if key in SHARES:
        return f"{float(value):.1%}"
    return f"{int(value):,}" if value.isdigit() else value


def load_tool(path: Path = TOOL) -> ModuleType | None:
    """The shared measure as a module, None when it is not there."""
    spec = importlib.util.spec_from_file_location("multilingual_memory", path) if path.is_file() else None
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    with contextlib.chdir(ROOT):  # it puts the folder it starts in on the import path: the project's root
        spec.loader.exec_module(module)
    return module


def measure(tool: ModuleType, path: Path, profile: str, budget: int) -> dict[str, str]:
    """One conversation through the shared measure, from the project root as it expects, its figures read back."""
    argv = [str(TOOL), str(path), "--profile", profile, "--budget", str(budget)]
    printed, misses = io.StringIO(), io.StringIO()  # the per-question lines go unshown: the table sums them
    saved = sys.argv
    try:
        sys.argv = argv
        with contextlib.chdir(ROOT), contextlib.redirect_stdout(printed), contextlib.redirect_stderr(misses):
            tool.main()
    finally:
        sys.argv = saved
    lines = printed.getvalue().strip().splitlines()
    return figures(lines[-1]) if lines else {}


def data_paths(given: Sequence[str]) -> list[Path]:
    """The files named (a folder for its languages' files), or the default folder's when it exists."""
    folders = [Path(path) for path in given] or ([DEFAULT_DATA] if DEFAULT_DATA.is_dir() else [])
    paths = []
    for folder in folders:
        paths += [folder / f"{language}.json" for language in LANGUAGES
                  if (folder / f"{language}.json").is_file()] if folder.is_dir() else [folder]
    return paths


def table(rows: Sequence[dict[str, str]], profile: str, budget: int) -> str:
    """A markdown table, a row per language."""
    header = ["language", *(title for _, title in COLUMNS)]
    lines = [f"Memory per language, profile {profile}, {budget:,}-token budget; recent ev. is the latest raw text "
             "cut to the mean tokens.", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        cells = [row.get("language", "?"), *(shown(key, row[key]) if key in row else "–" for key, _ in COLUMNS)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """A row per language of the dev set (or of the files named)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="conversation files (.json) or a folder of en/ko/zh.json")
    parser.add_argument("--profile", default="remote", choices=["remote", "bundled"],
                        help="remote (default): what reaches a model that reads its context")
    parser.add_argument("--budget", type=int, default=4000, help="the session's context budget in tokens")
    args = parser.parse_args(argv)
    paths, tool = data_paths(args.paths), load_tool()
    if not paths or tool is None:
        print(f"Multilingual memory: no data given and {DEFAULT_DATA} or {TOOL} does not exist; skipped.")
        return
    rows = []
    for path in paths:
        print(f"{path.name}: replaying and asking…", file=sys.stderr)
        rows.append(measure(tool, path, args.profile, args.budget))
    print(table(rows, args.profile, args.budget))


if __name__ == "__main__":
    main()
