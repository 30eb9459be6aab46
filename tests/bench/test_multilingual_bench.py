"""The multilingual benchmark prints the shared measure's figures per language, on a small made-up chat."""

import json

import pytest

from bench import multilingual
from bench.multilingual import data_paths, figures, main, shown, table

pytestmark = pytest.mark.bench

LINE = ("file=ko.json language=ko turns=4 profile=remote budget=4000 questions=1 evidence=0.850 answer=0.900 "
        "ev_single=1/1 ev_multi=0/0 ev_temporal=0/0 stale_only=0/0 context_tokens_mean=120 history_tokens=300")
CHAT = {"language": "ko",
        "turns": [{"user": "우리 강아지 이름은 콩이야", "assistant": "귀엽다", "day": "2026-09-07"},
                  {"user": "오늘 회의가 길었어", "assistant": "수고했어", "day": "2026-09-07"},
                  {"user": "저녁은 김치찌개 먹었어", "assistant": "맛있겠다", "day": "2026-09-08"},
                  {"user": "내일은 비가 온대", "assistant": "우산 챙겨", "day": "2026-09-08"}],
        "questions": [{"q": "내 개 이름이 뭐였지?", "answer": "콩", "evidence": [0], "category": "single"}]}


def test_the_measures_last_line_is_read_as_figures():
    read = figures(LINE)
    assert read["language"] == "ko" and read["evidence"] == "0.850" and read["stale_only"] == "0/0"
    assert (shown("evidence", "0.850"), shown("stale_only", "1/8"), shown("history_tokens", "12386")) == (
        "85.0%", "1/8", "12,386")


def test_a_row_per_language_with_every_figure():
    printed = table([figures(LINE)], "remote", 4000)
    assert "4,000-token budget" in printed
    assert "| ko | 85.0% | 90.0% | 1/1 | 0/0 | 0/0 | 0/0 | – | 120 | 300 |" in printed


def test_a_folder_gives_its_languages_files_in_order(tmp_path):
    for language in ("zh", "en", "ko"):
        (tmp_path / f"{language}.json").write_text("{}")
    assert [path.name for path in data_paths([str(tmp_path)])] == ["en.json", "ko.json", "zh.json"]


def test_without_data_it_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(multilingual, "DEFAULT_DATA", tmp_path / "absent")
    main([])
    assert "skipped" in capsys.readouterr().out


@pytest.mark.skipif(not multilingual.TOOL.is_file(), reason="the shared measure is not beside the project")
def test_a_chat_is_replayed_and_scored_by_the_shared_measure(tmp_path, capsys):
    path = tmp_path / "ko.json"
    path.write_text(json.dumps(CHAT, ensure_ascii=False))
    main([str(path)])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| ko |"))
    assert row.startswith("| ko | 100.0% | 100.0% | 1/1 |")
