"""The house's shape, held by a test: rules_core's imports run one way, down its layers, in no circle.

Layers, bottom up (ARCHITECTURE.md "The picture", rules_core/): the base (errors, words, value readers), the dice engine (dice/),
the resolver machinery (inputs, answers, readings, registry, rolling, the generic rolls), then the games, which
never import each other. A module imports only from its own layer or below; the registry reaches the games
by name (FAMILIES), never by an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import rules_core

PACKAGE = Path(rules_core.__file__).parent
BASE = ("errors", "wording", "values")
DICE = ("dice",)
GAMES = ("jovian_wars", "war_galley")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def layer(module: str) -> int:
    """0 base, 1 dice, 2 machinery, 3 a game."""
    top = module.split(".")[1] if "." in module else ""
    return 0 if top in BASE else 1 if top in DICE else 3 if top in GAMES else 2


def imports(module: str) -> set[str]:
    """The rules_core modules `module` imports (a name imported from a package counts as its module when it is one)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                name = f"{target}.{alias.name}"
                found.add(name if name in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imports(module) for module in MODULES}
Graph = dict[str, set[str]]


def faults_of_layering(graph: Graph) -> list[str]:
    """Every import from a higher layer, and every import of one game by the other."""
    upward = [f"{a} -> {b}" for a, targets in graph.items() for b in targets if layer(b) > layer(a)]
    across = [f"{a} -> {b}" for a, targets in graph.items() for b in targets
              if layer(a) == layer(b) == 3 and a.split(".")[1] != b.split(".")[1]]
    return upward + across


def in_circles(graph: Graph, packages: set[str]) -> list[str]:
    """The modules that reach themselves through their imports (a package's __init__ re-exporting aside)."""
    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for target in graph.get(todo.pop(), ()):
                if target not in seen and target not in packages:
                    seen.add(target)
                    todo.append(target)
        return seen

    return sorted(m for m in graph if m not in packages and m in reach(m))


PACKAGES = {m for m, path in MODULES.items() if path.name == "__init__.py"}


def test_imports_run_down_the_layers_and_games_stay_apart():
    """Assert no module imports from a higher layer, and neither game imports the other."""
    assert faults_of_layering(GRAPH) == []
    assert {layer(module) for module in MODULES} == {0, 1, 2, 3}  # every layer is populated: the names above are live


def test_no_import_circle():
    assert in_circles(GRAPH, PACKAGES) == []


def test_the_checks_see_a_circle_and_an_upward_import():
    """Assert the checks above find the faults they guard against, on a graph that has them."""
    faulty = {**GRAPH, "rules_core.dice.pools": GRAPH["rules_core.dice.pools"] | {"rules_core.registry"},
              "rules_core.war_galley.galley": GRAPH["rules_core.war_galley.galley"] | {"rules_core.jovian_wars.ship"},
              "rules_core.inputs": GRAPH["rules_core.inputs"] | {"rules_core.answers"},
              "rules_core.answers": GRAPH["rules_core.answers"] | {"rules_core.inputs"}}
    assert faults_of_layering(faulty) == ["rules_core.dice.pools -> rules_core.registry",
                                          "rules_core.war_galley.galley -> rules_core.jovian_wars.ship"]
    assert in_circles(faulty, PACKAGES) == ["rules_core.answers", "rules_core.inputs"]
