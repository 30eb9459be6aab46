"""The people, places, things and events a turn names, as lower-cased keys: a question that names one pulls
every turn naming it, and the turns it finds name others, followed one step further (question -> turn -> entity
-> turns). No model: capitalized phrases in English, nouns (Kiwi) and a surname with its title ("황 사장님") in
Korean, words (jieba) and the ways people are called (老王, 周叔, 小林) in Chinese; the words of one relation in
a language are one key (동생, 여동생)."""

import math
import re
from collections import Counter
from collections.abc import Container, Iterable, Sequence

from graph.recall.fusion import fuse
from graph.recall.relations import related
from graph.request.words import GREETING, PASTED_LINE_START, STOP_WORDS
from state.language.sentences import split_sentences
from state.words import chinese_words, korean_nouns

MAX_WORDS = 4  # a longer capitalized run is a heading or a shout, not a name
SECOND_HOP_FROM = 5  # the best turns whose entities are followed
RARE_SHARE = 0.05  # an entity in more of the session's turns than this names everything (a speaker, a pet)
CANDIDATES = 200
ENTITIES_PER_VECTOR = 8  # turns whose entities are stored per turn embedded, for a session indexed before them

_CAPITALIZED = r"[A-Z][\w'’-]*"
_RUN = re.compile(rf"{_CAPITALIZED}(?:(?:\s+(?:of|the|de|da|von|van))*\s+{_CAPITALIZED})*")
_PASTED = re.compile(PASTED_LINE_START)
_SURNAMES = ("김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하곽성차주우구민진나지엄채원천방공현함변"
             "염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용")
_TITLES = ("사장|과장|원장|소장|부장|팀장|실장|대표|선생|교수|기사|반장|차장|대리|주임|이사|감독|코치|작가"
           "|변호사|세무사|약사|간호사|회장|국장|박사|집사|목사|신부|수녀|씨")
_TITLED = re.compile(rf"(?<![가-힣])([{_SURNAMES}])\s?({_TITLES})"
                     r"(?=님|[^가-힣]|[은는이가을를의에께도랑과와한]|$)")  # 황 사장님: a one-syllable surname
_CHINESE_CALLED = re.compile(r"[老小阿][\u4e00-\u9fff](?=[^\u4e00-\u9fff]|[的是在和说给跟帮也都又还就要把被让叫]|$)"
                             r"|[\u4e00-\u9fff](?:叔|姨|哥|姐|总|伯|婶|舅|老师|师傅|医生|大夫|经理|阿姨|律师|教练)")
_CHINESE_FUNCTION = frozenset("""
的 了 是 在 和 有 我 你 他 她 们 这 那 吗 呢 吧 把 被 就 都 也 还 很 去 来 到 说 要 会 给 跟 对 让
我们 你们 他们 她们 自己 什么 怎么 这个 那个 一下 已经 现在 今天 明天 昨天 时候 知道 觉得 没有
可以 因为 所以 但是 然后 还是 就是 一起 一个 真的
""".split())
_OPENING = " \t\"'“‘(*-–—"
_INTERJECTION = re.compile(rf"{GREETING}|(?i:bye|anytime|glad|well|sorry|aw+|ah+|ooh?|woah|whoa|nice|cool|great|sure)")
_NOT_NAMES = frozenset({"i", "i'm", "i've", "i'll", "i'd", "ok", "okay", "omg", "lol"}) | STOP_WORDS


def _key(words: Sequence[str]) -> str | None:
    """A run of words as one key (possessive dropped), or None for a pronoun or a stop word alone."""
    key = " ".join(words).lower().replace("’", "'").removesuffix("'s")
    return None if key in _NOT_NAMES or len(key) < 2 else key


def _english(sentence: str, known: Container[str]) -> set[str]:
    """Capitalized runs of a sentence; its first word only inside a longer run of names (every sentence starts
    with a capital, and a greeting often leads a name: "Wow Joanna"), or alone when it is a name already known
    ("Hayoung is an interpreter" after "climbing with Hayoung")."""
    found = set()
    sentence = sentence.lstrip(_OPENING)
    for match in _RUN.finditer(sentence):
        words = [word for word in match.group().split() if word.lower() not in _NOT_NAMES or word.islower()]
        alone = len(words) == 1
        if match.start() == 0 and words and (alone or _INTERJECTION.fullmatch(words[0])) and not (
                alone and _key(words) in known):
            words = words[1:]
        if words and len(words) <= MAX_WORDS and (key := _key(words)):
            found.add(key)
    return found


def _korean(line: str) -> set[str]:
    """Korean nouns without their particles (one-syllable ones are too often a bound word to name anything), and
    the people called by a surname and a title, by both ("황 사장님" -> "황 사장")."""
    found = {noun for noun in korean_nouns(line) if len(noun) >= 2}
    return found | {f"{surname} {title}" for surname, title in _TITLED.findall(line)}


def _chinese(line: str) -> set[str]:
    """Chinese words of two characters or more, and the ways people are called (老王, 周叔, 小林), found in the run
    as written, however a word boundary fell."""
    found = {word for word in chinese_words(line, with_parts=False) if len(word) >= 2 and word not in _CHINESE_FUNCTION}
    return found | set(_CHINESE_CALLED.findall(line))


def _with_relations(keys: set[str]) -> set[str]:
    """The keys, each word of a relation with its group's key too (여동생 -> 동생)."""
    return keys | {group for key in keys if (group := related(key))}


def entities_of(text: str, known: Container[str] = frozenset()) -> frozenset[str]:
    """The entity keys a text names (a sentence's first word too when it is one of the `known` names)."""
    found: set[str] = set()
    for line in text.splitlines():
        line = _PASTED.sub("", line, count=1)
        for sentence in split_sentences(line):
            found |= _english(sentence, known)
        found |= _korean(line) | _chinese(line)
    return frozenset(_with_relations(found) - STOP_WORDS)


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
