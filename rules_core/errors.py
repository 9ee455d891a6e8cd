"""The errors rules_core raises on purpose: each sentence says what to fix."""

from __future__ import annotations


class RulesError(ValueError):
    """Any refusal of rules_core; the browser shows its message, never a traceback."""


class InputError(RulesError):
    """An input is missing, of the wrong type or out of its allowed range."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        """The input's name, as declared (dotted for parts: "primary.base")."""
        self.reason = reason
        """What is wrong and what is allowed, e.g. "must be 0 to 30, got 500"."""


class UnknownResolver(RulesError):
    """No resolver is registered under the id asked for."""

    def __init__(self, resolver_id: str) -> None:
        super().__init__(f"resolver: no resolver with id {resolver_id!r} (run `python -m rules_core list`)")
        self.resolver_id = resolver_id
