"""A word is the same word in a question, a turn, a quote and a search, in every language: Korean by its
morphemes, Chinese by its words and their characters, English as written."""

import threading

import pytest

from state.language import segmenters as segment
from state.words import chinese_words, index_text, korean_words, words

pytestmark = pytest.mark.unit


def test_a_korean_name_is_one_word_whatever_particle_follows_it():
    assert {"지우"} <= set(korean_words("지우가 왔어")) & set(korean_words("지우는 바빠")) & set(korean_words("지우"))
    assert not {"지우가", "지우는"} & set(korean_words("지우가 왔어 지우는 바빠"))


def test_korean_keeps_nouns_and_stems_and_drops_particles_and_endings():
    assert korean_words("콩이랑 산책했어") == ["콩", "산책"]
    assert korean_words("부산에서 살아") == ["부산", "살"]


def test_a_chinese_name_inside_a_run_is_found_by_its_characters_and_pairs():
    run = set(chinese_words("给房东周叔发了消息"))
    assert {"房东", "消息", "周叔", "周", "叔"} <= run
    assert set(chinese_words("周叔")) <= run


def test_english_stays_as_written_and_the_index_holds_only_korean_and_chinese():
    assert words("I donated Books") == ["i", "donated", "books"]
    assert index_text("I donated books") == ""
    assert index_text("I met 지우가 in 成都").split() == ["지우", "成都", "成", "都"]


def test_the_segmenters_load_once_for_threads_asking_together(monkeypatch: pytest.MonkeyPatch):
    made: list[int] = []

    def make() -> object:
        made.append(1)
        return object()

    monkeypatch.setattr(segment, "_loaded", {})
    threads = [threading.Thread(target=segment.load, args=("probe", make)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert made == [1]


def test_loading_jieba_says_nothing(capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(segment, "_loaded", {})
    chinese_words("我在成都住")
    assert capfd.readouterr().err == ""
