"""War Galley attack and defensive modes (MECHANICS §9)."""

from __future__ import annotations

from ..registry import Resolver

RESOLVERS: tuple[Resolver, ...] = ()
