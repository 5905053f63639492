"""The rules of a playing session: the game in play, counted once, its score posted once.

A session is one page (or desktop window) over the player's :class:`Profile`.
It decides what a page opens on, when a game counts as played (once, also when
it is given up: a new deal of the same game, or Give up; never when the player only
goes to another game, which waits in its own slot), when the move that ended it may
be taken back, when a Pyramid 13 score is still to be posted, and who may write each
game's save slot, which every tab and window on the same storage shares
(:class:`SaveSlot`).

No pygame here: the interface asks and is told.  The games it has in front of
the player are :class:`Play` objects (the table scenes); what the player must
be told at once goes through the ``tell`` hook, and a score just settled through
``settled``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Protocol

from thirteen.core.deals import MAX_DEAL
from thirteen.core.game import Game
from thirteen.core.i18n import N_, Message, message
from thirteen.core.moves import Move
from thirteen.games import GameSetup, spec_of
from thirteen.records.profile import Profile
from thirteen.records.saved_game import MAX_SLOTS, SLOT_PREFIX, slot_key, slot_of
from thirteen.records.stats import Stats
from thirteen.session.save_slot import SaveSlot
from thirteen.session.share import today_deal

WINNABLE_FALLBACK = N_(
    "Winnable deals only: the deal checker is not available, so this deal is unchecked."
)
WINNABLE_NOT_FOUND = N_(
    "Winnable deals only: no deal was proven winnable in time, so this deal is unchecked."
)
POST_FIRST = N_(
    "Your last Pyramid 13 score is not posted yet: post it or leave, then open the link again."
)

TAKEN_OVER = N_("Another tab or window took over the saved game: this one is not saved or counted.")

OTHER_TABS_SCORE = N_(
    "Another tab left this score unposted: post it or leave it, then start your game again."
)

TAKEOVER_CHECK_MS = 1000
"""How often a table in play looks whether another tab took the save slot over, so a
player coming back to this tab is told at once rather than at their next move."""

RETRY_MS = 2000
"""How often writes the storage refused (a full disk) are tried again while the game
runs, so they are kept soon after space returns, not only at the next move."""

NOT_SAVED_AT_CLOSE = "thirteen: {n} change(s) could not be saved: storage is full or blocked."

WINNABLE_BUDGET_MS = 400
"""The whole search for a winnable random deal, so a click never freezes the game
(the solver's own budget is per deal, and some layouts take hundreds of deals)."""

DEAL_CHECK_MS = 200
"""Each deal's own search for a winnable random deal (within the whole search's budget)."""

GRADED_BUDGET_MS = 2000
"""The same when a difficulty is asked for: each deal proven winnable is then graded
by up to a hundred playouts, and a hard deal takes them all."""

GRADED_NOT_FOUND = N_(
    "Winnable deals only: no {grade} deal was found in time, so this deal is unchecked."
)
"""With ``grade`` (a Message) filled in, as a :class:`.i18n.Message`."""

LINK_KEEPS_SAVED = N_("The link could not be used, so your saved game goes on. {reasons}.")
"""With the link's ``reasons`` filled in, as a :class:`.i18n.Message`."""

NO_SLOT = SLOT_PREFIX + "-"
"""The slot of a game not made from a GameSetup: no game is ever saved there (nor
refused: an empty slot that stays empty is always this session's)."""


def _sentences(parts: tuple[str | Message, ...]) -> str | Message:
    """Reasons one after the other, each a sentence ("A. B"), each in the player's language."""
    if len(parts) == 1:
        return parts[0]
    return message("{first}. {rest}", first=parts[0], rest=_sentences(parts[1:]))


class Play(Protocol):
    """A game in front of the player (a table): whether this session has counted it,
    and whether another tab took its save slot over (then it is neither saved nor
    counted here)."""

    game: Game
    recorded: bool
    detached: bool
    # (a table may also say how long its game took, ``timed_ms``: float | None, None
    # when it was not timed from its first move, such as a game resumed after a reload)


class RedoLine:
    """The moves taken back, to be played again (Redo) until a new move is made.

    The game itself stays what is saved and shared, (game, options, deal, moves): a
    redo is only a move played again, so saving, counting and resuming need nothing new.
    """

    def __init__(self) -> None:
        self._moves: list[Move] = []
        """Undone moves, the most recently undone last."""

    def undone(self, move: Move) -> None:
        """``move`` was just taken back: it is the next one Redo plays."""
        self._moves.append(move)

    def played(self, move: Move) -> None:
        """``move`` was just played: the redo of it is used up, any other move is a new
        line, and what was undone before it cannot come back."""
        if self._moves and self._moves[-1] == move:
            self._moves.pop()
        else:
            self._moves.clear()

    def next(self) -> Move | None:
        """The move Redo would play, or None."""
        return self._moves[-1] if self._moves else None

    def __len__(self) -> int:
        return len(self._moves)


@dataclass(frozen=True)
class Showing:
    """What to put in front of the player."""

    game: Game | None = None
    """The game for the table; None: the start screen."""
    dealt: bool = False
    """A new game, to be dealt out (else one put back as it was left)."""
    end: str | None = None
    """A finished score offered for posting: open its end screen, with this message
    ("" for none)."""


class Session:
    """One page's games over the player's profile: what is saved, counted and posted.

    ``tell`` shows a line to the player at once (on the table in front of them)
    for the given milliseconds: storage that failed, a game another tab took over.
    ``settled`` is called when a score was posted or waived, so the table can stop
    offering to take its last move back.
    """

    def __init__(
        self,
        profile: Profile,
        tell: Callable[[str | Message, float], None] | None = None,
        settled: Callable[[], None] | None = None,
    ) -> None:
        self.profile = profile
        profile.daily.deal_of = today_deal  # a game on a day's deal marks the calendar
        self.tell = tell if tell is not None else _tell_nobody
        self.settled = settled if settled is not None else _nothing
        self.slots: dict[str, SaveSlot] = {}
        """Each game's save slot, by key, as this session claims it (see :meth:`slot`)."""
        self.posted_for: Game | None = None
        self.score_posted = False
        """Whether the score of ``posted_for`` was posted here (else it was left unposted)."""
        self.counted: tuple[Game, Stats] | None = None
        """The game this page last counted as finished, with the statistics before it, so
        that taking back its last move can uncount it (:meth:`take_back`)."""
        self.notices: list[str | Message] = list(profile.notices)
        """Lines for the player not shown yet (the start screen shows and clears them)."""
        self._profile_notices_told = len(profile.notices)
        self.pending_say: str | Message | None = None
        """A notice to show on the next table put out (see :meth:`note`)."""
        self._since_takeover_check = 0.0
        self._since_retry = 0.0

    # -- the save slots -----------------------------------------------------------
    def slot(self, key: str) -> SaveSlot:
        """The save slot ``key`` as this session claims it."""
        if key not in self.slots:
            self.slots[key] = SaveSlot(self.profile, key)
        return self.slots[key]

    def slot_for(self, game: Game) -> SaveSlot:
        """The save slot of ``game``'s game (and layout)."""
        return self.slot(slot_of(game) or NO_SLOT)

    # -- opening and starting games ------------------------------------------
    def open(
        self,
        setup: GameSetup | None,
        link_notices: list[str | Message],
        replaced: tuple[str | Message, ...] = (),
    ) -> Showing:
        """What a page opens on: an unposted score first, else the game of its link
        (``setup``, with the link's notices and the reasons it was ``replaced``; the
        game waiting in its slot when it is the same deal), else the game in progress
        saved last, else the start screen."""
        self.notices += link_notices
        latest = next(iter(self.profile.waiting_games()), None)
        saved = self.slot(latest).load() if latest is not None else None
        self.notices += [n for n in self.profile.notices if n not in self.notices]
        self._profile_notices_told = len(self.profile.notices)
        if saved is not None and saved.is_over:
            if self.unposted(saved):
                # a finished Pyramid 13 score was never posted (the window was
                # closed on it): offer it again before anything replaces it
                return Showing(saved, end=POST_FIRST if setup is not None else "")
            saved = None
        if setup is not None and slot_key(setup) != latest:
            # the link's game has its own slot: only a game waiting there is in its way
            saved = self.slot(slot_key(setup)).load()
            if saved is not None and saved.is_over:
                if self.unposted(saved):
                    return Showing(saved, end=POST_FIRST)
                saved = None
        if (
            setup is not None
            and saved is not None
            and saved.moves
            and getattr(saved, "setup", None) != setup
            and replaced
        ):
            # a link that could not be used as it is does not push a game in progress aside
            reasons = tuple(str(r) for r in replaced)  # (in English, as the notices begin)
            dropped = [n for n in link_notices if str(n).startswith(reasons)]
            self.notices = [n for n in self.notices if n not in dropped]
            self.notices.append(Message(LINK_KEEPS_SAVED, {"reasons": _sentences(replaced)}))
            setup = None
        if setup is not None and saved is not None and getattr(saved, "setup", None) != setup:
            # The link's game takes its game's slot: a saved game there with moves is
            # counted as played (abandoned) rather than lost without a trace.
            if saved.moves:
                self.profile.record_result(saved)
                self.note(
                    message(
                        "Your unfinished game ({game}) was counted as played.",
                        game=_label(saved),
                    )
                )
            saved = None
        if setup is not None and saved is None:
            return self.new_game(setup)
        if saved is not None:
            return Showing(saved)
        return Showing()

    def new_game(self, setup: GameSetup, *left: Play | None) -> Showing:
        """Start ``setup``'s game in its game's slot, giving up those of the games
        ``left`` that were in that slot (see :meth:`abandon`; the others wait in their
        own); but a score another tab left unposted there comes first."""
        slot = self.slot(slot_key(setup))
        self.abandon(*[p for p in left if p is not None and slot_of(p.game) == slot.key])
        other = slot.others_game()
        if other is not None and self.unposted(other):
            # its end screen offers it for posting before a new game replaces it
            slot.take()  # this tab holds it now: posting or leaving clears it
            return Showing(other, end=OTHER_TABS_SCORE)
        game = setup.new_game()
        if other is not None and other.moves and not other.is_over:
            # the unfinished game waiting in the slot (another tab's, or one from an
            # earlier visit) is given up: counted as played
            self.profile.record_result(other)
            words = (
                N_("Your unfinished game ({game}) in another tab was counted as played.")
                if slot.read_here
                else N_("Your unfinished game ({game}) was counted as played.")
            )
            self.note(message(words, game=_label(other)))
        self._make_room(slot.key)
        slot.take()
        slot.save(game)
        return Showing(game, dealt=True)

    def _make_room(self, key: str) -> None:
        """Before a game is saved in the empty slot ``key`` with :data:`MAX_SLOTS` full:
        the game saved longest ago is given up (counted as played) and its slot emptied."""
        waiting = self.profile.waiting_games()
        if key in waiting or len(waiting) < MAX_SLOTS:
            return
        for oldest in list(waiting)[MAX_SLOTS - 1 :][::-1]:
            self.give_up(oldest)

    def resume(self, key: str) -> Showing:
        """The game waiting in slot ``key``, put back as it was left (a finished score not
        posted yet: its end screen); the start screen when there is none."""
        game = self.slot(key).load()
        if game is None:
            return Showing()
        return Showing(game, end="" if self.unposted(game) else None)

    def give_up(self, key: str, *plays: Play | None) -> Game | None:
        """The player gives up the game waiting in slot ``key``: counted as played (a
        loss) once, whichever tab played it last, and the slot emptied; ``plays`` of
        that slot are not counted again.  The game given up (None: there was none)."""
        slot = self.slot(key)
        game = slot.load()  # as it is now: the last writer's moves
        for play in plays:
            if play is not None and slot_of(play.game) == key:
                play.recorded = True
        if game is None:
            return None
        if game.moves and not game.is_over:
            self.profile.record_result(game)
            self.note(
                message("Your unfinished game ({game}) was counted as played.", game=_label(game))
            )
        slot.clear()
        self._tell_storage_news()
        return game

    def abandon(self, *plays: Play | None) -> None:
        """Count games left unfinished (once), so streaks cannot be dodged; not one
        another tab took over (that tab counts it, or already did)."""
        for play in plays:
            if play is not None and not play.recorded and play.game.moves and not play.game.is_over:
                play.recorded = True
                if self._still_saved(play):
                    self.profile.record_result(play.game)

    def random_setup(self, game_id: str, layout: str | None = None) -> GameSetup:
        """A random deal, or the first winnable one from there when the setting asks.

        The search stops after :data:`WINNABLE_BUDGET_MS` in all.  When the
        winnable-deal finder is missing, fails or finds nothing in time, the
        random deal is played unchecked and the player is told (on the table
        and on the start screen), never silently.
        """
        from thirteen.search.budget import finish

        return finish(self.random_setup_steps(game_id, layout))

    def random_setup_steps(
        self, game_id: str, layout: str | None = None, slice_ms: float | None = None
    ) -> Generator[None, None, GameSetup]:
        """:meth:`random_setup` in slices of ``slice_ms``, for the interface to search
        beside the game (see :mod:`.search.budget`)."""
        number = random.randint(1, MAX_DEAL)
        if self.profile.settings.winnable_only:
            wanted = self.profile.settings.winnable_difficulty
            found: int | None = None
            fallback: str | Message = WINNABLE_NOT_FOUND
            try:
                from thirteen.advice.difficulty import (
                    ANY,
                    WANTED,
                    first_graded_deal_steps,
                    wanted_words,
                )
                from thirteen.advice.winnable import first_winnable_deal, first_winnable_deal_steps

                if wanted in WANTED and wanted != ANY:
                    fallback = Message(GRADED_NOT_FOUND, {"grade": wanted_words(wanted)})
                    found = yield from first_graded_deal_steps(
                        game_id,
                        number,
                        wanted,
                        layout=layout,
                        budget_ms=DEAL_CHECK_MS,
                        total_ms=GRADED_BUDGET_MS,
                        slice_ms=slice_ms,
                    )
                elif slice_ms is None:
                    found = first_winnable_deal(
                        game_id,
                        number,
                        layout=layout,
                        budget_ms=DEAL_CHECK_MS,
                        total_ms=WINNABLE_BUDGET_MS,
                    )
                else:
                    found = yield from first_winnable_deal_steps(
                        game_id,
                        number,
                        layout=layout,
                        budget_ms=DEAL_CHECK_MS,
                        total_ms=WINNABLE_BUDGET_MS,
                        slice_ms=slice_ms,
                    )
            except LookupError:  # none proven winnable in time: play this one unchecked
                pass
            except Exception as exc:  # the checker itself failed: never stop the game
                fallback = WINNABLE_FALLBACK
                print(f"thirteen: winnable deals unavailable: {exc!r}", file=sys.stderr)
            if isinstance(found, int) and 1 <= found <= MAX_DEAL:
                number = found
            else:
                self.note(fallback)
        return GameSetup(game_id, deal=number, layout=layout)

    def note(self, notice: str | Message) -> None:
        """A notice for the player: on the next table put out, and on the start screen."""
        if notice not in self.notices:
            self.notices.append(notice)
        self.pending_say = notice

    # -- the game in play ---------------------------------------------------------
    def save_game(self, play: Play) -> None:
        """After each move: keep the game in progress (a finished one is counted instead)."""
        if not play.game.is_over:
            if not self.slot_for(play.game).save(play.game):
                self._taken_over(play)
            self._tell_storage_news()

    def record_result(self, play: Play) -> None:
        """The game on ``play`` just ended: count it, unless another tab took it over.
        An unposted score stays in the slot until it is posted or waived."""
        if not self._still_saved(play):
            self._taken_over(play)
            return
        game = play.game
        before = self.profile.record_result(game, getattr(play, "timed_ms", None))
        self.counted = (game, before) if before is not None else None
        if self.unposted(game):
            self.slot_for(game).save(game)  # kept until posted or waived
        else:
            self.slot_for(game).clear()
        self._tell_storage_news()

    def can_take_back(self, play: Play) -> bool:
        """Whether the move that ended ``play``'s game may be undone: this page counted
        the game (and can uncount it) and no other tab has used the save slot since, or
        nothing counted it (another tab took it over), and its score is not posted; a
        game finished before the page was loaded stays finished."""
        game = play.game
        if not (game.is_over and game.can_undo) or self.posted_for is game:
            return False
        if play.detached:
            return True
        # counted here, and the slot as this page left it: once another tab started a
        # game there (or posted or left this score), the game played on would be
        # neither saved nor counted, and a score posted there could be posted again
        counted = self.counted is not None and self.counted[0] is game
        return counted and self.slot_for(game).owns()

    def take_back(self, play: Play) -> None:
        """The finished game on ``play`` is about to lose its last move: uncount it
        (it is counted again when it ends)."""
        counted, self.counted = self.counted, None
        if counted is not None and counted[0] is play.game and not play.detached:
            self.profile.take_back_result(counted[0])
            self._tell_storage_news()

    def watch(self, play: Play | None, dt_ms: float) -> None:
        """Time passing with ``play`` on the screen (None: no table is): every
        :data:`TAKEOVER_CHECK_MS` while its game is in play, was the save slot taken
        over by another tab?  Also, every :data:`RETRY_MS`, the writes storage refused
        are tried again (see :meth:`retry_writes`)."""
        self._retry_in(dt_ms)
        if play is None or play.detached or play.game.is_over:
            self._since_takeover_check = 0.0
            return
        self._since_takeover_check += dt_ms
        if self._since_takeover_check >= TAKEOVER_CHECK_MS:
            self._since_takeover_check = 0.0
            if not self.slot_for(play.game).owns():
                self._taken_over(play)

    def _retry_in(self, dt_ms: float) -> None:
        if not self.profile.unsaved:
            self._since_retry = 0.0
            return
        self._since_retry += dt_ms
        if self._since_retry >= RETRY_MS:
            self._since_retry = 0.0
            self.retry_writes()

    def retry_writes(self) -> bool:
        """Try the refused writes again; once they are kept the player is told so."""
        done = self.profile.retry_writes()
        self._tell_storage_news()
        return done

    def close(self) -> str | None:
        """The window closes: a last try at the refused writes; the line that says how
        many were not kept, or None when everything was."""
        if not self.profile.unsaved or self.profile.retry_writes():
            return None
        return NOT_SAVED_AT_CLOSE.format(n=self.profile.unsaved)

    def _still_saved(self, play: Play | None) -> bool:
        """Whether ``play``'s game is still the saved one: no other tab took the slot over
        (then that tab counts it, or already did)."""
        if play is None:
            return True
        return not play.detached and self.slot_for(play.game).owns()

    def _taken_over(self, play: Play) -> None:
        """Another tab wrote the save slot since this one did: the game on ``play``
        plays on, but is neither saved nor counted (said once)."""
        if not play.detached:
            play.detached = True
            self.tell(TAKEN_OVER, 6000)
        self.slot_for(play.game).release()

    def _tell_storage_news(self) -> None:
        """Storage that fails mid-game (a full quota) is told once, quietly, on the table."""
        news = self.profile.notices[self._profile_notices_told :]
        self._profile_notices_told = len(self.profile.notices)
        for notice in news:
            if notice not in self.notices:
                self.notices.append(notice)
            self.tell(notice, 5000)

    # -- the score ----------------------------------------------------------------
    def unposted(self, game: Game | None) -> bool:
        """Whether ``game`` is a finished game of a kind that posts scores (Pyramid 13) whose
        score is not posted or waived."""
        return (
            game is not None
            and spec_of(game).posts_scores
            and game.is_over
            and game.score > 0
            and self.posted_for is not game
        )

    def settle_score(self, game: Game, posted: bool = False) -> None:
        """The finished game's score was posted or waived: it need not be kept."""
        self.posted_for, self.score_posted = game, posted
        self.slot_for(game).clear()
        self.settled()  # a posted score's last move stays: no Undo
        self._tell_storage_news()

    def score_settled_elsewhere(self, game: Game, play: Play | None = None) -> bool:
        """Whether another tab posted or left this finished score: the save slot no longer
        holds it.  A table (``play``) another tab took over during play keeps its own score."""
        if play is not None and play.game is game and play.detached:
            return False
        return not self.slot_for(game).owns()


def _label(game: Game) -> Message:
    """How the screens name ``game``'s setup: every game in the save slot has one."""
    setup: GameSetup | None = getattr(game, "setup", None)
    assert setup is not None, "the save slot holds only games made from a GameSetup"
    return setup.label


def _tell_nobody(message: str | Message, ms: float) -> None:
    """A session no one looks at (a test, a tool) has no one to tell."""


def _nothing() -> None:
    """No table shows the session's game: nothing to update."""
