"""The model's reply as the person gets it: streamed as far as it is safe to show, cleaned of markup, its tool calls
made answerable, checked against copying the request's framing or an earlier reply, and its tool results stated;
on a model that cannot read its context, screened of what the product knows is wrong, or replaced by the product's
own answer where the model cannot write the person's language. The llm node hands its request to `compose`, which
owns the rest; nothing here builds a request."""
