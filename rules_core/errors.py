"""The errors rules_core raises on purpose: each sentence says what to fix."""

from __future__ import annotations

import reprlib

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 30
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict, _SHORT.maxset = 2, 4, 4, 3, 4
_SHORT.maxlong = 20
_LONGEST_SHOWN = 40
"""Characters of a refused value a message echoes: never a 100 kB value back at the player."""


def shown(value: object) -> str:
    """A refused value as a short repr (at most ~40 characters, whatever its size or depth)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "a number with more than 19 digits"  # str() of a huge int is slow, past 4,300 digits refused
    try:
        text = _SHORT.repr(value)
    except (ValueError, RecursionError):  # a mapping with huge-int keys, say: name the type only
        text = f"a {type(value).__name__}"
    return text if len(text) <= _LONGEST_SHOWN else text[:_LONGEST_SHOWN - 1] + "…"


class RulesError(ValueError):
    """Any refusal of rules_core; the browser shows its message, never a traceback."""


class InputError(RulesError):
    """An input is missing, of the wrong type or out of its allowed range.

    The message starts with the input's label (the player's words) once the entry point knows
    it (`labelled`); until then with the field's name.
    """

    def __init__(self, field: str | None, reason: str, label: str | None = None) -> None:
        super().__init__(f"{label or field or 'Inputs'}: {reason}")
        self.field = field
        """The input's name, as declared (dotted for parts: "primary.base"); None for the inputs as a whole."""
        self.reason = reason
        """What is wrong and what is allowed, e.g. "a whole number from 0 to 30, not 500"."""
        self.label = label
        """The input's label as the form shows it ("Primary (acting), Base dice"), when known."""

    def labelled(self, label: str) -> InputError:
        """The same refusal, its message starting with the input's label."""
        return InputError(self.field, self.reason, label)


class UnknownResolver(RulesError):
    """No resolver is registered under the id asked for."""

    def __init__(self, resolver_id: object) -> None:
        super().__init__(f"Resolver: no resolver with id {shown(resolver_id)} (run `python -m rules_core list`)")
        self.resolver_id = resolver_id
