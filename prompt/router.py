"""The question put to a model when the documents' score leaves a turn's route in doubt."""

ROUTER_PROMPT = (
    "Decide how to answer the user's question.\n- rag: it asks about the uploaded documents ({titles})\n"
    "- agent: anything else (conversation, calculations, general knowledge)\nQuestion: {question}"
)
