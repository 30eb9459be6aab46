"""Recall on a pasted conversation between two people: a question about one of them finds what that person
said about the subject in sessions months apart, not the many lines that only greet them by name."""

from datetime import date, timedelta

import pytest

from tests.graph.recall.test_recall import context_text, play
from tests.graph.recall.test_recall_fusion import engine, recalled_turns  # noqa: F401  (both backends, the bundled window)

pytestmark = pytest.mark.graph

CHATTER = [("Hey Nate, how was your week? Busy with the script.", "Thanks Joanna! The weather was grey all week."),
           ("Hey Nate, I rewrote the second act again.", "Nice one Joanna, you always find the words."),
           ("Hey Nate! My laptop broke, I lost a page of notes.", "Oh no Joanna, I hope the repair is quick."),
           ("Hey Nate, my mom visited and we talked for hours.", "That's lovely Joanna, say hi to her from me."),
           ("Hey Nate, the producers want a new ending by Friday.", "Tight deadline, Joanna, you can do it."),
           ("Hey Nate, it rained so hard the street flooded.", "Stay dry Joanna, it was sunny over here."),
           ("Hey Nate, I finally fixed the leaking kitchen tap.", "Handy, Joanna! Mine still drips."),
           ("Hey Nate, my cousin is getting married in June.", "Congrats to them, Joanna, June weddings are nice.")]


PETS_OF_OTHERS = ["my neighbour's parrot", "my sister's hamster", "the office cat", "my aunt's goldfish",
                  "a friend's rabbit", "the shelter's old beagle", "my niece's guinea pig", "a colleague's kitten"]


def day(n: int) -> str:
    return (date(2023, 1, 2) + timedelta(days=3 * n)).strftime("%-d %B, %Y")


def chatter(n: int) -> str:
    """One session of small talk: both names said in every line; every other one about somebody else's pet."""
    first, second = CHATTER[n % len(CHATTER)]
    if n % 2:  # pets that are not Nate's: what a question about his pets must not take instead
        first = f"Hey Nate, I looked after {PETS_OF_OTHERS[n % len(PETS_OF_OTHERS)]} all weekend, so cute."
    return f"[10:00 am on {day(n)}] Joanna: {first}\nNate: {second} (session {n})"


def told(n: int, line: str) -> str:
    return f"[10:00 am on {day(n)}] Joanna: Hey Nate, what's new with you?\nNate: {line}"


@pytest.fixture
def conversation(engine):  # noqa: F811
    """90 sessions of chatter, with the facts about Nate said in sessions months apart."""
    session = engine.session("pasted")
    facts = {5: "I got a second turtle last week, he is called Shelly.",
             30: "Weekend was great, I spent Saturday hiking the ridge trail with my cousin.",
             55: "Meet Max, the puppy I adopted from the shelter yesterday!",
             15: "I started reading Dune by Frank Herbert, my brother lent me his old copy.",
             70: "I played in a chess tournament on Sunday and came third.",
             80: "Finally finished Dune. The ending on Arrakis blew me away, what a ride."}
    for n in range(1, 91):
        play(session, [told(n, facts[n]) if n in facts else chatter(n)])
    return session


def test_a_question_about_one_speaker_gets_what_they_said_in_sessions_months_apart(conversation):
    play(conversation, ["What pets does Nate have?"])
    text = context_text(conversation.last_context())
    assert "Shelly" in text and "Max, the puppy" in text
    assert {5, 55} <= set(recalled_turns(conversation))


def test_what_someone_likes_to_do_gets_their_pastimes_from_several_sessions(conversation):
    play(conversation, ["What are Nate's hobbies?"])
    text = context_text(conversation.last_context())
    assert "hiking the ridge trail" in text and "chess tournament" in text
    assert {30, 70} <= set(recalled_turns(conversation))


def test_a_question_naming_a_person_and_a_thing_gets_the_turns_of_both_sessions(conversation):
    play(conversation, ["What has Nate said about Dune?"])
    assert {15, 80} <= set(recalled_turns(conversation))


def test_the_turns_a_found_turn_names_come_too(conversation, engine):  # noqa: F811
    play(conversation, ["Did Nate like the book by Frank Herbert?"])  # turn 80 names the book, not its author
    assert {15, 80} <= set(recalled_turns(conversation))
    ranked, _ = engine.recall.ranked("pasted", "Did Nate like the book by Frank Herbert?", 91)
    assert ranked.index(80) < 10
