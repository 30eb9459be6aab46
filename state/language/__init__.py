"""The language layer: how a text in English, Korean or Chinese is cut into sentences, whether a sentence asks,
what its words are (state/words.py) and what its numbers count (numbers.py: 3만 5천원, 80万, 45 euros, 3 nights).
Recall, the reply, summaries, the request and intent all read text here, so each agrees with the others on what a
sentence, a question, a word and a number are."""
