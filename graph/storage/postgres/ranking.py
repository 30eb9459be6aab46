"""Rank rows for a set of words the way SQLite's FTS5 bm25 does, so score thresholds mean the same on both.

A row is a candidate when its tsvector has any of the words (each word as that tsvector's configuration
stores it: as written, or by its stem), or, for a word of a script written
without spaces between words or with particles glued on (Chinese, Japanese, Korean, Thai, ...), when its
text contains it (trigram index). Such a word counts fully where it stands alone and partly (by pg_trgm's
word_similarity, at least half) where it is part of a longer run. bm25 (k1 1.2, b 0.75, Lucene's
always-positive idf over the searched rows) sums the words up, and ts_rank_cd breaks ties. Scores are
positive, higher is better. A number is looked for signed too: PostgreSQL's parser reads the hyphen of
'LOCK-4417' as the sign of '-4417', where SQLite's tokenizer splits at it.
"""

import re
from typing import Any

from graph.storage.postgres.grams import GLUED_SCRIPTS, grams_of, grams_query
from graph.storage.postgres.sizes import sized_scope
from state.language.normal_form import BIDI_CONTROLS

K1 = 1.2
B = 0.75
PARTIAL_WEIGHT = 0.5  # the least an occurrence inside a longer word counts, whatever the locale's trigrams
SIMILARITY_MARGIN = 16  # characters either side of a word's first occurrence that word_similarity reads


SEPARATORS = "./@:_" + BIDI_CONTROLS  # where SQLite's tokenizer ends a word and PostgreSQL's parser may not
NON_ASCII = "~ '[^[:ascii:]]'"  # text with a character outside ASCII: the only text a glued word can be in
UNSIGNED_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")  # what the parser may have stored signed ('-4417', '+5')


def split_as_sqlite(text: str) -> str:
    """SQL for `text` with each of `SEPARATORS` made a space, so the parser cuts words where SQLite cuts them:
    report2026.pdf, Node.js and 2.14.3 are words of their parts, not a file, a host and a version."""
    return f"translate({text}, '{SEPARATORS}', '{' ' * len(SEPARATORS)}')"


def search_terms(words: list[str]) -> list[str]:
    """The distinct, lower-case words to look for."""
    return sorted({word.replace("\x00", "").lower() for word in words} - {""})


def search_forms(words: list[str]) -> list[tuple[str, str]]:
    """Each word to look for with each form a tsvector may hold it in: a number also with either sign, which the
    parser gives a number written after a hyphen or plus ('LOCK-4417', 'x+5'), as one word."""
    return [(word, form) for word in search_terms(words)
            for form in ((word, "-" + word, "+" + word) if UNSIGNED_NUMBER.fullmatch(word) else (word,))]


def glued(word: str) -> bool:
    """Whether a word is of a script whose words no tokenizer splits from their neighbours or particles."""
    return any(any(low <= ord(char) <= high for low, high in GLUED_SCRIPTS) for char in word)


def glued_terms(words: list[str]) -> list[str]:
    """The words to look for inside the text: those of a script written without spaces."""
    return [word for word in search_terms(words) if glued(word)]


def like_pattern(word: str) -> str:
    """An ILIKE pattern finding `word` anywhere, its wildcards escaped."""
    return "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def search_params(words: list[str], **params: Any) -> dict[str, Any]:
    """The named parameters `ranked_sql` needs for these words, with the query's own."""
    forms, inside = search_forms(words), glued_terms(words)
    return {**params, "words": [word for word, _ in forms], "forms": [form for _, form in forms],
            "glued": [glued(word) for word, _ in forms],
            **{f"p{index}": like_pattern(word) for index, word in enumerate(inside)},
            **{f"g{index}": grams_of(word) for index, word in enumerate(inside)},
            **{f"w{index}": form for index, (_, form) in enumerate(forms)}}


def tsquery(words: list[str], config: str = "simple") -> str:
    """SQL for the words (in each of their forms) OR-ed as a tsquery of `config`, a word the parser reads in parts
    as the phrase of its parts (as SQLite reads "1.5"); phraseto_tsquery keeps user text from being syntax."""
    return " || ".join(f"phraseto_tsquery('{config}', {split_as_sqlite(f'%(w{index})s')})"
                       for index in range(len(search_forms(words))))


def asks_glued(words: list[str]) -> bool:
    """Whether any of the words is of a script written without spaces (searched inside the text too)."""
    return any(glued(word) for word in search_terms(words))


def matching(words: list[str], text: str, tsv: str, config: str, grams: str | None = None) -> str:
    """SQL for a row holding any of the words: by its tsvector (the index's), or, with a glued word among them,
    inside its text too: looked up by its characters' `grams` where the table keeps them, by trigrams otherwise
    (the query written out, so that each part is looked up in its own index)."""
    if not asks_glued(words):
        return f"t.{tsv} @@ query.q"
    glued_count = len(glued_terms(words))
    if grams:
        inside = " OR ".join(f"(t.{grams} @@ {grams_query(f'g{index}')} AND {text} ILIKE %(p{index})s)"
                             for index in range(glued_count))
        return f"(t.{tsv} @@ ({tsquery(words, config)}) OR {inside})"
    inside = " OR ".join(f"{text} ILIKE %(p{index})s" for index in range(glued_count))
    return f"(t.{tsv} @@ ({tsquery(words, config)}) OR ({text} {NON_ASCII} AND ({inside})))"


def body(words: list[str], text: str) -> str:
    """SQL for a candidate's text, read only when a glued word is searched in it."""
    return text if asks_glued(words) else "NULL::text"


def ranked_sql(table: str, text: str, tsv: str, where: str, columns: str, words: list[str],
               config: str = "simple", grams: str | None = None, sized: bool = False) -> str:
    """A query of `columns` (of `table` as `c`) with its `score`, best first, for `search_params(words, ...)`.

    `text` is SQL for a row's text (of `t`); `where` scopes the rows searched (and those the word statistics
    count); `%(limit)s` caps the result;
    `config` is the text search configuration `tsv` was made with; `grams` the column of its glued runs' grams,
    where `table` has one; `table` stores each row's length in `chars`; `sized` reads the collection's statistics from
    its sessions' sizes (`sizes.py`; `where` then reads only `t.thread_id`) instead of counting its rows.
    A candidate's tsvector is cut to the words asked before its entries are read (two deletions in C instead of
    reading every word it holds), its text is read only for a glued word; only the best rows (and those tied
    with the last) are ranked by density, and only the rows returned are read whole.
    """
    scope = sized_scope(table, where) if sized else (
        f"SELECT count(*)::float8 AS n, GREATEST(COALESCE(avg(t.chars), 1), 1)::float8 AS avglen "
        f"FROM {table} AS t WHERE {where}")
    return f"""
    WITH query AS MATERIALIZED (SELECT {tsquery(words, config)} AS q),
    stems AS MATERIALIZED (
        SELECT w.word, w.glued,
               COALESCE((SELECT min(s.lexeme) FROM unnest(to_tsvector('{config}', {split_as_sqlite('w.form')})) AS s),
                        w.form) AS lexeme
        FROM unnest(%(words)s::text[], %(forms)s::text[], %(glued)s::boolean[]) AS w(word, form, glued)
    ),
    asked AS MATERIALIZED (SELECT array_agg(lexeme) AS lexemes FROM stems),
    candidates AS MATERIALIZED (
        SELECT row_number() OVER () AS rid, t.ctid AS ref, {body(words, text)} AS body, t.{tsv} AS tsv, t.chars
        FROM {table} AS t, query
        WHERE {where} AND {matching(words, text, tsv, config, grams)}
    ),
    scope AS MATERIALIZED ({scope}),
    whole AS MATERIALIZED (
        SELECT c.rid, st.word, sum(COALESCE(array_length(l.positions, 1), 1))::float8 AS whole
        FROM candidates AS c
        CROSS JOIN LATERAL unnest(ts_delete(c.tsv, tsvector_to_array(ts_delete(c.tsv, (SELECT lexemes FROM asked)))))
            AS l
        JOIN stems AS st ON st.lexeme = l.lexeme
        GROUP BY c.rid, st.word
    ),
    weighted AS MATERIALIZED (
        SELECT h.rid, h.word, h.whole AS tf
        FROM whole AS h JOIN (SELECT DISTINCT word, glued FROM stems) AS st USING (word) WHERE NOT st.glued
        UNION ALL
        SELECT c.rid, st.word,
               m.whole + CASE WHEN m.inside > m.whole
                              THEN (m.inside - m.whole) * GREATEST({PARTIAL_WEIGHT}, word_similarity(st.word, substr(
                                  c.body, GREATEST(strpos(lower(c.body), st.word) - {SIMILARITY_MARGIN}, 1),
                                  length(st.word) + 2 * {SIMILARITY_MARGIN})))
                              ELSE 0 END AS tf
        FROM candidates AS c CROSS JOIN stems AS st
        LEFT JOIN whole AS h ON h.rid = c.rid AND h.word = st.word
        CROSS JOIN LATERAL (
            SELECT COALESCE(h.whole, 0) AS whole,
                   ((length(lower(c.body)) - length(replace(lower(c.body), st.word, ''))) / length(st.word))::float8
                       AS inside
            OFFSET 0
        ) AS m
        WHERE st.glued
    ),
    frequency AS MATERIALIZED (
        SELECT word, count(*) FILTER (WHERE tf > 0)::float8 AS df FROM weighted GROUP BY word
    ),
    scored AS MATERIALIZED (
        SELECT w.rid,
               sum(ln(1 + (s.n - f.df + 0.5) / (f.df + 0.5))
                   * w.tf * {K1 + 1} / (w.tf + {K1} * (1 - {B} + {B} * c.chars / s.avglen))) AS score
        FROM weighted AS w JOIN frequency AS f USING (word) JOIN candidates AS c USING (rid) CROSS JOIN scope AS s
        WHERE w.tf > 0
        GROUP BY w.rid
        ORDER BY score DESC
        FETCH FIRST %(limit)s ROWS WITH TIES
    ),
    top AS MATERIALIZED (
        SELECT s.rid, s.score, ts_rank_cd(c.tsv, query.q) AS density
        FROM scored AS s JOIN candidates AS c USING (rid), query
        ORDER BY s.score DESC, density DESC
        LIMIT %(limit)s
    )
    SELECT {columns}, top.score::float8 AS score
    FROM top JOIN candidates AS r USING (rid) JOIN {table} AS c ON c.ctid = r.ref
    ORDER BY top.score DESC, top.density DESC
    """
