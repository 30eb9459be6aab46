"""What a person changes in a session outside a turn: pins, summaries, documents; each under its lock. An edited
summary's new text is what the model sees; its record keeps what was generated."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from graph.documents.store import DocumentRefused
from graph.memory.planner import plan_input
from graph.request.tokens import count_text
from graph.session.access import SessionAccess
from graph.session.inputs import (
    MAX_NAME_CHARS,
    checked_language,
    checked_message_id,
    checked_name,
    checked_text,
    checked_turn,
    checked_turns,
)
from state import SummaryRecord
from state.refusals import Refused
from state.request_items import TurnRecord
from state.session import DocumentInfo

FEEDBACK_CHOICES = ("up", "down")


def deleted_record(record: SummaryRecord) -> SummaryRecord:
    """The record taken out of the context by the person; its text stays for the panel."""
    removed = SummaryRecord(**{**record})  # type: ignore[typeddict-item]
    removed["deleted"] = True
    return removed


def edited_record(record: SummaryRecord, text: str) -> SummaryRecord:
    """The record with `text` as its summary, its original text kept once under `original_summary`."""
    edited = SummaryRecord(**{**record, "summary": text, "summary_chars": len(text)})  # type: ignore[typeddict-item]
    edited["summary_tokens"] = count_text(text)
    edited["edited"] = True
    edited["deleted"] = False
    edited["original_summary"] = record.get("original_summary", record["summary"])
    if record.get("original_chars"):
        edited["measured_ratio"] = round(len(text) / record["original_chars"], 3)
    return edited


def check_shown(values: Mapping[str, Any], message_id: str) -> None:
    """Refused unless the message is in the conversation shown: a pin or thumb on one only another version holds
    would be kept and do nothing."""
    if all(message.id != message_id for message in values.get("messages") or []):
        raise Refused("message_not_shown")


class SessionEdits(SessionAccess):
    """Pins, summary edits, summarizing now, and documents of one session (a part of its handle)."""

    def pin(self, message_id: str, pinned: bool = True) -> None:
        """Keep a message whole in every later request (never summarized away), or stop doing so.

        Args:
            message_id: The id of a message of the conversation shown.
            pinned: True to pin it, False to unpin it.

        Raises:
            WrongType: The id is not text (nothing changed).
            Refused: No message of the conversation shown has the id (nothing changed).
            SessionNotFound: No session of this owner has the id (a change never creates one).
        """
        message_id = checked_message_id(message_id)
        self._existing()
        with self.services.storage.session_lock(self.id):
            values = self.services.read_state(self.id)
            check_shown(values, message_id)
            current = list(values.get("pinned") or [])
            updated = [*current, message_id] if pinned and message_id not in current else current
            updated = updated if pinned else [mid for mid in current if mid != message_id]
            self.services.update_state(self.id, {"pinned": updated})

    def give_feedback(self, message_id: str, choice: str | None) -> None:
        """Keep the person's 👍 or 👎 on an answer with the session, or take it back.

        Args:
            message_id: The id of an answer of the conversation shown.
            choice: "up", "down", or None to take it back.

        Raises:
            ValueError: The choice is none of these (`Refused` when the id names no message shown, `WrongType`
                when it is not text; nothing changed).
            SessionNotFound: No session of this owner has the id (a change never creates one).
        """
        message_id = checked_message_id(message_id)
        if choice not in (None, *FEEDBACK_CHOICES):
            raise ValueError(f"feedback is one of {FEEDBACK_CHOICES} or None, not {choice!r}")
        self._existing()
        with self.services.storage.session_lock(self.id):
            values = self.services.read_state(self.id)
            check_shown(values, message_id)
            feedback = dict(values.get("feedback") or {})
            if choice is None:
                feedback.pop(message_id, None)
            else:
                feedback[message_id] = choice
            self.services.update_state(self.id, {"feedback": feedback})

    def edit_summary(self, first_turn: int, text: str | None, level: int = 1) -> None:
        """Correct a summary the model sees from the next turn on; its record keeps the text generated.

        Args:
            first_turn: The first turn the summary covers.
            text: Its new text, or None to take it out of the request (the panel still lists it).
            level: 1 for a summary of turns, higher for a merge of summaries.

        Raises:
            ValueError: The text is blank (`WrongType` when it or a number is of the wrong kind).
            KeyError: No summary of this level starts at `first_turn`.
            SessionNotFound: No session of this owner has the id (a change never creates one).
        """
        first_turn, level = checked_turn(first_turn), checked_turn(level)
        if text is not None and not checked_text(text).strip():
            raise ValueError("a summary cannot be empty")
        self._existing()
        key = "summary_history" if level <= 1 else "consolidated"
        with self.services.storage.session_lock(self.id):
            records = list(self.services.read_state(self.id).get(key) or [])
            index = next((i for i, r in enumerate(records) if r["turns"][0] == first_turn
                          and r.get("level", 1) == level), None)
            if index is None:
                raise KeyError(f"no summary starts at turn {first_turn}")
            records[index] = deleted_record(records[index]) if text is None else edited_record(records[index],
                                                                                                 text.strip())
            if level <= 1:
                self.services.update_state(self.id, {"summary_history": records[index:index + 1]})
            else:
                self.services.update_state(self.id, {"consolidated": records})

    def summarize_now(self, compression_rate: float | None = None, language: str = "en") -> bool:
        """Summarize now what the policy would summarize later: the completed turns not summarized yet but the last.

        Args:
            compression_rate: The rate to summarize at, or None for the session's.
            language: The page's language for the summary's labels.

        Returns:
            True when a summary was made and saved; False when there was nothing to summarize.

        Raises:
            WrongType: The language is not text.
            SessionNotFound: No session of this owner has the id (a change never creates one).
        """
        settings = replace(self.settings(), language=checked_language(language))
        rate = settings.with_rate(compression_rate).compression_rate
        if self.services.storage.session_owner(self.id) is None:
            return False  # a chat not begun has nothing to summarize
        self._existing()
        with self.services.storage.session_lock(self.id):
            values = plan_input(self.services.read_state(self.id), self.id, settings)
            record = self.services.planner_of(settings).summarize_now(values, rate)
            if record is None:
                return False
            self.services.update_state(self.id, {"summary_history": [record]})
        return True

    def turn_excerpts(self, turns: list[int]) -> list[TurnRecord]:
        """Earlier turns as recall shows them to the model, for a page that shows what was recalled.

        Args:
            turns: The turn numbers.

        Returns:
            One record per turn recall holds (`turn`, `date`, `user`, `assistant`), in the order asked.

        Raises:
            WrongType: A turn is not a whole number.
            SessionNotFound: The id is another owner's session.
        """
        turns = checked_turns(turns)
        self._check()
        records = self.services.storage.recall_records(self.id, turns)
        return [records[turn] for turn in turns if turn in records]

    def documents(self) -> list[DocumentInfo]:
        """The session's documents, for the page's list.

        Returns:
            Each document's id, title, size in tokens and mode (whole in every request, or indexed).

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        return self.services.documents.list_documents(self.id)

    def add_document(self, name: str, data: bytes) -> DocumentInfo:
        """Read and keep an uploaded file, so later questions about it are answered from its lines.

        A first upload creates the session as the owner's.

        Args:
            name: The file's name (txt, md or pdf).
            data: The file's bytes.

        Returns:
            What was stored.

        Raises:
            DocumentRefused: The file cannot be added (name, type, size, no text, damage); the message says why.
            SessionNotFound: The id is another owner's session.
        """
        try:
            checked_name(name, "a file name", MAX_NAME_CHARS)
        except ValueError as error:
            raise DocumentRefused(str(error)) from None
        text = self.services.read_document(name, data)
        self._claim()
        return self.services.documents.add(self.id, name, text)

    def remove_document(self, document_id: int) -> None:
        """Remove one of the session's documents; later requests no longer carry or search it.

        Args:
            document_id: The id `documents()` gives it.

        Raises:
            SessionNotFound: No session of this owner has the id (a change never creates one).
        """
        self._existing()
        self.services.documents.remove(self.id, document_id)
