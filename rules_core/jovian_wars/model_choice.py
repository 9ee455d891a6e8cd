"""A requirement or a Skill Test of "a model", a Capital Ship or a Squadron: the player says which, and its numbers
come from that kind's own card, so a fleet pick fills them and no default stands in (issue 33, point 3).

`ModelCard` is the choice and one card input per kind (a Capital Ship's `card_input`, a Squadron's
`squadron_card_input`), each shown only for its kind, as the Ram's "Ramming model" is declared; `common.ForModel` is
a requirement of the text ("Thrusters: 1+ or Fuel: 2+") met by the part the chosen kind's card holds (a Capital
Ship's card has no Fuel, a Squadron's no Thrusters). `SkillTest(model=ModelCard...)` (actions/action.py) rolls the chosen
card's rating.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..inputs import Input
from .ship_inputs import card_input
from .squadron_inputs import squadron_input, squadron_parts

CAPITAL_SHIP, SQUADRON = "Capital Ship", "Squadron"
MODEL_CHOICE = Input("model", "choice", "Declaring model", default=CAPITAL_SHIP, choices=(CAPITAL_SHIP, SQUADRON))
"""The kind of model that declares: the name and words of v1.2.1's "Declaring model" (common.Model)."""


def squadron_card_input(*names: str, name: str = "squadron", who: str = "The Squadron",
                        when: tuple[str, str] | None = None) -> Input:
    """A Squadron input holding only the card numbers `names` a resolver reads (its Fuel, its Skill), so a Squadron
    picked from the fleet fills them: a Squadron's `card_input`."""
    parts = tuple(part for part in squadron_parts() if part.name in names)
    if len(parts) != len(names):
        raise ValueError(f"{names} are not all numbers of a Squadron's card")
    return squadron_input(name, who, parts, when=when)


@dataclass(frozen=True, slots=True)
class ModelCard:
    """The declaring model: the player's choice of kind, and one card input per kind, shown for that kind only."""

    choice: Input
    cards: tuple[Input, ...]
    """Each kind's card input, its `when` naming the choice and the kind."""

    @classmethod
    def of(cls, ship: Sequence[str], squadron: Sequence[str]) -> ModelCard:
        """The Capital Ship's card numbers `ship` ("ship": "The ship") and the Squadron's `squadron` ("squadron":
        "The Squadron"), under `MODEL_CHOICE`; a kind of which none is read has no card input."""
        cards = ((replace(card_input(*ship, who="The ship"), when=(MODEL_CHOICE.name, CAPITAL_SHIP)),) if ship else ()) + (
            (squadron_card_input(*squadron, when=(MODEL_CHOICE.name, SQUADRON)),) if squadron else ())
        return cls(MODEL_CHOICE, cards)

    @property
    def inputs(self) -> tuple[Input, ...]:
        return (self.choice, *self.cards)

    def card(self, values: Mapping[str, object]) -> Input:
        """The chosen kind's card input."""
        chosen = str(values.get(self.choice.name))
        return next(card for card in self.cards if card.when is not None and card.when[1] == chosen)

    def of_kind(self, kind: str) -> Input:
        return next(card for card in self.cards if card.when is not None and card.when[1] == kind)


def choice_of_kind(inputs: Sequence[Input]) -> str:
    """The name of the choice input that shows a Squadron's card (the Ram's "rammer", an Action's "model"), "" if
    none: a fleet Squadron opens such a resolver with it set to "Squadron"."""
    return next((spec.when[0] for spec in inputs if spec.kind == "squadron" and spec.when is not None
                 and spec.when[1] == SQUADRON), "")
