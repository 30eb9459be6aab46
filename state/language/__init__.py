"""The language layer: how a text in English, Korean or Chinese is cut into sentences, whether a sentence asks,
and (state/words.py) what its words are. Recall, the reply, summaries, the request and intent all read text here,
so each agrees with the others on what a sentence, a question and a word are."""
