"""What a fleet ship's state means now: Crippled and what the texts say of it, the Systems at 0 and so the
Catastrophic Damage Table's modifier, and each v1.2.4 Action's requirement checked on the ship; for a Squadron
(`squadron_now`), each Action a Squadron may declare (the Generic and the Squadron Special Actions) checked on it.

The fleet page (calculators/page/fleet.js) asks this through the engine's "ship" door (calculators/worker/bridge.py) with a
ship as the fleet keeps it: its card, its numbers now, its fate and Boarders aboard. Nothing here is a rule of its
own: Crippled is quoted from the texts, the Systems at 0 are the damage model's (`Ship.systems_at_zero`, Reading
`systems-at-zero`), and each Action's requirement is checked by its own resolver, given only what a fleet ship
holds; a check that reads what the card does not hold (a Trait, a target in range) stays "not entered yet".
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import InputError, RulesError
from ..inputs import Input, check_all
from ..registry import Inputs, Resolver, resolve
from ..values import group_of, int_of
from .actions import plain, repair, tables
from .boarding import resolver as boarding
from .kept_states import WITHDRAWN
from .ram import resolver as ram
from .ship import MARINES, RATINGS, Ship
from .ship_inputs import ship_input, trait_boxes
from .model_choice import SQUADRON, choice_of_kind
from .squadron_inputs import DESTROYED, squadron_input

FATES = ("", "Destroyed", "Dead", "Explodes", "Captured", WITHDRAWN)
"""A fleet ship's fate: "" in play, else as a resolution reported it (`ship_inputs.end_state`; Withdraw's Withdrawn)."""
HARD_BURNING = Input("burning", "bool", "In the Hard Burn:X state", default=False)
"""Whether the fleet ship holds Hard Burn:X (kept_states.py): the Hard Burn Action's own "burning" requirement."""
INPUTS = (ship_input("card", "Data card"), ship_input("now", "Now"),
          Input("fate", "choice", "Fate", default="", choices=FATES),
          Input("boarders", "int", "Boarders aboard", default=0, low=0, high=30), HARD_BURNING)
CRIPPLED_SAYS = (
    ("Damage", "A model that is reduced to 0 Structure Rating is Crippled and must immediately roll on the "
               "Catastrophic Damage Table."),
    ("Ram", "if the ramming ship was Crippled at the start of the Ram action, it is considered Destroyed and is "
            "removed from play. Roll on the Catastrophic Damage Table to see if it [Explodes]."),
)
"""What the v1.2.4 texts say of a Crippled ship, word for word (tests/rules_core/test_ship_now.py finds each in
sources/), with the page it is on."""
ACTIONS: tuple[Resolver, ...] = (*ram.RESOLVERS, boarding.BOARD, boarding.PURGE_AIRLOCKS, *tables.RESOLVERS,
                                 *repair.RESOLVERS, *plain.RESOLVERS)
"""The v1.2.4 Actions (not the States), each checked on the ship by its own resolver."""
RATING_FIELDS = ("sensors", "thrusters", "marines")
"""Inputs that are the declaring ship's own rating wherever an Action asks for them."""


SQUADRON_INPUTS = (squadron_input("card", "Data card"), squadron_input("now", "Now"),
                   Input("fate", "choice", "Fate", default="", choices=("", DESTROYED, WITHDRAWN)))
SQUADRON_ACTIONS = tuple(resolver for resolver in ACTIONS if resolver.id.rsplit("/", 1)[1] in (
    "ram", "board", "combined-attack", "drone-command", "evade", "launch", "resupply", "silent-running",
    "vector-attack", "withdraw",  # v1.2.4 Actions: "Generic Special Actions may be declared by either ..."
    "bombing", "boost", "combat-air-patrol", "interception", "active-interception", "reactive-interception", "land"))
"""The Actions a Squadron may declare: the Generic and the Squadron Special Actions ("These Special Actions may only
be declared by Squadrons"), each checked by its own resolver."""


def ship_now(inputs: object) -> dict[str, object]:
    """The ship's state in words and checks: {"crippled", "crippled_says", "systems_at_zero", "table_modifier",
    "fate", "actions": [{"resolver", "title", "verdict": "may" | "may not" | "unknown", "checks"}]}."""
    values = check_all(INPUTS, inputs if isinstance(inputs, Mapping) else {})
    card, now = group_of(values, "card"), group_of(values, "now")
    ship = _ship(card, now)
    zero = [ship.name(i) for i, (first, left) in enumerate(zip(ship.start, ship.left))
            if i != MARINES and first > 0 and left == 0]
    fate = str(values["fate"])
    out: dict[str, object] = {
        "crippled": ship.crippled, "crippled_says": [list(said) for said in CRIPPLED_SAYS] if ship.crippled else [],
        "systems_at_zero": zero, "table_modifier": ship.systems_at_zero(), "fate": fate}
    boarders = int_of(values, "boarders")
    out["actions"] = [] if fate else [_declare(resolver, _given(resolver, card, now, boarders, bool(values["burning"])))
                                      for resolver in ACTIONS]
    return out


def squadron_now(inputs: object) -> dict[str, object]:
    """A fleet Squadron's state in words and checks: {"fate", "actions": [...]}, as `ship_now`'s."""
    values = check_all(SQUADRON_INPUTS, inputs if isinstance(inputs, Mapping) else {})
    card, now = group_of(values, "card"), group_of(values, "now")
    fate = str(values["fate"]) or (DESTROYED if int_of(now, "structure") == 0 else "")
    actions = [] if fate else [_declare(resolver, _squadron_given(resolver, card, now)) for resolver in SQUADRON_ACTIONS]
    return {"fate": fate, "actions": actions}


def _squadron_given(resolver: Resolver, card: Mapping[str, object], now: Mapping[str, object]) -> Inputs:
    """What a fleet Squadron tells this Action's resolver: its card now, its Fuel, Evasive; the rest not entered."""
    given: Inputs = {}
    for spec in resolver.inputs:
        if spec.kind == "squadron":  # the numbers of its card this input holds (an Action's card input holds few)
            given[spec.name] = {part.name: now[part.name] for part in spec.parts if part.name in now}
        elif spec.name == choice_of_kind(resolver.inputs):  # the Ram's "rammer", an Action's "model"
            given[spec.name] = SQUADRON
        elif spec.name in ("fuel", "evasive"):
            given[spec.name] = now[spec.name] if spec.name == "fuel" else card[spec.name]
        elif spec.kind == "bool" and spec.name in ("capital_ship", "squadron"):
            given[spec.name] = spec.name == "squadron"
        elif spec.kind == "seed":
            given[spec.name] = 0  # a case must be resolved to read its checks; its dice are not looked at
    return given


def _ship(card: Mapping[str, object], now: Mapping[str, object]) -> Ship:
    """The damage model's ship: the card's boxes as its start (a Rating at 0 on the card was never reduced to 0)."""
    start = (*(int_of(card, r.lower()) for r in RATINGS), *trait_boxes(card))
    left = (*(int_of(now, r.lower()) for r in RATINGS), *trait_boxes({**now, "traits": int_of(card, "traits")}))
    return Ship(start=start, left=tuple(min(a, b) for a, b in zip(start, left)), structure=int_of(now, "structure"),
                weapons=int_of(now, "weapons"), spinal=int_of(now, "spinal"))


def _given(resolver: Resolver, card: Mapping[str, object], now: Mapping[str, object], boarders: int,
           burning: bool) -> Inputs:
    """What a fleet ship tells this Action's resolver (its States too: Hard Burn's "burning"); everything else stays
    not entered."""
    given: Inputs = {}
    for spec in resolver.inputs:
        if spec.name == "ramming_ship":
            given[spec.name] = {**now, "start_structure": min(int_of(card, "structure"), 4) or 1}
        elif spec.name == "boarding_ship":  # Board's: the ship that commits its Marines
            given[spec.name] = dict(now)
        elif spec.kind == "ship":  # an Action's card input (Thrusters, Sensors, Skill...): the ship's own numbers
            given[spec.name] = {part.name: boarders if part.name == "boarders" else now[part.name]
                                for part in spec.parts if part.name in now or part.name == "boarders"}
        elif spec.name in RATING_FIELDS:
            given[spec.name] = int_of(now, spec.name)
        elif spec.name == "boarders" or (spec.name == "boarded" and spec.kind == "bool"):
            given[spec.name] = boarders if spec.name == "boarders" else boarders > 0
        elif spec.kind == "bool" and spec.name in ("capital_ship", "squadron"):
            given[spec.name] = spec.name == "capital_ship"
        elif spec.name == HARD_BURNING.name and spec.kind == "bool":
            given[spec.name] = burning
        elif spec.kind == "seed":
            given[spec.name] = 0  # a case must be resolved to read its checks; its dice are not looked at
    return given


def _declare(resolver: Resolver, given: Inputs) -> dict[str, object]:
    """One Action: may the ship (or Squadron) declare it now, by its resolver's checks of the requirement."""
    try:
        checks = resolve(resolver.id, given).get("checks") or []
    except (InputError, RulesError) as error:
        return {"resolver": resolver.id, "title": resolver.title, "verdict": "unknown", "checks": [], "why": str(error)}
    assert isinstance(checks, list)
    failing = [c for c in checks if not c["ok"] and c.get("entered", True)]
    unknown = [c for c in checks if c.get("entered", True) is False]
    verdict = "may not" if failing else "unknown" if unknown else "may"
    return {"resolver": resolver.id, "title": resolver.title, "verdict": verdict, "checks": checks}


__all__ = ["ship_now", "squadron_now", "ACTIONS", "SQUADRON_ACTIONS", "CRIPPLED_SAYS"]
