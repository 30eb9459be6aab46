"""The people, places, things and events a turn names, as lower-cased keys: a question that names one pulls
every turn naming it, and the turns it finds name others, followed one step further (question -> turn -> entity
-> turns). No model: capitalized phrases in English, nouns without their particles in Korean, runs of Chinese
characters between function characters."""

import math
import re
from collections import Counter
from collections.abc import Container, Iterable, Sequence

from graph.recall.fusion import fuse
from graph.request.words import GREETING, PASTED_LINE_START, STOP_WORDS

MAX_WORDS = 4  # a longer capitalized run is a heading or a shout, not a name
SECOND_HOP_FROM = 5  # the best turns whose entities are followed
RARE_SHARE = 0.05  # an entity in more of the session's turns than this names everything (a speaker, a pet)
CANDIDATES = 200
ENTITIES_PER_VECTOR = 8  # turns whose entities are stored per turn embedded, for a session indexed before them

_CAPITALIZED = r"[A-Z][\w'’-]*"
_RUN = re.compile(rf"{_CAPITALIZED}(?:(?:\s+(?:of|the|de|da|von|van))*\s+{_CAPITALIZED})*")
_SENTENCE = re.compile(r"(?<=[.!?…])\s+|\n")
_PASTED = re.compile(PASTED_LINE_START)
_HANGUL = re.compile(r"[가-힣]{2,}")
_PARTICLE = re.compile(r"(?:에서|에게|한테|으로|이랑|하고|까지|부터|처럼|보다|"
                       r"은|는|이|가|을|를|에|의|도|로|와|과|랑|만)$")
_VERB_ENDING = re.compile(r"(?:다|요|아|어|고|지|게|네|데|죠|까|서|며|면|니)$")  # a verb or an adjective, not a noun
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
_HAN_FUNCTION = re.compile(r"[的了是在和有我你他她们这那吗呢吧把被就都也还很去来到说要会给跟对让]")
_OPENING = " \t\"'“‘(*-–—"
_INTERJECTION = re.compile(rf"{GREETING}|(?i:bye|anytime|glad|well|sorry|aw+|ah+|ooh?|woah|whoa|nice|cool|great|sure)")
_NOT_NAMES = frozenset({"i", "i'm", "i've", "i'll", "i'd", "ok", "okay", "omg", "lol"}) | STOP_WORDS


def _key(words: Sequence[str]) -> str | None:
    """A run of words as one key (possessive dropped), or None for a pronoun or a stop word alone."""
    key = " ".join(words).lower().replace("’", "'").removesuffix("'s")
    return None if key in _NOT_NAMES or len(key) < 2 else key


def _english(sentence: str) -> set[str]:
    """Capitalized runs of a sentence; its first word only inside a longer run of names (every sentence starts
    with a capital, and a greeting often leads a name: "Wow Joanna")."""
    found = set()
    sentence = sentence.lstrip(_OPENING)
    for match in _RUN.finditer(sentence):
        words = [word for word in match.group().split() if word.lower() not in _NOT_NAMES or word.islower()]
        if match.start() == 0 and words and (len(words) == 1 or _INTERJECTION.fullmatch(words[0])):
            words = words[1:]
        if words and len(words) <= MAX_WORDS and (key := _key(words)):
            found.add(key)
    return found


def _korean_nouns(line: str) -> set[str]:
    """Korean words that end in a particle, without it, and bare words that do not end like a verb."""
    nouns = set()
    for word in _HANGUL.findall(line):
        noun = _PARTICLE.sub("", word)
        if len(noun) >= 2 and (noun != word or not _VERB_ENDING.search(word)):
            nouns.add(noun)
    return nouns


def entities_of(text: str) -> frozenset[str]:
    """The entity keys a text names."""
    found: set[str] = set()
    for line in text.splitlines():
        line = _PASTED.sub("", line, count=1)
        for sentence in _SENTENCE.split(line):
            found |= _english(sentence.strip())
        found.update(_korean_nouns(line))
        found.update(part for run in _HAN_RUN.findall(line) for part in _HAN_FUNCTION.split(run) if len(part) >= 2)
    return frozenset(found - STOP_WORDS)


def named_in(text: str, known: Container[str]) -> set[str]:
    """The known entity keys a question names, whatever its capitalization."""
    words = re.findall(r"[\w'’-]+", text.lower().replace("’", "'"))
    grams = {" ".join(words[i:i + n]).removesuffix("'s") for n in range(1, MAX_WORDS + 1)
             for i in range(len(words) - n + 1)}
    return {key for key in grams | entities_of(text) if key in known}  # no set of every entity per question


def rare(entities: Iterable[str], turns_naming: Counter[str], turn_count: int) -> set[str]:
    """The entities named in few enough of the session's turns to point at a subject."""
    limit = max(2.0, turn_count * RARE_SHARE)
    return {entity for entity in entities if 0 < turns_naming[entity] <= limit}


def turns_naming_any(entities: dict[str, float], named: dict[int, frozenset[str]], below_turn: int,
                     turns_naming: Counter[str], turn_count: int, skip: Iterable[int] = ()) -> list[int]:
    """Turns before `below_turn` naming the entities, best first by each entity's weight times its rarity."""
    skipped = set(skip)
    scores: dict[int, float] = {}
    for turn, names in named.items():
        if turn >= below_turn or turn in skipped:
            continue
        score = sum(weight * math.log(turn_count / turns_naming[entity])
                    for entity, weight in entities.items() if entity in names)
        if score > 0:
            scores[turn] = score
    return sorted(scores, key=lambda turn: (-scores[turn], -turn))[:CANDIDATES]


def second_hop(first: Sequence[int], named: dict[int, frozenset[str]], asked: set[str], below_turn: int,
               turns_naming: Counter[str], turn_count: int) -> list[int]:
    """The turns that name what the best turns name (rare entities only, not those the question named)."""
    followed: Counter[str] = Counter()
    for turn in first[:SECOND_HOP_FROM]:
        followed.update(rare(named.get(turn, frozenset()), turns_naming, turn_count) - asked)
    if not followed:
        return []
    return turns_naming_any(dict(followed), named, below_turn, turns_naming, turn_count, first[:SECOND_HOP_FROM])


def by_entities(text: str, named: dict[int, frozenset[str]], turns_naming: Counter[str], speakers: Sequence[str],
                rankings: Sequence[Sequence[int]], below_turn: int) -> list[list[int]]:
    """Two rankings more: the turns naming the rare entities the question names (its speakers aside: they name
    half the conversation), and the turns naming what the best of all rankings then name (the second hop)."""
    count = len(named)
    speaking = {name.lower() for name in speakers}
    asked = rare(named_in(text, turns_naming), turns_naming, count) - speaking
    added = [turns_naming_any(dict.fromkeys(asked, 1.0), named, below_turn, turns_naming, count)] if asked else []
    if hop := second_hop(fuse([*rankings, *added]), named, asked | speaking, below_turn, turns_naming, count):
        added.append(hop)
    return added
