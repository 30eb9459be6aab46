"""Values made storable in PostgreSQL: text without NUL characters, JSON kept as written (key order too)."""

import json
from functools import partial
from typing import Any

from psycopg.types.json import Json

_dumps = partial(json.dumps, ensure_ascii=False)


def clean(text: str) -> str:
    """Text without NUL characters (a TEXT column cannot hold them; SQLite could)."""
    return text.replace("\x00", "")


def clean_json(value: Any) -> Any:
    """A JSON value whose strings hold no NUL characters (they could not be read back as text)."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean(str(key)): clean_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [clean_json(item) for item in value]
    return value


def json_value(value: Any) -> Json:
    """A value for a JSON column: its keys stay in order, as the prompts that quote records expect."""
    return Json(clean_json(value), dumps=_dumps)
