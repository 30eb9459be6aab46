"""One splitter tells sentences apart for quotes and titles alike: a title's or an abbreviation's full stop ends
none, a number's never, and Korean and Chinese end where their own marks do."""

import pytest

from state.language.sentences import told_sentences
from state.titles import gist_title

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("text", "expected"), [
    ("I met Dr. Lim today. She was kind.", ["I met Dr. Lim today.", "She was kind."]),
    ("Bring snacks, e.g. tea or fruit. Then rest.", ["Bring snacks, e.g. tea or fruit.", "Then rest."]),
    ("It costs 3.40 now! Really?", ["It costs 3.40 now!", "Really?"]),
    ("오늘 서 선생님 만났어. 좋았어!", ["오늘 서 선생님 만났어.", "좋았어!"]),
    ("我见了周叔。他很好", ["我见了周叔。", "他很好"]),
    ("first line\nsecond line", ["first line", "second line"]),
])
def test_sentences_end_where_a_reader_ends_them(text, expected):
    assert told_sentences(text) == expected


def test_a_title_keeps_a_name_with_its_title():
    assert gist_title("Hi! Can you tell me about Mr. Seo's bakery in Busan?") == "Mr. Seo's bakery in Busan"
