"""The agent's tools: what they compute, and how a question is matched to one without a tool-calling model."""
