"""Can plain retrieval bring an old turn back? BM25 (SQLite FTS5), sentence embeddings and hybrids on the script."""

import math
import re
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from bench.recall_measure import answer_present, approx_tokens, summarize_results
from bench.recall_script import Question, RecallScript, build_script

BUDGET_TOKENS = 1000
RRF_K = 60
CANDIDATES = 60
RELATIVE_DATES = {"last week": 7, "two weeks ago": 14, "three weeks ago": 21, "a month ago": 30,
                  "yesterday": 1, "the day before yesterday": 2}
QUERY_STOP_WORDS = frozenset("""
a about above after again all also am an and any are as at be been before being but by can could did
do does doing for from had has have having he her here him his how i if in into is it its just me
mine my myself no nor not now of on once only or our ours out over own same she should so some such
than that the their them then there these they this those through to too under until up very was we
were what when where which while who whom why will with would you your yours told tell say said ago
last week weeks month year day yesterday two three remember much many
""".split())
SUFFIXES = ("ations", "ation", "ings", "ing", "ies", "ied", "ers", "er", "ed", "es", "ly", "s")

Ranker = Callable[[Question], list[int]]


@dataclass
class Corpus:
    """The script's turns as retrieval rows: one row per turn, user and assistant text together."""

    script: RecallScript
    texts: list[str]
    tokens: list[int]

    @classmethod
    def of(cls, script: RecallScript) -> "Corpus":
        """Rows for every turn of a script."""
        texts = [script.turn_text(turn) for turn in range(1, len(script.user_turns) + 1)]
        return cls(script, texts, [approx_tokens(text) for text in texts])

    def fill(self, ranked: Sequence[int], budget: int = BUDGET_TOKENS) -> list[int]:
        """The best whole turns, in rank order, that fit in the token budget."""
        chosen: list[int] = []
        used = 0
        for turn in ranked:
            if used + self.tokens[turn - 1] <= budget:
                chosen.append(turn)
                used += self.tokens[turn - 1]
        return chosen


def words(text: str) -> list[str]:
    """Lowercased word tokens of a text."""
    return re.findall(r"\w+", text.casefold())


def stem(word: str) -> str:
    """A crude stem for prefix queries: common English endings cut, CJK particles dropped."""
    if not word.isascii():
        return word[:-1] if len(word) >= 3 else word
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    return word[:6]


def _quoted(term: str, prefix: bool = False) -> str:
    """One FTS5 string, escaped, optionally a prefix query."""
    return '"' + term.replace('"', '""') + '"' + ("*" if prefix else "")


def fts_query(text: str, drop_stop: bool = False, prefix: str = "") -> str:
    """An OR query over a question's words: all of them, without stop words, or as prefixes (word*/stem*)."""
    terms = [w for w in words(text) if not (drop_stop and w in QUERY_STOP_WORDS)]
    if prefix == "stem":
        terms = [stem(w) for w in terms]
    unique = list(dict.fromkeys(t for t in terms if t))
    return " OR ".join(_quoted(term, bool(prefix)) for term in unique)


class Fts:
    """An in-memory FTS5 index of the turns with one tokenizer."""

    def __init__(self, corpus: Corpus, tokenizer: str = "unicode61") -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE turns USING "
                        f"fts5(body, turn UNINDEXED, tokenize='{tokenizer}')")
        self.db.executemany("INSERT INTO turns(body, turn) VALUES (?, ?)",
                            [(text, index + 1) for index, text in enumerate(corpus.texts)])

    def rank(self, query: str, before: int, limit: int = CANDIDATES) -> list[int]:
        """Turns up to `before`, best BM25 first."""
        if not query:
            return []
        rows = self.db.execute("SELECT turn FROM turns WHERE turns MATCH ? AND turn <= ? "
                               "ORDER BY bm25(turns) LIMIT ?", (query, before, limit)).fetchall()
        return [int(row[0]) for row in rows]


def trigram_query(text: str) -> str:
    """An OR query of the question's words of three or more characters, for the trigram tokenizer."""
    terms = [w for w in words(text) if len(w) >= 3 and w not in QUERY_STOP_WORDS]
    return " OR ".join(_quoted(term) for term in dict.fromkeys(terms))


def strip_relative_date(text: str) -> tuple[str, int | None]:
    """The question without its relative date phrase, and how many days back that phrase points."""
    for phrase, days in sorted(RELATIVE_DATES.items(), key=lambda item: -len(item[0])):
        if phrase in text.casefold():
            cleaned = re.sub(r"\bI told you\b", "", re.sub(re.escape(phrase), "", text, flags=re.I))
            return cleaned, days
    return text, None


def rrf(*rankings: Sequence[int], k: int = RRF_K, weights: Sequence[float] | None = None) -> list[int]:
    """Reciprocal rank fusion of several rankings, optionally weighted."""
    scores: dict[int, float] = {}
    for ranking, weight in zip(rankings, weights or [1.0] * len(rankings), strict=True):
        for position, turn in enumerate(ranking):
            scores[turn] = scores.get(turn, 0.0) + weight / (k + position + 1)
    return sorted(scores, key=lambda turn: -scores[turn])


def lead(first: Sequence[int], second: Sequence[int], count: int) -> list[int]:
    """The first ranking's top `count` turns, then the second ranking, then the rest of the first."""
    head = list(first[:count])
    return head + [t for t in second if t not in head] + [t for t in first[count:] if t not in second]


class Embeddings:
    """The engine's sentence vectors of every turn (the model its package ships)."""

    def __init__(self, corpus: Corpus) -> None:
        import numpy

        from graph.recall.embeddings import embed, embed_query

        started = time.perf_counter()
        self.embed_query = embed_query
        self.matrix = embed(corpus.texts)
        self.build_seconds = time.perf_counter() - started
        self.numpy = numpy

    def rank(self, text: str, before: int, limit: int = CANDIDATES) -> list[int]:
        """Turns up to `before`, most similar first."""
        query = self.embed_query(text)
        scores = self.matrix[:before] @ query
        order = self.numpy.argsort(-scores)[:limit]
        return [int(index) + 1 for index in order]


def date_window(corpus: Corpus, question: Question, days_back: int, ranking: Sequence[int],
                spread: int = 2) -> list[int]:
    """Turns said around the date a relative phrase points to come first, in the ranking's order."""
    target = date.fromisoformat(question.asked_date) - timedelta(days=days_back)
    dates = corpus.script.turn_dates

    def near(turn: int) -> bool:
        return abs((date.fromisoformat(dates[turn - 1]) - target).days) <= spread

    window = [t for t in range(1, question.asked_turn + 1) if near(t)]
    ranked_in_window = [t for t in ranking if t in set(window)]
    rest_of_window = [t for t in window if t not in set(ranked_in_window)]
    return ranked_in_window + rest_of_window + [t for t in ranking if not near(t)]


def run(corpus: Corpus, questions: Sequence[Question], ranker: Ranker, budget: int = BUDGET_TOKENS) -> dict:
    """Recall of one retrieval method over the probes, with the time it takes per query."""
    rows = []
    started = time.perf_counter()
    for question in questions:
        chosen = corpus.fill(ranker(question), budget)
        text = "\n".join(corpus.texts[turn - 1] for turn in chosen)
        rows.append({"answered": answer_present(text, question), "paraphrased": question.paraphrased,
                     "context_tokens": sum(corpus.tokens[turn - 1] for turn in chosen),
                     "anchored": question.days_ago is not None})
    elapsed = time.perf_counter() - started
    result = summarize_results(rows)
    anchored = [row for row in rows if row["anchored"]]
    result["anchored_share"] = sum(r["answered"] for r in anchored) / len(anchored) if anchored else None
    result["ms_per_query"] = 1000 * elapsed / max(len(questions), 1)
    return result


def methods(corpus: Corpus, embeddings: "Embeddings | None") -> dict[str, Ranker]:
    """Every retrieval variant the probe compares, by name."""
    plain, porter, trigram = Fts(corpus), Fts(corpus, "porter unicode61"), Fts(corpus, "trigram")

    def bm25(drop_stop: bool = False, prefix: str = "", index: Fts = plain) -> Ranker:
        return lambda q: index.rank(fts_query(q.text, drop_stop, prefix), q.asked_turn)

    def stemmed(text: str, before: int) -> list[int]:
        return plain.rank(fts_query(text, True, "stem"), before)

    def dated(ranker: Callable[[str, int], list[int]]) -> Ranker:
        def rank(question: Question) -> list[int]:
            text, days = strip_relative_date(question.text)
            ranking = ranker(text, question.asked_turn)
            return date_window(corpus, question, days, ranking) if days is not None else ranking
        return rank

    table: dict[str, Ranker] = {
        "recent turns only (sliding window)": lambda q: list(range(q.asked_turn, 0, -1)),
        "bm25, all words": bm25(),
        "bm25, stop words dropped": bm25(True),
        "bm25, stop words dropped, word*": bm25(True, "word"),
        "bm25, stop words dropped, stem*": lambda q: stemmed(q.text, q.asked_turn),
        "bm25, porter tokenizer, stop words dropped": bm25(True, index=porter),
        "bm25, trigram tokenizer, stop words dropped": lambda q: trigram.rank(trigram_query(q.text),
                                                                              q.asked_turn),
        "bm25 stem* + date window (+-2 days)": dated(stemmed),
    }
    if embeddings is not None:
        def both(text: str, before: int) -> tuple[list[int], list[int]]:
            return stemmed(text, before), embeddings.rank(text, before)

        table |= {
            "sentence embeddings": lambda q: embeddings.rank(q.text, q.asked_turn),
            "hybrid RRF k=60: bm25 stem* + embeddings": lambda q: rrf(*both(q.text, q.asked_turn)),
            "hybrid RRF k=10, embeddings weight 2": lambda q: rrf(*both(q.text, q.asked_turn), k=10,
                                                                  weights=(1, 2)),
            "hybrid: bm25 stem* top 2, then embeddings": lambda q: lead(*both(q.text, q.asked_turn), 2),
            "hybrid RRF k=60 + date window (+-2 days)": dated(lambda text, before: rrf(*both(text, before))),
            "hybrid bm25 top 2, then embeddings + date window": dated(
                lambda text, before: lead(*both(text, before), 2)),
        }
    return table


def _pct(value: float | None) -> str:
    """A share as a percentage, or a dash."""
    return "-" if value is None or math.isnan(value) else f"{100 * value:5.1f}%"


def main() -> None:
    """Print the recall of every method as Markdown tables: at the 1,000-token budget, then by budget."""
    script = build_script()
    questions = script.all_questions()
    started = time.perf_counter()
    corpus = Corpus.of(script)
    Fts(corpus)
    fts_ms = (time.perf_counter() - started) * 1000
    try:
        embeddings: Embeddings | None = Embeddings(corpus)
    except ImportError:
        embeddings = None
    print(f"{len(questions)} probes ({sum(q.paraphrased for q in questions)} paraphrased, "
          f"{sum(q.days_ago is not None for q in questions)} with a relative date), "
          f"budget {BUDGET_TOKENS} tokens of whole turns from turns 1..checkpoint")
    print(f"FTS5 index of {len(corpus.texts)} turns built in {fts_ms:.0f} ms")
    if embeddings is not None:
        seconds = embeddings.build_seconds
        print(f"Embeddings: load + embed {len(corpus.texts)} turns in {seconds * 1000:.0f} ms")
    print()
    print("| method | all | paraphrased | direct | relative-date | mean tokens | ms/query |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    table = methods(corpus, embeddings)
    for name, ranker in table.items():
        r = run(corpus, questions, ranker)
        print(f"| {name} | {_pct(r['share'])} | {_pct(r['paraphrased_share'])} | {_pct(r['direct_share'])} | "
              f"{_pct(r['anchored_share'])} | {r['mean_context_tokens']:.0f} | {r['ms_per_query']:.2f} |")
    budgets = (250, 500, 1000, 2000, 4000)
    print()
    print("| method (all / paraphrased) | " + " | ".join(f"{b} tokens" for b in budgets) + " |")
    print("| --- | " + " | ".join("---:" for _ in budgets) + " |")
    for name in ("bm25, stop words dropped, stem*", "sentence embeddings",
                 "hybrid: bm25 stem* top 2, then embeddings"):
        if name not in table:
            continue
        cells = []
        for budget in budgets:
            r = run(corpus, questions, table[name], budget)
            cells.append(f"{_pct(r['share']).strip()} / {_pct(r['paraphrased_share']).strip()}")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
