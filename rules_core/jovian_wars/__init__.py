"""Jovian Wars: the ship model and its rules, one folder per rule (How the dice work §7-8).

ship.py and ship_inputs.py are the model of a Capital Ship, common.py the Skill-Test pieces the rules
share; damage/ holds the one damage step (damage/step.py) and every view of it; ram/, boarding/ and
dogfight/ one rule each; actions/ the Actions declared as data, v1.2.4 and the v1.2.1 Special Actions.
Ids are "jovian-wars/<version>/<slug>"; each resolver's `serves` names the slug of the entry it sits
after and `versions` the rules versions whose text it implements. This module gathers them page by page.
"""

from __future__ import annotations

from ..registry import Resolver
from .actions import plain, repair, special_v121, states, tables
from .boarding import resolver as boarding
from .damage import catastrophe, hits
from .damage import tables as damage_tables
from .dogfight import resolver as dogfight
from .ram import resolver as ram

ACTIONS_V124: tuple[Resolver, ...] = (
    *ram.RESOLVERS,
    *boarding.RESOLVERS,
    *tables.RESOLVERS,
    *repair.RESOLVERS,
    *plain.RESOLVERS,
    *states.RESOLVERS,
)
"""v1.2.4 Actions page: every Action and the State it causes."""

DAMAGE_V124: tuple[Resolver, ...] = (*damage_tables.RESOLVERS, *hits.RESOLVERS, *catastrophe.RESOLVERS)
"""v1.2.4 Damage page: squadron and capital ship damage, critical hits, catastrophic damage, explosion."""

RESOLVERS: tuple[Resolver, ...] = (*ACTIONS_V124, *DAMAGE_V124, *dogfight.RESOLVERS, *special_v121.RESOLVERS)
"""Every Jovian Wars resolver, page by page."""
