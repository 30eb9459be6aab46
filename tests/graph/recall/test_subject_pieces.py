"""The pieces of recall by subject: which names are a conversation's speakers, a question's meaning without
them, which questions gather, each line's speaker, and the lines of a turn that match."""

from collections import Counter

import numpy as np
import pytest

from graph.recall.embeddings import DIMENSIONS, to_bytes
from graph.recall.gather import gathers, line_similarity, matching_lines
from graph.recall.said import speakers_named, without_names
from graph.recall.vectors import SessionVectors

pytestmark = pytest.mark.unit

SPEAKERS = Counter({"Nate": 40, "Joanna": 38, "Anyway": 1})


def test_only_names_that_start_several_lines_are_speakers():
    assert speakers_named("Did Nate tell Joanna? Anyway, what pets?", SPEAKERS) == ["Nate", "Joanna"]
    assert speakers_named("What pets does Natalie have?", SPEAKERS) == []


def test_a_question_loses_its_speakers_names_and_possessives_but_keeps_its_subject():
    assert without_names("What are Nate's hobbies?", ["Nate"]) == "What are hobbies?"
    assert without_names("Where does my sister live?", []) == "Where does my sister live?"
    assert without_names("Nate", ["Nate"]) == "Nate"  # nothing else to search by


def test_questions_that_gather_are_told_from_questions_about_one_fact():
    for question in ["What pets does Nate have?", "How many dogs has Maria adopted?", "What are Joanna's hobbies?",
                     "What does Nate like to do?", "Would Caroline like a painting class?",
                     "What movies have both of them seen?", "Nate는 어떤 게임들을 해?", "Nate玩哪些游戏？"]:
        assert gathers(question), question
    for question in ["What did John receive a certificate for?", "When did Maria meet Jean?",
                     "What is my sister's name?", "Where does my sister live?", "Tell me a joke"]:
        assert not gathers(question), question


def record(turn: int, user: str, assistant: str) -> tuple[int, bytes, int, str, dict]:
    lines = [line for line in f"{user}\n{assistant}".splitlines() if line]
    vectors = np.zeros((1 + len(lines), DIMENSIONS), dtype=np.float32)
    for index in range(len(lines)):
        vectors[1 + index, (turn * 7 + index) % DIMENSIONS] = 1.0  # one distinct direction per line
    return turn, to_bytes(vectors), 30, "2023-05-01", {"turn": turn, "date": "2023-05-01", "user": user,
                                                         "assistant": assistant}


def test_each_line_knows_its_speaker_and_a_turn_shows_the_line_that_matches():
    known = SessionVectors().extended([
        record(1, "Joanna: Hey Nate, how are you?\nNate: Great, I got a turtle.", "Joanna: Lovely!"),
        record(2, "[9 May, 2023] Nate: I went hiking.", "Joanna: Fun!")], {})
    assert known.speakers == Counter({"Joanna": 3, "Nate": 2})
    assert known.said_by(["Nate"]).tolist() == [False, True, False, True, False]
    similarity = np.zeros(len(known.lines))
    similarity[1] = 0.9  # "I got a turtle"
    lines = ["Joanna: Hey Nate, how are you?", "Nate: Great, I got a turtle.", "Joanna: Lovely!"]
    assert matching_lines(known, similarity, 1, lines) == ["Nate: Great, I got a turtle."]
    assert matching_lines(known, similarity, 1, lines[:2]) is None  # lines and vectors differ: shown whole


def test_a_line_that_only_dates_its_session_is_never_the_one_shown():
    known = SessionVectors().extended([record(1, "[4:21 pm on 16 July, 2023]\nTim: I read a lot.", "John: Nice!")], {})
    similarity = np.array([0.9, 0.2, 0.1])  # the date line is closest, as a date often is to a question's words
    lines = ["[4:21 pm on 16 July, 2023]", "Tim: I read a lot.", "John: Nice!"]
    assert matching_lines(known, similarity, 1, lines) == ["Tim: I read a lot."]


def test_the_line_the_person_asked_about_said_is_shown_of_a_turn(monkeypatch):
    known = SessionVectors().extended([record(1, "Maria: Cool, John, kickboxing keeps you fit!",
                                              "John: I'm doing kickboxing, so much energy.")], {})
    query = known.lines[0] * 0.8 + known.lines[1] * 0.5  # Maria's line, which names John, is closer
    monkeypatch.setattr("graph.recall.gather.embed_query", lambda text: query)
    speakers = Counter({"Maria": 3, "John": 3})
    known.speakers.update(speakers)
    similarity = line_similarity(known, "What exercises has John done?")
    lines = ["Maria: Cool, John, kickboxing keeps you fit!", "John: I'm doing kickboxing, so much energy."]
    assert matching_lines(known, similarity, 1, lines) == ["John: I'm doing kickboxing, so much energy."]
