"""Prompt text and the functions that fill it."""
