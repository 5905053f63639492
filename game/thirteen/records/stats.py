"""Each game's statistics (games played and won, streaks, scores, the best time): one
record per game, per layout for the games that have one (key ``stats/<game>[/<layout>]``),
read back field by field and written."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from thirteen.core.options import DEFAULT_LAYOUT, Layout
from thirteen.games import game_spec
from thirteen.records.record_format import (
    DROPPED,
    MAX_SCORE,
    RecordKind,
    count_in,
    dumps,
    is_whole,
)


@dataclass
class Stats:
    """One game's (and layout's) record; ``distribution`` maps score → count."""

    played: int = 0
    won: int = 0
    total_score: int = 0
    current_streak: int = 0
    best_streak: int = 0
    distribution: dict[int, int] = field(default_factory=dict)
    best_ms: int = 0
    """The quickest won game timed from its first move to its end, in ms (0: none yet)."""

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    @property
    def average_score(self) -> float:
        return self.total_score / self.played if self.played else 0.0


def stats_key(game_id: str, layout: str | None = None) -> str:
    """``stats/<game>``, with the layout for games that have one (default 3x5)."""
    spec = game_spec(game_id)
    if spec.has_layout:
        return f"stats/{spec.id}/{Layout.parse(layout or str(DEFAULT_LAYOUT))}"
    return f"stats/{spec.id}"


def _v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept every score in a list; version 2 keeps a bounded distribution."""
    raw = old.get("scores", [])
    scores = [s for s in raw if is_whole(s)] if isinstance(raw, list) else []
    # entries that cannot be kept make the record unclean, so the original is
    # set aside under a recovery key (see Profile._keep) instead of lost
    dropped = not isinstance(raw, list) or len(scores) != len(raw)
    dist: dict[str, int] = {}
    for s in scores:
        dist[str(s)] = dist.get(str(s), 0) + 1
    return {
        "v": 2,
        "played": old.get("played", len(scores)),
        "won": old.get("won", 0),
        "total_score": sum(scores),
        "current_streak": old.get("streak", 0),
        "best_streak": old.get("best", 0),
        "distribution": dist,
        **({DROPPED: True} if dropped else {}),
    }


STATS = RecordKind("stats", 2, {1: _v1_to_v2})


def stats_from(data: dict[str, Any]) -> tuple[Stats, bool]:
    """The statistics a record holds, and whether all of it was kept (a count that is
    no count, a score out of range, more games won than played are not)."""
    stats, clean = Stats(), not data.get(DROPPED)
    for name in ("played", "won", "total_score", "current_streak", "best_streak", "best_ms"):
        value = count_in(data.get(name, 0))
        if value is None:
            clean = False
        else:
            setattr(stats, name, value)
    raw = data.get("distribution", {})
    if not isinstance(raw, dict):
        raw, clean = {}, False
    for key, count in raw.items():
        try:
            score = int(key)
        except (TypeError, ValueError):
            clean = False
            continue
        if not 0 <= score <= MAX_SCORE or not count_in(count):
            clean = False
            continue
        stats.distribution[score] = count
    if stats.won > stats.played or stats.best_streak < stats.current_streak:
        clean = False
        stats.won = min(stats.won, stats.played)
        stats.best_streak = max(stats.best_streak, stats.current_streak)
    return stats, clean


def stats_record(stats: Stats) -> dict[str, Any]:
    """The record that stores ``stats`` (the distribution by score, lowest first)."""
    out = asdict(stats)
    out["distribution"] = {str(k): v for k, v in sorted(stats.distribution.items())}
    return STATS.stamped(out)


def stats_in(text: str | None) -> Stats:
    """The statistics a stored text holds (none counted where it holds none)."""
    data = STATS.read(text)
    return stats_from(data)[0] if data is not None else Stats()


def stats_text(stats: Stats) -> str:
    """The text that stores ``stats``."""
    return dumps(stats_record(stats))
