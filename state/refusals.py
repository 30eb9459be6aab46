"""Refusals of what a caller passes in: a readable reason in English, with the key and values of its text so a page
can say it in the person's language. Each session setting is of its field's type where settings are made: text, a
switch or a number; anything else (a list, a dict, NaN where text belongs) is refused saying which setting and what
was given."""

from numbers import Real

from state.texts import localized

REFUSAL_OF_TYPE: dict[object, str] = {str: "setting_not_text", bool: "setting_not_switch", int: "setting_not_number",
                   float: "setting_not_number"}


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


def is_of_type(value: object, kind: object) -> bool:
    """Whether `value` can be a setting of type `kind` (a switch is no number, a number no switch)."""
    if kind is bool:
        return isinstance(value, bool)
    if kind in (int, float):
        return isinstance(value, Real) and not isinstance(value, bool)
    return isinstance(value, kind) if isinstance(kind, type) else True


def checked_setting(name: str, kind: object, value: object) -> object:
    """`value` unchanged, or WrongType naming the setting and what was given instead."""
    if not is_of_type(value, kind):
        raise WrongType(REFUSAL_OF_TYPE.get(kind, "setting_not_text"), name=name, given=kind_of(value))
    return value
