"""The paste benchmark stores a long paste in pieces and finds the code said deep in it, in each language."""

import pytest

from bench.paste_cost import paste, searched, store
from bench.search_cost import sqlite_storage

pytestmark = pytest.mark.bench


@pytest.mark.parametrize("language", ["en", "ko", "zh"])
def test_the_code_deep_in_a_paste_is_found(language: str):
    with sqlite_storage() as storage:
        _, _, pieces = store(storage, language, paste(language, 40, code_line=500))
        assert pieces >= 5  # 40 KB of UTF-8 is 13,000 to 40,000 characters
        assert searched(storage, language)[2]
