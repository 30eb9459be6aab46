"""Running a session's turns: the input, the lock and journal around the graph, Stop, and the events
callers draw. Imports the graph's pure modules and storage; nothing here draws."""
