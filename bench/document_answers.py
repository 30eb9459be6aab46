"""Questions about an attached file, answered on the bundled model's profile: each file of bench/data/documents
(meeting notes, a trip plan with a table, a club's rules, in Korean, Chinese and English; one attached as a PDF made
from its text) added to a session through the session API, then its questions, put in other words than the file's,
sent as turns to a scripted model that can answer nothing itself: what the reply shows is the product's own answer.
Counts per language how often the reply holds the answer, shows a quote that is not it, or honestly says the file
does not say it; and for questions the file does not answer, how often a quote was shown anyway.

    .venv/bin/python -m bench.document_answers [--verbose]
"""

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DATA = ROOT / "bench" / "data" / "document_questions.json"
FILES = ROOT / "bench" / "data" / "documents"
LANGUAGES = ("ko", "zh", "en")


def pdf_of(text: str) -> bytes:
    """The text as a PDF, a line of Helvetica per line, made with the project's own PDF maker."""
    from tests.fakes.pdfs import pdf

    def shown(line: str) -> str:
        return line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    drawn = " ".join(f"({shown(line)}) Tj T*" for line in text.splitlines())
    return pdf([f"BT /F1 10 Tf 14 TL 56 760 Td {drawn} ET".encode("latin-1")])


def attached(entry: dict) -> tuple[str, bytes]:
    """The file a person attaches: its name and bytes."""
    path = FILES / entry["file"]
    if entry.get("as_pdf"):
        return path.with_suffix(".pdf").name, pdf_of(path.read_text())
    return path.name, path.read_bytes()


def not_found_openings() -> re.Pattern[str]:
    """How the honest "not in the file" reply reads, in every language."""
    from state.texts import localized

    pieces = [re.escape(localized(language, "document_not_found", titles="\0")).replace("\0", ".+?")
              for language in LANGUAGES]
    return re.compile("|".join(pieces))


def judged(reply: str, answer: str | list[str] | None, not_found: re.Pattern[str]) -> str:
    """right, wrong (a quote that is not the answer), not found (said honestly), or other (neither)."""
    from bench.answers_shown import led_by_quote
    from bench.locomo_replay import norm
    from graph.recall.quote_text import quote_openings

    quoted = led_by_quote(reply) or bool(quote_openings().match(reply))
    if answer is None:
        return "wrong" if quoted else "not found" if not_found.search(reply) else "other"
    wanted = [answer] if isinstance(answer, str) else answer
    if all(norm(part) in norm(reply) for part in wanted):
        return "right"
    return "wrong" if quoted else "not found" if not_found.search(reply) else "other"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbose", action="store_true", help="every question with its reply")
    args = parser.parse_args(argv)
    from langchain_core.messages import AIMessage

    from bench.locomo_replay import profile_for
    from graph.engine import assemble
    from graph.models import Models
    from graph.settings import Settings
    from graph.storage.sqlite import create_checkpointer
    from tests.fakes.models import ScriptedChatModel, summary_reply

    entries = json.loads(DATA.read_text())["files"]
    not_found = not_found_openings()
    answerable: dict[str, Counter[str]] = {language: Counter() for language in LANGUAGES}
    unanswerable: dict[str, Counter[str]] = {language: Counter() for language in LANGUAGES}
    with tempfile.TemporaryDirectory(prefix="document-answers-") as folder:
        database = Path(folder) / "chat.sqlite"
        models = Models(ScriptedChatModel(reply=lambda messages: AIMessage("ok")),
                        ScriptedChatModel(reply=summary_reply), profile_for("bundled"))
        engine = assemble(Settings(db_path=str(database)), create_checkpointer(database), models)
        try:
            for number, entry in enumerate(entries):
                language = entry["language"]
                session = engine.session(f"file-{number}")
                session.save_settings(language=language)
                session.add_document(*attached(entry))
                for question, answer in entry["questions"]:
                    events = session.send(question, language=language).wait()
                    reply = " ".join(event.text for event in events if event.kind == "reply")
                    outcome = judged(reply, answer, not_found)
                    (answerable if answer is not None else unanswerable)[language][outcome] += 1
                    if args.verbose or outcome not in ("right", "not found" if answer is None else "right"):
                        print(f"  {outcome:9} {question} -> {reply.splitlines()[0][:100] if reply else ''!r}")
        finally:
            engine.close()
    print("Document answers: questions about an attached file, put in other words, bundled profile, scripted model")
    total = sum(sum(counts.values()) for counts in (*answerable.values(), *unanswerable.values()))
    for language in LANGUAGES:
        asked, blank = answerable[language], unanswerable[language]
        count, blanks = sum(asked.values()) or 1, sum(blank.values()) or 1
        print(f"{language}: {sum(asked.values())} answered in the file: right {asked['right'] / count:.0%}, "
              f"wrong quote {asked['wrong'] / count:.0%}, honest not found {asked['not found'] / count:.0%}, "
              f"other {asked['other'] / count:.0%}; {sum(blank.values())} not in the file: honest not found "
              f"{blank['not found'] / blanks:.0%}, wrong quote {blank['wrong'] / blanks:.0%}")
    wrong = sum(counts["wrong"] for counts in (*answerable.values(), *unanswerable.values()))
    right = sum(counts["right"] for counts in answerable.values())
    asked_total = sum(sum(counts.values()) for counts in answerable.values()) or 1
    print(f"all: right {right / asked_total:.1%} of {asked_total} answered in the file; a wrong quote shown in "
          f"{wrong / (total or 1):.1%} of all {total} questions")


if __name__ == "__main__":
    main()
