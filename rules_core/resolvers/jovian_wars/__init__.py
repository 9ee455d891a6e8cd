"""Jovian Wars resolvers, one module per rules page and version (MECHANICS §7-8).

Each module exports RESOLVERS; ids are "jovian-wars/<version>/<slug>" and each resolver's
`serves` names the slug of the entry it sits after and `versions` the rules versions whose text it implements.
"""

from __future__ import annotations

from ...registry import Resolver
from . import actions_v124, damage_v124, dogfight_v124, special_actions_v121

RESOLVERS: tuple[Resolver, ...] = (
    *actions_v124.RESOLVERS,
    *damage_v124.RESOLVERS,
    *dogfight_v124.RESOLVERS,
    *special_actions_v121.RESOLVERS,
)
