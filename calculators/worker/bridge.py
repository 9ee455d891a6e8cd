"""The Python half of the worker: one request in, one JSON answer out, never an exception.

The worker runs this file once after installing the rules_core wheel, then calls `handle`
for every message. It also runs unchanged in CPython (tests/site/test_widgets.py imports it),
so the browser and the tests share the same door into rules_core.
"""

from __future__ import annotations

import json

import rules_core
from rules_core.errors import InputError, RulesError, shown
from rules_core.inputs import parse_inputs
from rules_core.dice.opposed import weakest_remainders

def ship(game: str, inputs: object) -> dict[str, object]:
    """What a fleet ship's state means now (the fleet page); imported when first asked, as the resolvers are."""
    if game != "jovian-wars/v1.2.4":
        raise RulesError(f"Ship: only Jovian Wars v1.2.4 ships are read, not {shown(game)}")
    from rules_core.jovian_wars.ship_now import ship_now
    return ship_now(inputs)


def squadron(game: str, inputs: object) -> dict[str, object]:
    """What a fleet Squadron's state means now (the fleet page): the Actions it may declare."""
    if game != "jovian-wars/v1.2.4":
        raise RulesError(f"Squadron: only Jovian Wars v1.2.4 Squadrons are read, not {shown(game)}")
    from rules_core.jovian_wars.ship_now import squadron_now
    return squadron_now(inputs)


DOORS = {"describe": rules_core.describe, "odds": rules_core.odds, "resolve": rules_core.resolve, "ship": ship,
         "squadron": squadron}


def handle(kind: str, resolver: str, inputs_json: str) -> str:
    """Answer {"result": ...} or {"error": message, "field": name or None} as JSON text."""
    door = DOORS.get(kind)
    if door is None:
        return json.dumps({"error": f"type: must be one of {', '.join(DOORS)}, not {shown(kind)}", "field": None})
    try:
        inputs = parse_inputs(inputs_json) if inputs_json else {}
        return json.dumps({"result": door(resolver, inputs)})
    except InputError as error:
        return json.dumps({"error": str(error), "field": error.field})
    except RulesError as error:
        return json.dumps({"error": str(error), "field": None})
    except (ValueError, TypeError, KeyError, ArithmeticError, RecursionError) as error:
        # A bug in a resolver: say so in one line; the page must never show a traceback.
        return json.dumps({"error": f"internal error in {resolver}: {type(error).__name__}: {error}", "field": None})


def warm() -> None:
    """Work out, before the worker saves its memory snapshot, the tables an opposed roll's odds need
    (the Secondary's choice for every pattern of results): every restored engine then has them."""
    weakest_remainders()
