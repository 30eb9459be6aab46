"""Turn model and database failures into one sentence, in the person's language, that says what to do."""

from collections.abc import Callable

import openai

from graph.models import ModelConfigError
from graph.nodes.llm import EmptyReplyError
from graph.storage import DatabaseError

MESSAGES = {
    "en": {
        "empty": "The model returned an empty reply. Press Retry, or rephrase your message.",
        "timeout": "The model took too long to answer. Press Retry, or raise CHAT_FIRST_TOKEN_TIMEOUT and "
                   "CHAT_REPLY_TIMEOUT for a slow endpoint.",
        "connection": "The model endpoint cannot be reached. Check that it is running and that OPENAI_BASE_URL "
                      "points to it, then press Retry.",
        "auth": "The endpoint refused the API key. Check OPENAI_API_KEY and restart the app.",
        "not_found": "The endpoint does not serve that model. Check CHAT_MODEL (and SUMMARY_MODEL) and restart.",
        "rate_limit": "The endpoint is rate-limiting requests. Wait a moment and press Retry.",
        "status": "The model server failed (HTTP {code}). Press Retry; if it persists, check its logs.",
        "database": "The chat database reported an error ({error}). Your message is kept; press Retry.",
        "other": "The turn failed ({kind}: {error}). Your message is kept; press Retry.",
    },
    "ko": {
        "empty": "모델이 빈 답을 보냈습니다. 다시 시도하거나 메시지를 바꿔 보세요.",
        "timeout": "모델의 답이 너무 늦습니다. 다시 시도하거나, 느린 엔드포인트라면 CHAT_FIRST_TOKEN_TIMEOUT과 "
                   "CHAT_REPLY_TIMEOUT을 늘리세요.",
        "connection": "모델 엔드포인트에 연결할 수 없습니다. 실행 중인지, OPENAI_BASE_URL이 맞는지 확인한 뒤 "
                      "다시 시도하세요.",
        "auth": "엔드포인트가 API 키를 거부했습니다. OPENAI_API_KEY를 확인하고 앱을 다시 시작하세요.",
        "not_found": "엔드포인트에 그 모델이 없습니다. CHAT_MODEL(과 SUMMARY_MODEL)을 확인하고 다시 시작하세요.",
        "rate_limit": "엔드포인트가 요청을 제한하고 있습니다. 잠시 후 다시 시도하세요.",
        "status": "모델 서버가 실패했습니다 (HTTP {code}). 다시 시도하고, 계속되면 서버 로그를 확인하세요.",
        "database": "대화 데이터베이스 오류입니다 ({error}). 메시지는 보존되었습니다. 다시 시도하세요.",
        "other": "이번 턴이 실패했습니다 ({kind}: {error}). 메시지는 보존되었습니다. 다시 시도하세요.",
    },
}

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


def describe_error(error: BaseException, language: str = "en") -> str:
    """A message for the person at the keyboard; the details stay in the log."""
    if isinstance(error, (ModelConfigError, DatabaseError)):
        return str(error)
    text: Callable[[str], str] = MESSAGES.get(language, MESSAGES["en"]).__getitem__
    for kinds, key in _KINDS:
        if isinstance(error, kinds):
            return text(key).format(code=getattr(error, "status_code", ""))
    if _is_database_error(error):
        return text("database").format(error=error)
    return text("other").format(kind=type(error).__name__, error=error)
