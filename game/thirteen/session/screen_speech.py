"""What the menu screens say aloud for a screen reader, beside what they draw: a game's
statistics in a few short sentences, the deal put on the table with its difficulty, and a
game's rules cut into parts short enough to be heard one at a time.

Words only, in the player's language, with numbers as :mod:`thirteen.core.numbers`
writes them; no pygame (the interface hands them to the page's live region, see
``ui/access.py``), so the tests read them without a display.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from thirteen.core import numbers
from thirteen.core.i18n import tr, tr_n
from thirteen.records.stats import Stats


def count(n: int) -> str:
    """A count as the player's language writes it ("1,234", "1.234")."""
    return numbers.decimal(n)


def stats_words(title: str, st: Stats, rate: str, best_time: str = "") -> str:
    """One game's figures as the statistics screen shows them: games played and won,
    the win rate (``rate``, as shown), the average and best score, the streaks and the
    best time (``best_time``, as shown; "" when there is none)."""
    if not st.played:
        return tr("{game}: no games played yet.", game=title)
    played = tr_n(
        "{game}: {count} game played, {won} won, win rate {rate}.",
        "{game}: {count} games played, {won} won, win rate {rate}.",
        st.played,
        game=title,
        count=count(st.played),
        won=count(st.won),
        rate=rate,
    )
    scores = [score for score, times in st.distribution.items() if times > 0]
    parts = [played]
    average = numbers.decimal(st.average_score, 1)
    if scores:
        best = count(max(scores))
        parts.append(tr("Average score {average}, best {best}.", average=average, best=best))
    else:
        parts.append(tr("Average score {average}.", average=average))
    parts.append(
        tr(
            "Current streak {current}, best streak {best}.",
            current=count(st.current_streak),
            best=count(st.best_streak),
        )
    )
    if best_time:
        parts.append(tr("Best time {time}.", time=best_time))
    return " ".join(parts)


def layout_rows_words(title: str, rows: Iterable[tuple[str, ...]]) -> str:
    """The table of layouts opened from links, a short sentence a layout: ``rows`` as
    the statistics screen draws them (layout, played, won, win rate, ...)."""
    said = [
        tr(
            "{layout}: {played} played, {won} won, win rate {rate}.",
            layout=row[0],
            played=row[1],
            won=row[2],
            rate=row[3],
        )
        for row in rows
    ]
    if not said:
        return tr("{game}: no other layouts played yet.", game=title)
    return tr("{game}, other layouts:", game=title) + " " + " ".join(said)


def deal_words(title: str, deal: int | None, today: bool, grade: str = "") -> str:
    """The deal put on the table, without a full stop (a sentence goes on from it):
    "Pyramid, deal 1234, medium" (``grade``: the difficulty's words, "" while it is not
    known)."""
    if deal is None:
        said = tr("{game}, a deck of your own", game=title)
    elif today:
        said = tr("{game}, today's deal {deal}", game=title, deal=deal)
    else:
        said = tr("{game}, deal {deal}", game=title, deal=deal)
    return f"{said}, {grade}" if grade else said


def grade_arrived_words(deal: int | None, grade: str) -> str:
    """The difficulty of the deal said a moment ago, once it is worked out."""
    if deal is None:
        return tr("Difficulty: {grade}.", grade=grade)
    return tr("Deal {deal} is {grade}.", deal=deal, grade=grade)


RULES_PART = 170
"""The most characters of the rules a part holds: with its number before it and how to
hear more after it, an announcement stays short enough to take in at once."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_CLAUSE_END = re.compile(r"(?<=[;:,])\s+(?=\S)")


def _pieces(text: str, limit: int) -> list[str]:
    """``text`` cut at sentences, a sentence over ``limit`` at its clauses, and a clause
    still over it between words."""
    out: list[str] = []
    for sentence in _SENTENCE_END.split(text.strip()):
        if len(sentence) <= limit:
            out.append(sentence)
            continue
        for clause in _CLAUSE_END.split(sentence):
            while len(clause) > limit:
                cut = clause.rfind(" ", 0, limit)
                cut = cut if cut > 0 else limit
                out.append(clause[:cut])
                clause = clause[cut:].strip()
            if clause:
                out.append(clause)
    return out


def rules_parts(paragraphs: Iterable[str], limit: int = RULES_PART) -> list[str]:
    """The rules' paragraphs cut into parts of at most ``limit`` characters: whole
    sentences put together while they fit, a paragraph never joined to the next one."""
    parts: list[str] = []
    for paragraph in paragraphs:
        current = ""
        for piece in _pieces(paragraph, limit):
            if current and len(current) + 1 + len(piece) > limit:
                parts.append(current)
                current = ""
            current = f"{current} {piece}" if current else piece
        if current:
            parts.append(current)
    return parts


def rules_part_words(parts: list[str], shown: int) -> str:
    """Part ``shown`` (from 0) of a game's rules, as F1 says it: its number, the part,
    and how to hear the next one (after the last: that F1 starts again)."""
    number = tr("Part {n} of {parts}:", n=shown + 1, parts=len(parts))
    if shown + 1 < len(parts):
        more = tr("F1 again for more.")
    else:
        more = tr("End of the rules: F1 reads them again from the start.")
    return f"{number} {parts[shown]} {more}"
