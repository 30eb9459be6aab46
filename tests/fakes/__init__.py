"""Stand-ins the tests and benchmarks share (fake chat models, made-up files), kept out of the installed app."""

from tests.fakes.models import Reply, ScriptedChatModel, echo_reply, summary_calls, summary_reply

__all__ = ["Reply", "ScriptedChatModel", "echo_reply", "summary_calls", "summary_reply"]
