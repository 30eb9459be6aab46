"""A LoCoMo conversation replayed through the session API, then each question asked on its own copy of the
session, recording exactly what the chat model was sent: the raw material `bench.locomo` scores."""

import json
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage

from bench.recall import RecallTimer
from bench.recall_measure import context_text, scripted_summary_reply
from graph.engine import Engine, Settings, assemble
from graph.models import ModelProfile, Models
from graph.request.tokens import count_text
from graph.storage.sqlite import create_checkpointer
from tests.fakes.models import ScriptedChatModel, facts_request_turns

SESSION = "locomo"
RATE = 0.3
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}  # 5 (adversarial) left out
ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
DIA_ID = re.compile(r"D\d+:\d+")


def norm(text: object) -> str:
    """Lower-case words joined by single spaces, JSON escapes decoded: quoting and layout never decide a hit."""
    decoded = ESCAPE.sub(lambda match: chr(int(match.group(1), 16)), str(text))
    return " ".join(re.findall(r"\w+", decoded.lower()))


def profile_for(name: str) -> ModelProfile:
    """The endpoint measured: the bundled model's 8k window without tools, or a remote 128k one with them."""
    remote = name == "remote"
    return ModelProfile(label=name, provider="remote" if remote else "bundled", streaming=True, tools=remote,
                        structured_output=remote, context_window=128_000 if remote else 8192)


@dataclass(frozen=True)
class Question:
    """One question of categories 1-4: its evidence lines (normalized) and its answer when said verbatim."""

    text: str
    category: int
    evidence: tuple[str, ...]
    answer: str | None


@dataclass(frozen=True)
class Conversation:
    """A LoCoMo file as turns (speaker A's lines as the person, speaker B's as the reply) and its questions."""

    name: str
    turns: tuple[tuple[str, str], ...]
    questions: tuple[Question, ...]
    observations: tuple[tuple[str, str], ...] = ()  # (fact, the utterance it came from), as annotated
    language: str = "en"  # the page's language the person writes in

    @property
    def transcript_lines(self) -> list[str]:
        """Every line said, in order: the raw history the baselines cut from."""
        return [line for user, reply in self.turns for line in (*user.splitlines(), *reply.splitlines())]


def _session_turns(utterances: Sequence[dict], speaker_a: str, date: str) -> list[tuple[str, str]]:
    """One LoCoMo session as (user, reply) turns, its date on the first line."""
    turns: list[tuple[str, str]] = []
    header = f"[{date}]"
    user: list[str] = [header]
    reply: list[str] = []
    for utterance in utterances:
        line = f"{utterance['speaker']}: {utterance['text']}"
        if utterance["speaker"] != speaker_a:
            reply.append(line)
            continue
        if reply:
            turns.append(("\n".join(user), "\n".join(reply)))
            user, reply = [], []
        user.append(line)
    if reply or user != [header]:  # a session speaker A closes gets a short reply
        turns.append(("\n".join(user), "\n".join(reply) or "ok"))
    return turns


def load(path: str | Path) -> Conversation:
    """Turns and the scorable questions of one LoCoMo file (evidence that was never said is dropped), or of one
    written in several languages (multilingual-dev's format)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if "turns" in data:
        return _load_written(Path(path).stem, data)
    turns: list[tuple[str, str]] = []
    lines: dict[str, str] = {}
    observations: list[tuple[str, str]] = []
    number = 1
    while f"session_{number}" in data:
        utterances = data[f"session_{number}"]
        lines.update((u["dia_id"], norm(u["text"])) for u in utterances)
        turns += _session_turns(utterances, data["speaker_a"], data[f"session_{number}_date_time"])
        observations += _observations(data, number, {u["dia_id"]: u["text"] for u in utterances})
        number += 1
    said = norm(" ".join(f"{user} {reply}" for user, reply in turns))
    questions = []
    for item in data["qa"]:
        if item.get("category") not in CATEGORIES or "answer" not in item:
            continue
        ids = [dia for entry in item.get("evidence", []) for dia in DIA_ID.findall(str(entry))]
        evidence = tuple(lines[dia] for dia in ids if lines.get(dia) and lines[dia] in said)
        answer = norm(item["answer"])
        literal = answer if len(answer) >= 3 and answer in " ".join(evidence) else None
        questions.append(Question(item["question"], item["category"], evidence, literal))
    return Conversation(Path(path).stem, tuple(turns), tuple(questions), tuple(observations))


WRITTEN_CATEGORIES = {"multi": 1, "temporal": 2, "single": 4}


def _load_written(name: str, data: dict) -> Conversation:
    """A conversation of the person's lines and the replies, each day's first line opening with its date as an
    imported conversation does; questions with the person's lines they need and the answer said in them."""
    turns, day = [], None
    for turn in data["turns"]:
        user = turn["user"]
        if turn.get("day") and turn["day"] != day:
            user, day = f"[{turn['day']}] {user}", turn["day"]
        turns.append((user, turn["assistant"]))
    questions = []
    for item in data["questions"]:
        evidence = tuple(norm(data["turns"][index]["user"]) for index in item["evidence"])
        answer = norm(item.get("answer") or "")
        questions.append(Question(item["q"], WRITTEN_CATEGORIES.get(item["category"], 4), evidence,
                                  answer if answer and answer in " ".join(evidence) else None))
    return Conversation(name, tuple(turns), tuple(questions), language=data.get("language", "en"))


def _observations(data: dict, number: int, said: dict[str, str]) -> list[tuple[str, str]]:
    """A session's annotated facts, each with the day and the utterance it names."""
    day = data[f"session_{number}_date_time"].split(" on ")[-1]
    found = []
    for items in (data.get(f"session_{number}_observation") or {}).values():
        for fact, source in items:
            found += [(f"{fact} ({day})", said[dia]) for dia in DIA_ID.findall(str(source)) if dia in said]
    return found


def observed_facts(observations: Sequence[tuple[str, str]]):
    """A summary model that answers a facts request with the annotated facts of each turn it is shown (a
    stand-in for a capable model's lists), and summarizes like the scripted one otherwise."""

    def reply(messages: list[BaseMessage]) -> AIMessage:
        turns = facts_request_turns(messages)
        if turns is None:
            return scripted_summary_reply(messages)
        return AIMessage("\n".join(f"{number} | {fact}" for number, body in turns
                                   for fact, source in observations if source[:80] in body))

    return reply


@dataclass
class Replayed:
    """A replayed session: its database folded into one file, the chat model that recorded every request."""

    conversation: Conversation
    folder: Path
    database: Path
    chat: ScriptedChatModel
    profile: ModelProfile
    replies: list[str] = field(default_factory=lambda: ["ok"])
    facts: bool = False  # the summary model lists the annotated facts

    def open(self, path: Path) -> Engine:
        """The engine as the app assembles it, on this database file and the scripted models."""
        summary = observed_facts(self.conversation.observations) if self.facts else scripted_summary_reply
        models = Models(chat=self.chat, summary=ScriptedChatModel(reply=summary), profile=self.profile)
        return assemble(Settings(db_path=str(path)), create_checkpointer(path), models)


def _sent(engine: Engine, text: str, language: str = "en") -> None:
    """One turn through the session API, to the end of its background work; a failed turn stops the run."""
    events = engine.session(SESSION).send(text, compression_rate=RATE, language=language).wait()
    engine.wait_idle()
    errors = [event.text for event in events if event.kind == "error"]
    if errors:
        raise RuntimeError(f"turn failed: {errors[0]}")


def replay(conversation: Conversation, profile: ModelProfile, folder: Path | None = None,
           facts: bool = False) -> Replayed:
    """Every turn sent in order, speaker B's real line as each reply; the WAL folded in so a copy holds all."""
    folder = folder or Path(tempfile.mkdtemp(prefix="locomo-"))
    replies = ["ok"]
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(replies[0]))
    replayed = Replayed(conversation, folder, folder / "replayed.sqlite", chat, profile, replies, facts)
    engine = replayed.open(replayed.database)
    try:
        engine.session(SESSION).save_settings(language=conversation.language)  # as the page keeps it
        for user, reply in conversation.turns:
            replies[0] = reply
            _sent(engine, user, conversation.language)
    finally:
        engine.close()
    replies[0] = "ok"
    chat.calls.clear()
    with sqlite3.connect(replayed.database) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return replayed


@dataclass(frozen=True)
class Asked:
    """What the chat model was sent for one question, and what the recall step cost on that turn."""

    question: Question
    request: str
    tokens: int
    recall_ms: float | None  # None when the turn did not run the recall step


def ask(replayed: Replayed, question: Question, budget: int) -> Asked:
    """The question as a new turn on its own copy of the session, at this context budget."""
    copy = replayed.folder / "question.sqlite"
    shutil.copyfile(replayed.database, copy)
    engine = replayed.open(copy)
    try:
        engine.session(SESSION).save_settings(context_budget=budget)
        timer = RecallTimer(engine)
        replayed.chat.calls.clear()
        _sent(engine, question.text, replayed.conversation.language)
    finally:
        engine.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
    if not replayed.chat.calls:
        raise RuntimeError(f"the chat model was not asked: {question.text}")
    request = context_text(replayed.chat.calls[0])
    return Asked(question, request, count_text(request), sum(timer.samples) if timer.samples else None)
