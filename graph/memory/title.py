"""A chat named by a capable model in the background after its first reply: the gist title the turn gave it is
replaced only while it is still there, so a person's rename always wins."""

import logging
from collections.abc import Callable, Mapping
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage

from graph.memory.summarize import ask
from graph.reply.clean_text import clean_model_text
from graph.storage.base import SessionStore
from prompt.title import parse_title, title_request
from state.titles import gist_title
from state.turns import first_user_text, message_text, question_indexes

logger = logging.getLogger(__name__)
NAMED_WITHIN = 3  # turns: a model that gave no usable title by then leaves the gist


def name_session(model: BaseChatModel, store: SessionStore, session_id: str, values: Mapping[str, Any],
                 still_current: Callable[[], bool], seconds: float | None = None) -> str | None:
    """Ask for a title when the session still has the gist of its first message as one; returns the title set."""
    messages = values.get("messages", [])
    question = first_user_text(messages)
    answer = next((message_text(m) for m in messages if isinstance(m, AIMessage) and message_text(m)), "")
    gist = gist_title(question)
    asked = len(question_indexes(messages))  # the turns started
    if not answer or asked > NAMED_WITHIN or store.session_title(session_id) != gist:
        return None  # nothing answered yet, or already named (by the model or by the person)
    try:
        title = parse_title(clean_model_text(message_text(ask(model, title_request(question, answer), seconds))))
    except Exception:  # the gist stays; the next reply asks again
        logger.warning("Naming session %s failed", session_id, exc_info=True)
        return None
    if title is None or not still_current() or not store.replace_title(session_id, gist, title):
        return None
    return title
