"""The fake chat models, under the name the tests import them by."""

from graph.testing.models import Reply, ScriptedChatModel, echo_reply, summary_calls, summary_reply

__all__ = ["Reply", "ScriptedChatModel", "echo_reply", "summary_calls", "summary_reply"]
