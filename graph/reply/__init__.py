"""The model's reply as the person gets it: streamed as far as it is safe to show, cleaned of markup, its tool calls
made answerable, checked against copying the request's framing or an earlier reply, and its tool results stated.
The llm node calls these; nothing here builds a request."""
