"""What the model reads about tools: results shown as text, and the errors a call comes back with."""

TOOL_ERROR = "Error: {error}"
MALFORMED_CALL = "Error: {reason}; call the tool again with its name and a JSON object of arguments."
TOOL_TOO_SLOW = "Error: the tool {name} took longer than {seconds:g} s"
TOOL_CANCELLED = "Cancelled: the user stopped the turn."
TOOL_RESULT_CUT = "\n[cut: the result had {total:,} characters; only the first {shown:,} are shown]"
RESULT_AS_TEXT = "[{name} result] {text}"
