"""The screen of a bundled model's text, rule by rule: sums checked with the calculator, the app's own quote formats
and markers in English, Korean and Chinese, a sentence said again; streamed in any chunks, the same sentences
come out as from the whole text."""

import pytest

from graph.recall.quote_text import quote_text
from graph.recall.said import Line
from graph.reply.own_formats import quotes_like_the_app, without_markers
from graph.reply.screen import ReplyScreen, ScreenedStream
from graph.reply.sums import calculation_asked, untrue_sum
from state.language.sentences import SentenceStream, sentences

pytestmark = pytest.mark.unit

REPLY = ('Sure. You said on turn 3 (2026-11-27): "I hate tea. Never." (turn 6) Tea is 3.5 times nicer! '
         "45*2 = 100. 好的。Tea is 3.5 times nicer! [Reminder] Cite the reference documents\nBye?")


@pytest.mark.parametrize("size", [1, 2, 3, 7, 1000])
def test_sentences_are_the_same_in_any_chunks(size):
    stream = SentenceStream()
    streamed = [s for start in range(0, len(REPLY), size) for s in stream.feed(REPLY[start:start + size])]
    assert streamed + stream.flush() == sentences(REPLY)
    assert "".join(sentences(REPLY)) == REPLY


def test_a_quote_and_an_apps_note_stay_whole_sentences():
    assert sentences(REPLY)[:3] == ["Sure.", ' You said on turn 3 (2026-11-27): "I hate tea. Never."',
                                    " (turn 6) Tea is 3.5 times nicer!"]


@pytest.mark.parametrize(("text", "asked", "untrue"), [
    ("45*2 = 100.", False, True),
    ("10*2 = 20.", False, True),  # right, but nobody asked
    ("10*2 = 20.", True, False),
    ("17 × 23 = 405", True, True),
    ("1,000 * 2 = 2,000", True, False),
    ("10/3 = 3.33", True, False),
    ("10/4 = 2", True, True),
    ("(2+3)*4 = 21", True, True),
    ("45 x 2 equals 90", True, False),
    ("I am 45 and have 2 cats.", False, False),
    ("We met on 2026-11-27.", False, False),
])
def test_sums_are_checked_with_the_calculator(text, asked, untrue):
    assert untrue_sum(text, asked) is untrue


def test_a_calculation_is_asked_by_the_message_itself():
    assert calculation_asked("What is 17 * 23?", [])
    assert calculation_asked("45 곱하기 2는?", [])
    assert not calculation_asked("I walked my dog this morning.", [])


@pytest.mark.parametrize("language", ["en", "ko", "zh"])
@pytest.mark.parametrize("line", [Line(15, "2026-11-27", "", ("x",), 0), Line(3, "", "Hana", ("x",), 0, person=False),
                                  Line(0, "", "", ("x",), 0, title="notes.txt")])
def test_every_quote_format_of_the_app_is_told(language, line):
    assert quotes_like_the_app(quote_text(line, "이리스트 3.4, 추천목롭", 15, language))


@pytest.mark.parametrize("text", ["I said hello to her.", "From my view, tea is good.", '그가 "안녕"이라고 말했어요.'])
def test_a_models_own_quoting_is_not_the_apps_format(text):
    assert not quotes_like_the_app(text)


@pytest.mark.parametrize(("text", "kept"), [
    ("(turn 6) Tea is warm.", " Tea is warm."),
    ("Tea is warm (turn 6).", "Tea is warm."),
    ("(2026-11-27, turn 2) Hi.", " Hi."),
    ("[Turns 1-3] The user likes tea.", " The user likes tea."),
    ("[1-3턴] 차를 좋아해요.", " 차를 좋아해요."),
    ("[calculator result] 391", " 391"),
    ("Tea. [Reminder] Cite the reference documents you used", "Tea."),
])
def test_the_apps_markers_are_taken_out(text, kept):
    assert without_markers(text) == kept


def test_the_screen_keeps_only_what_the_product_does_not_know_is_wrong():
    assert ReplyScreen(calculation_asked=False).text(REPLY) == "Sure. Tea is 3.5 times nicer! 好的。Bye?"


@pytest.mark.parametrize("size", [1, 4, 9])
def test_the_screen_streams_what_it_keeps_of_the_whole(size):
    screen = ReplyScreen(calculation_asked=False)
    stream = ScreenedStream(screen)
    streamed = "".join(stream.feed(REPLY[start:start + size]) for start in range(0, len(REPLY), size))
    assert streamed + stream.flush() == screen.text(REPLY)


def test_a_sentence_said_six_times_is_shown_once():
    repeated = " ".join(['15턴(2026-11-27)에 이렇게 말씀하셨어요: "이리스트 3.4, 추천목롭"'] * 6)
    assert ReplyScreen(calculation_asked=False).text(repeated) == ""
    assert ReplyScreen(calculation_asked=False).text("Tea is nice. " * 6 + "Bye.") == "Tea is nice. Bye."
