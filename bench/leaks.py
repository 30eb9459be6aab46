"""What comes back on the bundled model where framing used to leak: a small document and unrelated questions,
a 200,000-character paste, and the questions after a stopped reply. For each turn: whether the document rode
in the request, whether the reply shows framing (document JSON, the shortening note) or repeats the stopped
reply, how often a reply was asked for again, and how often it was withheld.

    python -m bench.leaks
"""

import logging
import re
import sys
import tempfile
import time
from pathlib import Path

from graph.engine import Engine, Settings, assemble
from graph.models import create_bundled_models
from graph.models.local_server import LocalModelServer, find_bundled_model
from graph.storage.sqlite import create_checkpointer
from state.turns import STOPPED_MARK

MEMO = ("Project Heron: the kickoff is on 14 March in Busan, the budget is 42,000 EUR, and the lead is "
        "Mina Park. Contact: heron@example.org.")
UNRELATED = ["What is the capital of France?", "hi", "Name one colour of the sky.", "프랑스의 수도는 어디야?"]
ABOUT = ["When is the Project Heron kickoff?", "이 문서 요약해 줘"]
PASTE = "The quarterly report says revenue grew in every region and costs stayed flat. " * 2600
LONG_REQUEST = "Write a long, detailed plan for learning to cook, with ten numbered steps."
AFTER_STOP = ["What is a good breakfast?", "Name a river in Europe."]
FRAMING = re.compile(r"\"documents\"|\"contents\"|characters omitted|shortened for the model|참고 문서")


class Asked(logging.Handler):
    """Counts the replies the engine asked for again."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += "repeated" in record.getMessage()


def open_engine_on(server: LocalModelServer) -> Engine:
    path = Path(tempfile.mkdtemp(prefix="leaks-")) / "chat.sqlite"
    settings = Settings(db_path=str(path))
    return assemble(settings, create_checkpointer(path), create_bundled_models(settings, server.base_url, server))


def turn(session, text: str, asked: Asked, stop_after: int | None = None) -> dict:
    """One turn and what it showed; with `stop_after`, Stop once that many characters streamed."""
    before, started, shown = asked.count, time.perf_counter(), ""
    run = session.send(text)
    for event in run:
        if event.kind == "token":
            shown += event.text
            if stop_after is not None and len(shown) >= stop_after:
                session.stop()
    reply = session.messages()[-1]
    context = "\n".join(str(m.content) for m in session.last_context())
    row = {"question": text[:40], "document sent": '"documents"' in context, "reply": str(reply.content),
           "framing shown": bool(FRAMING.search(shown)), "asked again": asked.count - before,
           "withheld": reply.response_metadata.get("withheld") or "", "seconds": time.perf_counter() - started}
    print(f"{row['question']!r}: {row['reply'][:70]!r}", file=sys.stderr, flush=True)
    return row


def main(argv: list[str] | None = None) -> None:
    asked = Asked()
    logging.getLogger("graph.reply.checked").addHandler(asked)
    logging.getLogger("graph.reply.checked").setLevel(logging.INFO)
    server = LocalModelServer(find_bundled_model())
    server.start()
    rows = []
    try:
        engine = open_engine_on(server)
        try:
            documents = engine.session("document")
            documents.add_document("heron.txt", MEMO.encode())
            rows += [turn(documents, text, asked) for text in [*UNRELATED, *ABOUT]]
            rows.append(turn(engine.session("paste"), PASTE + "\nWhat is this about?", asked))
            stopped = engine.session("stopped")
            kept = turn(stopped, LONG_REQUEST, asked, stop_after=60)
            rows.append(kept)
            for text in AFTER_STOP:
                row = turn(stopped, text, asked)
                row["repeats the stopped reply"] = kept["reply"].rstrip(STOPPED_MARK + " ")[:40] in row["reply"]
                rows.append(row)
        finally:
            engine.close()
    finally:
        server.stop()
    print("Framing and repeats on the bundled model")
    print("| question | document sent | framing shown | repeats stopped reply | asked again | withheld | s |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['question']!r} | {row['document sent']} | {row['framing shown']} | "
              f"{row.get('repeats the stopped reply', '')} | {row['asked again']} | {row['withheld']} | "
              f"{row['seconds']:.1f} |")


if __name__ == "__main__":
    main()
