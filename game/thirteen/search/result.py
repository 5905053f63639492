"""What every solver returns: :class:`SolveResult` and its three verdicts, and the
:class:`Basis` a hint's line rests on."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from thirteen.core.moves import Move


class Verdict(StrEnum):
    """A solver's answer; its value is the word the command line prints."""

    WINNABLE = "winnable"
    NOT_WINNABLE = "not winnable"
    UNKNOWN = "unknown"


WINNABLE = Verdict.WINNABLE
NOT_WINNABLE = Verdict.NOT_WINNABLE
UNKNOWN = Verdict.UNKNOWN


class Basis(Enum):
    """What a hint's line rests on, for the interface to tell the player."""

    WINS = "wins"  # the next move of a winning line
    MOST = "most"  # of a line proven to remove the most cards (no win left) or score most
    CLEARS = "clears"  # of a line that clears the pyramid (the points search ran out)
    NO_WIN = "no win"  # the solver proved no win is left; the move is the heuristic's
    GUESS = "guess"  # nothing proven in time: the heuristic's move, or a best line so far


def refuse_shortest(shortest: bool) -> None:
    """The solvers that find no fewest-steps line say so alike when one is asked for."""
    if shortest:
        raise ValueError("--shortest is only offered for Pyramid (classic)")


@dataclass
class SolveResult:
    """A verdict, and when winnable a complete line of moves the engine replays to a win."""

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    ms: float = 0.0

    @property
    def steps(self) -> int:
        return len(self.moves)

    @property
    def winnable(self) -> bool:
        return self.verdict == WINNABLE

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": str(self.verdict),
            "moves": [m.text() for m in self.moves],
            "steps": self.steps,
            "nodes": self.nodes,
            "ms": round(self.ms, 3),
        }


def search_verdict(
    moves: list[Move] | None, nodes: int, ms: float, *, out_of_budget: bool
) -> SolveResult:
    """What a finished search says: winnable with its winning line (``moves``), else not
    winnable, or unknown when the budget ran out first."""
    if moves is not None:
        return SolveResult(WINNABLE, moves, nodes, ms)
    return SolveResult(UNKNOWN if out_of_budget else NOT_WINNABLE, [], nodes, ms)
