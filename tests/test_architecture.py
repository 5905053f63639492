"""The house rules the README's layer list states, checked on the source itself.

- Layers run one way: engine, solvers, session and storage, interface, command line.
  Every import (also one deferred into a function body) goes to the same layer or a
  lower one, and the import graph has no cycle.
- Outside the modules a game owns (its engine module and the solver code its record
  names), nothing checks a position's concrete class or reads its encoding.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import thirteen
from thirteen.variants import GAMES

PACKAGE = Path(thirteen.__file__).resolve().parent

GAME_MODULES = tuple(
    sorted(
        {
            cls.__module__.removeprefix("thirteen.")
            for spec in GAMES.values()
            for cls in spec.position_type.__mro__
            if cls.__module__.startswith("thirteen.") and cls.__module__ != "thirteen.game"
        }
    )
)
"""Each registered game's engine module and the game modules it builds on (a game added
is in the engine layer by itself)."""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "engine",
        ("i18n", "cards", "deals", "moves", "game", "spec", *GAME_MODULES, "variants", "examples"),
    ),
    (
        "solvers",
        ("solver", "hints", "winnable", "players", "verdicts", "difficulty", "odds", "bench"),
    ),
    (
        "session and storage",
        ("storage", "database", "platform_storage", "profile", "share", "session", "speech"),
    ),
    ("interface", ("app", "ui")),
    ("command line", ("cli", "__main__")),
)
"""Each layer by the top-level modules or packages of ``thirteen`` it holds."""

HOOKS = ("solver", "best_line", "heuristic", "player", "baseline", "points")

GAME_OWNED = {
    "solver.thirteens",
    "solver.pyramid",
    "solver.pyramid_core",
    "solver.onepass",
    *GAME_MODULES,
    *(
        getattr(spec, hook).partition(":")[0].removeprefix("thirteen.")
        for spec in GAMES.values()
        for hook in HOOKS
        if getattr(spec, hook) and getattr(spec, hook).startswith("thirteen.solver.")
    ),
}
"""Modules that belong to particular games: the engine modules, the solver modules their
records name, and the solver code those build on.  Only these may know a game's class
or its encoding."""

INTERNALS = {"pos", "state", "cols", "sp", "deal", "deals", "_set_key", "_undo"}
"""Attribute names of the pyramid and grid encodings (and Game's undo stack)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def sources() -> dict[str, ast.Module]:
    return {
        module_name(p): ast.parse(p.read_text(encoding="utf-8"), str(p))
        for p in sorted(PACKAGE.rglob("*.py"))
        if module_name(p)
    }


def layer_of(module: str) -> int:
    top = module.split(".")[0]
    for n, (_, members) in enumerate(LAYERS):
        if top in members:
            return n
    raise AssertionError(f"thirteen.{module} is in no layer: add it to LAYERS and the README")


def resolve(module: str, node: ast.ImportFrom | ast.Import, is_package: bool) -> list[str]:
    """The ``thirteen`` modules one import statement reaches (relative to ``module``)."""
    out: list[str] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name.startswith("thirteen."):
                out.append(alias.name.removeprefix("thirteen."))
        return out
    if node.level == 0:
        if not (node.module or "").startswith("thirteen"):
            return []
        base = (node.module or "").removeprefix("thirteen").lstrip(".")
    else:
        here = module.split(".") if is_package else module.split(".")[:-1]
        up = here[: len(here) - (node.level - 1)] if node.level > 1 else here
        base = ".".join([*up, node.module] if node.module else up)
    known = set(sources_cache)
    for alias in node.names:
        candidate = f"{base}.{alias.name}" if base else alias.name
        out.append(candidate if candidate in known else base)
    return [m for m in out if m]


sources_cache = sources()


def type_checking_imports(tree: ast.Module) -> set[ast.AST]:
    """Imports under ``if TYPE_CHECKING:``: names for annotations, never run."""
    out: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)}
    return out


def import_graph(typing_too: bool = True) -> dict[str, set[str]]:
    """Module -> the modules it imports anywhere (function bodies too); without
    ``typing_too``, imports only made for type checkers are left out."""
    graph: dict[str, set[str]] = {}
    for module, tree in sources_cache.items():
        path_is_package = (PACKAGE / module.replace(".", "/") / "__init__.py").exists()
        edges = graph.setdefault(module, set())
        typing_only = set() if typing_too else type_checking_imports(tree)
        for node in ast.walk(tree):
            if node in typing_only:
                continue
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in resolve(module, node, path_is_package):
                    if target != module and target in sources_cache:
                        edges.add(target)
    return graph


def test_every_module_is_in_a_layer():
    for module in sources_cache:
        layer_of(module)


def test_imports_never_go_up_a_layer():
    upward = [
        f"thirteen.{a} ({LAYERS[layer_of(a)][0]}) imports thirteen.{b} ({LAYERS[layer_of(b)][0]})"
        for a, targets in import_graph().items()
        for b in sorted(targets)
        if layer_of(b) > layer_of(a)
    ]
    assert not upward, "\n".join(upward)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a list of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_import_graph_has_no_cycle():
    """Every import that runs counts, deferred ones too (names imported for type
    checkers only do not run).  A package's __init__ may import its own submodules."""
    graph = import_graph(typing_too=False)
    # a package's __init__ re-exporting its submodules is the one allowed back edge
    for module in list(graph):
        graph[module] = {t for t in graph[module] if not module.startswith(f"{t}.")}
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(f"thirteen.{m}" for m in cycle or [])


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


GAME_CLASSES = {spec.position_type.__name__ for spec in GAMES.values()} | {
    "PyramidDeal",
    "PyramidTable",
}


def test_the_checks_know_every_registered_game():
    assert {"Thirteens", "Pyramid", "Pyramid13"} <= GAME_CLASSES


@pytest.mark.parametrize("module", sorted(m for m in sources_cache if m not in GAME_OWNED))
def test_no_module_checks_a_game_class_or_reads_a_position(module):
    """The rest of the program asks the registry and the engine's public queries."""
    tree = sources_cache[module]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
            names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
            if names & GAME_CLASSES:
                found.append(f"line {node.lineno}: isinstance against {sorted(names)}")
        if (
            isinstance(node, ast.Attribute)
            and node.attr in INTERNALS
            and module.split(".")[0] not in LAYERS[0][1]
        ):
            owner = ast.unparse(node.value)
            if owner.split(".")[-1].endswith("game"):  # game.pos, self.game.deal ...
                found.append(f"line {node.lineno}: reads {owner}.{node.attr}")
    assert not found, f"thirteen.{module}:\n" + "\n".join(found)
