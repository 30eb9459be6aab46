"""Answers a person sees on the bundled model: a real conversation replayed through the session API (speaker A as
the person, B's real lines as the replies), then its questions whose answer was said verbatim asked as new turns,
each on its own copy of the session, of the real bundled model. Counts how often the literal answer is in the
reply the person is shown, with the quote of their own words that may lead it and without (the model's text
alone), how often a reply is led by a quote that lacks the answer (a wrong quote: worse than none), and how often
a reply shows the request's framing or a notice instead of an answer.

    .venv/bin/python -m bench.answers_shown ../shared/data/locomo-dev/41.json [--questions 25] [--scripted]
    .venv/bin/python -m bench.answers_shown ../shared/data/multilingual-dev/ko.json --scripted
"""

import argparse
import contextlib
import re
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DATA = ROOT.parent / "shared" / "data" / "locomo-dev" / "41.json"
FRAMING = ("do not repeat the instructions", "not shown", "rephrase", "earlier_turns", "이전 대화 요약",
           "summary of the conversation so far", "[note]")
QUOTE_START = re.compile(r"^(?:[^\n]{0,40} said on turns? \d|From [^\n]{1,80}: \"|[^\n]{0,40}?\d+(?:-\d+)?턴|"
                         r"[^\n]{0,20}在第\d)")


def led_by_quote(reply: str) -> bool:
    """Whether the reply opens with what was said, quoted from memory."""
    return bool(QUOTE_START.match(reply))


def model_part(reply: str) -> str:
    """The reply without the quotes that lead it: what the model itself said."""
    paragraphs = reply.split("\n\n")
    while paragraphs and led_by_quote(paragraphs[0]):
        paragraphs.pop(0)
    return "\n\n".join(paragraphs)


def quoted_part(reply: str) -> str:
    """The quotes that lead the reply, without the model's text after them."""
    return reply[:len(reply) - len(model_part(reply))]


def wrong_quote(reply: str, answer: str) -> bool:
    """Whether the reply is led by a quote from memory whose words lack the answer (normalized as `norm` does)."""
    from bench.locomo_replay import norm

    return led_by_quote(reply) and answer not in norm(quoted_part(reply))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="?", default=str(DATA))
    parser.add_argument("--questions", type=int, default=25)
    parser.add_argument("--scripted", action="store_true",
                        help="every such question to a scripted model saying 'ok': what the quote alone shows")
    args = parser.parse_args(argv)
    if not Path(args.data).exists():
        print(f"answers_shown: no conversation at {args.data} (LoCoMo data is not in the repository)")
        return
    from bench.locomo_replay import SESSION, load, norm, profile_for, replay
    from graph.engine import assemble
    from graph.models import create_bundled_models
    from graph.models.local_server import LocalModelServer, find_bundled_model
    from graph.settings import Settings
    from graph.storage.sqlite import create_checkpointer

    conversation = load(args.data)
    asked = [q for q in conversation.questions if q.answer]
    if not args.scripted:
        asked = asked[:: max(1, len(asked) // args.questions)][: args.questions]
    replayed = replay(conversation, profile_for("bundled"))
    rows = []
    with contextlib.nullcontext() if args.scripted else LocalModelServer(find_bundled_model()) as server:
        for number, question in enumerate(asked):
            copy = replayed.folder / f"q{number}.sqlite"
            shutil.copyfile(replayed.database, copy)
            engine = replayed.open(copy) if server is None else assemble(
                settings := Settings(db_path=str(copy)), create_checkpointer(copy),
                create_bundled_models(settings, server.base_url, server))
            started = time.monotonic()
            try:
                events = engine.session(SESSION).send(question.text, language=conversation.language).wait()
            finally:
                engine.close()
            reply = " ".join(event.text for event in events if event.kind == "reply")
            answer = norm(question.answer)
            rows.append((answer in norm(reply), answer in norm(model_part(reply)),
                         any(mark in reply.lower() for mark in FRAMING), led_by_quote(reply),
                         any(event.kind == "error" for event in events), time.monotonic() - started,
                         wrong_quote(reply, answer)))
            mark = "HIT " if rows[-1][0] else "WRONG" if rows[-1][6] else "miss"
            print(f"q{number} [{question.category}] {mark} {question.text[:60]!r} -> "
                  f"{reply[:90]!r} ({rows[-1][5]:.1f} s)", flush=True)
    count = len(rows) or 1
    seconds = sorted(row[5] for row in rows)
    model = "scripted model" if args.scripted else "bundled model"
    print(f"Answers shown, {Path(args.data).name}, {len(rows)} questions, {model}: answer in the reply "
          f"{sum(r[0] for r in rows) / count:.1%} (in the model's own text {sum(r[1] for r in rows) / count:.1%}); "
          f"led by a quote {sum(r[3] for r in rows) / count:.1%}; a wrong quote (led by one lacking the answer) "
          f"{sum(r[6] for r in rows) / count:.1%}; framing or a notice "
          f"{sum(r[2] for r in rows) / count:.1%}; failed {sum(r[4] for r in rows)}; "
          f"seconds p50 {seconds[len(seconds) // 2] if seconds else 0:.1f}")


if __name__ == "__main__":
    main()
