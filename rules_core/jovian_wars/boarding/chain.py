"""Board → Boarded → Captured as a Markov chain over the boarding's states (Reading `boarding-chain`).

One step is one activation of the Boarded ship: the firefight at its start, then (if the plan says
so and the ship is still Boarded) Purge Airlocks. The states are `Boarding` (the ship's state and the
Boarders); the boarding ends, for good, when it is Captured, Boarders are 0, Marines are 0 with no
Boarders (cancelled, not Captured), or the ship is Destroyed.

Nothing ever comes back: Marines, Boarders, boxes and Structure only go down, so a step either stays
where it was or moves on for good. Hence, exactly and with no matrix: the way a state is left is its
step conditioned on leaving, the activations spent in it are 1 / (chance to leave), and a state whose
step can never leave it (1 Boarder against 1 Marine, both Engaging: one die never makes a result)
never ends.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...dice.dist import Dist
from .firefight import Boarding, Plan, firefight, purge

NEVER = "never ends"
"""The end of a boarding stuck in a state no roll can leave."""
HORIZON = 10
"""Activations the capture-within-k odds cover."""


@lru_cache(maxsize=8192)
def activation(state: Boarding, plan: Plan) -> Dist[Boarding]:
    """Every state after one activation of the Boarded ship: the firefight, then Purge Airlocks if planned."""
    after = firefight(state, plan)
    if plan.purge_skill is None:
        return after
    skill = plan.purge_skill
    return after.bind(lambda state: purge(state, skill))


def within(start: Boarding, plan: Plan, activations: int = HORIZON, first: Plan | None = None) -> list[Dist[str]]:
    """How the boarding stands (a fate of `Boarding`) after 1, 2 ... `activations` activations; the first
    activation by `first` when given (a choice the player made for this activation), every later one by `plan`.

    An ended boarding is carried as its fate alone: what became of the rest of the ship no longer matters here.
    """
    out: list[Dist[str]] = []
    now: Dist[Boarding | str] = Dist.certain(start)
    for step in range(activations):
        this = first if first is not None and step == 0 else plan
        now = now.bind(lambda state: _next(state, this))
        out.append(now.map(lambda state: state if isinstance(state, str) else state.fate))
    return out


def _next(state: Boarding | str, plan: Plan) -> Dist[Boarding | str]:
    return Dist.certain(state) if isinstance(state, str) else _collapsed(state, plan)


@lru_cache(maxsize=8192)
def _collapsed(state: Boarding, plan: Plan) -> Dist[Boarding | str]:
    """One activation, each ended boarding as its fate."""
    return activation(state, plan).map(lambda after: after.fate if after.ended else after)


def _leaving(state: Boarding, plan: Plan) -> Dist[Boarding] | None:
    """Where the state goes when it changes (None: no roll ever changes it)."""
    step = activation(state, plan)
    if step.chance(state) == 1:
        return None
    return step.where(lambda after: after != state)


@lru_cache(maxsize=8192)
def ending(state: Boarding, plan: Plan) -> Dist[str]:
    """How the boarding ends from `state`: a fate of `Boarding` (never STILL_BOARDED), or NEVER."""
    if state.ended:
        return Dist.certain(state.fate)
    leaving = _leaving(state, plan)
    if leaving is None:
        return Dist.certain(NEVER)
    return leaving.bind(lambda after: ending(after, plan))


def ending_after(state: Boarding, first: Plan, plan: Plan) -> Dist[str]:
    """`ending` with the first activation by `first`, every later one by `plan`."""
    if state.ended:
        return Dist.certain(state.fate)
    return activation(state, first).bind(lambda after: ending(after, plan))


def mean_if_ends_after(state: Boarding, first: Plan, plan: Plan) -> Fraction | None:
    """`mean_if_ends` with the first activation by `first`: that activation, then the mean from wherever it goes."""
    ends = 1 - ending_after(state, first, plan).chance(NEVER)
    if state.ended or not ends:
        return None if not ends else Fraction(0)
    after = activation(state, first)
    return (ends + after.expected(lambda there: _activations_to_end(there, plan))) / ends


def expected_activations(state: Boarding, plan: Plan) -> Fraction | None:
    """The mean number of activations until the boarding ends; None when it may never end."""
    if ending(state, plan).chance(NEVER):
        return None
    return mean_if_ends(state, plan)


def mean_if_ends(state: Boarding, plan: Plan) -> Fraction | None:
    """The mean number of activations among the boardings that end (None when none does)."""
    ends = 1 - ending(state, plan).chance(NEVER)
    return _activations_to_end(state, plan) / ends if ends else None


@lru_cache(maxsize=8192)
def _activations_to_end(state: Boarding, plan: Plan) -> Fraction:
    """E[activations, counted only where the boarding ends]: the activations spent here (1 / chance to leave,
    independent of where it goes) times the chance it ends, plus the same from wherever it goes."""
    leaving = _leaving(state, plan)
    if state.ended or leaving is None:
        return Fraction(0)
    stay = 1 / (1 - activation(state, plan).chance(state))
    ends = 1 - ending(state, plan).chance(NEVER)
    return stay * ends + leaving.expected(lambda after: _activations_to_end(after, plan))


def stuck(start: Boarding, plan: Plan) -> list[Boarding]:
    """The states the boarding can reach and never leave, in the order first met (for the sentence saying so)."""
    seen: dict[Boarding, None] = {}
    found: list[Boarding] = []
    todo = [start]
    while todo:
        state = todo.pop()
        if state in seen or state.ended:
            continue
        seen[state] = None
        leaving = _leaving(state, plan)
        if leaving is None:
            found.append(state)
        else:
            todo.extend(leaving)
    return found
