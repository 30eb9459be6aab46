"""What the model must read again each turn: a real conversation replayed through the session API, each chat
request tokenized as the bundled model reads it (SmolLM2's tokenizer, ChatML template included), and its tokens
shared with the request before (what a prompt cache does not read again); then, on the bundled model itself, the
seconds to the first token and to the end of each reply, one session alone and two used in turn.

    .venv/bin/python -m bench.prefix_reuse ../shared/data/locomo-dev/41.json [--turns 120] [--against REV]
        [--live 40] [--profile bundled|remote]

`--against REV` replays the same conversation on the engine of an earlier commit (a git worktree) as a second
row; `--live 0` skips the bundled model.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DATA = ROOT.parent / "shared" / "data" / "locomo-dev" / "41.json"
REQUESTS_MARK = "requests: "
FILLED_AFTER = 3  # the share is measured once the context first fills: from a third of the turns on


def chatml(messages: Sequence[tuple[str, str]]) -> str:
    """The request as SmolLM2's chat template lays it out, ready for the reply."""
    roles = {"system": "system", "human": "user", "ai": "assistant", "tool": "user"}
    body = "".join(f"<|im_start|>{roles.get(kind, 'user')}\n{text}<|im_end|>\n" for kind, text in messages)
    return body + "<|im_start|>assistant\n"


def tokenizer():
    """SmolLM2's own tokenizer, read from the bundled GGUF file (no weights loaded)."""
    from llama_cpp import Llama

    from graph.models.local_server import find_bundled_model

    model = Llama(model_path=str(find_bundled_model()), vocab_only=True, verbose=False)
    return lambda text: model.tokenize(text.encode(), add_bos=False, special=True)


def shared_start(a: Sequence[int], b: Sequence[int]) -> int:
    count = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        count += 1
    return count


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def replay_requests(path: str, turns: int, profile_name: str) -> list[list[tuple[str, str]]]:
    """Every chat request of the replay, as (kind, text) messages."""
    from bench.locomo_replay import Conversation, load, profile_for
    from graph.engine import Settings, assemble
    from graph.models import Models
    from graph.storage.sqlite import create_checkpointer
    from tests.fakes.models import ScriptedChatModel

    conversation: Conversation = load(path)
    replies = iter([reply for _, reply in conversation.turns[:turns]])
    chat = ScriptedChatModel(reply=lambda messages: _reply(next(replies, "ok")))
    summary = ScriptedChatModel(reply=lambda messages: _reply(_extract(messages)))
    folder = tempfile.mkdtemp(prefix="prefix-")
    db = os.path.join(folder, "chat.sqlite")
    engine = assemble(Settings(db_path=db), create_checkpointer(db),
                      Models(chat=chat, summary=summary, profile=profile_for(profile_name)))
    session = engine.session("prefix")
    try:
        for user, _ in conversation.turns[:turns]:
            events = session.send(user, compression_rate=0.3).wait()
            if any(event.kind == "error" for event in events):
                raise SystemExit(f"a turn failed: {[e.text for e in events if e.kind == 'error'][:1]}")
            engine.wait_idle()
    finally:
        engine.close()
    return [[(m.type, str(m.content)) for m in call] for call in chat.calls]


def _reply(text: str):
    from langchain_core.messages import AIMessage

    return AIMessage(text)


def _extract(messages) -> str:
    """A remote profile's summary: the block's own words up to the length the prompt asks."""
    import re

    prompt = str(messages[-1].content)
    found = re.search(r"(\d+)\s*(characters|chars|자)", prompt)
    target = int(found.group(1)) if found else 300
    words = " ".join(line.split(": ", 1)[-1] for line in prompt.splitlines() if ": " in line)
    return words[:target].strip() or "summary"


def reuse_figures(requests: list[list[tuple[str, str]]]) -> dict:
    """Per request after the first: its tokens and the tokens it shares with the one before."""
    encode = tokenizer()
    tokens = [encode(chatml(request)) for request in requests]
    rows = [(len(now), shared_start(before, now)) for before, now in zip(tokens, tokens[1:], strict=False)]
    late = rows[len(rows) // FILLED_AFTER:]
    new = [total - shared for total, shared in late]
    return {"requests": len(requests), "tokens_p50": pct([t for t, _ in late], 0.5),
            "shared": sum(s for _, s in late) / max(1, sum(t for t, _ in late)),
            "new_p50": pct(new, 0.5), "new_p95": pct(new, 0.95), "per_turn": rows}


def against(rev: str, path: str, turns: int, profile: str) -> dict:
    """The same replay on the engine of commit `rev`, in a git worktree of its own."""
    folder = Path(tempfile.mkdtemp(prefix="prefix-base-")) / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), rev], check=True,
                   capture_output=True)
    try:
        shutil.copy(__file__, folder / "bench" / "prefix_reuse.py")  # this replay, on that engine
        out = subprocess.run([sys.executable, "-m", "bench.prefix_reuse", str(Path(path).resolve()), "--turns",
                              str(turns), "--profile", profile, "--requests-only"], cwd=folder,
                             check=True, capture_output=True, text=True).stdout
        found = [line for line in out.splitlines() if line.startswith(REQUESTS_MARK)]
        return reuse_figures(json.loads(found[-1].removeprefix(REQUESTS_MARK)))
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], capture_output=True)


def live(path: str, lines: int, sessions: int) -> dict:
    """Speaker A's first `lines` lines sent one by one to the bundled model (`sessions` chats used in turn):
    seconds to the first token and to the end of each reply, and the tokens new to the model."""
    from bench.locomo_replay import load
    from graph.engine import open_engine
    from graph.settings import Settings

    for key in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "DATABASE_URL"):
        os.environ.pop(key, None)
    said = [line.split(": ", 1)[-1] for user, _ in load(path).turns for line in user.splitlines()
            if ": " in line][:lines]
    engine = open_engine(Settings(db_path=os.path.join(tempfile.mkdtemp(prefix="prefix-live-"), "chat.sqlite")))
    chats = [engine.session(f"live-{n}") for n in range(sessions)]
    first, whole, new, failed = [], [], [], 0
    try:
        for line in said:
            for chat in chats:
                start = time.monotonic()
                seen = None
                for event in chat.send(line):
                    if seen is None and event.kind in ("token", "reply"):
                        seen = time.monotonic() - start
                    failed += event.kind == "error"
                whole.append(time.monotonic() - start)
                first.append(seen if seen is not None else whole[-1])
                new.append((chat.state().get("request_report") or {}).get("new_tokens", 0))
                engine.wait_idle()
    finally:
        engine.close()
    return {"turns": len(first), "first_p50": pct(first, 0.5), "first_p95": pct(first, 0.95),
            "whole_p50": pct(whole, 0.5), "whole_p95": pct(whole, 0.95), "new_p50": pct(new, 0.5), "failed": failed,
            "first": first}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="?", default=str(DATA))
    parser.add_argument("--turns", type=int, default=120)
    parser.add_argument("--profile", default="bundled", choices=["bundled", "remote"])
    parser.add_argument("--against", default="", help="an earlier commit to replay as a second row")
    parser.add_argument("--live", type=int, default=40, help="lines sent to the bundled model (0: none)")
    parser.add_argument("--per-turn", action="store_true")
    parser.add_argument("--requests-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not Path(args.data).is_file():
        print(f"prefix_reuse: no conversation at {args.data} (LoCoMo data is not in the repository)")
        return
    requests = replay_requests(args.data, args.turns, args.profile)
    if args.requests_only:
        print(REQUESTS_MARK + json.dumps(requests))
        return
    rows = [("this engine", reuse_figures(requests))]
    if args.against:
        rows.append((f"at {args.against}", against(args.against, args.data, args.turns, args.profile)))
    print(f"Prefix reuse, {Path(args.data).name}, {args.turns} turns, {args.profile} profile "
          f"(from turn {args.turns // FILLED_AFTER} on; SmolLM2 tokens, chat template included)")
    print(f"{'layout':<16}{'request p50':>12}{'shared':>9}{'new p50':>9}{'new p95':>9}")
    for name, row in rows:
        print(f"{name:<16}{row['tokens_p50']:>12.0f}{row['shared']:>9.1%}{row['new_p50']:>9.0f}{row['new_p95']:>9.0f}")
    if args.per_turn:
        for turn, (total, shared) in enumerate(rows[0][1]["per_turn"], 2):
            print(f"  turn {turn}: {total} tokens, {shared} read before, {total - shared} new")
    for sessions in (1, 2) if args.live else ():
        figures = live(args.data, args.live, sessions)
        print(f"Bundled model, {args.live} lines, {sessions} session(s) in turn: first token p50 "
              f"{figures['first_p50']:.2f} s, p95 {figures['first_p95']:.2f} s; whole reply p50 "
              f"{figures['whole_p50']:.2f} s, p95 {figures['whole_p95']:.2f} s; new tokens p50 "
              f"{figures['new_p50']:.0f}; failed turns {figures['failed']}")


if __name__ == "__main__":
    main()
