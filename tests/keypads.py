"""Dice typed on keypads, named as the widget and rules_core name them: a keypad's path ("ram.dice": the dice keypad
of the roll input "ram"; "rammer_hit_dice": a keypad of its own)."""

from __future__ import annotations

from collections.abc import Mapping


def with_keypads(inputs: Mapping[str, object], faces: Mapping[str, object]) -> dict[str, object]:
    """A copy of `inputs` with each keypad path set to its faces (a roll's other parts kept)."""
    out = {key: dict(value) if isinstance(value, dict) else value for key, value in inputs.items()}
    for path, value in faces.items():
        head, _, rest = path.partition(".")
        if rest:
            roll = out.get(head)
            out[head] = {**(roll if isinstance(roll, dict) else {}), rest: value}
        else:
            out[head] = value
    return out


def at(inputs: Mapping[str, object], path: str) -> object:
    """The value at a keypad's path, None when absent."""
    node: object = inputs
    for key in path.split("."):
        node = node.get(key) if isinstance(node, Mapping) else None
    return node


def keypads_of(inputs: Mapping[str, object]) -> dict[str, object]:
    """The faces typed in `inputs`, by keypad path: every roll's keypads that hold a list ("a_att.dice")."""
    return {f"{name}.{key}": faces for name, roll in inputs.items() if isinstance(roll, Mapping)
            for key, faces in roll.items() if key in ("dice", "macro_dice", "set_aside") and isinstance(faces, (list, tuple))}
