"""Refusals of what a caller passes in: a readable reason in English, with the key and values of its text so a page
can say it in the person's language."""

from state.texts import localized


class Refused(ValueError):
    """A value the session API does not take, said why in words a person can read."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(localized("en", key, **values))
        self.key, self.values = key, values

    def text(self, language: str) -> str:
        """The reason in `language`."""
        return localized(language, self.key, **self.values)


class WrongType(Refused, TypeError):
    """A value of the wrong kind (a list where text belongs, text where a number does)."""


def kind_of(value: object) -> str:
    """What a value is, as a refusal names it."""
    return "nothing" if value is None else type(value).__name__
