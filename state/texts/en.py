"""Every text a person reads in English: the interface's, and the engine's refusals and error explanations.
English has every key; another language falls back to it."""


UI = {
    "model": "Model",
    "tools_by_model": "Calculator and clock: the model calls them when it needs them",
    "tools_by_app": "Sums and the current time are answered by the app itself",
    "window": "{tokens}-token context",
    "model_bundled": "{name} (on this computer)",
    "model_help": "The model that answers this chat, from the next message on; kept with the chat.",
    "model_away": "{name} is not answering now, so {default} answers this chat. The chat keeps {name} and goes back "
                  "to it when it answers again.",
    "downloads": "⬇️ Download a model",
    "downloads_caption": "Small models that write Korean and Chinese, run on this computer by the app itself. "
                         "A downloaded model is offered in the model list above.",
    "download_about": "{languages} · {license}",
    "download_unknown": "languages not known",
    "download_start": "Download",
    "download_remove": "Remove",
    "download_dismiss": "OK",
    "download_reference": "Another model (hf:OWNER/REPO/FILE.gguf)",
    "download_progress": "{name}: {done} of {total}",
    "download_done": "{name} is downloaded: choose it in the model list above.",
    "download_not_gguf": "That is not a GGUF file on the hub: write it as hf:OWNER/REPO/FILE.gguf.",
    "download_offline": "{name} could not be downloaded: the model hub cannot be reached from this computer.",
    "download_not_found": "{name} is not on the model hub: check the repository and file name.",
    "download_gated": "{name} needs an access token: set HF_TOKEN to a token with access to it and restart.",
    "download_no_room": "{name} needs {needed} and the disk has {free} free: make room and try again.",
    "download_checksum": "{name} did not match the hub's checksum, so it was deleted: download it again.",
    "download_interrupted": "The download of {name} stopped: start it again.",
    "typing": "Writing a reply…",
    "policy_every_three_turns": "Summarize every 3 turns, keep every summary",
    "policy_token_threshold": "Summarize after 8,000 new tokens",
    "policy_window_share": "Summarize past 60% of the window",
    "policy_sliding_window": "Keep only the last 3 summaries",
    "advanced": "⚙️ Advanced settings",
    "rate_label": "Compression rate",
    "rate_help": "Lower gives shorter summaries, higher keeps more detail",
    "rate_scale": "0.1 (short) · 0.3 (balanced) · 0.5 (detailed) — applies from the next summary",
    "budget_label": "Context budget (tokens)",
    "budget_help": "The most a turn sends the model: summaries, recalled turns and recent turns share it",
    "budget_cost": "Up to {tokens} tokens a turn · {turns} turns ≈ {total}M tokens",
    "policy": "Context policy",
    "sessions": "Sessions",
    "new_chat": "➕ New chat",
    "untitled": "New chat",
    "bad_session_id": "The chat id in the address cannot be used, so a new chat was opened. ({reason})",
    "rename": "Rename",
    "save": "Save",
    "delete": "🗑️ Delete chat",
    "confirm_delete": "Delete this chat for good?",
    "yes_delete": "Delete",
    "cancel": "Cancel",
    "system_prompt": "System prompt",
    "system_prompt_help": "Saved for this chat only. The date and time are added automatically.",
    "saved": "Saved",
    "modifiers": "Context modifiers",
    "agent_prompt": "Custom agent prompt",
    "agent_prompt_help": "Inserted as a user message above the latest user message.",
    "reminder": "Reminder",
    "reminder_help": "Appended as a user message at the end of the context.",
    "hide_tools": "Replace tool results of earlier turns with a placeholder",
    "compressed": "Context compressed: {before:,} → {after:,} tokens",
    "pins_left_out_one": "1 pinned message did not fit this reply's request and was left out (the oldest first). "
                         "Unpin some to make room.",
    "pins_left_out_other": "{count} pinned messages did not fit this reply's request and were left out (the oldest "
                           "first). Unpin some to make room.",
    "sources": "Sources",
    "documents": "📎 Documents",
    "doc_upload": "Add txt, md or pdf files",
    "doc_adding": "Reading the files and counting tokens…",
    "doc_added": "{title}: {tokens:,} tokens · {mode}",
    "doc_done": "Documents added",
    "doc_whole": "rides in the context whole",
    "doc_indexed": "indexed for retrieval (cited)",
    "input": "Type a message",
    "empty": "Empty messages are not sent",
    "long_message": "All {chars:,} characters are kept in the chat; "
                    "the model gets a shortened version that fits its window.",
    "show_all": "Show all",
    "stop": "⏹ Stop",
    "stopped": "⏹ Stopped",
    "retry": "🔁 Retry",
    "no_answer": "Your last message has no answer yet.",
    "summarizing": "Summarizing turns {spans}…",
    "summarized": "Summarized turns {spans}",
    "panel": "📝 Summary history",
    "current_rate": "Current compression rate",
    "no_summaries": "No summaries yet: turns are summarized every 3 turns from turn 4.",
    "record_title": "[Turns {first}-{last}] rate {rate:g}",
    "chars": "{original:,} → {summary:,} characters ({measured:.0%} of the original; asked {requested:.0%})",
    "consolidated": "🗂 Higher-level summaries in the context ({count})",
    "merged_title": "[Turns {first}-{last}] level {level} · {sources} summaries merged",
    "stats": "📊 Summary statistics",
    "stats_chars": "Original: {original:,} → summaries: {summary:,} characters",
    "stats_saving": "Overall saving: {saving}%",
    "chart": "Tokens per turn: context sent vs full history",
    "chart_open": "📈 Tokens per turn",
    "context_series": "context",
    "history_series": "full history",
    "recall_series": "recalled turns",
    "inspector": "🔍 What the model saw",
    "inspector_empty": "No model call yet.",
    "part": "Part",
    "tokens": "Tokens",
    "recalled": "recalled: {turns}",
    "pin": "Pin: never summarized away, always in the context",
    "unpin": "Unpin",
    "recall_toggle": "Recall earlier turns",
    "recall_help": "Earlier turns that answer the question are sent to the model with it.",
    "search": "🔎 Search all chats",
    "search_placeholder": "wifi, Hana, lease…",
    "search_empty": "Nothing found.",
    "open_turn": "{title} · turn {turn} · {day}",
    "summarize_now": "Summarize now",
    "summarize_now_done": "Summarized",
    "summarize_now_none": "Nothing to summarize (the last turn stays as it is).",
    "edit_summary": "✏️ Edit",
    "delete_summary": "Remove from the context",
    "summary_edited": "edited",
    "summary_deleted": "removed from the context",
    "original": "Original summary",
    "paste_offer": "This is a long text ({chars:,} characters). Added as a document it is never lost to a "
                   "summary and is cited when it matters.",
    "paste_as_document": "📎 Add as a document",
    "paste_as_message": "Send as a message",
    "paste_added": "Added as the document '{title}'. Ask your question now.",
    "answer_details": "Details: the earlier turns this answer recalled",
    "system_prompt_default": "You are a helpful AI assistant. Answer in the language the user writes in. "
                             "Be accurate and concise, and use the conversation summaries below as things you "
                             "already know about this conversation.",
    "recalled_part": "Recalled turns",
    "parts": {"system": "System", "summary": "Summaries", "pinned": "Pinned messages",
              "raw": "Unsummarized turns", "recall": "Recalled turns", "current": "Current turn",
              "tools": "Tool definitions", "total": "Total", "history": "Full history would be",
              "read": "Read before (cached start)", "new": "New to the model"},
    "details_switch": "🛠 Details for developers",
    "details_help": "Shows what the model saw on each call, token counts, the recalled turns, the context policy "
                    "and budget.",
    "turn_column": "Turn",
    "rank_column": "Rank",
    "speakers": {"system": "System", "human": "Person", "ai": "Assistant", "tool": "Tool"},
    "empty_message": "(empty)",
    "upload_button": "Choose files",
    "upload_limit": "up to {size} per file · {types}",
}

# The page frame: the list of chats, the memory controls, the empty chat, a chat not found, a found turn.
# A key ending in "_one" is used for a count of one, "_other" for every other count.
LAYOUT = {
    "app_title": "💬 Context Chat",
    "memory": "🧠 Memory",
    "memory_caption": "Long chats are summarized, and earlier turns are recalled when they matter.",
    "chat_menu": "Rename or delete",
    "more_chats_one": "Show {count} more chat",
    "more_chats_other": "Show {count} more chats",
    "chat_meta_one": "{count} turn · {when}",
    "chat_meta_other": "{count} turns · {when}",
    "stats_count_one": "Summaries: {summaries} ({count} turn compressed)",
    "stats_count_other": "Summaries: {summaries} ({count} turns compressed)",
    "chart_turn": "turn",
    "welcome_title": "What can I help you with?",
    "welcome_caption": "Long chats stay remembered: older turns are summarized and recalled when they "
                       "matter. Start with an example below, or type a message.",
    "example_1": "What is 17 * 23?",
    "example_2": "What time is it now?",
    "example_3": "My name is Ada and I live in Lisbon. Remember that.",
    "example_4": "Give me three tips for writing a clear email.",
    "missing_session": "No chat is saved at this address: it may have been deleted, or the link is wrong.",
    "starting_engine": "Starting the model and the chat ({seconds} s)… The page opens by itself when it is ready.",
    "missing_hint": "Start a new chat, or pick one from the list on the left.",
    "start_new_chat": "➕ Start a new chat",
    "found_turn": "Opened turn {turn} of '{title}'",
    "found_badge": "🔎 Search result",
}

ENGINE = {
    "error_empty": "The model returned an empty reply. Press Retry, or rephrase your message.",
    "error_timeout": "The model took too long to answer. Press Retry, or raise "
                         "CHAT_FIRST_TOKEN_TIMEOUT and CHAT_REPLY_TIMEOUT for a slow endpoint.",
    "error_timeout_local": "The model took too long to answer. Press Retry, or send a shorter message.",
    "error_connection_local": "The built-in model is not responding. Restart the app, then press Retry.",
    "error_connection": "The model endpoint cannot be reached. Check that it is running and that "
                            "OPENAI_BASE_URL points to it, then press Retry.",
    "error_auth": "The endpoint refused the API key. Check OPENAI_API_KEY and restart the app.",
    "error_not_found": "The endpoint does not serve that model. Check CHAT_MODEL (and SUMMARY_MODEL) "
                           "and restart.",
    "error_rate_limit": "The endpoint is rate-limiting requests. Wait a moment and press Retry.",
    "error_server_restarted": "The built-in model's server stopped ({how}) while answering and has been started "
                              "again. Press Retry or send your message again.",
    "error_server_gone": "The built-in model's server stopped ({how}) and cannot be started again. The last line "
                         "of its log: “{log_line}”. Restart the app, or set OPENAI_BASE_URL (with "
                         "CHAT_MODEL) to use another OpenAI-compatible endpoint.",
    "server_signal": "ended by {signal}",
    "server_exit_code": "exit code {code}",
    "server_hung": "no progress for {seconds} s",
    "error_server_hung": "The built-in model's server stopped responding (no progress for {seconds} s), so it was "
                         "ended and started again. Press Retry or send your message again.",
    "error_server_port_taken": "Another program is now listening on port {port}, where the built-in model's server "
                               "ran, so the server could not start again and nothing was sent to that program. "
                               "Close it and restart the app, or set OPENAI_BASE_URL (with CHAT_MODEL) to use "
                               "another OpenAI-compatible endpoint.",
    "error_status": "The model server failed (HTTP {code}). Press Retry; if it persists, check its logs.",
    "error_database": "The chat database reported an error ({error}). Your message is kept; press Retry.",
    "error_other": "The turn failed ({kind}: {error}). Your message is kept; press Retry.",
    "empty_message": "An empty message cannot be sent.",
    "not_sent": "This message was not sent: the chat closed or the session was deleted before its turn "
                    "came.",
    "reply_withheld_framing": "The model repeated the instructions and reference material it was given instead "
                              "of answering, so that reply is not shown. Please rephrase your question and send "
                              "it again.",
    "reply_withheld_repeat": "The model repeated its previous answer, so that reply is not shown. Please "
                             "rephrase your question or ask something more specific.",
    "reply_acknowledged": "Noted, I'll keep that in mind.",
    "reply_greeting": "Hello! What can I help you with?",
    "reply_thanks": "You're welcome!",
    "reply_unanswerable": "Sorry, the small model on this computer cannot answer that well. It "
                          "can quote what you told me earlier, work out sums, tell the time and find a line in "
                          "your documents.",
    "document_not_found": "I could not find that in {titles}.",
    "small_model_note": "Note: this chat is answered by the small model built into the app, which cannot write "
                        "this language well, so it answers only with what the app itself knows: your own words "
                        "from earlier, sums, the time and lines of your documents. A larger model answers in "
                        "full: run Ollama or LM Studio on this computer and the app finds it, or connect an "
                        "OpenAI-compatible endpoint (set OPENAI_BASE_URL and CHAT_MODEL and restart).",
    "small_model_note_download": "Or download a small model that writes it under ⬇️ Download a model in the "
                                 "sidebar.",
    "small_model_note_found": "Found on this computer: {models}. Choose one in the model picker in the sidebar "
                              "and it answers this chat from the next message.",
    # who said a summary's line, and the tools' names a summary states their results under
    "summary_person": "User",
    "summary_assistant": "Assistant",
    "tool_calculator": "Calculator",
    "tool_get_current_datetime": "Clock",
    # what the clock tells: the date, the weekday and the time, as each language writes them
    "clock_reading": "{date} {time} {zone} ({weekday})",
    "weekday_names": "Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday",
    "setting_not_text": "The setting {name} must be text, not {given}.",
    "setting_not_switch": "The setting {name} must be true or false, not {given}.",
    "setting_not_number": "The setting {name} must be a number, not {given}.",
    "time_zone_unknown": "The time zone {given} is not one this app knows (an IANA name such as Asia/Seoul).",
    "time_zone_fallback": "Your browser's time zone {given} is not one this app knows, so dates and times here "
                          "are in {used}.",
    "message_id_wrong_type": "A message is named by its id (text), not by {given}.",
    "message_not_shown": "That message is not in the conversation shown (it may belong to another version), so "
                         "nothing was changed.",
    "turn_wrong_type": "A turn is named by its number (1, 2, 3, …), not by {given}.",
    "language_wrong_type": "The page's language is named by its code ('en', 'ko', 'zh'), not by {given}.",
    "text_wrong_type": "A message or summary is text, not {given}.",
}

# Actions on messages (copy, pin, edit, regenerate, feedback), export, and files attached in the chat input.
ACTION = {
    "copy": "Copy",
    "pinned_mark": "📌 Pinned",
    "edit": "Edit message",
    "edit_send": "Send",
    "edit_empty": "The message cannot be made empty",
    "regenerate": "Regenerate the answer",
    "feedback_saved": "Feedback saved",
    "export": "⬇️ Export",
    "export_markdown": "Download as Markdown",
    "export_json": "Download as JSON",
    "attach_added": "Added '{title}' as a document ({tokens:,} tokens)",
    "attach_only": "The file was added as a document. Ask about it now.",
    "attach_reading": "reading…",
    "attach_refused": "not added",
    "rewrite_nothing": "There is no question to send again.",
    "regenerate_unanswered": "The last question has no answer yet. Press Retry.",
    "retry_nothing": "Every question has its answer: there is nothing to retry.",
    "rewrite_summarized": "This turn was already summarized and cannot be changed. Ask again in a new message.",
    "rewrite_moved": "The conversation moved on meanwhile, so nothing was replaced. Try again on the last turn.",
    "rewrite_too_old": "This message is too far back to change. Edit a more recent one, or ask in a new message.",
    "version_previous": "Previous version",
    "version_next": "Next version",
    "version_of": "{shown}/{count}",
    "version_busy": "Versions cannot be switched while an answer is being written.",
    "edit_leaves_out_one": "Sending starts a new version from this question. The 1 turn after it is left out of "
                           "the new version and stays in the version shown now: ‹ › above switches back.",
    "edit_leaves_out": "Sending starts a new version from this question. The {later} turns after it are left out of "
                       "the new version and stay in the version shown now: ‹ › above switches back.",
    "version_notice": "Version {shown} of {count}",
    "version_later_one": "1 later turn stays in version {version}",
    "version_later": "{later} later turns stay in version {version}",
    "version_show": "Show version {version}",
    "live_turn": "This reply is still being written.",
    "export_header": "Turns: {turns} · exported {day}",
    "export_turn": "Turn {turn}",
    "export_you": "👤 You",
    "export_assistant": "🤖 Assistant",
    "export_summaries": "Summaries",
    "export_summary_turns": "Turns {first}-{last}",
}

# Sign-in for a team, and the refusal to show chats on an open address without it.
SIGNIN = {
    "sign_in_caption": "Sign in with your team account to use this app; your chats are shown to you alone.",
    "sign_in": "🔑 Sign in",
    "sign_out": "Sign out",
    "signed_in_as": "Signed in as {who}",
    "no_identity": "Your account gave no e-mail or user id, so no chats can be shown. Sign out and sign in "
                   "with another account.",
    "open_without_sign_in": "This app listens on {address} without sign-in, so it shows no chats: keep "
                            "server.address at 127.0.0.1, or set up sign-in ([auth] in .streamlit/secrets.toml).",
    "refused_to_listen": "Not starting on {address} without sign-in: keep server.address at 127.0.0.1, or set "
                         "up sign-in ([auth] in .streamlit/secrets.toml).",
}
