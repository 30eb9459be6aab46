"""What a word is, in every language the app is written in: English and other spaced scripts by their runs of
letters and digits, Korean by its morphemes (Kiwi: nouns and verb or adjective stems, particles and endings
dropped), Chinese by its words (jieba, with each word's characters and a longer word's pairs of characters, so a
name inside a run is found). The index, a question's words, quoting, names and the search across chats all read
words here, so each finds what another stored. The index also keeps the parts a Korean noun is read as, as
Elasticsearch's nori decompounds (제주도 -> 제주, 콩이 -> 콩), so a word said inside a longer one is found."""

import re
from functools import lru_cache

from state.language.normal_form import searchable
from state.language.segmenters import CACHED_TEXTS, HAN, HAN_RUN, korean_tokens, load, make_jieba, make_kiwi

_HANGUL = re.compile(r"[가-힣]")
_SPACED_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_KANA = "\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f"  # Japanese hiragana and katakana, half-width katakana too
_GLUED = f"가-힣ㄱ-ㆎ{_KANA}{HAN}"  # scripts written without spaces between words or before their particles
_GLUED_CHAR = re.compile(f"[{_GLUED}]")
_GLUED_RUN = re.compile(f"[{_GLUED}]+")
_KANA_RUN = re.compile(r"[\u3040-\u309f]+|[\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]+")  # hiragana, katakana
_LETTER = re.compile(r"[^\W\d_]")
_NOUN_TAGS = ("NNG", "NNP", "NR")
KOREAN_KEPT_TAGS = ("NNG", "NNP", "NR", "XR", "VV", "VA")  # nouns, numerals, roots, verb and adjective stems
KOREAN_LIGHT_STEMS = frozenset("하 되 있 없 이 아니 같 싶 않 가 오 주".split())  # stems nearly every sentence has
COMPOUND_READINGS = 5  # Kiwi's likeliest readings of a noun on its own, weighed for its parts
COMPOUND_MARGIN = 12.0  # how much less likely (log-probability) than the whole word a reading into parts may be
_PART_TAGS = ("NNG", "NNP", "NNB", "NR", "XSN")  # what a compound's parts are read as: nouns and noun suffixes
_HANGUL_WORD = re.compile(r"[가-힣]+")

def _name_stem(form: str) -> str | None:
    """A name said with the 이 that follows a name ending in a consonant (민석이, 하영이), without it."""
    if len(form) < 3 or not form.endswith("이"):
        return None
    return form[:-1] if (ord(form[-2]) - ord("가")) % 28 else None


@lru_cache(maxsize=CACHED_TEXTS)
def noun_parts(noun: str) -> tuple[str, ...]:
    """The parts a Korean noun is found by too, as Kiwi reads the noun on its own: a name without the 이 said
    after it (콩이 -> 콩), or the parts of two syllables or more of a compound, each part but a one-syllable
    ending a word of its own (제주도 -> 제주, 성수동 -> 성수, 김치찌개 -> 김치, 찌개). None for a word Kiwi reads
    whole (고양이, 스타벅스), so 제주 finds 제주도 and 제주시 but not every 제-word."""
    if len(noun) < 2 or not _HANGUL_WORD.fullmatch(noun):
        return ()
    readings = [([(token.form, str(token.tag)) for token in tokens], score)
                for tokens, score in load("kiwi", make_kiwi).analyze(noun, top_n=COMPOUND_READINGS)]
    best, best_score = readings[0]
    if len(best) == 2 and best[1][0] == "이" and best[0][1].startswith(_NOUN_TAGS) and best[0][0] + "이" == noun:
        return (best[0][0],)
    for pieces, score in readings if len(noun) > 2 else []:
        if best_score - score > COMPOUND_MARGIN:
            break
        if (len(pieces) > 1 and "".join(form for form, _ in pieces) == noun
                and all(tag.startswith(_PART_TAGS) for _, tag in pieces)
                and all(len(form) > 1 for form, _ in pieces[:-1]) and pieces[-1][0] != "이"):
            return tuple(form for form, _ in pieces if len(form) > 1)
    return ()


def _korean(text: str, with_stems: bool, with_parts: bool = False) -> list[str]:
    """Kiwi's nouns of a text (and verb or adjective stems, `with_stems`), in order; a noun Kiwi cut in pieces (a
    name it does not know: 민석 -> 민 / 석, or a compound) whole too, and a name without its 이; each noun's parts
    (`noun_parts`) after it, `with_parts`."""
    found: list[str] = []
    pieces: list[str] = []
    for form, tag, starts in [*korean_tokens(text), ("", "", True)]:
        if starts or not tag.startswith(_NOUN_TAGS):
            if len(pieces) > 1:
                found.append("".join(pieces))
            pieces = []
        if tag.startswith(_NOUN_TAGS) and (starts or pieces):
            pieces.append(form)
        kept = tag.startswith(_NOUN_TAGS) or (with_stems and tag.startswith(KOREAN_KEPT_TAGS)
                                               and form not in KOREAN_LIGHT_STEMS)
        if kept and _HANGUL.search(form):
            found.append(form)
            if tag == "NNP" and (stem := _name_stem(form)):
                found.append(stem)
            if with_parts and tag.startswith(_NOUN_TAGS):
                found += noun_parts(form)
    return found


def korean_words(text: str) -> list[str]:
    """The Korean nouns and verb or adjective stems of a text, in order ("지우가 콩이랑 산책했어" -> 지우, 콩,
    산책): a word is found whatever particle or ending it was said with."""
    return _korean(text, with_stems=True)


def korean_nouns(text: str) -> list[str]:
    """The Korean nouns of a text, in order, without their particles: what a name or a thing is said as."""
    return _korean(text, with_stems=False)


def chinese_words(text: str, with_parts: bool = True, with_characters: bool = True) -> list[str]:
    """The Chinese words of a text (jieba), each followed (`with_parts`) by its characters (unless not
    `with_characters`), and a longer word also by its pairs of characters: "房东周叔发" is cut as 房东 / 周叔发, and
    周叔 must still find it."""
    found = []
    for run in HAN_RUN.findall(text):
        for word in load("jieba", make_jieba).lcut(run, HMM=True):
            found.append(word)
            if with_parts and with_characters and len(word) > 1:
                found += list(word)
            if with_parts and len(word) > 2:
                found += [word[i:i + 2] for i in range(len(word) - 1)]
    return found


def kana_words(text: str) -> list[str]:
    """A Japanese text's runs of hiragana and of katakana, in order (a loanword in katakana is one run: タワー in
    東京タワーに), its kanji being read as Chinese words: no Japanese segmenter is bundled."""
    return _KANA_RUN.findall(text)


def _inside(token: str) -> list[str]:
    """The words with a letter of another script inside a run of glued characters and letters ("iphone을")."""
    return [part for part in _SPACED_WORD.findall(_GLUED_RUN.sub(" ", token)) if _LETTER.search(part)]


def inside_glued(text: str) -> list[str]:
    """The words of another script said inside a run of Korean, Chinese or Japanese, each with a letter, in order:
    iphone in "iPhone을", python in "Python으로", iphone in "买了iPhone手机" (a tokenizer keeps the run whole)."""
    return [part for token in _SPACED_WORD.findall(text) if _GLUED_CHAR.search(token) for part in _inside(token)]


def _spaced_words(text: str) -> list[str]:
    """The words of spaced scripts in order: runs of letters and digits, and the words said inside a glued run."""
    return [part for token in _SPACED_WORD.findall(text)
            for part in (_inside(token) if _GLUED_CHAR.search(token) else [token])]


@lru_cache(maxsize=CACHED_TEXTS)
def _glued_words(text: str) -> tuple[str, ...]:
    """Korean, Chinese and Japanese words of a text, cached: a sentence is weighed many times while a quote is
    chosen."""
    return (*korean_words(text), *chinese_words(text), *kana_words(text))


def glued_words(text: str) -> list[str]:
    """The words of a text's Korean, Chinese and Japanese, which no space separates from their particles or
    neighbours."""
    text = searchable(text)
    return list(_glued_words(text)) if _GLUED_CHAR.search(text) else []


def is_glued(word: str) -> bool:
    """Whether a word is Korean, Chinese or Japanese (searched by its segmented form, not as written)."""
    return bool(_GLUED_CHAR.search(word))


def words(text: str) -> list[str]:
    """Every word of a text, lower-cased, in a form another text's same word has: spaced words as written (a
    stemmer may reduce them further), Korean, Chinese and Japanese segmented; composed and without direction
    marks first (`searchable`), so a word typed decomposed finds it composed."""
    text = searchable(text).lower()
    return _spaced_words(text) + glued_words(text)


@lru_cache(maxsize=CACHED_TEXTS)
def _index_words(text: str) -> tuple[str, ...]:
    """A text's glued words as the index keeps them, cached: a turn is indexed, then searched for."""
    return (*_korean(text, with_stems=True, with_parts=True), *chinese_words(text), *kana_words(text),
            *inside_glued(text))


def index_words(text: str) -> list[str]:
    """The words the index keeps of a text beside it, which its tokenizer cannot read there: its Korean, Chinese
    and Japanese words (`glued_words`) with the parts of each Korean noun (`noun_parts`: 제주도 is kept as 제주도
    and 제주, 콩이 as 콩이 and 콩), and the words of another script inside their runs (iPhone in iPhone을); read
    composed and without direction marks (`searchable`)."""
    text = searchable(text)
    return list(_index_words(text)) if _GLUED_CHAR.search(text) else []


def searched_forms(word: str) -> list[str]:
    """The forms a searched word is looked for in the index: a Korean or Chinese word as written and as the index
    reads it (제주도에서 -> 제주도, 제주; a Chinese word with the pairs of characters of a longer one, not its single
    characters, so 成都 does not find every 都); any other word as written."""
    return list(_searched_forms(word)) if is_glued(word) else [word]


@lru_cache(maxsize=CACHED_TEXTS)
def _searched_forms(word: str) -> tuple[str, ...]:
    """A Korean or Chinese word's searched forms, cached: a search reads them again for each excerpt it marks."""
    return tuple(dict.fromkeys([word, *_korean(word, with_stems=True, with_parts=True),
                                *chinese_words(word, with_characters=False), *kana_words(word)]))


def searched_words(words: list[str]) -> list[str]:
    """Every form of every searched word (`searched_forms`), each once, in order: what both backends look for."""
    return list(dict.fromkeys(form for word in words for form in searched_forms(word)))


def index_text(text: str) -> str:
    """What the full-text index stores beside a text: its Korean and Chinese words with their parts
    (`index_words`), space-separated ('' for a text without any), so both backends' tokenizers read them as
    words."""
    return " ".join(index_words(text))
