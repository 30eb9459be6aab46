"""A seeded long conversation with planted facts and later questions, to measure recall of old turns."""

import json
import random
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

DATA = Path(__file__).parent / "data" / "recall_script.json"
CHECKPOINTS = (100, 200, 300)
QUESTIONS_PER_CHECKPOINT = 22
MIN_QUESTION_GAP = 30
LAST_FACT_TURN = 290
START_DATE = date(2025, 3, 3)
TURNS_PER_DAY = (4, 5, 5, 6, 6, 7)
USER_CHARS = (60, 250)
ASSISTANT_CHARS = (150, 600)


@dataclass(frozen=True)
class Fact:
    """One thing said once in the conversation whose exact answer a later question asks for."""

    key: str
    category: str
    turn: int
    date: str
    answer: str
    side: str
    language: str = "en"


@dataclass(frozen=True)
class Question:
    """A probe asked after a checkpoint turn; `paraphrased` ones avoid the words of the fact's answer."""

    text: str
    fact: Fact
    paraphrased: bool
    asked_turn: int
    asked_date: str
    days_ago: int | None = None


@dataclass
class RecallScript:
    """The whole scripted conversation: one user and one assistant message per turn, facts and probes."""

    user_turns: list[str]
    assistant_turns: list[str]
    turn_dates: list[str]
    facts: list[Fact]
    questions: dict[int, list[Question]] = field(default_factory=dict)

    def turn_text(self, turn: int) -> str:
        """The text of one turn (1-based), user and assistant side together."""
        return self.user_turns[turn - 1] + "\n" + self.assistant_turns[turn - 1]

    def all_questions(self) -> list[Question]:
        """Every probe, in the order the checkpoints ask them."""
        return [question for turn in sorted(self.questions) for question in self.questions[turn]]


@dataclass(frozen=True)
class _Spec:
    """How a fact is said, asked directly, asked in other words, and echoed by distractor turns."""

    key: str
    category: str
    user: str
    answer: str
    direct: str
    paraphrase: str
    distractors: tuple[str, ...] = ()
    reply: str | None = None
    language: str = "en"
    anchor: tuple[int, int, str] | None = None


def _load_script() -> dict:
    """The conversation's words: facts, fillers and their replies, kept as data beside this module."""
    with open(DATA, encoding="utf-8") as file:
        return json.load(file)


_SCRIPT = _load_script()
FACTS: tuple[_Spec, ...] = tuple(
    _Spec(**{**spec, "distractors": tuple(spec.get("distractors", ())),
             "anchor": tuple(spec["anchor"]) if spec.get("anchor") else None}) for spec in _SCRIPT["facts"])
ACKNOWLEDGEMENTS: tuple[str, ...] = tuple(_SCRIPT["acknowledgements"])
GENERIC_SENTENCES: tuple[str, ...] = tuple(_SCRIPT["generic_sentences"])
TOPICS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    topic: (tuple(pool["questions"]), tuple(pool["answers"])) for topic, pool in _SCRIPT["topics"].items()}
OPENERS: tuple[str, ...] = tuple(_SCRIPT["openers"])
TAILS: tuple[str, ...] = tuple(_SCRIPT["tails"])
CONTEXTS: tuple[str, ...] = tuple(_SCRIPT["contexts"])
PAD_TAILS: dict[str, str] = _SCRIPT["pad_tails"]
STOP_WORDS = frozenset(_SCRIPT["stop_words"])


def _day_plan(turns: int, rng: random.Random) -> list[str]:
    """ISO dates for every turn: consecutive days with a few turns each."""
    dates: list[str] = []
    day = START_DATE
    while len(dates) < turns:
        dates.extend([day.isoformat()] * rng.choice(TURNS_PER_DAY))
        day += timedelta(days=1)
    return dates[:turns]


def _turns_on(dates: list[str], iso: str) -> list[int]:
    """The 1-based turns that fall on a date."""
    return [index + 1 for index, value in enumerate(dates) if value == iso]


def _fit_user(text: str, language: str) -> str:
    """A user message within the realistic length range."""
    if len(text) < USER_CHARS[0]:
        text += PAD_TAILS[language]
    if not USER_CHARS[0] <= len(text) <= USER_CHARS[1]:
        raise ValueError(f"user message of {len(text)} characters: {text!r}")
    return text


def _assistant(rng: random.Random, lead: str, pool: tuple[str, ...]) -> str:
    """An assistant reply of realistic length: a lead and sentences drawn from a pool."""
    sentences = list(pool)
    rng.shuffle(sentences)
    text = lead
    for sentence in sentences:
        if len(text) >= ASSISTANT_CHARS[0] and rng.random() < 0.35:
            break
        candidate = (text + " " + sentence).strip()
        if len(candidate) > ASSISTANT_CHARS[1]:
            break
        text = candidate
    return text


def _spread(candidates: list[int], count: int, rng: random.Random) -> list[int]:
    """`count` turns taken evenly from sorted candidates, each nudged a little by the seed."""
    if count > len(candidates):
        raise ValueError("not enough free turns to plant the facts")
    step = len(candidates) / count
    chosen: list[int] = []
    for index in range(count):
        position = int(index * step + rng.uniform(0, step))
        position = min(max(position, 0), len(candidates) - 1)
        while candidates[position] in chosen:
            position = (position + 1) % len(candidates)
        chosen.append(candidates[position])
    return sorted(chosen)


def _plant(turns: int, dates: list[str], rng: random.Random) -> dict[int, _Spec]:
    """Which fact is said at which turn: anchored ones on their dates, the rest spread in bands."""
    reserved = {1, *CHECKPOINTS}
    planted: dict[int, _Spec] = {}
    for spec in FACTS:
        if spec.anchor is None:
            continue
        checkpoint, days_ago, _ = spec.anchor
        target = (date.fromisoformat(dates[checkpoint - 1]) - timedelta(days=days_ago)).isoformat()
        options = [t for t in _turns_on(dates, target)
                   if t not in reserved and t not in planted and t <= checkpoint - MIN_QUESTION_GAP]
        if not options:
            raise ValueError(f"no free turn on {target} for {spec.key}")
        planted[options[len(options) // 2]] = spec
    free = [spec for spec in FACTS if spec.anchor is None]
    rng.shuffle(free)
    bands = [(2, CHECKPOINTS[0] - MIN_QUESTION_GAP), (CHECKPOINTS[0] - MIN_QUESTION_GAP + 1,
             CHECKPOINTS[1] - MIN_QUESTION_GAP), (CHECKPOINTS[1] - MIN_QUESTION_GAP + 1,
             CHECKPOINTS[2] - MIN_QUESTION_GAP), (CHECKPOINTS[2] - MIN_QUESTION_GAP + 1, LAST_FACT_TURN)]
    anchored_per_cp = [sum(1 for s in FACTS if s.anchor and s.anchor[0] == cp) for cp in CHECKPOINTS]
    sizes = [QUESTIONS_PER_CHECKPOINT - anchored_per_cp[0], QUESTIONS_PER_CHECKPOINT,
             QUESTIONS_PER_CHECKPOINT - 2]
    sizes.append(len(free) - sum(sizes))
    start = 0
    for (low, high), size in zip(bands, sizes, strict=True):
        candidates = [t for t in range(low, min(high, turns) + 1) if t not in reserved and t not in planted]
        for turn, spec in zip(_spread(candidates, size, rng), free[start:start + size], strict=True):
            planted[turn] = spec
        start += size
    return planted


def _ask(planted: dict[int, _Spec], facts: dict[str, Fact], dates: list[str],
         rng: random.Random) -> dict[int, list[Question]]:
    """The probes of each checkpoint: its anchored facts first, then the newest facts not asked yet."""
    asked: set[str] = set()
    questions: dict[int, list[Question]] = {}
    by_turn = sorted(planted.items())
    for checkpoint in CHECKPOINTS:
        eligible = [spec for turn, spec in by_turn if turn <= checkpoint - MIN_QUESTION_GAP
                    and spec.key not in asked and (spec.anchor is None or spec.anchor[0] == checkpoint)]
        anchored = [spec for spec in eligible if spec.anchor is not None]
        others = sorted((spec for spec in eligible if spec.anchor is None),
                        key=lambda spec: -facts[spec.key].turn)
        chosen = (anchored + others)[:QUESTIONS_PER_CHECKPOINT]
        if len(chosen) < QUESTIONS_PER_CHECKPOINT:
            raise ValueError(f"only {len(chosen)} facts can be asked at turn {checkpoint}")
        paraphrased = set(rng.sample(range(len(chosen)), len(chosen) // 2))
        rows: list[Question] = []
        for index, spec in enumerate(chosen):
            text = spec.paraphrase if index in paraphrased else spec.direct
            days_ago = None
            if spec.anchor is not None:
                days_ago = spec.anchor[1]
                text = f"{text} I told you {spec.anchor[2]}."
            rows.append(Question(text, facts[spec.key], index in paraphrased, checkpoint,
                                 dates[checkpoint - 1], days_ago))
            asked.add(spec.key)
        questions[checkpoint] = sorted(rows, key=lambda q: q.fact.turn)
    return questions


def _filler(rng: random.Random, used: set[str], last_topic: list[str]) -> tuple[str, str]:
    """One unrelated everyday turn, never the same user text twice and never the same topic twice in a row."""
    for _ in range(200):
        topic = rng.choice([name for name in TOPICS if name not in last_topic])
        prompts, sentences = TOPICS[topic]
        index = rng.randrange(len(prompts))
        opener, prompt = rng.choice(OPENERS), prompts[index]
        if opener.endswith(","):
            prompt = prompt if re.match(r"I\b", prompt) else prompt[0].lower() + prompt[1:]
        parts = [opener, prompt, rng.choice(CONTEXTS) if rng.random() < 0.4 else "", rng.choice(TAILS)]
        user = " ".join(part for part in parts if part)
        if user in used or not USER_CHARS[0] <= len(user) <= USER_CHARS[1]:
            continue
        last_topic[:] = [topic]
        rest = tuple(sentence for position, sentence in enumerate(sentences) if position != index)
        return user, _assistant(rng, sentences[index], rest)
    raise ValueError("could not make a new filler turn")


def _check(script: RecallScript) -> None:
    """Refuse a script whose answers leak into other turns or the probes, or whose turns repeat."""
    texts = [" ".join(script.turn_text(t).split()).casefold() for t in range(1, len(script.user_turns) + 1)]
    if len(set(script.user_turns)) != len(script.user_turns):
        raise ValueError("two turns share the same user message")
    probes = [" ".join(q.text.split()).casefold() for q in script.all_questions()]
    for fact in script.facts:
        answer = " ".join(fact.answer.split()).casefold()
        where = [index + 1 for index, text in enumerate(texts) if answer in text]
        if where != [fact.turn]:
            raise ValueError(f"answer {fact.answer!r} of {fact.key} found in turns {where}")
        if any(answer in probe for probe in probes):
            raise ValueError(f"answer {fact.answer!r} of {fact.key} leaks into a question")


def build_script(turns: int = 320, seed: int = 7) -> RecallScript:
    """The same conversation for the same arguments: planted facts, distractors, filler and probes."""
    if turns < CHECKPOINTS[-1]:
        raise ValueError(f"the script needs at least {CHECKPOINTS[-1]} turns")
    rng = random.Random(seed)
    dates = _day_plan(turns, rng)
    planted = _plant(turns, dates, rng)
    users: list[str | None] = [None] * turns
    replies: list[str | None] = [None] * turns
    users[0] = ("Hi! I'm going to use this chat as a running notebook for the next couple of months, so bear "
                "with me if I jump between topics.")
    replies[0] = ("Hello! That works well for me. Tell me whatever you want me to "
                  "keep track of, ask questions whenever you like, and I'll do my "
                  "best to remember the details and help you plan around them.")
    facts: dict[str, Fact] = {}
    for turn, spec in sorted(planted.items()):
        users[turn - 1] = _fit_user(spec.user, spec.language)
        lead = spec.reply or rng.choice(ACKNOWLEDGEMENTS)
        replies[turn - 1] = _assistant(rng, lead, GENERIC_SENTENCES)
        side = "assistant" if spec.reply and spec.answer.casefold() not in spec.user.casefold() else "user"
        facts[spec.key] = Fact(spec.key, spec.category, turn, dates[turn - 1], spec.answer, side,
                               spec.language)
    free = [t for t in range(2, turns + 1) if t not in planted and t not in CHECKPOINTS]
    for spec in FACTS:
        fact_day = date.fromisoformat(facts[spec.key].date)
        for distractor in spec.distractors:
            options = [t for t in free if abs((date.fromisoformat(dates[t - 1]) - fact_day).days) >= 2]
            turn = rng.choice(options)
            free.remove(turn)
            users[turn - 1] = _fit_user(distractor, spec.language)
            replies[turn - 1] = _assistant(rng, rng.choice(ACKNOWLEDGEMENTS), GENERIC_SENTENCES)
    used = {text for text in users if text}
    last_topic: list[str] = []
    for index in range(turns):
        if users[index] is None:
            user, reply = _filler(rng, used, last_topic)
            users[index], replies[index] = user, reply
            used.add(user)
    ordered = sorted(facts.values(), key=lambda fact: fact.turn)
    script = RecallScript([u or "" for u in users], [r or "" for r in replies], dates, ordered)
    script.questions = _ask(planted, facts, dates, rng)
    _check(script)
    return script


def content_words(text: str) -> set[str]:
    """Lowercased words of four or more letters that carry meaning, for checking paraphrases."""
    return {word for word in re.findall(r"\w+", text.casefold()) if len(word) >= 4 and word not in STOP_WORDS}
