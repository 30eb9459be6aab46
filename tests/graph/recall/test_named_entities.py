"""The entities a turn names, without a model: names and titles in English (not the capital every sentence
starts with, nor a greeting before a name), Korean nouns without their particles, Chinese words; a question
names them in any capitalization; the second hop follows what the first results name."""

from collections import Counter

import pytest

from graph.recall.entities import by_entities, entities_of, named_in, rare, second_hop

pytestmark = pytest.mark.unit


def test_english_names_and_titles_are_entities_and_sentence_starts_are_not():
    text = ("[7:31 pm on 21 January, 2022] Nate: Hey Joanna! Wow Joanna, I watched Little Women and The Lord of "
            "the Rings with Max. Sometimes I'm so tired. Well I also went to Fort Wayne.")
    assert entities_of(text) == {"joanna", "little women", "lord of the rings", "max", "fort wayne"}


def test_a_sentence_may_open_with_a_name_already_known_but_not_with_any_capital():
    said = "Hayoung is a sign language interpreter. Tonight we climb."
    assert entities_of(said) == set()
    assert entities_of(said, known={"hayoung", "max"}) == {"hayoung"}


def test_a_possessive_and_a_curly_apostrophe_name_the_same_entity():
    assert entities_of("I borrowed Hana’s bike.") == entities_of("That is Hana's bike.") == {"hana"}


def test_korean_nouns_lose_their_particles_and_verbs_are_left_out():
    assert entities_of("내 여동생은 부산에서 살아. 하나를 만났어.") >= {"여동생", "부산", "하나"}
    assert not entities_of("내 여동생은 부산에서 살아.") & {"살아", "여동생은", "부산에서"}


def test_chinese_words_are_split_at_function_characters():
    assert {"上海", "妹妹"} <= entities_of("我的妹妹住在上海") | entities_of("妹妹在上海")


def test_a_question_names_known_entities_whatever_its_capitalization():
    known = {"little women", "tilly", "nate", "fort wayne"}
    assert named_in("what did nate think of little women?", known) == {"nate", "little women"}
    assert named_in("When did Nate get Tilly's bed?", known) == {"nate", "tilly"}
    assert named_in("Where is the fort?", known) == set()


def test_only_rare_entities_point_at_a_subject():
    naming = Counter({"nate": 90, "dune": 2, "max": 3})
    assert rare({"nate", "dune", "max", "unknown"}, naming, 100) == {"dune", "max"}


NAMED = {1: frozenset({"frank herbert", "dune"}), 2: frozenset({"nate"}), 3: frozenset({"dune"}),
         4: frozenset({"nate", "chess"}), 5: frozenset({"dune", "arrakis"}), 6: frozenset(),
         **{turn: frozenset({"nate"}) for turn in range(7, 80)}}
NAMING = Counter(entity for names in NAMED.values() for entity in names)


def test_the_second_hop_follows_the_rare_entities_of_the_best_turns():
    assert second_hop([1], NAMED, {"frank herbert"}, 7, NAMING, len(NAMED)) == [5, 3]  # alike, the later first
    assert second_hop([1], NAMED, {"frank herbert"}, 4, NAMING, len(NAMED)) == [3]  # only turns before
    assert second_hop([6], NAMED, set(), 7, NAMING, len(NAMED)) == []


def test_a_question_about_a_thing_ranks_its_turns_then_the_turns_they_lead_to():
    rankings = by_entities("What did Nate think of the book by Frank Herbert?", NAMED, NAMING, ["Nate"], [[2, 4]], 7)
    assert rankings[0] == [1]  # the question names Frank Herbert: turn 1 names him
    assert set(rankings[1]) == {3, 5}  # turn 1 names Dune: the turns about Dune, though they never name him
