"""v1.2.4 Damage page: squadron and capital ship damage, critical hits, catastrophic damage, explosion."""

from __future__ import annotations

from ...registry import Resolver

RESOLVERS: tuple[Resolver, ...] = ()
