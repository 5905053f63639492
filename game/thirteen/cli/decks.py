"""``solve --decks-file``: solve every deck of a file, one line each, with figures.

A line holds one deck in card notation (the pyramid's 28 cards row by row, then
the draw pile top card first, which is also the format of other tools' deck
files); blank lines and lines starting with ``#`` are skipped.  Per deck it prints
the verdict, the steps of the line found, the solve time (wall clock and CPU)
and the peak memory of the process that solved it; then totals and medians over
the winnable decks and the others.  An optional file of expected step counts (one
a line, 0 for no solution) is compared deck by deck.

Each deck is solved in a process of its own, forked from this one (where the
system can fork), so that its peak resident memory is its own and not the
largest of all decks before it; the time is the solve alone, measured inside.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections.abc import Sequence

from thirteen.advice.solving import solve
from thirteen.cli.args import CommandError
from thirteen.games import GameSetup


def read_lines(path: str, what: str) -> list[tuple[int, str]]:
    """The non-blank, non-comment lines of a file with their line numbers."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read the {what} {path}: {exc}") from None
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            out.append((n, line))
    return out


def expected_steps(path: str) -> list[int]:
    """Step counts, one a line (0: no solution)."""
    out = []
    for n, line in read_lines(path, "lengths file"):
        if not line.isdigit():
            raise CommandError(f"{path} line {n}: expected a number of steps, got {line[:20]!r}")
        out.append(int(line))
    return out


def _peak_mb() -> float:
    # ru_maxrss is in kilobytes on Linux, bytes on macOS
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _solve_one(args: argparse.Namespace, deck: str) -> dict:
    game = GameSetup(args.game, deck=deck, layout=args.layout).new_game()
    start = time.perf_counter()
    cpu = time.process_time()
    result = solve(game, budget_ms=args.budget_ms, max_nodes=args.max_nodes, shortest=args.shortest)
    ms = (time.perf_counter() - start) * 1000
    cpu_ms = (time.process_time() - cpu) * 1000
    return {
        "verdict": result.verdict,
        "steps": result.steps if result.winnable else 0,
        "nodes": result.nodes,
        "ms": ms,
        "cpu_ms": cpu_ms,
    }


def _in_child(args: argparse.Namespace, deck: str) -> dict:
    """Solve in a forked process and report its figures (in this one where fork is missing)."""
    if not hasattr(os, "fork"):
        out = _solve_one(args, deck)
        out["peak_mb"] = _peak_mb()
        return out
    read, write = os.pipe()
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        os.close(read)
        try:
            out = _solve_one(args, deck)
            out["peak_mb"] = _peak_mb()
        except Exception as exc:  # noqa: BLE001 - reported for this deck, the run goes on
            out = {"error": str(exc)}
        os.write(write, json.dumps(out).encode())
        os._exit(0)
    os.close(write)
    chunks = []
    while True:
        chunk = os.read(read, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    if not chunks:
        return {"error": "the solving process died"}
    return json.loads(b"".join(chunks))


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def run_decks(args: argparse.Namespace) -> int:
    """Solve the decks of ``--decks-file`` (lines ``--from`` to ``--to``) and print figures."""
    decks = read_lines(args.decks_file, "decks file")
    expected = expected_steps(args.lengths_file) if args.lengths_file else None
    if expected is not None and len(expected) != len(decks):
        raise CommandError(
            f"{args.lengths_file} has {len(expected)} step counts for {len(decks)} decks"
        )
    first = args.first or 1
    last = min(args.last or len(decks), len(decks))
    if first <= last:  # import what solving needs once, before the processes are forked
        warm = argparse.Namespace(**{**vars(args), "max_nodes": 1})
        _solve_one(warm, decks[first - 1][1])
    print("deck  verdict        steps  expected   time_ms    cpu_ms   peak_mb")
    rows = []
    for index in range(first, last + 1):
        line_no, deck = decks[index - 1]
        out = _in_child(args, deck)
        want = expected[index - 1] if expected is not None else None
        if "error" in out:
            print(f"{index:4}  error (line {line_no}): {out['error']}", flush=True)
            rows.append({"deck": index, "error": out["error"], "expected": want})
            continue
        out["deck"] = index
        out["expected"] = want
        out["mismatch"] = want is not None and out["steps"] != want
        rows.append(out)
        mark = "  MISMATCH" if out["mismatch"] else ""
        shown = "-" if want is None else str(want)
        print(
            f"{index:4}  {out['verdict']:<13} {out['steps']:5}  {shown:>8}  "
            f"{out['ms']:8.1f}  {out['cpu_ms']:8.1f}  {out['peak_mb']:7.1f}{mark}",
            flush=True,
        )
    good = [r for r in rows if "error" not in r]
    won = [r for r in good if r["steps"]]
    errors = len(rows) - len(good)
    print(f"decks: {len(rows)}   winnable: {len(won)}   errors: {errors}")
    for label, group in (
        ("winnable decks", won),
        ("other decks", [r for r in good if not r["steps"]]),
    ):
        for clock in ("ms", "cpu_ms"):
            times = [r[clock] for r in group]
            name = "wall" if clock == "ms" else "CPU"
            print(
                f"{label}, {name} time: total {sum(times) / 1000:.1f} s"
                f"   median {_median(times):.1f} ms   max {max(times, default=0):.1f} ms"
            )
    peak = max(good, key=lambda r: r["peak_mb"], default=None)
    if peak is not None:
        print(f"peak memory: {peak['peak_mb']:.1f} MB (deck {peak['deck']})")
    if expected is not None:
        bad = [r["deck"] for r in rows if r.get("mismatch") or "error" in r]
        print(
            f"mismatches with {args.lengths_file}: {len(bad)}" + (f" (decks {bad})" if bad else "")
        )
        return 1 if bad else 0
    return 1 if errors else 0
