"""The calendar's words in the player's language: the names of the months and the days
of the week (each a catalogue text), a date as it is read, the day the week starts on,
and what a day, the streak and the month's goal say.

The week starts on Monday in German, French, Spanish and Italian, as their calendars
do; on Sunday in English (:data:`WEEK_STARTS`).
"""

from __future__ import annotations

from datetime import date

from thirteen.core.i18n import N_, language, listed, tr, tr_n
from thirteen.records.daily import DayState

MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)
WEEKDAYS = (
    N_("Monday"),
    N_("Tuesday"),
    N_("Wednesday"),
    N_("Thursday"),
    N_("Friday"),
    N_("Saturday"),
    N_("Sunday"),
)
"""Monday first, as :meth:`datetime.date.weekday` counts."""
WEEKDAYS_SHORT = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
"""The column heads."""
BADGE_NAMES = {"bronze": N_("Bronze"), "silver": N_("Silver"), "gold": N_("Gold")}

WEEK_STARTS = {"en": 6}
"""The first day of a week row by language (0 Monday .. 6 Sunday); Monday unless named."""


def first_weekday() -> int:
    return WEEK_STARTS.get(language(), 0)


def capitalised(words: str) -> str:
    """The first letter in capitals (French, Spanish and Italian write the names of the
    months and days small within a sentence)."""
    return words[:1].upper() + words[1:]


def month_words(year: int, month: int) -> str:
    """``December 2026``."""
    return capitalised(tr("{month} {year}", month=tr(MONTHS[month - 1]), year=year))


def date_words(day: date) -> str:
    """``Thursday 3 December``, ``Donnerstag, 3. Dezember``."""
    return capitalised(
        tr(
            "{weekday} {day} {month}",
            weekday=tr(WEEKDAYS[day.weekday()]),
            day=day.day,
            month=tr(MONTHS[day.month - 1]),
        )
    )


def state_words(state: DayState | None) -> str:
    """What a day's deal came to: not played, played, won (on its day, or later)."""
    if state is None or not state.played:
        return tr("not played")
    if state.won_on_day:
        return tr("won, best score {score}", score=state.best)
    if state.won:
        return tr("won later, best score {score}", score=state.best)
    return tr("played, not won, best score {score}", score=state.best)


def day_words(
    day: date, today: date, state: DayState | None, game_title: str, won_elsewhere: bool
) -> str:
    """A day as a screen reader says it when it has the focus (and the screen shows it)."""
    when = date_words(day)
    if day == today:
        when = tr("{date}, today", date=when)
    words = tr("{date}, {game}: {state}.", date=when, game=game_title, state=state_words(state))
    if won_elsewhere and not (state is not None and state.won):
        words = f"{words} {tr('Won in another game.')}"
    return words


def streak_words(days: int) -> str:
    return tr_n("Daily streak: {n} day", "Daily streak: {n} days", days)


def won_words(won: int, days: int) -> str:
    return tr("Won this month: {won} of {days} days", won=won, days=days)


def goal_words(won: int, badges: list[tuple[str, int, bool]]) -> str:
    """The next badge and how far off it is, or that every badge is earned."""
    later = [(name, need) for name, need, earned in badges if not earned]
    if not later:
        return tr("Every badge of the month earned!")
    name, need = later[0]
    return tr_n(
        "{n} more day for {badge}",
        "{n} more days for {badge}",
        need - won,
        badge=tr(BADGE_NAMES[name]),
    )


def earned_words(badges: list[tuple[str, int, bool]]) -> str:
    """The badges earned this month, as said."""
    earned = [tr(BADGE_NAMES[name]) for name, _, got in badges if got]
    if not earned:
        return tr("No badge yet this month.")
    return tr("Badges this month: {badges}.", badges=tr(listed(earned)))
