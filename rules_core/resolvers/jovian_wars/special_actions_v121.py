"""v1.2.1 Special Actions page."""

from __future__ import annotations

from ...registry import Resolver

RESOLVERS: tuple[Resolver, ...] = ()
