"""What the menu screens say to a screen reader beside what they draw: a game's figures,
the deal put on the table with its difficulty, the rules in parts heard one at a time."""

from __future__ import annotations

import re
from collections.abc import Iterable

from thirteen.core.i18n import tr, tr_n
from thirteen.core.numbers import decimal
from thirteen.records.stats import Stats


def stats_words(title: str, st: Stats, rate: str, best_time: str = "") -> str:
    """A game's figures as its statistics tab shows them (``rate`` and ``best_time`` as
    shown there)."""
    if not st.played:
        return tr("{game}: no games played yet.", game=title)
    said = [
        tr_n(
            "{game}: {count} game played, {won} won, win rate {rate}.",
            "{game}: {count} games played, {won} won, win rate {rate}.",
            st.played,
            game=title,
            count=decimal(st.played),
            won=decimal(st.won),
            rate=rate,
        )
    ]
    scores = [score for score, times in st.distribution.items() if times]
    if scores:
        average = decimal(st.average_score, 1)
        said.append(
            tr("Average score {average}, best {best}.", average=average, best=decimal(max(scores)))
        )
    streaks = decimal(st.current_streak), decimal(st.best_streak)
    said.append(
        tr("Current streak {current}, best streak {best}.", current=streaks[0], best=streaks[1])
    )
    if best_time:
        said.append(tr("Best time {time}.", time=best_time))
    return " ".join(said)


def layout_rows_words(tab: str, rows: Iterable[tuple[str, ...]]) -> str:
    """The tab of the layouts opened from links: a sentence a row (layout, played, won,
    win rate, as drawn)."""
    said = [
        tr(
            "{layout}: {played} played, {won} won, win rate {rate}.",
            layout=r[0],
            played=r[1],
            won=r[2],
            rate=r[3],
        )
        for r in rows
    ]
    return " ".join([f"{tab}.", *said])


def deal_words(title: str, deal: int | None, today: bool, grade: str = "") -> str:
    """The deal put on the table, for a sentence to go on from: "Pyramid, deal 1234,
    medium" (``grade``: "" while not known)."""
    if deal is None:
        said = f"{title}, {tr('Custom deck')}"
    elif today:
        said = tr("{game}, today's deal {deal}", game=title, deal=deal)
    else:
        said = tr("{game}, deal {deal}", game=title, deal=deal)
    return f"{said}, {grade}" if grade else said


RULES_PART = 170
"""The most characters of the rules in one part: with its number and how to hear more,
short enough to take in at once."""

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_CLAUSE = re.compile(r"(?<=[;:,])\s+")


def _pieces(text: str, limit: int) -> Iterable[str]:
    """``text`` cut at its sentences, a longer one at its clauses, and then between words."""
    for sentence in _SENTENCE.split(text.strip()):
        for clause in [sentence] if len(sentence) <= limit else _CLAUSE.split(sentence):
            while len(clause) > limit:
                cut = clause.rfind(" ", 0, limit)
                cut = cut if cut > 0 else limit
                yield clause[:cut]
                clause = clause[cut:].strip()
            if clause:
                yield clause


def rules_parts(paragraphs: Iterable[str], limit: int = RULES_PART) -> list[str]:
    """The rules in parts of at most ``limit`` characters: whole sentences together while
    they fit, never two paragraphs in one part."""
    parts: list[str] = []
    for paragraph in paragraphs:
        part = ""
        for piece in _pieces(paragraph, limit):
            if part and len(part) + 1 + len(piece) > limit:
                parts.append(part)
                part = ""
            part = f"{part} {piece}".strip()
        parts += [part] if part else []
    return parts


def rules_part_words(parts: list[str], shown: int) -> str:
    """Part ``shown`` (from 0) as F1 says it: its number, the part, and how to hear more
    (after the last, that F1 starts again)."""
    if shown + 1 < len(parts):
        more = tr("F1 again for more.")
    else:
        more = tr("End of the rules: F1 reads them again from the start.")
    return f"{tr('Part {n} of {parts}:', n=shown + 1, parts=len(parts))} {parts[shown]} {more}"
