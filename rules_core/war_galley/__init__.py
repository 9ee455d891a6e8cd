"""War Galley attack and defensive modes (How the dice work §9 "War Galley"): one resolver per mode of the aid, and a ship-state view.

Ids are war-galley/aid/<slug>; each mode's resolver is placed after its entry on the galley page
(Resolver.serves its slug, versions ("aid",)); the ship-state view has no entry and is
placed by the marker `<!-- resolver: war-galley/aid/ship-state -->`.
"""

from __future__ import annotations

from ..registry import Resolver
from .attacks import ATTACK_RESOLVERS
from .defenses import DEFENSE_RESOLVERS
from .ship_state import SHIP_STATE

RESOLVERS: tuple[Resolver, ...] = (*ATTACK_RESOLVERS, *DEFENSE_RESOLVERS, SHIP_STATE)
"""Every War Galley resolver, in the aid's order, the ship-state view last."""
