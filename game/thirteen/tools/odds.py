"""The odds of a game: over a range of deal numbers, how many deals the solver proves
winnable, how the ``center`` player does, and (optionally) how the deals' difficulty
grades spread.

Each deal gives one :class:`DealRow`; :class:`Tally` adds rows up.  Rows are written one
JSON line each to a file as they are made, so a long run can be stopped and resumed,
or split into chunks (several ranges, or several files merged), and the figures are
the same either way: every deal's row depends only on the game, layout, deal number,
solver budget and playout count, never on the order or the machine (except for
verdicts that run out of time, which are counted as unknown).

"Winnable" is the game's own verdict (:func:`.winnable.winnable_verdict`: for a game
of rounds, its final round).  The share's 95% interval is Wilson's score interval;
unknown verdicts widen it: its lower end counts them as lost, its upper end as won.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from thirteen.advice.difficulty import GRADES, Grader
from thirteen.advice.solving import NOT_WINNABLE, UNKNOWN, WINNABLE
from thirteen.advice.winnable import winnable_verdict
from thirteen.core.game import Outcome
from thirteen.games import GameSetup, game_spec, new_game
from thirteen.search.budget import finish
from thirteen.tools.players import center_player

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""
DEFAULT_BUDGET_MS = 2000.0


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``k`` successes in ``n`` trials (0, 1 when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class OddsKey:
    """What a run is about; rows of one file must all share it."""

    game: str
    layout: str | None
    budget_ms: float
    playouts: int

    @classmethod
    def make(cls, game: str, layout: str | None, budget_ms: float, playouts: int) -> OddsKey:
        spec = game_spec(game)
        if spec.has_layout:
            layout = GameSetup(spec.id, deal=1, layout=layout).layout
        elif layout is not None:
            raise ValueError(f"{spec.title} has no layout option")
        if playouts < 0:
            raise ValueError("the number of playouts cannot be negative")
        return cls(spec.id, layout, float(budget_ms), playouts)

    @property
    def title(self) -> str:
        return game_spec(self.game).title + (f" {self.layout}" if self.layout else "")


@dataclass
class DealRow:
    """One deal's figures."""

    deal: int
    verdict: str
    solve_ms: float
    center_won: bool
    center_score: int
    wins: int = 0
    """Playouts won (see :mod:`.difficulty`), of ``played``."""
    played: int = 0
    grade: str | None = None


def deal_row(key: OddsKey, deal: int) -> DealRow:
    """Solve deal ``deal``, play it with ``center``, and grade it when playouts are asked."""
    result, _ = winnable_verdict(key.game, deal, layout=key.layout, budget_ms=key.budget_ms)
    game = new_game(key.game, deal=deal, layout=key.layout)
    center_player(game)
    row = DealRow(
        deal,
        str(result.verdict),
        round(result.ms, 3),
        game.outcome is Outcome.WON,
        game.score,
    )
    if key.playouts:
        setup = GameSetup(key.game, deal=deal, layout=key.layout)
        grader = Grader(setup, playouts=key.playouts, verdict=row.verdict)
        finish(grader.steps())
        row.wins, row.played = grader.wins, grader.played
        row.grade = None if grader.grade is None else str(grader.grade)
    return row


@dataclass
class Tally:
    """Figures over many deals' rows."""

    key: OddsKey
    rows: dict[int, DealRow] = field(default_factory=dict)

    def add(self, row: DealRow) -> None:
        if row.deal in self.rows:
            raise ValueError(f"deal {row.deal} is counted twice")
        self.rows[row.deal] = row

    @property
    def deals(self) -> int:
        return len(self.rows)

    def count(self, verdict: str) -> int:
        return sum(1 for r in self.rows.values() if r.verdict == verdict)

    @property
    def winnable(self) -> int:
        return self.count(WINNABLE)

    @property
    def unknown(self) -> int:
        return self.count(UNKNOWN)

    @property
    def share(self) -> float:
        return self.winnable / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95%: Wilson's, its lower end with unknown verdicts lost, its upper end won."""
        low, _ = wilson(self.winnable, self.deals)
        _, high = wilson(self.winnable + self.unknown, self.deals)
        return low, high

    @property
    def center_wins(self) -> int:
        return sum(r.center_won for r in self.rows.values())

    @property
    def center_average(self) -> float:
        return sum(r.center_score for r in self.rows.values()) / self.deals if self.deals else 0.0

    @property
    def graded(self) -> int:
        return sum(1 for r in self.rows.values() if r.grade is not None)

    def grades(self) -> dict[str, int]:
        """Grade -> deals, every grade listed (deals without playouts are left out)."""
        found = Counter(r.grade for r in self.rows.values() if r.grade is not None)
        return {str(g): found.get(str(g), 0) for g in GRADES}

    def span(self) -> str:
        """The deal numbers counted, as ranges: "1-10000", "1-500, 601-700"."""
        numbers = sorted(self.rows)
        parts: list[str] = []
        i = 0
        while i < len(numbers):
            j = i
            while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
                j += 1
            parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
            i = j + 1
        return ", ".join(parts) or "none"

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            **asdict(self.key),
            "deals": self.deals,
            "span": self.span(),
            "winnable": self.winnable,
            "not_winnable": self.count(NOT_WINNABLE),
            "unknown": self.unknown,
            "share": round(self.share, 5),
            "ci95": [round(low, 5), round(high, 5)],
            "center_wins": self.center_wins,
            "center_win_rate": round(self.center_wins / self.deals, 5) if self.deals else 0.0,
            "center_average_score": round(self.center_average, 3),
            "solve_ms_total": round(sum(r.solve_ms for r in self.rows.values()), 1),
            "graded": self.graded,
            "grades": self.grades() if self.key.playouts else {},
        }

    def text(self) -> str:
        low, high = self.interval
        n = self.deals
        rate = 100 * self.center_wins / n if n else 0.0
        lines = [
            f"{self.key.title}: deals {self.span()} ({n}), solver budget "
            f"{self.key.budget_ms:g} ms a deal",
            f"winnable: {self.winnable} of {n} = {100 * self.share:.2f}% "
            f"(95% interval {100 * low:.2f}-{100 * high:.2f}%), "
            f"not winnable {self.count(NOT_WINNABLE)}, unknown {self.unknown}",
            f"center player: won {self.center_wins} = {rate:.2f}%, "
            f"average score {self.center_average:.2f}",
        ]
        if self.key.playouts:
            spread = ", ".join(
                f"{g} {c} ({100 * c / self.graded:.1f}%)" if self.graded else f"{g} {c}"
                for g, c in self.grades().items()
            )
            lines.append(
                f"difficulty ({self.key.playouts} playouts a winnable deal): {spread}; "
                f"ungraded (unknown) {n - self.graded}"
            )
        return "\n".join(lines)


# -- files of rows -------------------------------------------------------------------


def read_rows(path: Path) -> tuple[OddsKey | None, list[DealRow]]:
    """The key and the rows a file holds (a cut last line, from a run stopped mid-write,
    is left out; it is made again)."""
    key: OddsKey | None = None
    rows: list[DealRow] = []
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                if line.endswith("\n"):
                    raise ValueError(f"{path}: line {n} is not JSON") from None
                break  # the last line, cut short
            if n == 1:
                try:
                    key = OddsKey(**data["key"])
                except (KeyError, TypeError):
                    raise ValueError(f"{path}: the first line is not an odds run's key") from None
            else:
                try:
                    rows.append(DealRow(**data))
                except TypeError:
                    raise ValueError(f"{path}: line {n} is not a deal's row") from None
    return key, rows


def tally_files(paths: Iterable[Path]) -> Tally:
    """One tally of the rows of several files of the same run (ValueError otherwise)."""
    tally: Tally | None = None
    for path in paths:
        key, rows = read_rows(path)
        if key is None:
            continue
        if tally is None:
            tally = Tally(key)
        elif key != tally.key:
            raise ValueError(f"{path} is a run of {key}, not of {tally.key}")
        for row in rows:
            tally.add(row)
    if tally is None:
        raise ValueError("no rows in the files given")
    return tally


class RowFile:
    """Rows appended one line at a time, so a stopped run loses at most the deal in hand."""

    def __init__(self, path: Path, key: OddsKey) -> None:
        self.path = path
        self.done: dict[int, DealRow] = {}
        if path.exists() and path.stat().st_size:
            found, rows = read_rows(path)
            if found is not None and found != key:
                raise ValueError(
                    f"{path} holds a run of {found.title} (budget {found.budget_ms:g} ms, "
                    f"{found.playouts} playouts): give another file"
                )
            self.done = {r.deal: r for r in rows}
            self._rewrite(key)  # drops a cut last line
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"key": asdict(key)}) + "\n", encoding="utf-8")

    def _rewrite(self, key: OddsKey) -> None:
        lines = [json.dumps({"key": asdict(key)})]
        lines += [json.dumps(asdict(r)) for r in self.done.values()]
        self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def append(self, row: DealRow) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(asdict(row)) + "\n")
        self.done[row.deal] = row
