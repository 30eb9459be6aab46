"""Recall of earlier turns: every completed turn indexed by its words and its meaning, so the turns that
answer the current message come back into the context once summaries have replaced them."""
