"""The registry of resolvers and the one entry point the browser and the CLI use.

A resolver is data: its id, the rule entries it sits beside, its declared inputs,
the Readings it depends on, and plain functions over checked inputs. The shapes of
the JSON it returns are fixed here so the browser widget can stay generic:

resolve(id, inputs) ->
    {"resolver": id, "title": str, "inputs": {checked inputs},
     "checks": [{"label": str, "ok": bool, "detail": str}],   # the requirement, part by part
     "outcome": {"headline": str, ...},                         # the result in the rule's own terms
     "steps": [str, ...],                                       # every step taken, in order
     "interpretations": [Reading JSON, ...], ...resolver-specific keys}
  or, resolved from typed dice that stop before a die no keypad holds (rules_core.turns):
    {"resolver", "title", "inputs", "checks", "interpretations",
     "outcome": {"headline": "Next roll (4): Target: Catastrophic Damage Table, 1 die."},
     "steps": [the steps before that roll],
     "next_roll": {"keypads": {name: dice more}, "dice": int, "for": str, "number": int, "text": str}}

odds(id, inputs) ->
    {"resolver": id, "title": str, "inputs": {checked inputs},
     "charts": [{"title": str, "rows": [{"label": str, "p": "p/q"}, ...]}, ...],
     "interpretations": [...], ...resolver-specific keys (e.g. "magnitude", "readings")}

Probabilities in JSON are reduced "p/q" strings (`answers.fraction_json`). A resolver function returns
an `answers.Answer` (typed charts, checks and outcome); `answers.answer_json` turns it into this JSON,
here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module

from .answers import Answer, answer_json, to_json
from .errors import InputError, RulesError, UnknownResolver
from .inputs import Input, check_all, field_label, is_entered, keypad_paths
from .readings import Reading
from .turns import NextRoll, asks_in_turn, held_cut, taking_turns
from .values import counting_site_dice
from .wording import counted

__all__ = ["Inputs", "RunFunction", "Resolver", "REGISTRY", "describe", "resolve", "odds", "resolver_ids"]

Inputs = dict[str, object]
"""Checked inputs: every declared name present, defaults filled, values canonical."""
RunFunction = Callable[[Inputs], Answer]
"""resolve: an Answer with at least an outcome and steps (and checks when there is a requirement).
odds: an Answer with at least charts. Both get checked inputs and raise RulesError on impossible cases."""


@dataclass(frozen=True, slots=True)
class Resolver:
    """One live resolver, placed beside one or more rule entries (or at a resolver marker)."""

    id: str
    """Stable id: "dice/unopposed", "war-galley/aid/ram", "jovian-wars/v1.2.4/ram"."""
    title: str
    """Heading of the widget."""
    inputs: tuple[Input, ...]
    """Declared inputs, in the order the form shows them."""
    run: RunFunction
    """Resolve one case from checked inputs."""
    odds: RunFunction | None = None
    """Exact odds for checked inputs; None for a resolver with no dice (a checklist)."""
    readings: tuple[Reading, ...] = ()
    """Interpretations this resolver depends on; shown beside it on the site."""
    serves: tuple[str, ...] = ()
    """Slugs of the rule entries it is placed after ("ram", "board"), in its game (the id's first part)."""
    versions: tuple[str, ...] = ()
    """The rules versions whose text of those entries it implements ("v1.2.4", "aid"). An entry of
    another version gets this resolver only if its text is the same as in one of these."""
    dice_needed: Callable[[Inputs], dict[str, int]] | None = None
    """How many faces each faces-input needs for these inputs (drives the keypad)."""
    summary: str = ""
    """One sentence on what it does, shown under the title."""
    in_turn: tuple[str, ...] = ()
    """Keypads (by path: "explosion.dice") of the dice drawn after the first roll (damage dice, an Explosion's roll): typed in their turn, when a
    resolution's `next_roll` names them (rules_core.turns); the widget shows them only then."""

    @property
    def game(self) -> str:
        """The game whose rule entries it serves: the first part of its id ("jovian-wars")."""
        return self.id.split("/", 1)[0]

    def check(self, inputs: object) -> Inputs:
        """Fill defaults and check every input against its declaration."""
        return check_all(self.inputs, inputs)

    def defaults(self) -> Inputs:
        """The checked default inputs: what the static page shows before any script runs."""
        return self.check({})

    def describe(self, inputs: object = None) -> dict[str, object]:
        """The declaration as plain data; with inputs, also the dice each keypad needs."""
        data: dict[str, object] = {
            "resolver": self.id,
            "title": self.title,
            "summary": self.summary,
            "inputs": [spec.to_json() for spec in self.inputs],
            "has_odds": self.odds is not None,
            "serves": list(self.serves),
            "versions": list(self.versions),
            "interpretations": [reading.to_json() for reading in self.readings],
            "in_turn": list(self.in_turn),
        }
        if inputs is not None and self.dice_needed is not None:
            data["dice_needed"] = self.dice_needed(self.check(inputs))
        return data


FAMILIES: dict[str, str] = {
    "dice/": "dice_rolls",
    "jovian-wars/": "jovian_wars",
    "war-galley/": "war_galley",
}
"""The registry as one literal table: id prefix -> the module under rules_core whose
RESOLVERS tuple holds every resolver with that prefix."""


class LazyRegistry(Mapping[str, Resolver]):
    """Every resolver by id. A family's modules are imported at the first look-up of one of its ids,
    so the browser's engine starts with only what the page in front of the player needs;
    iterating (the site build, the CLI's list) imports every family."""

    def __init__(self, families: Mapping[str, str]) -> None:
        self._families = dict(families)
        self._loaded: dict[str, dict[str, Resolver]] = {}

    def _family(self, prefix: str) -> dict[str, Resolver]:
        loaded = self._loaded.get(prefix)
        if loaded is None:
            module = import_module(f"{__package__}.{self._families[prefix]}")
            resolvers: tuple[Resolver, ...] = module.RESOLVERS
            loaded = {resolver.id: resolver for resolver in resolvers}
            strays = sorted(resolver_id for resolver_id in loaded if not resolver_id.startswith(prefix))
            if strays or len(loaded) != len(resolvers):
                raise RulesError(f"registry: family {prefix!r} holds ids outside it or twice: {strays or resolvers}")
            self._loaded[prefix] = loaded
        return loaded

    def __getitem__(self, resolver_id: str) -> Resolver:
        for prefix in self._families:
            if resolver_id.startswith(prefix):
                return self._family(prefix)[resolver_id]
        raise KeyError(resolver_id)

    def __iter__(self) -> Iterator[str]:
        for prefix in self._families:
            yield from self._family(prefix)

    def __len__(self) -> int:
        return sum(len(self._family(prefix)) for prefix in self._families)


REGISTRY: Mapping[str, Resolver] = LazyRegistry(FAMILIES)
"""Every resolver by id."""


def resolver_ids() -> list[str]:
    """Every registered id, sorted."""
    return sorted(REGISTRY)


def _lookup(resolver_id: object) -> Resolver:
    resolver = REGISTRY.get(resolver_id) if isinstance(resolver_id, str) else None
    if resolver is None:
        raise UnknownResolver(resolver_id)
    return resolver


def _answer(resolver: Resolver, checked: Inputs, body: Answer) -> dict[str, object]:
    answer: dict[str, object] = {
        "resolver": resolver.id,
        "title": resolver.title,
        "inputs": to_json(checked),
        "interpretations": [reading.to_json() for reading in resolver.readings],
    }
    answer.update(answer_json(body))
    return answer


def _in_players_words(resolver: Resolver, work: Callable[[], dict[str, object]]) -> dict[str, object]:
    """Run `work`; a refused input is raised again with its message starting with the input's label."""
    try:
        return work()
    except InputError as error:
        if error.label is not None:
            raise
        label = field_label(resolver.inputs, error.field) if error.field is not None else "Inputs"
        raise (error.labelled(label) if label else error) from None


def describe(resolver_id: object, inputs: object = None) -> dict[str, object]:
    """The input declaration of a resolver (and, given inputs, the dice its keypads need)."""
    resolver = _lookup(resolver_id)
    return _in_players_words(resolver, lambda: resolver.describe(inputs))


def resolve(resolver_id: object, inputs: object) -> dict[str, object]:
    """Resolve one case: check the inputs, run the resolver, return JSON-able data."""
    resolver = _lookup(resolver_id)

    def work() -> dict[str, object]:
        checked = resolver.check(inputs)
        with counting_site_dice() as rolled, taking_turns(asks_in_turn(checked, keypad_paths(resolver.inputs))) as turn:
            answer = _answer(resolver, checked, resolver.run(checked))
        if turn.wanted is not None:
            return _waiting(answer, turn.wanted)
        return _marked_site_dice(_named_defaults(resolver, checked, answer), rolled)

    return _in_players_words(resolver, work)


def _waiting(answer: dict[str, object], wanted: NextRoll) -> dict[str, object]:
    """An answer that stopped at a roll no keypad holds: the steps before it and the roll wanted, nothing of what the
    held dice led to (no outcome's facts, rolls or ships: nothing to apply)."""
    steps = answer.get("steps")
    kept: dict[str, object] = {key: answer[key] for key in ("resolver", "title", "inputs", "checks", "interpretations") if key in answer}
    wanted_json = wanted.to_json()
    return {**kept, "outcome": {"headline": f"Next roll ({wanted.number}): {wanted_json['text']}."},
            "steps": held_cut(steps if isinstance(steps, list) else []), "next_roll": wanted_json}


def _named_defaults(resolver: Resolver, checked: Inputs, answer: dict[str, object]) -> dict[str, object]:
    """No silent assumption: each situational input (`Input.assumed`) the player has not set, that applies and whose
    default is in force, is named after the headline ("Not entered yet, so taken at its default: +1 side arc.") and
    listed (`assumed`: name and words) for the widget to make the mention its tap."""
    found = [spec for spec in resolver.inputs if spec.assumed and not is_entered(checked, spec.name) and checked.get(spec.name)
             and (spec.when is None or str(checked.get(spec.when[0])) == spec.when[1])]
    outcome, checks = answer.get("outcome"), answer.get("checks")
    refused = outcome.get("allowed") is False if isinstance(outcome, dict) else True
    refused = refused or any(isinstance(check, dict) and not check.get("ok") for check in (checks if isinstance(checks, list) else []))
    if not found or refused or not isinstance(outcome, dict) or not outcome.get("headline"):
        return answer  # a refusal changes nothing: no default of it counted
    words = ", ".join(spec.assumed for spec in found)
    outcome["headline"] = f"{str(outcome['headline']).rstrip('.')}. Not entered yet, so taken at {'its default' if len(found) == 1 else 'their defaults'}: {words}."
    answer["assumed"] = [{"name": spec.name, "text": spec.assumed} for spec in found]
    return answer


def _marked_site_dice(answer: dict[str, object], rolled: list[int]) -> dict[str, object]:
    """Dice typed are dice used: an answer that needed dice the player did not type says so beside its headline
    (each such die is marked in the steps too), and lists them."""
    if not rolled:
        return answer
    answer["site_rolled"] = [int(face) for face in rolled]
    outcome = answer.get("outcome")
    if isinstance(outcome, dict) and outcome.get("headline"):
        headline = str(outcome["headline"])
        stop = "." if headline.endswith(".") else ""
        outcome["headline"] = f"{headline.removesuffix('.')} ({counted(len(rolled), 'die')} rolled by the site){stop}"
    return answer


def odds(resolver_id: object, inputs: object) -> dict[str, object]:
    """The exact odds of every outcome for these inputs."""
    resolver = _lookup(resolver_id)
    run_odds = resolver.odds
    if run_odds is None:
        raise RulesError(f"Resolver: {resolver.id} has no dice, so no odds (use resolve)")

    def work() -> dict[str, object]:
        checked = resolver.check(inputs)
        return _answer(resolver, checked, unless_refused(run_odds(checked)))

    return _in_players_words(resolver, work)


def unless_refused(body: Answer) -> Answer:
    """Odds whose requirement fails are none: the action is not taken, so nothing is rolled; only the checks, which
    say why, are kept (for every resolver alike; Boarded and the Dogfight stop before computing them)."""
    if body.checks and not all(check.ok for check in body.checks):
        return Answer(checks=body.checks, charts=())
    return body
