"""Where the bundled model cannot write the person's language (Korean, Chinese), the product answers alone with
what it does well there: the quote from memory, the tool's result or the document's line it leads with, else a
short acknowledgement in that language. The first such answer of a session says, once, which model answers in
full and how to connect one; the transcript tells whether it was said (it survives reloads, and a rewind that
takes that answer back takes the note with it)."""

import re
from collections.abc import Callable, Sequence

from langchain_core.messages import AIMessage, BaseMessage
from langgraph.config import get_stream_writer

from graph.recall.quote_text import quote_language
from state.language.questions import questions_in
from state.texts import LANGUAGES, localized
from state.turns import message_text

BEYOND_MODEL = ("ko", "zh")  # languages the bundled model writes only nonsense in
MODEL_NOTE = "model_note"  # the reply's metadata key: this reply told which model answers in full
_GREETING_ONLY = re.compile(r"^\W*(?:hello|hi|hey|good (?:morning|afternoon|evening)"
                            r"|안녕하세요|안녕|반가워요|반갑습니다|你好|您好|嗨|哈喽)(?:\s+there)?\W*$", re.IGNORECASE)
_THANKS_ONLY = re.compile(r"^\W*(?:thanks|thank you|감사합니다|감사해요|고마워요|고마워|谢谢|多谢)\W*$", re.IGNORECASE)


_LATIN_LETTER = re.compile(r"[A-Za-z]")


def language_beyond_model(message: str, page_language: str) -> str | None:
    """The language of a turn the bundled model cannot write: the message's, when written in Hangul or Han; the
    page's (Korean or Chinese) only for a message with no letters of its own ("?", "17*23"); None for a turn it
    can answer, one the person wrote in English whatever the page's language."""
    written = quote_language(message)
    if written in BEYOND_MODEL:
        return written
    if _LATIN_LETTER.search(message):
        return None
    return page_language if page_language in BEYOND_MODEL else None


def own_text(language: str, key: str) -> str:
    """One of the product's own replies in `language`: the page texts' (English for a language they lack)."""
    return localized(language if language in LANGUAGES else "en", key)


def acknowledgement(message: str, language: str) -> str:
    """A short reply that claims nothing the product does not know: a greeting or thanks answered in kind, a
    question honestly left unanswered, anything else taken note of."""
    if _GREETING_ONLY.match(message):
        return own_text(language, "reply_greeting")
    if _THANKS_ONLY.match(message):
        return own_text(language, "reply_thanks")
    return own_text(language, "reply_unanswerable" if questions_in(message)
                    else "reply_acknowledged")


def note_given(transcript: Sequence[BaseMessage]) -> bool:
    """Whether a reply of the session already said which model answers in full."""
    return any(isinstance(message, AIMessage) and message.response_metadata.get(MODEL_NOTE)
               for message in transcript)


def model_note(language: str, other_models: Sequence[str], offers_downloads: bool = False) -> str:
    """The note on which model answers in full: how to get one, the download list where the page has it, and the
    models this machine offers now by name (a choice the page lacks is never named)."""
    parts = [own_text(language, "small_model_note")]
    if offers_downloads:
        parts.append(own_text(language, "small_model_note_download"))
    if other_models:
        parts.append(own_text(language, "small_model_note_found").format(models=", ".join(other_models)))
    return ("" if language == "zh" else " ").join(parts)  # Chinese sentences follow each other without a space


def own_answer(lead: str, message: str, language: str, transcript: Sequence[BaseMessage],
               other_models: Callable[[], list[str]] = list, offers_downloads: bool = False) -> AIMessage:
    """The product's whole answer to a turn in `language`: its lead or an acknowledgement, and the note on which
    model answers in full (naming `other_models()`, those a session may choose now, and the download list when
    the page `offers_downloads`) when the session has not had it yet."""
    text = lead or acknowledgement(message, language)
    if note_given(transcript):
        return AIMessage(text)
    note = model_note(language, other_models(), offers_downloads)
    return AIMessage(f"{text}\n\n{note}", response_metadata={MODEL_NOTE: True})


def acknowledged_if_empty(response: AIMessage, message: str, language: str) -> AIMessage:
    """A reply the screen left nothing of, as an acknowledgement in the page's language (on the page too): a
    turn is never answered with nothing for what the product took out."""
    if response.tool_calls or message_text(response).strip():
        return response
    text = acknowledgement(message, language)
    get_stream_writer()({"token": text})
    return response.model_copy(update={"content": text})
