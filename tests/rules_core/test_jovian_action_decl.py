"""One way to declare an Action (issue 8, item 5): every Action and State of the v1.2.4 Actions page and
every v1.2.1 Special Action is an `action.Action` turned into a Resolver by `action.resolver`, and no other
factory is left; Skill Test tables are distributions (hypothesis); the best result and the typed answers
against their own brute force."""

from __future__ import annotations

import importlib
import inspect
import itertools
import pkgutil
from fractions import Fraction
from typing import cast

from hypothesis import assume, given, strategies as st

import rules_core.jovian_wars as jovian_wars
from rules_core.registry import REGISTRY
from rules_core.answers import Answer, Chart, Check, Outcome, Row, answer_json
from rules_core.dice.read import counts_of, magnitude, read
from rules_core.dice.dist import Dist
from rules_core.dice.pools import Pool
from rules_core.rolling import best_magnitude
from rules_core.jovian_wars import ACTIONS_V124
from rules_core.jovian_wars.actions import action
from rules_core.jovian_wars.actions import plain as actions_v124_plain
from rules_core.jovian_wars.actions import repair as actions_v124_repair
from rules_core.jovian_wars.actions import special_v121 as special_actions_v121
from rules_core.jovian_wars.actions import states as actions_v124_states
from rules_core.jovian_wars.actions import tables as actions_v124_tables
from rules_core.jovian_wars.actions.action import Action, SkillTest
from rules_core.jovian_wars.common import LEVEL_COVER, complete
from rules_core.jovian_wars.model_choice import ModelCard

PROCEDURES = {"jovian-wars/v1.2.4/ram", "jovian-wars/v1.2.4/board", "jovian-wars/v1.2.4/boarded",
              "jovian-wars/v1.2.4/purge-airlocks"}
"""Real procedures that keep hand-written code (Purge Airlocks moves to the boarding chain); they may also be
declared as Actions."""
DECLARED: tuple[Action, ...] = (*actions_v124_plain.ACTIONS, *actions_v124_tables.ACTIONS, *actions_v124_states.ACTIONS,
                                actions_v124_repair.DAMAGE_CONTROL_ACTION, *special_actions_v121.ACTIONS)
PAGES = (*ACTIONS_V124, *special_actions_v121.RESOLVERS)
"""Every resolver of the v1.2.4 Actions page and of the v1.2.1 Special Actions page."""


def test_every_action_resolver_is_built_by_the_one_declaration() -> None:
    """Assert each resolver of the two pages (procedures aside) is `action.resolver` of a declared Action."""
    declared = {decl.id for decl in DECLARED}
    assert len(declared) == len(DECLARED)
    for resolver in PAGES:
        if resolver.id in PROCEDURES:
            continue
        assert resolver.id in declared, resolver.id
        for function in (resolver.run, resolver.odds):
            if function is not None:
                assert function.__module__ == action.__name__ and function.__qualname__.startswith("resolver."), resolver.id
    assert declared - PROCEDURES <= {resolver.id for resolver in PAGES}
    assert len([r for r in PAGES if r.id not in PROCEDURES]) == len(declared - PROCEDURES) == 33 + 21


def test_no_other_resolver_factory_is_left() -> None:
    """Assert `action.resolver` is the only function of the Jovian Wars modules that returns a Resolver."""
    factories = []
    for info in pkgutil.walk_packages(jovian_wars.__path__, prefix=f"{jovian_wars.__name__}."):
        module = importlib.import_module(info.name)
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and function.__annotations__.get("return") == "Resolver":
                factories.append(f"{info.name.removeprefix(jovian_wars.__name__ + '.')}.{name}")
    assert factories == ["actions.action.resolver"]


TABLED = [decl for decl in DECLARED if isinstance(decl.roll, SkillTest) and decl.roll.table is not None]


@given(st.sampled_from(TABLED), st.integers(0, 11), st.data())
def test_every_skill_test_table_is_a_distribution_and_more_skill_never_lowers_its_best_row(
        decl: Action, skill: int, data: st.DataObject) -> None:
    """Assert the rows' odds sum to exactly 1, and one more die of the rolled rating never lowers the chance of
    the row a Quad selects (the table's best row)."""
    test = decl.roll
    assert isinstance(test, SkillTest)
    chosen = {spec.name: data.draw(st.sampled_from(spec.choices)) for spec in REGISTRY[decl.id].inputs
              if spec.kind == "choice"}

    # A rating on the declaring model's card is a part of its card input (test.model; of "a model", the chosen kind's).
    model = test.model.card(chosen) if isinstance(test.model, ModelCard) else test.model
    rolled = {spec.name for spec in test.ratings}
    if model is not None:  # only the ratings the card holds (a Squadron's has no Thrusters), one die under its most
        rolled &= {part.name for part in model.parts}
        assume(test.rating(chosen).name in rolled)  # a rating the card lacks is refused (test_jovian_v121)
        skill = min(skill, min(int(part.high or 0) for part in model.parts if part.name in rolled) - 1)

    def rows(dice: int) -> tuple[dict[str, Fraction], str]:
        # The resolver's own odds function: at 0 dice its requirement may refuse, and the registry then shows no odds.
        resolver = REGISTRY[decl.id]
        ratings = dict.fromkeys(rolled, dice)
        checked = resolver.check({**chosen, **({model.name: ratings} if model is not None else ratings)})
        assert resolver.odds is not None
        table = cast(dict[str, Fraction], resolver.odds(checked).extra["rows"])
        best = next(label for label, _ in complete(test.rows(checked)) if 4 in LEVEL_COVER[label])
        return dict(table), best

    now, best = rows(skill)
    more, _ = rows(skill + 1)
    assert sum(now.values()) == 1 and sum(more.values()) == 1
    assert more[best] >= now[best]


def test_best_magnitude_matches_every_roll() -> None:
    """Assert the one best-result distribution equals an enumeration of every ordered roll (base dice only),
    from a pool and from a distribution of readings alike."""
    for dice in range(5):
        brute: dict[int, int] = {}
        for faces in itertools.product(range(1, 7), repeat=dice):
            level = max((size for size, _ in read(counts_of(faces))), default=0)
            brute[level] = brute.get(level, 0) + 1
        expected = {level: Fraction(ways, 6**dice) for level, ways in brute.items()}
        assert dict(best_magnitude(Pool(dice)).items()) == expected
        readings = Dist.uniform(read(counts_of(faces)) for faces in itertools.product(range(1, 7), repeat=dice))
        assert dict(best_magnitude(readings).items()) == expected
        assert all(magnitude(reading) in expected for reading in readings)


def test_typed_answers_write_the_widgets_json() -> None:
    """Assert the typed values become the shape registry.py documents (p as reduced "p/q", zero rows kept,
    `allowed` only when asked, absent parts left out) and a dict answer passes through with typed parts inside."""
    chart = Chart.of("t", Dist.of({1: 1, 2: 3}, 4), str, (1, 2, 3))
    assert chart.rows == (Row("1", Fraction(1, 4)), Row("2", Fraction(3, 4)), Row("3", Fraction(0)))
    answer = Answer(Outcome("h", facts={"reading": "[D2]"}), ("s",), (Check("c", True, "yes"),), (chart,), {"roll": (1, 2)})
    assert answer_json(answer) == {
        "outcome": {"headline": "h", "reading": "[D2]"}, "steps": ["s"],
        "checks": [{"label": "c", "ok": True, "detail": "yes"}],
        "charts": [{"title": "t", "rows": [{"label": "1", "p": "1/4"}, {"label": "2", "p": "3/4"},
                                           {"label": "3", "p": "0/1"}]}],
        "roll": [1, 2]}
    assert answer_json(Answer(Outcome("no", allowed=False))) == {"outcome": {"headline": "no", "allowed": False}}
    assert answer_json(Answer(charts=(chart,), extra={"p": Fraction(2, 4)}))["p"] == "1/2"
