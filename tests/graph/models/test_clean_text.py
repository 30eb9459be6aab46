"""The model's entities and template markup are cleaned once, the same way whether streamed or not."""

import pytest

from graph.reply.clean_text import StreamCleaner, clean_model_text

pytestmark = pytest.mark.unit

CLEANED = [
    ("I&#39;m fine", "I'm fine"),
    ("I&#x27;m &quot;ok&quot;", 'I\'m "ok"'),
    ("5 &gt; 3 &amp;&amp; 2 &lt; 4", "5 > 3 && 2 < 4"),
    ("&amp;lt;", "&lt;"),
    ("&amp;amp;", "&amp;"),
    ("&lt;p&gt; is a paragraph tag", "<p> is a paragraph tag"),
    ("Hi!<|im_end|>", "Hi!"),
    ("<|im_start|>assistant\nHello<|im_end|>", "Hello"),
    ("Done.<|endoftext|>", "Done."),
    ("</s>ok<s>", "ok"),
    ("a<br>b<br/>c<br />d", "a\nb\nc\nd"),
    ("<p>Hello <b>world</b></p>", "Hello world"),
    ('<a href="https://x.org/?a=1&amp;b=2">the link</a>', "the link"),
    ('<span class="x">kept</span>', "kept"),
]

UNCHANGED = [
    "a < b and c > d",
    "x<y",
    "if n<10 and m>3",
    "a <b and c> d",
    "AT&T and R&D",
    "&notit &copy2024",
    "**bold**, _italic_, # heading, > quote, - item",
    "Use `List<int>` here",
    "`<b>` stays in code",
    "```html\n<p>markup in a code block</p>\n```",
    "<https://example.org>",
    "plain text with no markup at all",
]

STREAMED = [text for text, _ in CLEANED] + UNCHANGED + [
    "```java\nList<b> x; &lt;\n```\n<b>bold</b> I&#39;m<|im_end|>",
    "``<b>``x<b>y</b>",
    "<<b>p>",
    "<b<|im_end|>>",
    "<|im_start|>assistantx",
    "<br\n>",
    "Mixed 한국어 &amp; 中文<br>next",
]


@pytest.mark.parametrize("raw, expected", CLEANED)
def test_entities_are_unescaped_once_and_markup_removed(raw, expected):
    """What the model meant to show is shown, and nothing is decoded twice."""
    assert clean_model_text(raw) == expected


@pytest.mark.parametrize("text", UNCHANGED)
def test_comparisons_markdown_and_code_are_kept(text):
    """Angle brackets that are not markup, Markdown, and code are left as written."""
    assert clean_model_text(text) == text


def test_markup_inside_code_is_kept_but_outside_is_removed():
    """The same tag is code between backticks and markup after them."""
    assert clean_model_text("`<b>` then <b>x</b>") == "`<b>` then x"
    assert clean_model_text("```\n<p>\n```\n<p>x") == "```\n<p>\n```\nx"


@pytest.mark.parametrize("text", STREAMED)
def test_streaming_in_every_split_equals_the_one_shot_result(text):
    """Wherever the stream is cut, once or twice, the text shown at the end is the same."""
    expected = clean_model_text(text)
    for first in range(len(text) + 1):
        for second in range(first, len(text) + 1):
            cleaner = StreamCleaner()
            parts = [cleaner.feed(text[:first]), cleaner.feed(text[first:second])]
            parts.append(cleaner.feed(text[second:]))
            assert "".join(parts) + cleaner.flush() == expected, (first, second)


@pytest.mark.parametrize("text", STREAMED)
def test_streaming_character_by_character_equals_the_one_shot_result(text):
    """Token streams often cut inside an entity or a tag."""
    cleaner = StreamCleaner()
    streamed = "".join(cleaner.feed(character) for character in text) + cleaner.flush()
    assert streamed == clean_model_text(text)


def test_an_entity_split_across_tokens_comes_out_whole():
    """The held-back tail is released as soon as the entity is complete."""
    cleaner = StreamCleaner()
    assert cleaner.feed("I&#") == "I"
    assert cleaner.feed("39;m") == "'m"
    assert cleaner.flush() == ""


def test_only_a_short_tail_is_held_back():
    """Plain text and comparisons are shown at once; a possible tag is held only until it cannot be one."""
    cleaner = StreamCleaner()
    assert cleaner.feed("Hello there, ") == "Hello there, "
    assert cleaner.feed("a < b") == "a < b"
    assert cleaner.feed(" and x<y") == " and x"
    assert cleaner.feed(" is true") == "<y is true"
    assert cleaner.feed(" <b") == " "
    assert cleaner.feed(">bold</b>") == "bold"
    long_tail = "<b " + "x" * 200
    assert len(cleaner.feed(long_tail)) == len(long_tail)
    assert cleaner.flush() == ""
