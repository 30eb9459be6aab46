"""A reply that only repeats the request's framing or an earlier reply is told apart from an answer, in English,
Korean and Chinese, and such text is held back while it streams."""

import pytest

from graph.reply.check import HeldJudgement, ReplyCheck
from graph.reply.copies import asked_to_repeat
from graph.reply.framing import HEADERS, Framing
from graph.reply.guard import StreamGuard
from prompt.documents import render_documents
from prompt.recall import excerpt_text, render_recalled
from prompt.request_notes import OMITTED_NOTE, RECENT_SHORTENED
from prompt.system import BASE_SYSTEM_PROMPT, SUMMARY_SECTION_HEADER, render_summary_lines

pytestmark = pytest.mark.unit

NOTE = OMITTED_NOTE.format(kept="", note=RECENT_SHORTENED, omitted=199_000).strip()
DOCUMENTS = render_documents([{"title": "memo.txt", "contents": "Mina's birthday is on May 3. She lives in Busan."}])
RECALLED = render_recalled([{"turn": 3, "text": excerpt_text(3, "2026-05-01", ["I moved to Busan",
                                                                             "Busan is lovely in spring."])}])
SUMMARY = {"turns": [1, 2, 3], "summary": "The user, Mina, moved to Busan and works at the harbour clinic."}
SUMMARY_LINES = render_summary_lines([SUMMARY])  # type: ignore[list-item]
FRAMING = Framing(always=(BASE_SYSTEM_PROMPT, *HEADERS, NOTE), shaped=(*SUMMARY_LINES, RECALLED, DOCUMENTS))
EARLIER = "The capital of France is Paris, a city on the Seine known for its museums and cafes."


def check(user: str = "What is the capital of France?", earlier: tuple[str, ...] = ()) -> ReplyCheck:
    return ReplyCheck.for_turn(FRAMING, [user], list(earlier))


@pytest.mark.parametrize("reply", [
    NOTE,
    BASE_SYSTEM_PROMPT,
    "You are a helpful AI assistant. Answer in the language the user writes in.",
    DOCUMENTS.split("\n", 1)[1],
    f"```json\n{DOCUMENTS.split(chr(10), 1)[1]}\n```",
    RECALLED,
    "\n".join([SUMMARY_SECTION_HEADER.strip(), *SUMMARY_LINES]),
])
def test_replies_made_of_framing_are_caught(reply):
    assert check().verdict(reply) == "framing"


@pytest.mark.parametrize("reply", [
    "The capital of France is Paris.",
    "Mina's birthday is on May 3, according to memo.txt.",  # a document's facts, not its JSON
    "The user, Mina, moved to Busan and works at the harbour clinic.",  # a summary's facts without its frame
    "I'm a helpful assistant; ask me anything.",
    "파리는 프랑스의 수도입니다.",
    "法国的首都是巴黎。",
])
def test_answers_are_not_framing(reply):
    assert check().verdict(reply) is None


def test_the_persons_own_words_never_count_as_framing():
    pasted = f"Please fix the grammar: {BASE_SYSTEM_PROMPT}"
    assert check(user=pasted).verdict(BASE_SYSTEM_PROMPT) is None


@pytest.mark.parametrize("reply", [
    EARLIER,
    EARLIER.replace("museums", "galleries"),  # nearly the same
    EARLIER[:60],  # the start of it again, more than half of it
])
def test_a_reply_repeating_an_earlier_one_is_caught(reply):
    assert check("Tell me about Lyon", earlier=(EARLIER,)).verdict(reply) == "repeat"


@pytest.mark.parametrize("earlier, reply", [
    ("부산은 한국 남쪽의 항구 도시이고 바다와 시장으로 유명합니다 그리고 사람이 많습니다.",
     "부산은 한국 남쪽의 항구 도시이고 바다와 시장으로 유명합니다 그리고 사람이 많습니다."),
    ("北京是中国的首都，有很多历史古迹和博物馆。", "北京是中国的首都，有很多历史古迹和博物馆。"),
])
def test_repeats_are_caught_in_korean_and_chinese(earlier, reply):
    assert check("다른 질문", earlier=(earlier,)).verdict(reply) == "repeat"


def test_a_stopped_reply_carried_on_is_a_repeat():
    stopped = EARLIER[:50]  # what was kept when the person pressed Stop
    assert check("Tell me about Lyon", earlier=(stopped,)).verdict(EARLIER + " It is also very old.") == "repeat"


def test_new_answers_and_short_ones_are_not_repeats():
    assert check("Tell me about Lyon", earlier=(EARLIER,)).verdict(
        "Lyon is known for its food, its old town and the meeting of the Rhone and the Saone.") is None
    assert check("hi", earlier=("Hello! How can I help?",)).verdict("Hello! How can I help?") is None


@pytest.mark.parametrize("request_text", ["Can you repeat that?", "Say that again please", "다시 말해 줘",
                                          "한 번 더 말해줘", "再说一遍"])
def test_a_person_who_asks_for_a_repeat_gets_it(request_text):
    assert asked_to_repeat(request_text)
    assert check(request_text, earlier=(EARLIER,)).verdict(EARLIER) is None


def stream(guard: StreamGuard, text: str) -> str:
    return "".join(guard.feed(" " + word if i else word) for i, word in enumerate(text.split(" ")))


def test_a_clean_reply_streams_whole_and_holds_back_only_its_last_words():
    reply = "Paris is the capital of France, and it has been for a very long time."
    guard = StreamGuard(check())
    shown = stream(guard, reply)
    assert reply.startswith(shown) and len(shown) > len(reply) // 2
    assert shown + guard.rest() == reply


def test_the_first_word_is_shown_once_whole_when_it_can_begin_no_copy():
    guard = StreamGuard(check())
    assert guard.feed("Par") == "" and guard.feed("is") == ""  # a word cut between chunks is not shown half
    assert guard.feed(" is") == "Paris"  # whole, and no run of the framing or an earlier reply opens with it


@pytest.mark.parametrize("first, rest", [("서울은", " 한국의 수도입니다."), ("巴", "黎是法国的首都。")])
def test_the_first_word_comes_at_once_in_korean_and_chinese(first, rest):
    guard = StreamGuard(check("What is the capital?"))
    shown = guard.feed(first) + guard.feed(rest[0])
    assert shown.startswith(first)


def test_words_that_may_begin_the_framing_wait_until_they_cannot():
    opening = " ".join(BASE_SYSTEM_PROMPT.split()[:3])
    guard = StreamGuard(check("Tell me about Lyon"))
    assert stream(guard, opening) == ""  # the opening of the system prompt: it may go on copying it
    assert StreamGuard(check("Tell me about Lyon")).feed("Lyon is ") == "Lyon is"


def test_framing_is_held_back_while_it_streams():
    reply = f"Sure. {NOTE} And more of the note follows here."
    guard = StreamGuard(check())
    shown = stream(guard, reply)
    assert "shortened" not in shown and "omitted" not in shown
    assert shown.startswith("Sure")


def test_a_repeat_is_held_back_from_its_start():
    guard = StreamGuard(check("Tell me about Lyon", earlier=(EARLIER,)))
    assert stream(guard, EARLIER) == ""


def test_an_earlier_replys_opening_is_shown_once_the_reply_goes_its_own_way():
    earlier = "I'm glad to hear that you enjoyed the concert. Music can lift a whole week."
    reply = "I'm glad to hear that the interview went well. Tell me which questions surprised you most of all."
    guard = StreamGuard(check("The interview went well today", earlier=(earlier,)))
    shown = stream(guard, reply)
    assert shown.startswith("I'm glad to hear that the interview went well.")  # not held to the last word
    assert shown + guard.rest() == reply and not guard.stalled


def test_a_held_back_repeat_is_judged_no_answer_before_it_ends():
    earlier = " ".join(f"Step {n}: water the tomatoes, turn the compost and check the seedlings." for n in range(6))
    guard = StreamGuard(check("What should I do in the garden?", earlier=(earlier,)))
    words = earlier.split(" ")
    doomed = [guard.feed(word if i == 0 else " " + word) == "" and guard.doomed for i, word in enumerate(words)]
    assert any(doomed[: len(words) * 3 // 4])  # the model could be stopped well before the end


def test_a_reply_held_for_an_earlier_replys_words_is_shown_once_it_goes_its_own_way():
    earlier = "Maria, I'm so glad to hear that you're enjoying the online classes and the new friends there."
    reply = ("Maria, I'm so glad to hear that you're enjoying the online course about painting. Your first "
             "canvas sounds lovely, and the colours you chose for the harbour at dusk must make the whole room warm. "
             "Which painter taught you to mix the blues?")
    guard = StreamGuard(check("I started an online painting course", earlier=(earlier,)))
    words = reply.split(" ")
    shown = [guard.feed(word if i == 0 else " " + word) for i, word in enumerate(words)]
    assert not any(shown[:16]) and "".join(shown[:-4]).startswith("Maria, I'm so glad")  # held, then let go
    assert "".join(shown) + guard.rest() == reply and not guard.doomed


def test_framing_inside_a_reply_held_for_an_earlier_replys_words_is_never_let_go():
    earlier = "Maria, I'm so glad to hear that you're enjoying the online classes and the new friends there."
    reply = ("Maria, I'm so glad to hear that you're enjoying the online course. " + NOTE + " Your first canvas "
             "sounds lovely, and the colours you chose for the harbour at dusk must make the whole room feel warm "
             "and bright all winter. Which painter taught you to mix the blues so well?")
    guard = StreamGuard(check("I started an online painting course", earlier=(earlier,)))
    shown = "".join(guard.feed(word if i == 0 else " " + word) for i, word in enumerate(reply.split(" ")))
    assert "omitted" not in shown and "shortened" not in shown


def test_a_long_held_reply_is_judged_a_few_dozen_times_not_every_few_words():
    earlier = " ".join(f"Step {n}: water the tomatoes, turn the compost and check the seedlings." for n in range(6))
    looks = []

    class Counted(ReplyCheck):
        def judge_held(self, text: str) -> HeldJudgement:
            looks.append(len(text))
            return HeldJudgement(no_answer=False, follows_earlier=True)

    base = check("What should I do in the garden?", earlier=(earlier,))
    guard = StreamGuard(Counted(base.always, base.shaped, base.earlier, base.earlier_runs))
    for i, word in enumerate(((earlier + " ") * 60).split(" ")):  # about 5,000 words held back
        guard.feed(word if i == 0 else " " + word)
    assert guard.stalled and 0 < len(looks) <= 40


def test_document_json_is_held_back_once_its_shape_shows():
    guard = StreamGuard(check())
    shown = stream(guard, DOCUMENTS.split("\n", 1)[1])
    assert "Busan" not in shown and "May 3" not in shown


def test_a_requests_framing_is_its_prompt_notes_and_reminders_and_its_shaped_material():
    from langchain_core.messages import HumanMessage, SystemMessage

    from graph.reply.framing import request_framing
    from graph.request.budget import RequestParts

    current = [HumanMessage(f"a long paste {NOTE}")]
    parts = RequestParts(render_system=lambda carried: SystemMessage("Be kind.\n\nToday's date: today"),
                         summaries=[SUMMARY], raw_turns=[], current=current,  # type: ignore[list-item]
                         recalled=[HumanMessage(DOCUMENTS)],
                         preface=[HumanMessage("[Agent instructions]\nTalk like a poet.")],
                         after=[HumanMessage("Always answer in one sentence.")])
    framing = request_framing("Be kind.", parts, parts.messages())
    assert {"Be kind.", NOTE, "[Agent instructions]\nTalk like a poet.", "Always answer in one sentence."} \
        <= set(framing.always)
    assert not any("Today's date" in text for text in framing.always)  # a clock answer may state it
    every_heading = {line for language in ("ko", "en", "zh")
                     for line in render_summary_lines([SUMMARY], language)}  # type: ignore[list-item]
    assert set(framing.shaped) == {*SUMMARY_LINES, *every_heading, DOCUMENTS}


IMITATED = '{"referenced document "title": 1, "authority@example.com": 2, "project": "kickoff"}'


def test_a_reply_imitating_the_requests_json_is_framing_unless_json_was_asked_for():
    assert check().verdict(IMITATED) == "framing"
    assert check().verdict(f"```json\n{IMITATED}\n```") == "framing"
    assert check("Give me the kickoff as JSON").verdict(IMITATED) is None
    assert check().verdict('{"city": "Paris"}') is None  # JSON, but none of the request's shape
    assert check().verdict("[1] says the kickoff is on 14 March.") is None


def test_a_json_opening_is_held_back_while_it_streams_and_code_is_not():
    guard = StreamGuard(check())
    assert stream(guard, IMITATED) == ""
    code = "```python\nprint('the capital of France is Paris')\n```\nThat prints the answer."
    guard = StreamGuard(check())
    assert stream(guard, code).startswith("```python")
    cited = StreamGuard(check())
    assert stream(cited, "[1] says the kickoff is on 14 March in Busan, with Mina as the lead.").startswith("[1] says")
