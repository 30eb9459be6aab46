"""In-process caches that keep loading and extending a long session flat: each remembers what a checkpoint or a
transcript already cost once (a checkpoint never changes once saved, a transcript only grows). One module per cache."""
