"""The agent's tools: what they compute, and how their results reach an answer."""
