"""Where the bundled model cannot write the person's language, the product's own answer: which turns those are,
the short reply it gives in Korean, Chinese (and English, which has every text), and the note said once."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.reply.own_answer import MODEL_NOTE, acknowledgement, language_beyond_model, own_answer, own_text
from state.texts import localized

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("message", "page", "language"), [
    ("오늘 공원에 갔어요.", "en", "ko"),
    ("我今天去了公园。", "en", "zh"),
    ("hi", "ko", None),  # written in English on a Korean page: the model answers in English
    ("?", "ko", "ko"),  # no letters of its own: the page's language
    ("我今天去了公园。", "ko", "zh"),  # the message's own script first
    ("I went to the park today.", "en", None),
])
def test_a_turn_is_beyond_the_model_in_korean_or_chinese(message, page, language):
    assert language_beyond_model(message, page) == language


@pytest.mark.parametrize(("message", "key"), [
    ("안녕하세요!", "reply_greeting"),
    ("고마워요", "reply_thanks"),
    ("프랑스의 수도는 어디야", "reply_unanswerable"),
    ("이 영화 어땠니", "reply_unanswerable"),
    ("내 이름은 민수야. 기억해 줘.", "reply_acknowledged"),
    ("45*2 = 100 이에요.", "reply_acknowledged"),
])
def test_the_acknowledgement_fits_the_message(message, key):
    assert acknowledgement(message, "ko") == localized("ko", key)


@pytest.mark.parametrize("key", ["reply_acknowledged", "reply_greeting", "reply_thanks", "reply_unanswerable",
                                 "small_model_note"])
def test_every_own_reply_has_its_chinese_and_korean_text(key):
    chinese, korean = own_text("zh", key), own_text("ko", key)
    assert chinese != localized("en", key) and korean != localized("en", key)
    assert all(name in text for text in (chinese, korean, localized("en", key)) for name in ("OPENAI_BASE_URL",
                                                                                             "CHAT_MODEL")) \
        if key == "small_model_note" else True


def test_the_note_is_said_on_the_first_such_answer_only():
    first = own_answer("", "我今天去了公园。", "zh", [HumanMessage("我今天去了公园。")])
    assert first.content == f"{own_text('zh', 'reply_acknowledged')}\n\n{own_text('zh', 'small_model_note')}"
    assert first.response_metadata[MODEL_NOTE]
    later = own_answer("第1轮说过", "公园在哪里？", "zh", [HumanMessage("我今天去了公园。"), first])
    assert later.content == "第1轮说过" and not later.response_metadata.get(MODEL_NOTE)
    assert own_answer("", "hi", "ko", [AIMessage("Hello")]).response_metadata[MODEL_NOTE]


@pytest.mark.parametrize("language", ["ko", "zh", "en"])
def test_the_note_names_the_models_found_on_this_machine_and_no_choice_the_page_lacks(language):
    alone = own_answer("", "내 이름은 민수야.", language, [], list).content
    assert "Ollama" in alone and "LM Studio" in alone  # how to get a model that writes the language
    assert not any(picker in alone for picker in ("모델 선택", "模型选择", "model picker"))
    found = own_answer("", "내 이름은 민수야.", language, [],
                       lambda: ["qwen2.5:1.5b · Ollama", "gemma-3-1b · LM Studio"]).content
    assert found.startswith(alone)
    assert "qwen2.5:1.5b · Ollama, gemma-3-1b · LM Studio" in found
    assert any(picker in found.removeprefix(alone) for picker in ("모델 선택", "模型选择", "model picker"))


@pytest.mark.parametrize("language", ["ko", "zh", "en"])
def test_the_note_points_to_the_download_list_only_where_the_page_has_it(language):
    without = own_answer("", "내 이름은 민수야.", language, [], list, False).content
    offered = own_answer("", "내 이름은 민수야.", language, [], list, True).content
    assert "⬇️" not in without and "⬇️" in offered and offered.startswith(without)
    assert offered.endswith(own_text(language, "small_model_note_download"))


@pytest.mark.parametrize(("language", "between"), [("zh", ""), ("ko", " "), ("en", " ")])
def test_the_note_joins_its_sentences_as_the_language_does(language, between):
    note = own_answer("", "내 이름은 민수야.", language, [], lambda: ["qwen2.5:1.5b · Ollama"], True).content
    expected = between.join([own_text(language, "small_model_note"), own_text(language, "small_model_note_download"),
                             own_text(language, "small_model_note_found").format(models="qwen2.5:1.5b · Ollama")])
    assert note.endswith("\n\n" + expected)
