"""v1.2.4 Dogfight page: the Dogfight procedure and weapon initiative."""

from __future__ import annotations

from ...registry import Resolver

RESOLVERS: tuple[Resolver, ...] = ()
