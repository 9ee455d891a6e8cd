"""The generic rolls of MECHANICS §1-5: dice/unopposed, dice/skill-test, dice/opposed."""

from __future__ import annotations

from ..registry import Resolver

RESOLVERS: tuple[Resolver, ...] = ()
