"""Sums said in words (12만원씩 3명, 300元一晚住4晚, 45 euros split between 3 of us) answered right, and numbers that
make no sum left alone: through the session API on the bundled profile. The scripted model guesses a number of its
own to every sum (the product's result must lead and the guess be left out); to a look-alike it answers in words
only, so any number the reply shows that the message did not say is the product's."""

import json
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path

from langchain_core.messages import AIMessage

from graph.engine import Engine, Settings, assemble
from graph.models import ModelProfile, Models
from graph.storage.sqlite import create_checkpointer
from state.texts import localized
from tests.fakes.models import ScriptedChatModel, summary_reply

DATA = Path(__file__).parent / "data" / "sums_in_words.json"
GUESS = "That comes to 999."  # what a small model says to a sum: a number of its own
WORDS_ONLY = "Noted, thank you."
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
LANGUAGES = ("en", "ko", "zh")


def load(path: Path = DATA) -> dict[str, list[dict]]:
    """The sums (`text`, `lang`, the `value` and `unit` of the answer) and the look-alikes (`text`, `lang`)."""
    return json.loads(path.read_text(encoding="utf-8"))


@contextmanager
def bundled_engine(folder: str, answer: dict[str, str]) -> Iterator[Engine]:
    """An engine as the app assembles it for the bundled model, its model answering `answer["text"]`."""
    profile = ModelProfile("bench", "bundled", streaming=True, tools=False, structured_output=False,
                           context_window=8192)
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(answer["text"]))
    models = Models(chat=chat, summary=ScriptedChatModel(reply=summary_reply), profile=profile)
    engine = assemble(Settings(db_path=f"{folder}/sums.sqlite"), create_checkpointer(f"{folder}/sums.sqlite"), models)
    try:
        yield engine
    finally:
        engine.close()


def numbers(text: str) -> set[Decimal]:
    """Every number a text shows, read without its separators."""
    return {Decimal(found.replace(",", "")) for found in _NUMBER.findall(text)}


def answered_right(item: dict, reply: str) -> bool:
    """The right number and its unit in the reply, and not the model's guess."""
    return Decimal(item["value"]) in numbers(reply) and item["unit"] in reply and "999" not in reply


def invented_number(item: dict, reply: str, ran_calculator: bool) -> bool:
    """A look-alike given a number: the calculator ran, or the reply shows a number the message did not say."""
    note = localized(item["lang"], "small_model_note")
    return ran_calculator or bool(numbers(reply.replace(note, "")) - numbers(item["text"]))


def reply_of(engine: Engine, session_id: str, item: dict) -> tuple[str, bool]:
    """The reply a message gets in a new session on a page in its language, and whether the calculator ran."""
    events = engine.session(session_id).send(item["text"], language=item["lang"]).wait()
    reply = next((event.text for event in reversed(events) if event.kind == "reply"), "")
    ran = any(event.kind == "tool" and event.text == "calculator" for event in events)
    return reply, ran


def figures(data: dict[str, list[dict]]) -> dict:
    """Per language, the share of sums answered right; the share of look-alikes given a number; the misses."""
    right: dict[str, list[bool]] = {language: [] for language in LANGUAGES}
    misses, taken = [], []
    answer = {"text": GUESS}
    with tempfile.TemporaryDirectory() as folder, bundled_engine(folder, answer) as engine:
        for index, item in enumerate(data["sums"]):
            reply, _ = reply_of(engine, f"sum{index}", item)
            right[item["lang"]].append(answered_right(item, reply))
            if not right[item["lang"]][-1]:
                misses.append((item["text"], reply.split("\n")[0]))
        answer["text"] = WORDS_ONLY
        for index, item in enumerate(data["lookalikes"]):
            reply, ran = reply_of(engine, f"look{index}", item)
            if invented_number(item, reply, ran):
                taken.append((item["text"], reply.split("\n")[0]))
    return {"right": {language: (sum(found), len(found)) for language, found in right.items()},
            "taken": (len(taken), len(data["lookalikes"])), "misses": misses, "taken_texts": taken}


def main(argv: list[str] | None = None) -> None:
    """Print the figures, one per line; `--data FILE` measures another set of the same shape."""
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[argv.index("--data") + 1]) if "--data" in argv else DATA
    result = figures(load(path))
    for language, (hits, total) in result["right"].items():
        print(f"sums said in words answered right ({language}): {hits} of {total} ({hits / total:.1%})")
    taken, total = result["taken"]
    print(f"look-alikes given a number: {taken} of {total} ({taken / total:.1%})")
    for text, reply in result["misses"]:
        print(f"  missed: {text} -> {reply}")
    for text, reply in result["taken_texts"]:
        print(f"  look-alike taken: {text} -> {reply}")


if __name__ == "__main__":
    main()
