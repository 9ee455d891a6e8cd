"""Damage (v1.2.4 Damage page): the one damage step on a Capital Ship, and every view of it; squadron damage."""
