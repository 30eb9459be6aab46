"""Turn model and database failures into one sentence that says what to do."""

import sqlite3

import openai

from graph.models import ModelConfigError
from graph.nodes.llm import EmptyReplyError
from graph.persistence import DatabaseError


def describe_error(error: BaseException) -> str:
    """A message for the person at the keyboard; the details stay in the log."""
    if isinstance(error, (ModelConfigError, DatabaseError)):
        return str(error)
    if isinstance(error, EmptyReplyError):
        return "The model returned an empty reply. Press Retry, or rephrase your message."
    if isinstance(error, openai.APITimeoutError) or isinstance(error, TimeoutError):
        return "The model took too long to answer. Press Retry, or raise CHAT_TIMEOUT for a slow endpoint."
    if isinstance(error, openai.APIConnectionError) or isinstance(error, ConnectionError):
        return (
            "The model endpoint cannot be reached. Check that it is running and that OPENAI_BASE_URL "
            "points to it, then press Retry."
        )
    if isinstance(error, openai.AuthenticationError):
        return "The endpoint refused the API key. Check OPENAI_API_KEY and restart the app."
    if isinstance(error, openai.NotFoundError):
        return "The endpoint does not serve that model. Check CHAT_MODEL (and SUMMARY_MODEL) and restart."
    if isinstance(error, openai.RateLimitError):
        return "The endpoint is rate-limiting requests. Wait a moment and press Retry."
    if isinstance(error, openai.APIStatusError):
        return f"The model server failed (HTTP {error.status_code}). Press Retry; if it persists, check its logs."
    if isinstance(error, sqlite3.Error):
        return f"The chat database reported an error ({error}). Your message is kept; press Retry."
    return f"The turn failed ({type(error).__name__}: {error}). Your message is kept; press Retry."
