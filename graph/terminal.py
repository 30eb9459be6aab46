"""A terminal chat on the session API, sharing the web app's database: a conversation moves between them.

Replies stream as they come; tool calls and summaries are printed; Ctrl-C stops a reply (keeping what
was streamed) and quits at the prompt. Commands: /retry, /regenerate, /edit N, /versions, /version N K,
/sessions, /new, /quit.
"""

import argparse
import sys
from collections.abc import Callable
from functools import partial
from typing import TextIO

from graph.engine import (
    Engine,
    Session,
    SessionInfo,
    SessionNotFound,
    Settings,
    TurnRun,
    describe_error,
    new_session_id,
    open_engine,
    saved_sessions,
)
from graph.models.download_command import download_model, list_models, remove_model
from state.turns import STOPPED_MARK, message_text

HELP = ("Commands: /retry  /regenerate  /edit N text  /versions  /version N K  /sessions  /new  /quit"
        "   (Ctrl-C stops a reply)")
RESUMED_MESSAGES = 6  # what a resumed session shows of itself before the prompt


MODEL_COMMANDS = {"models": lambda settings, _, out: list_models(settings, out), "download": download_model,
                  "remove": remove_model}


def parse_args(argv: list[str]) -> argparse.Namespace:
    """`chat` with an optional session id, `sessions` to list them, or the model commands."""
    parser = argparse.ArgumentParser(prog="python -m graph", description="Context Chat in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    chat = commands.add_parser("chat", help="chat in the terminal (the web app's sessions)")
    chat.add_argument("--session", help="continue this session (see `sessions`); a new one when omitted")
    chat.add_argument("--rate", type=float, default=None, help="compression rate 0.1-0.5 (the session's own)")
    listing = commands.add_parser("sessions", help="list the saved sessions")
    commands.add_parser("models", help="list the models to download and those downloaded")
    for name, about in (("download", "download a model: a listed name, or hf:REPO/FILE.gguf"),
                        ("remove", "delete a downloaded model")):
        commands.add_parser(name, help=about).add_argument("model", help="a listed name, or hf:REPO/FILE.gguf")
    for command in (chat, listing):
        command.add_argument("--owner", default=None,
                             help="the person whose sessions these are (the e-mail they sign in with on the web app)")
    return parser.parse_args(argv)


def print_sessions(sessions: list[SessionInfo], out: TextIO) -> None:
    """The saved sessions, newest first, with the id to pass to --session."""
    for info in sessions:
        out.write(f"{info.session_id}  {info.turns:>4} turns  {info.updated_at[:16]}  {info.title}\n")
    if not sessions:
        out.write("No saved sessions yet.\n")


def show_recent(session: Session, out: TextIO) -> None:
    """The end of a resumed conversation, so the next message follows on from what was said."""
    said = [m for m in session.messages() if m.type in ("human", "ai") and message_text(m).strip()]
    if not said:
        return
    out.write(f"… the last {min(len(said), RESUMED_MESSAGES)} of {len(said)} messages:\n")
    for message in said[-RESUMED_MESSAGES:]:
        out.write(("> " if message.type == "human" else "") + message_text(message).strip() + "\n")


def show(run: TurnRun, out: TextIO) -> None:
    """Print a turn's events as they arrive: tokens inline, tools and summaries on their own lines."""
    streaming = False
    for event in run:
        if event.kind == "token":
            out.write(event.text)
            streaming = True
        elif event.kind == "tool" and event.tool["phase"] == "call":
            out.write(f"\n  [tool] {event.text}({event.tool.get('args', {})})\n")
        elif event.kind == "tool":
            out.write(f"  [tool result] {event.text}\n")
            streaming = False
        elif event.kind == "summary":
            out.write(f"  [summarized turns {event.text}]\n")
        elif event.kind == "notice":
            out.write(f"  [context compressed: {event.notice.get('before')} -> {event.notice.get('after')} tokens]\n")
        elif event.kind == "reply" and (event.reply.get("stopped") or not streaming):
            out.write(event.text)
        elif event.kind == "error":
            out.write(f"\n  [error] {event.text}  (type /retry)")
        out.flush()
    out.write("\n")


def show_reuse(session: Session, out: TextIO) -> None:
    """After a reply: how much of the request was new to the model, and how much it had read the turn before."""
    report = session.state().get("request_report") or {}
    if "new_tokens" in report:
        out.write(f"  [{report['request_tokens']} tokens sent: {report['new_tokens']} new to the model, "
                  f"{report['read_tokens']} read before]\n")


def print_versions(session: Session, out: TextIO) -> None:
    """The turns with more than one version, and which is shown."""
    versions = session.versions()
    for turn, shown in sorted(versions.items()):
        out.write(f"Turn {turn}: version {shown.shown} of {shown.count} shown  (/version {turn} K shows another)\n")
    if not versions:
        out.write("No turn has another version yet: /regenerate or /edit N text makes one.\n")


def rewrite(session: Session, command: str, rate: float | None, out: TextIO) -> None:
    """/regenerate, /edit N text and /version N K: a new version of a turn, or another one shown."""
    name, *words = command.split(maxsplit=2)
    numbers = [int(word) for word in words[:2] if word.isdigit()]
    if name == "/regenerate":
        run_turn(session.regenerate, out)
    elif name == "/edit" and numbers and len(words) == 2:
        run_turn(partial(session.edit, numbers[0], words[1], rate), out)
    elif name == "/version" and len(numbers) == 2:
        if session.show_version(*numbers):
            show_recent(session, out)
        else:
            out.write("No such version to show (see /versions).\n")
    else:
        out.write("Use /edit N text, or /version N K (N: the turn, K: the version).\n")


def run_turn(start: Callable[[], TurnRun], out: TextIO) -> None:
    """Run one turn; Ctrl-C stops it and keeps what was streamed."""
    run = start()
    try:
        show(run, out)
    except KeyboardInterrupt:
        run.close()
        out.write(f" {STOPPED_MARK}\n")


def chat(engine: Engine, session: Session, rate: float | None, read: Callable[[str], str], out: TextIO,
         owner: str | None = None) -> None:
    """The read-send-print loop until /quit or end of input."""
    out.write(f"Session {session.id} · {engine.session_model(session.settings())[1].label}\n{HELP}\n")
    show_recent(session, out)
    while True:
        try:
            text = read("> ")
        except (EOFError, KeyboardInterrupt):
            out.write("\n")
            return
        command = text.strip()
        if command in ("/quit", "/exit"):
            return
        if command == "/sessions":
            print_sessions(engine.sessions(owner=owner), out)
        elif command == "/new":
            session = engine.session(new_session_id(), owner=owner)
            out.write(f"Session {session.id}\n")
        elif command == "/retry":
            run_turn(session.resume, out) if session.unfinished() else out.write("Nothing to retry.\n")
        elif command == "/versions":
            print_versions(session, out)
        elif command.split(maxsplit=1)[0] in ("/regenerate", "/edit", "/version"):
            rewrite(session, command, rate, out)
        elif command:
            run_turn(partial(session.send, text, rate), out)
            show_reuse(session, out)


def main(argv: list[str] | None = None, read: Callable[[str], str] = input, out: TextIO = sys.stdout,
         engine: Engine | None = None) -> int:
    """Open the engine the way the web app does and chat (or list sessions)."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command in MODEL_COMMANDS:  # the model commands need neither the database nor a model
        return MODEL_COMMANDS[args.command](Settings.from_env(), getattr(args, "model", ""), out)
    if args.command == "sessions" and engine is None:  # the list needs the database only, no model
        try:
            print_sessions(saved_sessions(Settings.from_env(), args.owner), out)
        except Exception as error:
            out.write(describe_error(error) + "\n")
            return 1
        return 0
    if engine is None:
        try:
            engine = open_engine(Settings.from_env(), progress=lambda message: print(message, file=out))
        except Exception as error:
            out.write(describe_error(error) + "\n")
            return 1
    try:
        if args.command == "sessions":
            print_sessions(engine.sessions(owner=args.owner), out)
        else:
            chat(engine, engine.session(args.session or new_session_id(), owner=args.owner), args.rate, read, out,
                 args.owner)
    except SessionNotFound as error:  # another person's session is as unknown as a mistyped id
        out.write(f"{error} See `python -m graph sessions`.\n")
        return 1
    finally:
        engine.wait_idle()
    return 0
