"""v1.2.4 Actions page: every Action and the State it causes."""

from __future__ import annotations

from ...registry import Resolver

RESOLVERS: tuple[Resolver, ...] = ()
