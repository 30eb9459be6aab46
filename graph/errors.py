"""Turn model and database failures into one sentence, in the person's language, that says what to do."""

import openai

from graph.models import ModelConfigError
from graph.models.server_exit import BundledServerStopped
from graph.reply.compose import EmptyReplyError
from graph.storage import DatabaseError
from state.texts import has_text, localized

_KINDS: list[tuple[type | tuple[type, ...], str]] = [
    (EmptyReplyError, "empty"),
    ((openai.APITimeoutError, TimeoutError), "timeout"),
    ((openai.APIConnectionError, ConnectionError), "connection"),
    (openai.AuthenticationError, "auth"),
    (openai.NotFoundError, "not_found"),
    (openai.RateLimitError, "rate_limit"),
    (openai.APIStatusError, "status"),
]


def _is_database_error(error: BaseException) -> bool:
    """Driver errors of either backend, recognised without importing the drivers here."""
    return type(error).__module__.split(".")[0] in ("sqlite3", "psycopg", "psycopg_pool")


def describe_server_end(stopped: BundledServerStopped, language: str) -> str:
    """The bundled server's end told as it happened: hung (ended by the app and started again), another program on
    its port, or ended by a signal or exit code; then started again (send again), or gone (its log's last line,
    and the endpoint setting that is the way on)."""
    ended = stopped.ended
    seconds = f"{ended.hung_seconds:.0f}"
    if stopped.taken_port:
        return localized(language, "error_server_port_taken", port=stopped.taken_port)
    if ended.hung and stopped.restarted:
        return localized(language, "error_server_hung", seconds=seconds)
    name = ended.signal_name
    how = (localized(language, "server_hung", seconds=seconds) if ended.hung else
           localized(language, "server_signal", signal=name) if name else
           localized(language, "server_exit_code", code=ended.returncode))
    if stopped.restarted:
        return localized(language, "error_server_restarted", how=how)
    return localized(language, "error_server_gone", how=how, log_line=stopped.log_line)


def describe_error(error: BaseException, language: str = "en", local: bool = False) -> str:
    """A message for the person at the keyboard; the details stay in the log. With the bundled `local` model
    it speaks of what a person can do there, not of endpoints and environment variables."""
    if isinstance(error, (ModelConfigError, DatabaseError)):
        return str(error)
    if isinstance(error, BundledServerStopped):
        return describe_server_end(error, language)
    for kinds, key in _KINDS:
        if isinstance(error, kinds):
            key = f"error_{key}_local" if local and has_text(f"error_{key}_local") else f"error_{key}"
            return localized(language, key, code=getattr(error, "status_code", ""))
    if _is_database_error(error):
        return localized(language, "error_database", error=error)
    return localized(language, "error_other", kind=type(error).__name__, error=error)
