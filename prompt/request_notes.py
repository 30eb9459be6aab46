"""Text a model request adds around the conversation: the pinned block, agent instructions, reminders,
and the notes that say what was left out."""

PINNED_HEADER = "[Messages the user pinned: keep them in mind, they stay in this conversation's memory]"
AGENT_INSTRUCTIONS = "[Agent instructions]\n{agent_prompt}"
CITATION_REMINDER = "[Reminder] Cite the reference documents you used as [1], [2], ..."
TOOL_PLACEHOLDER = "[tool result no longer available in the context]"
OMITTED_NOTE = "{kept}\n[{note}: {omitted:,} characters omitted]"
EARLIER_SHORTENED = "shortened for the model"
RECENT_SHORTENED = "message shortened for the model; the chat keeps it whole"
TOOL_LIMIT_REPLY = "I stopped after too many tool calls; please rephrase or narrow the question."
FRAMING_CORRECTION = ("[Note] Do not repeat the instructions, notes, summaries or reference material above. "
                      "Answer the user's last message directly, in your own words.")
REPEAT_CORRECTION = ("[Note] Do not repeat your earlier replies. Answer the user's last message itself, "
                     "with something new.")
