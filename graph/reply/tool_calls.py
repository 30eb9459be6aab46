"""Every tool call a model makes becomes one call the tool node can answer: a name, a unique id and an
object of arguments, or an error marker the tool node answers with `Error: ...`. A malformed call never
fails the turn and never leaves an unanswered call in the transcript."""

import json
import uuid
from typing import Any, cast

from langchain_core.messages import AIMessage, AIMessageChunk, message_chunk_to_message

MALFORMED_ARGUMENTS = "__malformed_arguments__"  # holds the reason a call cannot run (the tool node answers it)
UNKNOWN_TOOL = "unknown_tool"


def _is_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def strict_tool_calls(reply: AIMessageChunk) -> AIMessage:
    """The streamed answer as a message, where a tool call whose arguments are not a JSON object stays invalid
    (streaming parses partial JSON leniently, which would run the tool with arguments the model never gave)."""
    message = cast(AIMessage, message_chunk_to_message(reply))
    broken = [chunk for chunk in reply.tool_call_chunks if not _is_json_object(chunk.get("args") or "{}")]
    if not broken:
        return message
    broken_ids = {chunk.get("id") for chunk in broken}
    known_invalid = {call.get("id") for call in message.invalid_tool_calls}
    invalid = [{"name": c.get("name"), "args": c.get("args"), "id": c.get("id"), "error": "not a JSON object",
                "type": "invalid_tool_call"} for c in broken if c.get("id") not in known_invalid]
    return message.model_copy(update={"tool_calls": [c for c in message.tool_calls if c["id"] not in broken_ids],
                                      "invalid_tool_calls": [*message.invalid_tool_calls, *invalid]})


def _problem(call: dict[str, Any], invalid: bool) -> str | None:
    """Why the tool node cannot run this call as it is, or None when it can."""
    name = call.get("name")
    if not isinstance(name, str) or not name.strip():
        return "the tool call has no tool name"
    if invalid or not isinstance(call.get("args"), dict):
        raw = call.get("args")
        shown = raw if isinstance(raw, str) else json.dumps(raw, default=str)
        return f"the arguments for {name} were not a JSON object ({str(shown)[:200]!r})"
    return None


def well_formed_tool_calls(response: AIMessage) -> AIMessage:
    """The reply with each of its tool calls, valid or not, as one answerable call with a unique id."""
    pending = [(dict(call), False) for call in response.tool_calls]
    pending += [(dict(call), True) for call in response.invalid_tool_calls]
    if not pending:
        return response
    calls, seen = [], set()
    for call, invalid in pending:
        call_id, problem = call.get("id"), _problem(call, invalid)
        if isinstance(call_id, str) and call_id in seen:
            problem = problem or f"the call repeated the id {call_id[:60]!r} of another call in the same reply"
        if not isinstance(call_id, str) or not call_id or call_id in seen:
            call_id = f"call_{uuid.uuid4().hex[:16]}"
        seen.add(call_id)
        name = call.get("name") if isinstance(call.get("name"), str) and call.get("name") else UNKNOWN_TOOL
        args = {MALFORMED_ARGUMENTS: problem} if problem else call["args"]
        calls.append({"name": name, "args": args, "id": call_id, "type": "tool_call"})
    if calls == list(response.tool_calls) and not response.invalid_tool_calls:
        return response
    return response.model_copy(update={"tool_calls": calls, "invalid_tool_calls": []})
