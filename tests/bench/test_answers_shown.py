"""The answers bench's wrong-quote figure: a reply led by a quote from memory whose words lack the answer."""

import pytest

from bench.answers_shown import quoted_part, wrong_quote

pytestmark = pytest.mark.unit

QUOTE = 'You said on turn 20 (2026-09-09): "Mr. Seo at the garage fixed the AC."'


def test_a_quote_that_holds_the_answer_is_not_wrong_and_the_models_text_is_not_counted_as_quoted():
    assert quoted_part(f"{QUOTE}\n\nHe is your mechanic.") == f"{QUOTE}\n\n"
    assert not wrong_quote(f"{QUOTE}\n\nHe is your mechanic.", "mr seo")


def test_a_quote_that_lacks_the_answer_is_wrong_even_when_the_model_adds_it():
    assert wrong_quote(f"{QUOTE}\n\nHayoung watches your dog.", "hayoung")
    assert wrong_quote('您在第12轮说过：“谢谢你听我说这么多。”', "8000")


def test_a_reply_with_no_quote_is_never_a_wrong_quote():
    assert not wrong_quote("I could not find that in our conversation.", "hayoung")
