"""The table scene: one game in play, gluing the table's parts together.

It holds the view state (the layout, the focus and hover, the hint's cards, the
messages, the animations, the end of the game) and the game's click model
(:class:`.controller.TableController`); events go to :mod:`.input`, the searches beside
the game are :mod:`.searches`, and drawing is :mod:`.paint` (the panel :mod:`.panel`).
A move the click model answers with is played here: the game changes, and the table
shows it (the cards fly, a sound, the round's score), saves it and looks ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core import numbers
from thirteen.core.cards import Card
from thirteen.core.game import Game, IllegalMoveError, MoveEffect
from thirteen.core.i18n import tr
from thirteen.core.moves import Draw, Move, RemoveKing
from thirteen.games import spec_of
from thirteen.ui import first_deal
from thirteen.ui.anim import Animator
from thirteen.ui.celebrate import Celebration, Kind, still
from thirteen.ui.feedback import FLASH_MS, Nudge
from thirteen.ui.layer import Layer
from thirteen.ui.layout import Frame, Geometry, Spot, TableButton, frame_for, geometry
from thirteen.ui.pacing import animation_rate
from thirteen.ui.round_summary import RoundSummary
from thirteen.ui.scene import Scene
from thirteen.ui.scene_names import SceneName
from thirteen.ui.table import commands, input, paint, places, searches
from thirteen.ui.table.controller import TableController
from thirteen.ui.table.words import BUTTON_LABELS, clock_words, round_end_words
from thirteen.ui.widgets import Button, key_words

if TYPE_CHECKING:
    from thirteen.ui.app import App

END_DELAY_MS = 650
"""The pause between a game's last move and its end: the move is seen to land first."""
BANNER_MS = 9000
"""How long the notices of a page's opening (a link it could not use as it is, storage
that keeps nothing) stay over the table, unless a click or key comes first."""
TIMERS = ("message_left", "confirm_left", "banner_left")
"""The countdowns of what shows for a while: the message, the give-up warning and the
notice (a hint stays until the next move, undo or click)."""


class TableScene(Scene):
    """One game in play: engine state plus selection, focus, hint and animations."""

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.controller = TableController(game, self, lambda: app.settings.one_tap_draw)
        """The click model: the selection, undo and redo, auto-draw."""
        self.focus_key: tuple | None = None
        """The spot the keyboard's focus is on (see :func:`.places.spot_key`)."""
        self.show_focus = False
        self.hint_spots: list[tuple] = []
        """The spots the hint marks (see :func:`.places.spot_key`), until the next move,
        undo or click elsewhere."""
        self.hint_move: Move | None = None
        """The move the hint on show suggests: Hint again plays it."""
        self.hint_words = ""
        """The hint's message, which stays in the panel as long as its marks."""
        self.message = ""
        self.message_left = 0.0
        self.confirm: str | None = None
        self.confirm_left = 0.0
        self.confirm_at = 0.0
        self.message_over_table = False
        """The side panel had no room for the message: it is drawn over the table's foot."""
        self.message_major = False
        """The message is one a stray click's explanation must not replace (a round's score)."""
        self.dealt_at: float | None = None
        """When a deal last flew out (a game's start, a Pyramid 13 round's): presses are
        dropped for :data:`.scene.DEAL_GRACE_MS` after it (the rest of a double click)."""
        self.banner = ""
        self.banner_left = 0.0
        self.end_left: float | None = None
        self.celebration: Celebration | None = None
        """The win's celebration while it plays (then the end screen opens)."""
        self.still = False
        """With animations off: the celebration is a still picture, behind the end screen."""
        self.due: tuple[Kind, bool] | None = None
        """The celebration the game's end earned (kind, new best), until it starts."""
        self.recorded = game.is_over
        self.detached = False
        """Another tab took the save slot over: this game is not saved or counted."""
        self.summary: RoundSummary | None = None
        """A finished round kept on the table with its score until the player goes on."""
        self.nudge: Nudge | None = None
        """A refused click being answered at its card (a shake and the reason)."""
        self.hover_at: tuple[int, int] | None = None
        """Where the mouse is over the table (a desktop pointer; touches never hover)."""
        self.hover_key: tuple | None = None
        self.hover_plays = False
        """Whether a click on the hovered spot plays a move (else it selects)."""
        self.elapsed_ms = 0.0
        """The game's time on this table, from its first move to its end."""
        self.timed = not game.moves
        """Whether the time runs from the first move (a game resumed after a reload does
        not know its earlier time: it is shown but not kept as a best time)."""
        self.clock_at: float | None = None
        """``app.now_ms`` when the time was last counted (None: not running)."""
        self.anim = Animator()
        self.panel_layer = Layer()
        """The panel's pixels, kept while what it shows stays the same."""
        self.warmed: tuple | None = None
        """The card size and look whose faces are all rendered (:func:`.paint.warm_art`)."""
        self.veiled_kept: tuple[tuple, pygame.Surface] | None = None
        """The end screen's picture of this table (:func:`.paint.veiling`) and what it shows."""
        self.anim.enabled = app.setting("animations")
        self.frame: Frame = frame_for(app.screen.get_size(), app.settings.left_handed)
        self.buttons = self.make_buttons()
        self.geo: Geometry = geometry(game, self.frame)
        self.outlook: str | None = None
        """The indicator's word (a key of :data:`.words.OUTLOOK_WORDS`), None when it is off."""
        self.tip: first_deal.FirstDealTip | None = None
        """The first deal's tip over the table, until a tap or key puts it away."""
        self.refresh_buttons()

    # -- the selection, as the click model keeps it ----------------------------------
    @property
    def selected(self) -> Card | None:
        return self.controller.selected

    @selected.setter
    def selected(self, card: Card | None) -> None:
        self.controller.selected = card

    @property
    def group(self) -> list[Card]:
        return self.controller.group

    @group.setter
    def group(self, cards: list[Card]) -> None:
        self.controller.group = cards

    # -- layout -----------------------------------------------------------------
    def make_buttons(self) -> list[Button]:
        upright = self.frame.portrait  # a phone: no keys to name under the labels
        return [
            Button(
                name,
                rect,
                tr(BUTTON_LABELS[name][0]),
                "" if upright else key_words(BUTTON_LABELS[name][1]),
            )
            for name, rect in self.frame.buttons().items()
        ]

    def lays_out(self, size: tuple[int, int]) -> bool:
        return True

    def relayout(self) -> None:
        """Lay the table out again for the canvas's size (a window resized, a phone turned):
        the game, the selection, the focus and the messages stay; cards in flight go on to
        their new places."""
        frame = frame_for(self.app.screen.get_size(), self.app.settings.left_handed)
        if frame == self.frame:
            return
        old_table, before = self.frame.table, self.geo
        self.frame = frame
        self.buttons = self.make_buttons()
        self.hover_at = self.hover_key = None  # the pointer is somewhere else now
        self.geo = geometry(self.on_table(), frame)
        self.anim.relayout(before, self.geo, old_table, frame.table)
        self.refresh_buttons()
        self.dirty = True

    def retext(self) -> None:
        """Another language: the buttons' labels and the captions are made anew."""
        self.buttons = self.make_buttons()
        self.geo = geometry(self.on_table(), self.frame)
        self.refresh_buttons()
        self.dirty = True

    def on_table(self) -> Game:
        """The position drawn: a finished round's last one while its summary shows."""
        return self.summary.view if self.summary is not None else self.game

    def find(self, key: tuple | None) -> Spot | None:
        """The spot on the table that ``key`` names (see :func:`.places.spot_key`)."""
        return places.find(self.geo, key)

    def draw_place(self) -> Spot | None:
        """The spot where the draw card lies: the card, or the empty pile (Pyramid only)."""
        return places.draw_place(self.geo)

    def refresh_buttons(self) -> None:
        over = self.game.is_over
        for b in self.buttons:
            if b.name == TableButton.UNDO:
                b.enabled = self.controller.can_undo()
            elif b.name == TableButton.REDO:
                b.enabled = self.controller.can_redo()
            elif b.name == TableButton.HINT:
                b.enabled = not over and self.summary is None
                # searching beside the game: the table stays playable meanwhile
                thinking = "hint" in self.app.tasks and not over
                b.label = tr("Thinking") if thinking else tr(BUTTON_LABELS[TableButton.HINT][0])
            elif b.name == TableButton.SOUND:
                # a command, like every other button (a state, "Sound on", read as one too)
                b.label = tr("Mute") if self.app.settings.sound else tr("Unmute")
                if b.key:  # keys are shown (not on a phone's bar): the volume beside it
                    b.key = f"M  -/+ {numbers.percent(self.app.settings.volume)}"

    # -- what the table tells the player (the click model's view) --------------------
    def say(self, message: str, ms: float = 2600, major: bool = False) -> None:
        """A message in the panel; it replaces any give-up warning, and the pending
        second press goes with it (it asks again rather than act on words no longer shown).
        ``major``: not to be replaced by :meth:`explain`."""
        self.message, self.message_left = message, ms
        self.message_major = major
        self.confirm = None
        self.dirty = True

    def explain(self, message: str, spot: Spot | None = None) -> None:
        """Why a click changed nothing: next to the card clicked (``spot``), which shakes,
        and in the panel, unless a round's score or a give-up warning is being shown there,
        which a stray click must not wipe."""
        if spot is not None:
            key = places.spot_key(spot)
            self.nudge = Nudge(key, message, shake=self.app.setting("animations"))
            self.dirty = True
        if self.confirm is None and not (self.message_major and self.message):
            self.say(message)

    def sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def reselected(self) -> None:
        input.hover(self, self.hover_at)  # what a click under the pointer does may differ
        self.dirty = True

    def may_take_back(self) -> bool:
        """Whether the finished game's last move may be undone (see
        :meth:`Session.can_take_back`)."""
        return self.app.session.can_take_back(self)

    def show_banner(self, text: str, ms: float = BANNER_MS) -> None:
        """Notices too long for the panel, over the foot of the table for a while."""
        self.banner, self.banner_left = text, ms
        self.dirty = True

    # -- events -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        input.handle(self, event)

    def activate(self, spot: Spot | None) -> None:
        """A click (or Space/Enter) on ``spot``: the click model's move, played.  A click
        on a card the hint marks follows it (the marks stay for its partner); any other
        takes the hint down."""
        if spot is None or places.spot_key(spot) not in self.hint_spots:
            self.clear_hint()
        move = self.controller.activate(spot)
        if move is not None:
            self.play(move)

    def draw_or_recycle(self) -> None:
        """The D key: draw, or turn the waste over when the pile is empty."""
        move = self.controller.draw_or_recycle()
        if move is not None:
            self.play(move)

    def command(self, name: str) -> None:
        """A panel button or its key (see :func:`.commands.run`)."""
        commands.run(self, name)

    def show_hint(self, at_once: bool = False) -> None:
        """Ask for a hint, searched beside the game, or play the one on show (see
        :func:`.searches.show_hint`)."""
        searches.show_hint(self, at_once)

    def clear_hint(self) -> None:
        """The hint's marks and its message go (a move, an undo, a click elsewhere)."""
        if self.hint_spots or self.hint_move is not None:
            self.hint_spots, self.hint_move = [], None
            if self.message and self.message == self.hint_words:
                self.message = ""
            self.hint_words = ""
            self.dirty = True

    # -- moves ----------------------------------------------------------------------
    def deal_in(self) -> None:
        """Animate the opening deal (called when a fresh game is put on the table)."""
        self.anim.enabled = self.app.setting("animations")
        self.anim.deal(self.geo)
        self.dealt_at = self.app.now_ms if self.anim.active else None
        self.sound("deal")
        self.plan_auto_draw()
        if first_deal.teaches(self):
            self.show_tip()
        self.dirty = True

    # -- the first deal's tip ----------------------------------------------------------
    def show_tip(self) -> None:
        """Put the game's first-deal tip over the table (see :mod:`thirteen.ui.first_deal`)."""
        first_deal.show(self)

    def close_tip(self, help: bool = False) -> None:
        """Put the tip away for good; ``help``: the help screen opens on the game."""
        first_deal.close(self, help)

    def play(self, move: Move) -> bool:
        """Play a legal move: animate the difference, sound, save, and spot the end."""
        game = self.game
        self.summary = None  # a move played goes on from a finished round's summary
        before = self.geo
        round_before = game.progress().round
        at_draw = input.focus_at_draw(self)
        self.tick()  # the time up to this move (it may end the game)
        try:
            effect = self.controller.play(move)
        except IllegalMoveError as exc:
            self.say(tr(str(exc)))
            return False
        self.clear_hint()
        self.confirm = None
        self.app.tasks.cancel("hint")  # for the position just left
        self.geo = geometry(game, self.frame)
        input.keep_focus_at_draw(self, at_draw)
        input.keep_focus_near(self, before)
        self.anim.enabled = self.app.setting("animations")
        self.show_move(move, effect, before, round_before)
        self._after_change(undone=False)
        if game.is_over:
            self.finish()
        return True

    def show_move(
        self, move: Move, effect: MoveEffect, before: Geometry, round_before: int | None
    ) -> None:
        """The cards of a move played fly from ``before`` to their new places, with its
        sound; a round that ended stays with its score, or the next round is dealt."""
        game = self.game
        gone = set(effect.removed)
        ended_view = game.ended_round()
        if ended_view is not None and effect.round_end is not None:
            # the round's last position stays, with its score, until the player goes on
            self.summary = RoundSummary(ended_view, effect.round_end, self.app.now_ms)
            self.geo = geometry(ended_view, self.frame)
            self.focus_key = None
            self.anim.transition(before, self.geo, gone)
            self.sound("king" if isinstance(move, RemoveKing) else "remove")
            self.say(round_end_words(effect.round_end), 4000, major=True)
        elif game.progress().round != round_before:
            leaving = [(c, r) for c, r in before.card_rects().items() if c in gone]
            self.anim.deal(self.geo, leaving)
            self.dealt_at = self.app.now_ms if self.anim.active else None
            ended = effect.round_end
            if ended is not None:
                self.say(round_end_words(ended), 4000, major=True)
            self.sound("deal")
        else:
            self.anim.transition(before, self.geo, gone)
            if isinstance(move, RemoveKing):
                self.sound("king")
            elif gone:
                self.sound("remove")
            else:
                self.sound("draw")

    def next_round(self) -> None:
        """Put the finished round away: its cards leave and the next pyramid is dealt."""
        summary = self.summary
        if summary is None:
            return
        self.summary = None
        leaving = list(self.geo.card_rects().items())
        self.geo = geometry(self.game, self.frame)
        self.anim.enabled = self.app.setting("animations")
        self.anim.deal(self.geo, leaving)
        self.dealt_at = self.app.now_ms if self.anim.active else None
        self.say(round_end_words(summary.ended), 4000, major=True)
        self.sound("deal")
        self.refresh_buttons()
        self.plan_auto_draw()
        self.dirty = True

    def undo(self) -> None:
        if not self.controller.can_undo():
            self.say(tr("Nothing to undo."))  # heard too, not only a greyed button
            return
        if self.game.is_over:
            self.app.session.take_back(self)  # uncounted; counted again when it ends
            self.recorded = False
            self.end_left = None
            self.due = self.celebration = None
            self.still = False
        before = self.geo
        at_draw = input.focus_at_draw(self)
        self.tick()
        self.summary = None  # back across the round's end: its last move is taken back
        self.controller.undo()
        self.clear_hint()
        self.confirm = None  # its warning goes with the message: New asks again
        self.message = ""  # about the move undone (a round's end, say)
        self.geo = geometry(self.game, self.frame)
        input.keep_focus_at_draw(self, at_draw)
        input.keep_focus_near(self, before)
        self.anim.enabled = self.app.setting("animations")
        self.anim.transition(before, self.geo, set())
        self.app.tasks.cancel("hint")
        self._after_change(undone=True)
        self.controller.auto_left = 0.0  # the player went back: auto-draw waits for a move

    def redo(self) -> None:
        """Play the last move taken back again."""
        move = self.controller.redo_move()
        if move is None:
            self.say(tr("Nothing to redo."))
        else:
            self.play(move)

    def plan_auto_draw(self) -> None:
        """After a change: with auto-draw on and drawing the only move, draw shortly."""
        self.controller.plan_auto_draw(self.app.settings.auto_draw and self.summary is None)

    def _after_change(self, undone: bool | None = None) -> None:
        self.tick()
        self.plan_auto_draw()
        self.nudge = None
        input.hover(self, self.hover_at)  # what is under the mouse now may play otherwise
        self.refresh_buttons()
        self.app.session.save_game(self)
        searches.look_ahead(self, undone)
        self.dirty = True

    # -- the game's time -------------------------------------------------------------
    @property
    def timed_ms(self) -> float | None:
        """The game's time for its statistics (None when it was not timed throughout)."""
        return self.elapsed_ms if self.timed else None

    def tick(self) -> None:
        """Count the time since the last look, while the game is played on this table
        (from its first move; time on other screens does not count)."""
        now = self.app.now_ms
        if self.clock_at is not None and self.game.moves and not self.game.is_over:
            before = int(self.elapsed_ms // 1000)
            self.elapsed_ms += max(0.0, now - self.clock_at)
            if self.app.settings.timer and int(self.elapsed_ms // 1000) != before:
                self.dirty = True  # the shown second changed
        self.clock_at = now

    def time_words(self) -> str:
        return clock_words(self.elapsed_ms)

    # -- the game's end -----------------------------------------------------------------
    def finish(self) -> None:
        """The game just ended: count it once, and show the end screen shortly."""
        self.message = ""  # the end screen says it all; no stale round message
        if not self.recorded:
            self.recorded = True
            self.app.session.record_result(self)
        self.sound("win" if self.game.outcome.value == "won" else "nomove")
        self.end_left = END_DELAY_MS if self.anim.enabled else 0
        self.due = self.earned()
        self.refresh_buttons()  # counted now: its last move can be taken back
        if self.end_left:
            self.app.warm_end_screen()  # its words rendered while it waits to open

    def earned(self) -> tuple[Kind, bool] | None:
        """The celebration the finished game earned: a win, every round of a game of
        rounds cleared (the most points there are), and a new personal best score."""
        game, spec = self.game, spec_of(self.game)
        counted = self.app.session.counted
        before = counted[1] if counted is not None and counted[0] is game else None
        score = int(game.score)
        best = (
            before is not None
            and before.played > 0
            and score > 0
            and score > max(before.distribution, default=0)
        )
        if game.outcome.value == "won":
            rounds = game.progress().rounds or 1
            perfect = spec.max_score is not None and score >= spec.max_score
            return (Kind.SWEEP if rounds > 1 and perfect else Kind.WIN), best
        return (Kind.BEST, True) if best else None

    def start_celebration(self, kind: Kind, best: bool) -> None:
        """Lay the finished table down as the celebration's first picture and start it
        (with animations off, its still picture)."""
        picture = pygame.Surface(self.app.screen.get_size())
        self.draw(picture)
        self.celebration = Celebration(
            kind,
            picture,
            self.frame.table,
            (self.geo.card_w, self.geo.card_h),
            self.app.settings.four_colour,
            best,
            seed=len(self.game.moves),
        )
        if not self.app.setting("animations"):
            still(self.celebration)
            self.still = True
            self.app.open(SceneName.END)  # the picture stays behind it
        self.dirty = True

    def end_celebration(self) -> None:
        """The celebration played out or was skipped: on to the end screen."""
        self.celebration = None
        self.dirty = True
        self.app.open(SceneName.END)

    def enter(self) -> None:
        super().enter()
        self.clock_at = self.app.now_ms  # time on the screens over the table does not count
        if self.still:  # back on the table itself: the cards, not the picture
            self.celebration, self.still = None, False
        self.refresh_buttons()  # a score posted meanwhile keeps its last move
        if self.outlook is None or not self.app.settings.show_winnable:
            searches.look_ahead(self)  # the indicator's setting may have changed meanwhile

    # -- time ---------------------------------------------------------------------
    def active(self) -> bool:
        """Cards moving, or a hint, message, warning or notice shown for a while, or the
        end screen's delayed opening: each needs the frames that count it down."""
        if self.controller.auto_left > 0:
            return True
        if self.tip is not None and self.tip.active():
            return True
        if self.nudge is not None:
            return True
        if not searches.graded(self.game) or self.warmed != paint.art_look(self):
            return True
        celebrating = self.celebration is not None and not self.still
        moving = self.anim.active or self.end_left is not None or celebrating
        return moving or any(getattr(self, name) > 0 for name in TIMERS)

    def moving(self) -> bool:
        celebrating = self.celebration is not None and not self.still
        return self.anim.active or self.nudge is not None or celebrating

    def update(self, dt_ms: float) -> None:
        # the settings' animation speed: the flights and the celebration run at its rate
        paced_ms = dt_ms * animation_rate(self.app.setting("motion"))
        if self.anim.update(paced_ms):
            self.dirty = True
        paint.warm_art(self)
        if self.tip is not None and self.tip.update(dt_ms):
            self.dirty = True
        searches.grade_slice(self)
        self.tick()
        if self.controller.auto_draw_due(dt_ms, landing=self.anim.active):
            self.play(Draw())
        if self.nudge is not None:
            if self.nudge.elapsed < FLASH_MS:
                self.dirty = True  # the shake and the flash, up to the frame they end
            self.nudge.elapsed += dt_ms
            if self.nudge.done:
                self.nudge = None
                self.dirty = True
        for name in TIMERS:
            left = getattr(self, name)
            if left > 0:
                left -= dt_ms
                setattr(self, name, left)
                if left <= 0:
                    self.dirty = True
                    self.timer_ran_out(name)
        if self.celebration is not None and not self.still:
            self.dirty = True
            if not self.celebration.update(paced_ms):
                self.end_celebration()
        elif self.end_left is not None:
            self.end_left -= dt_ms
            if self.end_left <= 0 and not self.anim.active:
                self.end_left = None
                due, self.due = self.due, None
                if due is not None:
                    self.start_celebration(*due)
                else:
                    self.app.open(SceneName.END)

    def timer_ran_out(self, name: str) -> None:
        """What showed for a while (one of :data:`TIMERS`) goes."""
        if name == "message_left":
            self.message = ""
        elif name == "banner_left":
            self.banner = ""
        else:
            self.confirm = None

    # -- drawing ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, buttons: bool = True) -> None:
        """The table and its panel (see :func:`.paint.draw`)."""
        paint.draw(self, surface, buttons)
