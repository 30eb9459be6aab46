"""The lines a reply opens with from memory: the person's own words that answer the question, and for a question
about someone described rather than named ("What does my bouldering partner do for work?"), first who that is,
then what was said of them, each quoted with its turn and day."""

from collections.abc import Sequence

from graph.recall.asked import describes_someone, kind_asked, kind_named, names_in, proper_names
from graph.recall.quote import Quote, best_quotes, question_words
from graph.recall.quote_text import answer_text, quote_language, quote_text
from state.request_items import DocumentText, QuotableTurn

ABOUT_SOMEONE = frozenset({"job", "place", "when", "amount", "often", "long"})  # what may be asked of a person


def memory_lead(question: str, recalled: Sequence[QuotableTurn], documents: Sequence[DocumentText] = ()) -> str:
    """The lines a reply opens with when a document's line or something said answers the question; empty
    otherwise."""
    language = quote_language(question)
    return "\n\n".join(quote_text(quote.line, quote.text, quote.last_turn, language)
                       + (" " + answer_text(quote.reply, quote.reply_text, language) if quote.reply else "")
                       for quote in answering_quotes(question, recalled, documents))


def answering_quotes(question: str, recalled: Sequence[QuotableTurn],
                     documents: Sequence[DocumentText] = ()) -> list[Quote]:
    """The quotes that answer the question; for one about someone it describes and does not name, the quote that
    names them and the one that tells what was asked of them, when what was said of them tells it."""
    direct = best_quotes(question, recalled, documents)
    kind = kind_asked(question)
    if (kind is None or kind.name not in ABOUT_SOMEONE or not describes_someone(question)
            or proper_names(question_words(question)[1]) or documents):
        return direct
    who = best_quotes(question, recalled, asked_for=kind_named("who"))
    name = next(iter(names_in(who[0].text, question)), "") if who else ""
    if not name or (direct and direct[0].line.turn != who[0].line.turn and name in direct[0].text):
        return direct  # no one described, or what was asked is told of them already
    of_them = [item for item in recalled if name in str((item.get("record") or {}).get("user", ""))
               and (item.get("record") or {}).get("turn") != who[0].line.turn]  # what else was said of them
    told = [quote for quote in best_quotes(name, of_them, asked_for=kind) if name in quote.text]  # what was asked
    return [who[0], told[0]] if told else direct
