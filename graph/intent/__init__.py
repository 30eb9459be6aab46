"""Intent matching for models that cannot call tools: a question is matched to the tool call a
tool-calling model would make, without a model."""
