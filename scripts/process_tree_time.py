"""Run a command and print the processor time of its whole process tree (Linux).

``/usr/bin/time`` and ``getrusage`` count only the processes their command waited for;
Chromium's renderers, started and ended inside the browser the tests drive, are not
among them, so the browser tests' processor time looked like a third of what it is.
This samples ``/proc`` a few times a second and keeps, for every process descended from
the command, the largest processor time seen: a process that lives shorter than one
sample is missed, one that ends between samples loses its last fraction of a second.

    python scripts/process_tree_time.py .venv/bin/python -m pytest -q tests/web
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
SAMPLE_S = 0.2


def processes() -> dict[int, tuple[int, float]]:
    """Every process now: its parent and its processor time (user + system) so far."""
    found: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # it ended meanwhile
            continue
        found[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS)
    return found


def descendants(root: int, found: dict[int, tuple[int, float]]) -> list[int]:
    """``root`` and the processes descended from it."""
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in found.items():
        children.setdefault(parent, []).append(pid)
    tree, stack = [], [root]
    while stack:
        pid = stack.pop()
        tree.append(pid)
        stack.extend(children.get(pid, []))
    return tree


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: process_tree_time.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    started = time.perf_counter()
    command = subprocess.Popen(argv)
    most: dict[int, float] = {}
    while command.poll() is None:
        found = processes()
        for pid in descendants(command.pid, found):
            if pid in found:
                most[pid] = max(most.get(pid, 0.0), found[pid][1])
        time.sleep(SAMPLE_S)
    clock = time.perf_counter() - started
    print(
        f"process tree: {sum(most.values()):.1f} s of processor over {len(most)} processes,"
        f" {clock:.1f} s of clock (exit status {command.returncode})",
        file=sys.stderr,
    )
    return command.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
