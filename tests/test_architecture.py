"""What the import-linter contracts in pyproject.toml cannot say, checked on the source.

- Every top-level package of ``thirteen`` is in a layer of the layers contract (the
  library checks only what is listed; the games' contract names them all by wildcard).
- The import graph has no cycle, inside a layer too (every import that runs counts).
- Outside the games' own folders, nothing checks a position's concrete class or reads
  its encoding.
- Only the command line, the tools and the window's own ``--query`` parse arguments.
- Every ``# type: ignore`` names its error code and says why.
- A game is one folder: its record, and the hooks the record names, live there.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import tomllib
from pathlib import Path

import pytest

import thirteen
from thirteen.games import GAMES

PACKAGE = Path(thirteen.__file__).resolve().parent
ROOT = PACKAGE.parents[1]

CONTRACTS = {
    c["type"]: c
    for c in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
}
LAYERS = [name.removeprefix("thirteen.") for name in CONTRACTS["layers"]["layers"]]
"""The layers, top first, as the layers contract lists them."""

INTERNALS = {"pos", "state", "cols", "sp", "deal", "deals", "_set_key", "_undo"}
"""Attribute names of the pyramid and grid encodings (and Game's undo stack)."""

ARGPARSE_ALLOWED = ("cli", "tools", "__main__", "ui.launch")
"""The command line, the tools' commands, and the window reading its own ``--query``
(the browser starts it without the command line)."""


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


def test_every_top_level_package_is_in_a_layer():
    tops = {m.split(".")[0] for m in sources_cache}
    assert tops <= set(LAYERS), f"not in the layers contract: {sorted(tops - set(LAYERS))}"


def test_only_the_command_line_and_tools_parse_arguments():
    offenders = [
        module
        for module, tree in sources_cache.items()
        if not any(module == a or module.startswith(a + ".") for a in ARGPARSE_ALLOWED)
        and any(
            isinstance(n, ast.Import | ast.ImportFrom) and "argparse" in ast.unparse(n)
            for n in ast.walk(tree)
        )
    ]
    assert offenders == []


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


GAME_OWNED = {m for m in sources_cache if m.startswith("games.")}
"""The games' own folders: only these may know a game's class or its encoding."""

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
            and module.split(".")[0] != "core"
        ):
            owner = ast.unparse(node.value)
            if owner.split(".")[-1].endswith("game"):  # game.pos, self.game.deal ...
                found.append(f"line {node.lineno}: reads {owner}.{node.attr}")
    assert not found, f"thirteen.{module}:\n" + "\n".join(found)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_is_one_folder_with_its_record_and_hooks(game_id):
    """The record is declared in the game's folder and names its hooks as objects: the
    heuristic and the searches its solver is made of are the folder's own, and the
    solver is the search layer's one adapter."""
    spec = GAMES[game_id]
    folder = spec.position_type.__module__.rsplit(".", 1)[0]
    assert folder.startswith("thirteen.games.") and folder.count(".") == 2
    record = importlib.import_module(f"{folder}.record")
    assert any(value is spec for value in vars(record).values())
    hooks = [spec.heuristic]
    if spec.solver is not None:
        assert type(spec.solver).__module__ == "thirteen.search.game_solver"
        hooks += [
            getattr(spec.solver, field.name)
            for field in dataclasses.fields(spec.solver)
            if callable(getattr(spec.solver, field.name))
        ]
    for hook in hooks:
        if hook is not None:
            assert hook.__module__.startswith(f"{folder}."), (hook, folder)


IGNORE = re.compile(r"#\s*type:\s*ignore(?P<code>\[[\w\-, ]+\])?(?P<why>\s+#\s*\S.*)?")


def test_every_type_ignore_names_its_code_and_why():
    """mypy checks that an ignore names its code (``ignore-without-code``); the reason is
    ours: a few words after it say why the checker is wrong there."""
    bare = [
        f"{path.relative_to(PACKAGE.parent)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for found in [IGNORE.search(line)]
        if found and not (found["code"] and found["why"])
    ]
    assert bare == []


def test_the_ignore_check_would_catch_a_bare_one():
    assert not IGNORE.search("x = f()  # type: ignore[arg-type]")["why"]
    assert not IGNORE.search("x = f()  # type: ignore")["code"]
    assert IGNORE.search("x = f()  # type: ignore[arg-type]  # pygame's stub lacks it")["why"]
