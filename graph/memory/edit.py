"""A summary the person edited: the new text is what the model sees; the record keeps what was generated."""

from graph.request.tokens import count_text
from state import SummaryRecord


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
