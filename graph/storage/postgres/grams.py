"""Korean, Chinese and the other scripts written without spaces found inside longer runs by an index of the single
characters and pairs of characters their runs hold (as Elasticsearch's CJK bigrams do): pg_trgm's trigrams cannot
look up a word of two characters (제주, 成都, 콩이), so without this every such search read every turn's text.

A row's grams are a tsvector ('simple') of its glued runs' characters and pairs (`glued_grams`, an immutable SQL
function a generated column calls); a word is a candidate where its grams all are (`grams_query`), and its text
then says whether the word stands there in one piece (ILIKE)."""

from typing import Any

GLUED_SCRIPTS = ((0x0E00, 0x0EFF), (0x1000, 0x109F), (0x1100, 0x11FF), (0x1780, 0x17FF), (0x2E80, 0xA4CF),
                 (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))
GRAMS_COLUMN = "grams_tsv"
_RUN = "[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in GLUED_SCRIPTS) + "]+"

GRAMS_FUNCTION = f"""
CREATE OR REPLACE FUNCTION glued_grams(body TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $grams$
    SELECT COALESCE(string_agg(DISTINCT substr(run.m[1], at, size), ' '), '')
    FROM regexp_matches(lower(body), '{_RUN}', 'g') AS run(m),
         generate_series(1, 2) AS size,
         generate_series(1, length(run.m[1]) - size + 1) AS at
$grams$
"""


def grams_of(word: str) -> str:
    """The grams a searched word is looked up by: its pairs of characters, or the character of a word of one."""
    word = word.lower()
    return word if len(word) < 2 else " ".join(sorted({word[at:at + 2] for at in range(len(word) - 1)}))


def grams_query(param: str) -> str:
    """SQL for the tsquery of a word's grams, all of them (`param` names the parameter holding `grams_of(word)`;
    plainto_tsquery keeps user text from being syntax)."""
    return f"plainto_tsquery('simple', %({param})s)"


def grams_indexed(turn_text: str, limit: int) -> list[Any]:
    """The migration's statements: the function, and each turn's and long turn piece's grams, stored and indexed
    (`turn_text` is SQL for a turn's text, of its record; `limit` the characters read)."""
    return [
        GRAMS_FUNCTION,
        f"ALTER TABLE recall_turns ADD COLUMN IF NOT EXISTS {GRAMS_COLUMN} TSVECTOR GENERATED ALWAYS AS "
        f"(to_tsvector('simple', glued_grams(left({turn_text}, {limit})))) STORED",
        f"CREATE INDEX IF NOT EXISTS recall_turns_grams ON recall_turns USING GIN ({GRAMS_COLUMN}) "
        "WITH (fastupdate = off)",
        f"ALTER TABLE recall_pieces ADD COLUMN IF NOT EXISTS {GRAMS_COLUMN} TSVECTOR GENERATED ALWAYS AS "
        f"(to_tsvector('simple', glued_grams(left(body, {limit})))) STORED",
        f"CREATE INDEX IF NOT EXISTS recall_pieces_grams ON recall_pieces USING GIN ({GRAMS_COLUMN}) "
        "WITH (fastupdate = off)",
    ]
