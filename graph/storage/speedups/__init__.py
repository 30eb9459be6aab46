"""In-process caches that keep loading a long session flat: each remembers what a checkpoint already cost once (a
checkpoint never changes once saved). One module per cache; the transcript's own (its ids, its split into turns)
live with it in `state`, and the SQLite saver's decoded full copies with its walk (`sqlite/saver.py`)."""
