"""What a turn may show the model besides the conversation (recalled turns, documents), as keyed candidates and
the one text each block is rendered to, once: a later request reads exactly the same text."""

import hashlib
import re
from collections.abc import Sequence
from typing import cast

from graph.request.layout import NUMBER_MARK, Candidate
from graph.request.tokens import count_text
from graph.request.words import GREETING, PASTED_LINE_START
from prompt.documents import render_documents
from prompt.recall import render_recalled
from state.chat_state import RequestFrame
from state.language.questions import asks
from state.language.segmenters import korean_tags
from state.language.sentences import split_sentences
from state.request_items import DocumentText, RecalledTurn

RECALL = "recall"
DOCUMENTS = "documents"
_TO_YOU = re.compile(r"\b(you|your|yours|you're|you've|ya)\b|당신|너는|너도|你", re.IGNORECASE)
_KOREAN_SELF = r"(?<![가-힣])(?:내|나|저|제|우리)(?:가|는|도|의|랑|한테)?(?![가-힣ㄱ-ㅣ])"  # not 내일; not 나ㅋㅋ
_FIRST_PERSON = re.compile(rf"(?i:\b(i|my|me|mine|we|our|us|i'm|i've)\b)|{_KOREAN_SELF}|我")
_ABOUT = re.compile(r"(?i:\b(i|my|mine|we|our|i'm|i've|remind (?:me|us))\b)|\s[A-Z][a-z]+"
                    rf"|{_KOREAN_SELF}"  # Korean: the person,
                    r"|(?:었|았|였|했|랬|댔|냈|갔|왔)(?:지|더라|던가|대|나|니)|기억"  # what was said or done then,
                    r"|\s씨|님|언니|오빠|누나|동생|친구|동료|남편|아내|엄마|아빠"  # people of theirs
                    r"|부모|본가|메이트|조카|집주인"
                    r"|我|咱|来着|以前|上次|当初|那次|那位|记得|(?<![\u4e00-\u9fff])[小老阿][\u4e00-\u9fff]"  # Chinese
                    r"|师傅|同事|朋友|房东|哥|姐|弟|妹|爸|妈|叔|姨|舅|老公|老婆")
_ASKING_FRAME = (r"(?i:\b(?:i'?m|i am) (?:curious|wondering)\b|\bi (?:wonder|was wondering)\b"  # how it asks,
                 r"|\bi'?d (?:like|love) to know\b|\b(?:can|may) i ask\b)")  # not what about
_NOT_ABOUT = re.compile(f"{PASTED_LINE_START}|{GREETING}[,!]?\\s+[A-Z][a-z]+\\b|{_ASKING_FRAME}")  # no one asked about


STATEMENT_REACH = 0.0  # a message that asks nothing brings nothing back (a share of the budget)
QUESTION_REACH = 0.08  # a question brings back the two or three turns that answer it best
ASKS_BACK_REACH = 1.0  # a question about the person or someone they named: as much as the budget holds
SLOW_READER_RECALL = 200  # tokens of recall a model reading ~100 prompt tokens a second is sent: about 2 s of reading


def _asking(text: str) -> list[str]:
    """The sentences of a message that ask something, but not about the assistant ("how are you?")."""
    return [sentence for sentence in split_sentences(text or "") if asks(sentence) and not _TO_YOU.search(sentence)]


def only_asks(text: str) -> bool:
    """Whether every sentence of a message asks something (a question put on its own, not one in passing)."""
    sentences = split_sentences(text or "")
    return bool(sentences) and len(_asking(text)) == len(sentences)


def tells_about_self(text: str) -> bool:
    """Whether a message only tells something of the person ("My sister lives in Busan."): no sentence asks
    anything, of anyone, and one speaks in the first person."""
    sentences = split_sentences(text or "")
    return not any(asks(sentence) for sentence in sentences) and \
        any(_FIRST_PERSON.search(sentence) for sentence in sentences)


def asks_back(text: str) -> bool:
    """Whether a message asks about something said before: about the person, the people they named or their
    things (a Korean name by Kiwi's reading: 지우, 하영이)."""
    return any(_ABOUT.search(bare := _NOT_ABOUT.sub(" ", sentence.strip()).strip()) or _names_someone(bare)
               for sentence in _asking(text))


def _names_someone(sentence: str) -> bool:
    """Whether a Korean sentence names someone or somewhere (a proper noun, as Kiwi reads it)."""
    return any(tag == "NNP" for _, tag in korean_tags(sentence))


def recall_reach(text: str, names_earlier: bool = False) -> float:
    """How much of the budget a turn's recall may take: a turn that asks back (or only asks, about a thing only a
    few earlier turns named) needs its memory, one that tells little of it (and every token it brings is one more
    the model reads anew)."""
    if asks_back(text) or (names_earlier and only_asks(text)):
        return ASKS_BACK_REACH
    return QUESTION_REACH if _asking(text) else STATEMENT_REACH


def recall_candidates(recalled: Sequence[RecalledTurn]) -> list[Candidate]:
    """Recalled turns, best first, keyed by their turn number."""
    return [Candidate(f"turn:{item['turn']}", RECALL, item["tokens"], item) for item in recalled]


def recalled_items(candidates: Sequence[Candidate]) -> list[RecalledTurn]:
    """The recalled turns among candidates, in their order (a document among them is left out)."""
    return [cast(RecalledTurn, c.item) for c in candidates if c.kind == RECALL]


def document_key(document: DocumentText) -> str:
    """A document or passage by its title and contents: the same passage is shown once."""
    digest = hashlib.sha1(str(document.get("contents", "")).encode()).hexdigest()[:12]
    return f"doc:{document.get('title', '')}:{digest}"


def document_candidates(documents: Sequence[DocumentText]) -> list[Candidate]:
    """Whole documents and retrieved passages, in the order the turn asks them."""
    return [Candidate(document_key(document), DOCUMENTS, _document_tokens(document), document)
            for document in documents]


def _document_tokens(document: DocumentText) -> int:
    return count_text(str(document.get("contents", ""))) + count_text(str(document.get("title", ""))) + 12


def document_numbers(frame: RequestFrame) -> dict[str, int]:
    """Each shown document's key with the number the model may cite it by (kept in its block's key)."""
    numbers: dict[str, int] = {}
    for block in frame["blocks"]:
        if block["kind"] == DOCUMENTS:
            for numbered in block["keys"]:
                key, _, number = numbered.rpartition(NUMBER_MARK)
                numbers[key] = int(number)
    return numbers


def render_block(kind: str, chosen: Sequence[Candidate], frame: RequestFrame) -> tuple[str, list[str]]:
    """One block's text and keys: recalled turns in turn order, documents numbered after every one shown before."""
    if kind == RECALL:
        in_order = sorted(chosen, key=lambda c: cast(RecalledTurn, c.item)["turn"])
        return render_recalled(recalled_items(in_order)), [c.key for c in in_order]
    start = max(document_numbers(frame).values(), default=0) + 1
    keys = [f"{c.key}{NUMBER_MARK}{number}" for number, c in enumerate(chosen, start)]
    return render_documents([cast(DocumentText, c.item) for c in chosen], start=start), keys
