"""Prompts for summarizing completed turns."""
