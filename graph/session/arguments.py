"""What a caller names or writes through the session API (a message, a turn, a text, the page's language) is checked
by its type where it enters, so a wrong one is refused with a reason instead of being stored or failing every later
turn."""

from state.refusals import WrongType, kind_of


def checked_message_id(message_id: object) -> str:
    """A message id as given, or WrongType when it is not text (a list would be kept and break the session)."""
    if not isinstance(message_id, str):
        raise WrongType("message_id_wrong_type", given=kind_of(message_id))
    return message_id


def checked_turn(turn: object) -> int:
    """A turn number as given, or WrongType when it is not a whole number ('2', 2.0 and True are not)."""
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise WrongType("turn_wrong_type", given=kind_of(turn))
    return turn


def checked_turns(turns: object) -> list[int]:
    """Turn numbers as given, each checked like one."""
    if isinstance(turns, str | bytes) or not hasattr(turns, "__iter__"):
        raise WrongType("turn_wrong_type", given=kind_of(turns))
    return [checked_turn(turn) for turn in turns]


def checked_text(text: object) -> str:
    """A message's or summary's text as given, or WrongType when it is not text."""
    if not isinstance(text, str):
        raise WrongType("text_wrong_type", given=kind_of(text))
    return text


def checked_language(language: object) -> str:
    """The page's language code as given, or WrongType when it is not text (an unknown code reads as English)."""
    if not isinstance(language, str):
        raise WrongType("language_wrong_type", given=kind_of(language))
    return language
