"""Dogfight (v1.2.4 Dogfight page): the procedure's resolver, its exact chain, the Weapon Initiative table."""
