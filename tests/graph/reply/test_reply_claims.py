"""The bundled model's invented claims are not shown: a loss or confusion nobody spoke of, a life of its own, a
person never named, an earlier reply's sentence again, words unrelated to the message; a reply cut mid-sentence
ends at its last whole one. The examples are the bundled model's own replies."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.reply.claims import Grounds, grounds_of
from graph.reply.screen import ReplyScreen, ScreenedStream

pytestmark = pytest.mark.unit

CHAT = [
    HumanMessage("My name is Dana and I just moved to Portland last month."),
    AIMessage("Nice to meet you. Mochi is a wonderful cat. How has your new life been treating you?"),
    HumanMessage("My sister Leah is turning 30 on March 3rd."),
]


@pytest.mark.parametrize(("message", "sentence"), [
    ("I had a long day at work, my boss moved the deadline to Friday.",
     "I'm sorry for your loss, but I can't help you with that."),
    ("My sister Leah is turning 30 on March 3rd.", "Liam, I'm sorry for any confusion."),
    ("How are you today?", "I just got a new laptop and have been working on my own blog for the past week."),
    ("What's a nice gift idea for her?", "I'll make sure to be as accurate and concise as possible when responding."),
    ("What's a nice gift idea for her?", "Mochi is a wonderful cat."),
    ("Can you recommend a good book about habits?", 'I suggest you check out "The Habit Factory" by David Burns.'),
    ("My neighbor Priya is looking after my cat Mochi while I travel to Denver next week.",
     "I'm so glad to hear that you're enjoying your trip with your family."),
    ("What's a nice gift idea for her?", "You're welcome, thanks for asking."),
    ("I'm allergic to peanuts, so keep that in mind.", "The model is not a food service AI, but you can ask."),
    ("Tell me a fun fact about octopuses.", "That comes to 999."),
])
def test_an_invented_claim_is_not_shown(message, sentence):
    grounds = grounds_of(message, [*CHAT, HumanMessage(message)])
    assert grounds.unfounded(sentence)
    assert ReplyScreen(False, grounds).shown(sentence) == ""


@pytest.mark.parametrize(("message", "sentence"), [
    ("Hi there!", "Hello! I'm glad to meet you."),
    ("Tell me a fun fact about octopuses.", "The octopus is a fascinating creature with an incredible adaptability."),
    ("Thanks, that's helpful.", "I'm glad I could help."),
    ("My sister Leah is turning 30 on March 3rd.", "Leah, happy early birthday!"),
    ("My grandmother passed away last week.", "I'm sorry for your loss."),
    ("Good night!", "Good night."),
    ("Thanks, that's helpful.", "You're welcome."),
    ("Where can I hike near Portland on Saturday?", "Portland has trails you could walk on Saturday."),
    ("My sister Leah is turning 30 on March 3rd.", "Turning 30 is a big step."),
    ("How's Mochi doing while I travel to Denver?", "I hope Mochi is fine while you're travelling to Denver."),
])
def test_an_answer_that_stands_on_the_chat_is_shown(message, sentence):
    grounds = grounds_of(message, [*CHAT, HumanMessage(message)])
    assert not grounds.unfounded(sentence)
    assert ReplyScreen(False, grounds).shown(sentence) == sentence


def test_a_reply_cut_mid_sentence_ends_at_its_last_whole_sentence():
    stream = ScreenedStream(ReplyScreen(False, Grounds("Tell me about octopuses.")))
    shown = stream.feed("Octopuses have three hearts. They use tools like shells and tentacles, which is unique")
    shown += stream.flush()
    assert shown == "Octopuses have three hearts."


def test_a_reply_of_one_unclosed_sentence_or_ending_on_a_list_item_is_kept():
    screen = ReplyScreen(False, Grounds("Good night!"))
    assert screen.text("Good night") == "Good night"
    listing = ReplyScreen(False, Grounds("What can I cook with rice, eggs and spinach?"))
    text = "You could cook these with rice, eggs and spinach:\n- fried rice with egg\n- spinach omelette"
    assert listing.text(text) == text


def test_a_line_that_relays_a_named_speaker_is_no_claim_of_the_models():
    screen = ReplyScreen(False, Grounds("Tim: Where is your next game?", "Tim: How was your week?"))
    relayed = "John: It's in Seattle next month. I'm stoked to explore the city\nJohn: We won 3 games"
    assert screen.text(relayed) == relayed
    assert screen.text("Sure. It's in Seattle next month.") == "Sure."
