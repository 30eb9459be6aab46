"""Long-term memory: block summaries, their merges, the one planner that decides both, and the
background worker that makes them ahead of time. Imports the request package for token counts."""
