"""v1.2.4 Actions page: every Action and the State it causes (MECHANICS §7-8).

The resolvers live in actions_v124_*.py by kind: Skill Test tables, Ram, boarding,
Repair, States, and Actions with no dice; this module only gathers them.
"""

from __future__ import annotations

from ...registry import Resolver
from . import (actions_v124_boarding, actions_v124_plain, actions_v124_ram, actions_v124_repair, actions_v124_states,
               actions_v124_tables)

RESOLVERS: tuple[Resolver, ...] = (
    *actions_v124_ram.RESOLVERS,
    *actions_v124_boarding.RESOLVERS,
    *actions_v124_tables.RESOLVERS,
    *actions_v124_repair.RESOLVERS,
    *actions_v124_plain.RESOLVERS,
    *actions_v124_states.RESOLVERS,
)
