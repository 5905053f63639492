"""The table: draws a game and turns clicks, touches and keys into engine moves.

The click model is RULES.md's, in :meth:`TableScene.activate`; the keyboard
moves a focus ring over the same spots the pointer hits and activates them
the same way, so both paths share one implementation.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

import pygame

from thirteen.advice import difficulty, hints
from thirteen.advice.solving import NOT_WINNABLE, WINNABLE, solve_steps
from thirteen.core import i18n
from thirteen.core.cards import FULL_DECK, Card
from thirteen.core.game import Game, IllegalMoveError, Progress, Refusal, RoundEnd, Termination
from thirteen.core.i18n import N_, tr
from thirteen.core.moves import Draw, Move, MoveToEmpty, Recycle, RemoveKing
from thirteen.core.spec import TableKind
from thirteen.games import GameSetup, spec_of
from thirteen.search import budget
from thirteen.session import share
from thirteen.session.game_session import RedoLine
from thirteen.ui import cards as card_art
from thirteen.ui import theme
from thirteen.ui.anim import Animator
from thirteen.ui.celebrate import Celebration, Kind, still
from thirteen.ui.feedback import FLASH_MS, Nudge, draw_hover
from thirteen.ui.layer import Layer
from thirteen.ui.layout import (
    PILE_X,
    Frame,
    Geometry,
    Spot,
    TableButton,
    frame_for,
    geometry,
    pyramid_metrics,
)
from thirteen.ui.round_summary import RoundSummary
from thirteen.ui.scene import ARRIVE_MS, DEAL_GRACE_MS, Scene, backdrop, same_press
from thirteen.ui.scene_names import SceneName
from thirteen.ui.spots import SpotKind, Zone
from thirteen.ui.tasks import SLICE_MS
from thirteen.ui.widgets import Button, key_words

if TYPE_CHECKING:
    from thirteen.ui.app import App

HINT_MS = 1600
HINT_BUDGET_MS = 400 if sys.platform == "emscripten" else 150
"""Milliseconds of the hint's search.  A hint is asked for, so a short pause is fine.
In the browser Python ran 1-2.5 times slower than on the same machine's desktop
(solving 40 deals of each game), more on a phone; Pyramid 13 games played by hints
with a third of the desktop's time ended 34 points under the best on average,
against 9 with all of it, so the browser gets more time."""
OUTLOOK_BUDGET_MS = 1000.0
"""The search time of the "can this still be won?" indicator, after each move: beside
the game, it may take longer than a hint; past it the answer is "not known"."""
WARM_MS = 3.0
"""Milliseconds a frame gives to rendering card faces ahead of need
(:meth:`TableScene.warm_art`)."""

OUTLOOK_WORDS = {
    "thinking": N_("Can it be won? Thinking..."),
    "yes": N_("Can still be won: yes"),
    "no": N_("Can still be won: no"),
    "unknown": N_("Can still be won: not known"),
    "lost": N_("Can still be won: no (that move lost it)"),
    "again": N_("Can be won again: undo saved it"),
}
"""What the indicator says: the answer, and the move that lost the game or its undo."""

END_DELAY_MS = 650
CONFIRM_MS = 3000
AUTO_DRAW_MS = 450
"""The pause before auto-draw draws by itself: the last move is seen to land first."""
BANNER_MS = 9000
"""How long the notices of a page's opening (a link it could not use as it is, storage
that keeps nothing) stay over the table, unless a click or key comes first."""

BUTTON_LABELS = {
    TableButton.NEW: (N_("New"), "N"),
    TableButton.RESTART: (N_("Restart"), "R"),
    TableButton.UNDO: (N_("Undo"), "U"),
    TableButton.REDO: (N_("Redo"), "Ctrl+Y"),
    TableButton.HINT: (N_("Hint"), "H"),
    TableButton.HELP: (N_("Help"), "F1"),
    TableButton.SOUND: (N_("Sound"), "M"),
    TableButton.STATS: (N_("Stats"), "S"),
    TableButton.MENU: (N_("Menu"), "Esc"),
}

VOLUME_STEP = 25
VOLUME_KEYS = {
    pygame.K_MINUS: -VOLUME_STEP,
    pygame.K_KP_MINUS: -VOLUME_STEP,
    pygame.K_EQUALS: VOLUME_STEP,  # the + key without Shift
    pygame.K_PLUS: VOLUME_STEP,
    pygame.K_KP_PLUS: VOLUME_STEP,
}
"""Keys that make the sound effects softer or louder (shown on the sound button)."""
COMMAND_KEYS = {
    pygame.K_u: TableButton.UNDO,
    pygame.K_h: TableButton.HINT,
    pygame.K_n: TableButton.NEW,
    pygame.K_r: TableButton.RESTART,
    pygame.K_m: TableButton.SOUND,
    pygame.K_s: TableButton.STATS,
    pygame.K_F1: TableButton.HELP,
    pygame.K_QUESTION: TableButton.HELP,
    pygame.K_SLASH: TableButton.HELP,
}
"""Keys that press a panel button (Esc and Ctrl+Z are read apart: they do more)."""


def titled(game: Game) -> str:
    """The game's long title ('Thirteens 3x5') with its name in the player's language."""
    title, long = game.title, game.long_title
    if long.startswith(title):
        return tr(title) + long[len(title) :]
    return tr(long)


END_WORDS = {
    Termination.ROUNDS_PLAYED: N_("Game over"),
    Termination.NO_REMOVALS: N_("No pairs left"),
    Termination.NO_MOVES: N_("No moves left"),
}
"""What a finished game that was not won is called: a game of rounds is over once they
are played (its points are what count), and a Thirteens game ends while cards may still
move to an empty column when no pair or King can ever be removed again."""


def end_words(game: Game) -> str:
    return tr(END_WORDS.get(game.termination, N_("No moves left")))  # type: ignore[arg-type]


def deal_words(setup: GameSetup | None) -> str:
    """The deal NUMBER as players see it everywhere: 'Deal #123' (or 'Custom deck').

    Pyramid 13's three deals of one game are called rounds on screen
    ('Round 2 of 3', see :func:`round_words`), so 'deal' only ever means the
    number that reproduces a game.
    """
    if setup is None or setup.deal is None:
        return tr("Custom deck")
    if setup.deal == share.today_deal(setup.game):
        return tr("Today's deal #{deal}", deal=setup.deal)
    return tr("Deal #{deal}", deal=setup.deal)


def graded_words(setup: GameSetup | None) -> str:
    """The deal's words with its difficulty once it is known: 'Deal #123 · hard' (the
    grade is worked out a slice a frame by :meth:`TableScene.update`)."""
    words = deal_words(setup)
    if setup is None:
        return words
    grader = difficulty.grader_for(setup)
    grade = tr(difficulty.grade_words(grader.grade)) if grader.done else ""
    return f"{words} \u00b7 {grade}" if grade else words


def grade_beside(app: App, setup: GameSetup) -> None:
    """Work the deal's difficulty out beside the game, a slice between frames (the table
    and the end screen share one grade), unless it is known or under way; the scene on
    show is drawn again once it is known."""
    grader = difficulty.grader_for(setup)
    running = app.tasks.running.get("grade")
    if grader.done or (running is not None and running.still()):
        return

    def known(_grade: object) -> None:
        app.scene.dirty = True

    app.tasks.start(
        "grade",
        grader.steps(difficulty.SLICE_MS),
        known,
        still=lambda: getattr(app.game, "setup", None) == setup,
        priority=0,
    )


def clock_words(ms: float) -> str:
    """A time as a clock shows it: '4:07', '1:02:09'."""
    minutes, seconds = divmod(int(ms // 1000), 60)
    if minutes >= 60:
        return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def round_words(progress: Progress) -> str:
    """Which of the game's rounds (Pyramid 13's three deals) is in play."""
    return tr("Round {round} of {rounds}", round=progress.round, rounds=progress.rounds)


def basis_words(basis: hints.Basis, game: Game) -> str:
    """What a hint rests on, in a few words after the move (a guess says so: a hint
    with no words looked as sure as a proven one)."""
    if basis is hints.Basis.WINS:
        return tr("It leads to a win.")
    if basis is hints.Basis.MOST:
        if spec_of(game).rounds > 1:
            return tr("It scores the most points this round can give.")
        return tr("No win is left: this removes the most cards.")
    if basis is hints.Basis.CLEARS:
        return tr("It clears the pyramid.")
    if basis is hints.Basis.NO_WIN:
        return tr("No win is left from here.")
    return tr("A guess: nothing was proven in time.")


def blocked_words(spot: Spot, game: Game) -> str:
    """Why a click on something that cannot be played changes nothing (a click that did
    nothing at all looked like a missed one)."""
    if spot.kind is SpotKind.STOCK:
        return tr("The stock refills the grid by itself.")
    if spot.kind is SpotKind.PILE:
        return tr(PILE_WORDS.get(game.refusal(Recycle()), PILE_WORDS[Refusal.NOTHING_TO_DRAW]))  # type: ignore[arg-type]
    return tr("Not free yet: a card below still overlaps it.")


PILE_WORDS = {
    Refusal.NOTHING_TO_DRAW: N_("Nothing left to draw."),
    Refusal.ONE_PASS: N_("One pass per round: the waste is not turned over."),
    Refusal.NO_TURNS_LEFT: N_("No turns left: the waste cannot be turned over again."),
}
"""Why a click on the empty draw pile cannot turn the waste over."""


def selected_lift(card_h: int) -> int:
    """How far a selected card is drawn above its place: a selection differs from the
    rest by its shape on the table, not by its outline's colour alone."""
    return max(4, card_h // 16)


def draw_hinted(surface: pygame.Surface, outline: pygame.Rect) -> None:
    """A hinted card's double outline (a selection has one thick one, the keyboard's
    focus a dashed one): told apart without the colours."""
    for grow in (8, 22):
        ring = outline.inflate(grow, grow)
        pygame.draw.rect(surface, theme.HINT, ring, width=3, border_radius=12)


_veils: dict[tuple, pygame.Surface] = {}


def end_veil(like: pygame.Surface) -> pygame.Surface:
    """The dark veil over the table behind the end screen, for ``like``'s size and pixel
    format, made once: one alpha for the whole of it, blended 15 times faster than a
    surface with an alpha per pixel where blits have no SIMD (the browser's), and a
    canvas-sized surface is not allocated again at every game's end."""
    size = like.get_size()
    key = (size, like.get_bitsize(), like.get_masks())
    veil = _veils.get(key)
    if veil is None:
        veil = _veils[key] = pygame.Surface(size, 0, like)
        veil.fill((0, 20, 10))
        veil.set_alpha(170)
    return veil


class TableScene(Scene):
    """One game in play: engine state plus selection, focus, hint and animations."""

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.selected: Card | None = None
        self.group: list[Card] = []
        """The cards selected so far in a game whose rule removes groups (RULES.md's click
        model for groups), in the order clicked; such a game leaves ``selected`` None."""
        self.focus_key: tuple | None = None
        self.show_focus = False
        self.hint_spots: list[tuple] = []
        self.hint_left = 0.0
        self.message = ""
        self.message_left = 0.0
        self.confirm: str | None = None
        self.confirm_left = 0.0
        self.confirm_at = 0.0
        self.message_major = False
        """The message is one a stray click's explanation must not replace (a round's score)."""
        self.dealt_at: float | None = None
        """When a deal last flew out (a game's start, a Pyramid 13 round's): presses are
        dropped for :data:`DEAL_GRACE_MS` after it (the rest of a double click)."""
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
        self.redo_line = RedoLine()
        """Moves taken back that Redo plays again, until a new move is made."""
        self.auto_left = 0.0
        """Milliseconds until auto-draw draws (0: it will not)."""
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
        """The card size and look whose faces are all rendered (:meth:`warm_art`)."""
        self.veiled_kept: tuple[tuple, pygame.Surface] | None = None
        """The end screen's picture of this table (:meth:`veiling`) and what it shows."""
        self.anim.enabled = app.setting("animations")
        self.frame: Frame = frame_for(app.screen.get_size())
        self.buttons = self._make_buttons()
        self.geo: Geometry = geometry(game, self.frame)
        self.outlook: str | None = None
        """The indicator's word (a key of :data:`OUTLOOK_WORDS`), None when it is off."""
        self._refresh_buttons()

    def _make_buttons(self) -> list[Button]:
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
        frame = frame_for(self.app.screen.get_size())
        if frame == self.frame:
            return
        old_table, before = self.frame.table, self.geo
        self.frame = frame
        self.buttons = self._make_buttons()
        self.hover_at = self.hover_key = None  # the pointer is somewhere else now
        self.geo = geometry(self.on_table(), frame)
        self.anim.relayout(before, self.geo, old_table, frame.table)
        self._refresh_buttons()
        self.dirty = True

    def retext(self) -> None:
        """Another language: the buttons' labels and the captions are made anew."""
        self.buttons = self._make_buttons()
        self.geo = geometry(self.on_table(), self.frame)
        self._refresh_buttons()
        self.dirty = True

    def on_table(self) -> Game:
        """The position drawn: a finished round's last one while its summary shows."""
        return self.summary.view if self.summary is not None else self.game

    # -- state helpers ------------------------------------------------------
    def deal_in(self) -> None:
        """Animate the opening deal (called when a fresh game is put on the table)."""
        self.anim.enabled = self.app.setting("animations")
        self.anim.deal(self.geo)
        self.dealt_at = self.app.now_ms if self.anim.active else None
        self.app.sounds.play("deal")
        self.plan_auto_draw()
        self.dirty = True

    def _refresh_buttons(self) -> None:
        over = self.game.is_over
        for b in self.buttons:
            if b.name == TableButton.UNDO:
                b.enabled = self.can_undo()
            elif b.name == TableButton.REDO:
                b.enabled = self.can_redo()
            elif b.name == TableButton.HINT:
                b.enabled = not over and self.summary is None
                # searching beside the game: the table stays playable meanwhile
                thinking = "hint" in self.app.tasks and not over
                b.label = tr("Thinking") if thinking else tr(BUTTON_LABELS[TableButton.HINT][0])
            elif b.name == TableButton.SOUND:
                # a command, like every other button (a state, "Sound on", read as one too)
                b.label = tr("Mute") if self.app.settings.sound else tr("Unmute")
                if b.key:  # keys are shown (not on a phone's bar): the volume beside it
                    b.key = f"M  -/+ {self.app.settings.volume}%"

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
            self.nudge = Nudge(self.spot_key(spot), message, shake=self.app.setting("animations"))
            self.dirty = True
        if self.confirm is None and not (self.message_major and self.message):
            self.say(message)

    @staticmethod
    def spot_key(spot: Spot) -> tuple:
        if spot.kind is SpotKind.CARD:
            return (SpotKind.CARD, spot.card)
        if spot.kind is SpotKind.EMPTY:
            return (SpotKind.EMPTY, spot.column)
        return (spot.kind,)

    def find(self, key: tuple | None) -> Spot | None:
        if key is None:
            return None
        for s in self.geo.spots:
            if self.spot_key(s) == key:
                return s
        return None

    def draw_place(self) -> Spot | None:
        """The spot where the draw card lies: the card, or the empty pile (Pyramid only)."""
        return next(
            (
                s
                for s in self.geo.spots
                if s.zone is Zone.DRAW
                or s.kind is SpotKind.PILE
                or (s.kind is SpotKind.STOCK and s.free)
            ),
            None,
        )

    def focus_at_draw(self) -> bool:
        spot = self.find(self.focus_key)
        return spot is not None and spot is self.draw_place()

    def keep_focus_at_draw(self, was_there: bool) -> None:
        """After a move or an undo, a focus that was on the draw card stays on that place
        (the next draw card), as a pointer stays where it clicked, not on the card that
        went to the waste."""
        if was_there:
            spot = self.draw_place()
            self.focus_key = None if spot is None else self.spot_key(spot)

    def keep_focus_near(self, before: Geometry) -> None:
        """After a move or an undo, a focus whose card left the table goes to the nearest
        card or place still there, so the ring stays in sight and the arrows go on from
        where the player was (they used to start again from the first card)."""
        if self.focus_key is None or self.find(self.focus_key) is not None:
            return
        old = next((s for s in before.spots if self.spot_key(s) == self.focus_key), None)
        targets = self.geo.targets()
        if old is None or not targets:
            self.focus_key = None
            return
        cx, cy = old.rect.center
        best = min(targets, key=lambda s: (s.rect.centerx - cx) ** 2 + (s.rect.centery - cy) ** 2)
        self.focus_key = self.spot_key(best)

    # -- events -------------------------------------------------------------
    def show_banner(self, text: str, ms: float = BANNER_MS) -> None:
        """Notices too long for the panel, over the foot of the table for a while."""
        self.banner, self.banner_left = text, ms
        self.dirty = True

    def change_volume(self, by: int) -> None:
        """Louder or softer by ``by`` percent (25 to 100), kept with the settings; the
        sound button shows it, and a removal's slap lets the player hear it."""
        settings = self.app.settings
        settings.volume = max(VOLUME_STEP, min(100, settings.volume + by))
        self.app.sounds.set_volume(settings.volume)
        self.app.profile.save_settings()
        self._refresh_buttons()
        if settings.sound:
            self.say(tr("Volume {volume}%", volume=settings.volume))
        else:
            self.say(tr("Volume {volume}% (sound is off: M)", volume=settings.volume))
        self.app.sounds.play("remove")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:  # the wheel over the sound button: its volume
            sound = next((b for b in self.buttons if b.name == TableButton.SOUND), None)
            at = self.app.display.to_canvas(pygame.mouse.get_pos())
            if sound is not None and sound.rect.collidepoint(at):
                self.change_volume(VOLUME_STEP if event.y > 0 else -VOLUME_STEP)
            return
        if self.celebration is not None and not self.still:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.end_celebration()  # skipped: the click or key does nothing else
            return
        if self.banner and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            on_it = event.type == pygame.MOUSEBUTTONDOWN and self.banner_box().collidepoint(
                event.pos
            )
            self.banner, self.banner_left = "", 0.0  # read: the click or key acts as well,
            self.dirty = True
            if on_it:  # unless the click was on the notice, over cards it hid
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.show_focus = False
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.deselect()
        elif event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def press(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    self.command(b.name)
                return
        if any(part.collidepoint(pos) for part in self.frame.chrome()):
            return
        if self.summary is not None:
            if self.app.now_ms - self.summary.shown_at >= ARRIVE_MS:
                self.next_round()  # a click anywhere on the cards goes on
            return
        if self.just_dealt():
            return  # the rest of a double click that ended the last layout
        spot = self.spot_under(pos)
        if spot is not None:
            self.focus_key = self.spot_key(spot)
        self.activate(spot)

    def hover(self, pos: tuple[int, int] | None) -> None:
        """The mouse moved to ``pos`` (None: it left the table): the spot under it shows
        what a click would do there (nothing for a card that cannot be played)."""
        self.hover_at = pos
        key, plays = None, False
        if pos is not None and self.summary is None and not self.game.is_over:
            if not any(part.collidepoint(pos) for part in self.frame.chrome()):
                spot = self.spot_under(pos)
                if spot is not None and spot.free:
                    plays = self.click_plays(spot)
                    if plays or spot.kind is SpotKind.CARD:
                        key = self.spot_key(spot)
        if (key, plays) != (self.hover_key, self.hover_plays):
            self.hover_key, self.hover_plays = key, plays
            self.dirty = True

    def click_plays(self, spot: Spot) -> bool:
        """Whether a click on the free ``spot`` would play a move now (else it selects,
        or does nothing)."""
        game = self.game
        if spot.kind is SpotKind.PILE:
            return game.is_legal(Recycle())
        if spot.kind is SpotKind.EMPTY:
            return (
                self.selected is not None
                and spot.column is not None
                and game.is_legal(MoveToEmpty(self.selected, spot.column))
            )
        card = spot.card
        if spot.kind is not SpotKind.CARD or card is None:
            return False
        alone = game.removal((card,))
        if alone is not None and game.is_legal(alone):
            return True
        if game.rule.removes_groups:  # it completes the selected group
            if card in self.group:
                return False
            move = game.removal([*self.group, card])
            return move is not None and game.is_legal(move)
        if self.selected == card:
            return spot.zone is Zone.DRAW and game.is_legal(Draw())
        move = None if self.selected is None else game.removal((self.selected, card))
        return move is not None and game.is_legal(move)

    def just_dealt(self) -> bool:
        """Whether a new layout began to fly out a moment ago: a press then is the rest of
        the double click that ended the last one (it carried into Pyramid 13's next round);
        after it, cards that have landed take presses while the others still fly."""
        return self.dealt_at is not None and self.app.now_ms - self.dealt_at < DEAL_GRACE_MS

    def spot_under(self, pos: tuple[int, int]) -> Spot | None:
        """What a press at ``pos`` is on: a card in flight where it is drawn now, and
        nothing at the place it flies to until it lands (the geometry knows only where
        cards end: a click on a falling card used to take the one landing there)."""
        # the card drawn on top wins: sprites are drawn over the table, later ones over
        # earlier ones; a new draw card, "flying" from the pile to the pile, counts as
        # there from the start, over the last one sliding off to the waste
        moving = [s for s in self.anim.sprites if s.card is not None and not s.fade]
        for s in reversed(moving):
            shown = s.elapsed >= s.delay or s.start == s.end
            if shown and s.rect().collidepoint(pos):
                return self.geo.spot_for_card(s.card)
        spot = self.geo.hit_test(pos)
        if spot is not None and any(s.card == spot.card and s.start != s.end for s in moving):
            return None  # where a card will land, before it has
        return spot

    def key(self, event: pygame.event.Event) -> None:
        k, mod = event.key, event.mod
        playing = (pygame.K_d, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if k in playing and self.just_dealt():
            return  # as a click
        if k in playing and self.summary is not None:
            if self.app.now_ms - self.summary.shown_at >= ARRIVE_MS:
                self.next_round()
            return
        if k == pygame.K_z and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.command(TableButton.UNDO)
        elif (k == pygame.K_y and mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) or (
            k == pygame.K_u and mod & pygame.KMOD_SHIFT
        ):
            self.command(TableButton.REDO)
        elif k in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.move_focus(k, bool(mod & pygame.KMOD_SHIFT))
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            spot = self.find(self.focus_key)
            if spot is None:
                self.move_focus(pygame.K_TAB, False)
            elif not self.show_focus:
                # the focus is where the pointer last clicked, unseen: show it first
                self.show_focus = True
                self.dirty = True
            else:
                self.activate(spot)
        elif k == pygame.K_d:
            self.draw_or_recycle()
        elif k == pygame.K_t:
            self.app.access.read_table()  # aloud, through the page (see ui/access.py)
        elif k in VOLUME_KEYS:
            self.change_volume(VOLUME_KEYS[k])
        elif k in COMMAND_KEYS:
            self.command(COMMAND_KEYS[k])
        elif k == pygame.K_ESCAPE:
            if self.selected is not None or self.group or self.hint_spots:
                self.deselect()
                self.hint_spots = []
            else:
                self.command(TableButton.MENU)

    def move_focus(self, k: int, backwards: bool) -> None:
        """Tab walks the targets in reading order; arrows go to the nearest one that way."""
        targets = self.geo.targets()
        self.show_focus = True
        self.dirty = True
        if not targets:
            self.focus_key = None
            return
        keys = [self.spot_key(s) for s in targets]
        current = self.find(self.focus_key)
        if current is None or self.focus_key not in keys:
            if current is not None:  # the focused card left: take the nearest target
                c = current.rect.center
                best = min(
                    targets,
                    key=lambda s: (s.rect.centerx - c[0]) ** 2 + (s.rect.centery - c[1]) ** 2,
                )
                self.focus_key = self.spot_key(best)
            else:
                self.focus_key = keys[-1 if backwards else 0]
            return
        if k == pygame.K_TAB:
            i = keys.index(self.focus_key)
            self.focus_key = keys[(i + (-1 if backwards else 1)) % len(keys)]
            return
        dx, dy = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }[k]
        cx, cy = current.rect.center
        best, best_cost = None, None
        for s in targets:
            ox, oy = s.rect.centerx - cx, s.rect.centery - cy
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = abs(ox * dy) + abs(oy * dx)
            cost = along + 2 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = s, cost
        if best is not None:
            self.focus_key = self.spot_key(best)

    # -- the click model ----------------------------------------------------
    def activate(self, spot: Spot | None) -> None:
        """RULES.md's click model for one click (or Space/Enter) on ``spot``."""
        game = self.game
        if spot is None or game.is_over:
            return  # empty felt, a finished game: nothing changes
        if not spot.free:
            self.explain(blocked_words(spot, game), spot)  # nothing changes, but it says why
            return
        if spot.kind is SpotKind.PILE:
            self.play(Recycle())
            return
        if spot.kind is SpotKind.STOCK:  # a stock that deals when clicked
            self.draw_or_recycle()
            return
        if spot.kind is SpotKind.EMPTY:
            if self.selected is None or spot.column is None:
                self.explain(
                    tr("To fill an empty column, select a column's top card, then click here."),
                    spot,
                )
                return
            move = MoveToEmpty(self.selected, spot.column)
            if game.is_legal(move):
                self.play(move)
            else:
                self.explain(tr("Only the top card of a column can move to an empty column."), spot)
            return
        if spot.kind is not SpotKind.CARD or spot.card is None:
            return
        card = spot.card
        alone = game.removal((card,))  # a King
        if alone is not None:
            self.play(alone)
            return
        if game.rule.removes_groups:
            self.choose(card)
            return
        if self.selected == card:
            if spot.zone is Zone.DRAW:
                self.play(Draw())
            else:
                self.deselect()
            return
        move = None if self.selected is None else game.removal((self.selected, card))
        if move is not None:
            if game.is_legal(move):
                self.play(move)
                return
            if game.refusal(move) is Refusal.NOT_NEIGHBOURS:  # the selection moves, and why
                self.explain(
                    tr(
                        "These make {target} but do not touch: a pair must be neighbours.",
                        target=game.rule.target,
                    ),
                    spot,
                )
        self.selected = card
        self.app.sounds.play("select")
        self.hover(self.hover_at)  # a click on its partner now plays
        self.dirty = True

    def choose(self, card: Card) -> None:
        """RULES.md's click model for groups: a click adds the card to the selection, or
        takes a selected one out; a selection that is a group the game removes goes at
        once, and a card that could belong to no group with the selected ones starts a
        new selection (by the rule alone: whether the grid holds the rest is the
        player's to see)."""
        game = self.game
        if card in self.group:
            self.group.remove(card)
        else:
            chosen = [*self.group, card]
            move = game.removal(chosen)
            if move is not None and game.is_legal(move):
                self.play(move)
                return
            self.group = chosen if move is None and game.could_group(chosen) else [card]
            self.app.sounds.play("select")
        self.hover(self.hover_at)  # a click that completes the group now plays
        self.dirty = True

    def selection(self) -> list[Card]:
        """The cards shown selected, in either click model."""
        return list(self.group) if self.selected is None else [self.selected]

    def deselect(self) -> None:
        if self.selected is not None or self.group:
            self.selected = None
            self.group = []
            self.hover(self.hover_at)
            self.dirty = True

    def draw_or_recycle(self) -> None:
        """The D key: draw, or turn the waste over when the pile is empty."""
        for move in (Draw(), Recycle()):
            if not self.game.is_over and self.game.is_legal(move):
                self.play(move)
                return
        self.app.sounds.play("nomove")
        if self.game.refusal(Draw()) is Refusal.NO_DRAW_PILE:
            self.say(
                tr(
                    "{game} has no draw pile: {why}.",
                    game=tr(self.game.title),
                    why=tr(spec_of(self.game).no_draw),
                )
            )
        else:
            self.say(tr("Nothing left to draw."))
            place = self.draw_place()
            if place is not None:
                self.explain(tr("Nothing left to draw."), place)

    def play(self, move: Move) -> bool:
        """Play a legal move: animate the difference, sound, save, and spot the end."""
        game = self.game
        self.summary = None  # a move played goes on from a finished round's summary
        before = self.geo
        round_before = game.progress().round
        at_draw = self.focus_at_draw()
        self.tick()  # the time up to this move (it may end the game)
        try:
            effect = game.play(move)
        except IllegalMoveError as exc:
            self.say(tr(str(exc)))
            return False
        self.redo_line.played(move)
        self.selected = None
        self.group = []
        self.hint_spots = []
        self.confirm = None
        self.app.tasks.cancel("hint")  # for the position just left
        self.geo = geometry(game, self.frame)
        self.keep_focus_at_draw(at_draw)
        self.keep_focus_near(before)
        self.anim.enabled = self.app.setting("animations")
        gone = set(effect.removed)
        ended_view = game.ended_round()
        if ended_view is not None and effect.round_end is not None:
            # the round's last position stays, with its score, until the player goes on
            self.summary = RoundSummary(ended_view, effect.round_end, self.app.now_ms)
            self.geo = geometry(ended_view, self.frame)
            self.focus_key = None
            self.anim.transition(before, self.geo, gone)
            self.app.sounds.play("king" if isinstance(move, RemoveKing) else "remove")
            self.say(self.round_words(effect.round_end), 4000, major=True)
        elif game.progress().round != round_before:
            leaving = [(c, r) for c, r in before.card_rects().items() if c in gone]
            self.anim.deal(self.geo, leaving)
            self.dealt_at = self.app.now_ms if self.anim.active else None
            ended = effect.round_end
            if ended is not None:
                self.say(self.round_words(ended), 4000, major=True)
            self.app.sounds.play("deal")
        else:
            self.anim.transition(before, self.geo, gone)
            if isinstance(move, RemoveKing):
                self.app.sounds.play("king")
            elif gone:
                self.app.sounds.play("remove")
            else:
                self.app.sounds.play("draw")
        self._after_change(undone=False)
        if game.is_over:
            self.finish()
        return True

    @staticmethod
    def round_words(ended: RoundEnd) -> str:
        """The panel's line on a finished round's score (the next round's number is the
        line above it)."""
        if ended.cleared:
            return tr(
                "Round {number} scored {points} with the pyramid cleared (+{bonus}).",
                number=ended.number,
                points=ended.points,
                bonus=ended.bonus,
            )
        return tr("Round {number} scored {points}.", number=ended.number, points=ended.points)

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
        self.say(self.round_words(summary.ended), 4000, major=True)
        self.app.sounds.play("deal")
        self._refresh_buttons()
        self.plan_auto_draw()
        self.dirty = True

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

    def only_draw(self) -> bool:
        """Whether drawing is the one legal move (asked of the game, so any game with a
        draw pile gets auto-draw)."""
        return not self.game.is_over and self.game.legal_moves() == [Draw()]

    def plan_auto_draw(self) -> None:
        """After a change: with auto-draw on and drawing the only move, draw shortly."""
        on = self.app.settings.auto_draw and self.summary is None
        self.auto_left = AUTO_DRAW_MS if on and self.only_draw() else 0.0

    def _after_change(self, undone: bool | None = None) -> None:
        self.tick()
        self.plan_auto_draw()
        self.nudge = None
        self.hover(self.hover_at)  # what is under the mouse now may play otherwise
        self._refresh_buttons()
        self.app.session.save_game(self)
        self.look_ahead(undone)
        self.dirty = True

    # -- searches beside the game ------------------------------------------------
    def here(self) -> Callable[[], bool]:
        """Whether the position on the table now is still there (an answer for it may be
        shown) when asked later."""
        text = self.game.text()
        return lambda: self.app.table is self and self.game.text() == text

    def look_ahead(self, undone: bool | None = None) -> None:
        """The indicator, when the setting asks: can the game still be won from here,
        searched beside the game after each move (``undone``: the change was an undo, a
        move, or neither); it says so when a move lost the game and when its undo won
        it back."""
        if not self.app.settings.show_winnable or self.game.is_over:
            self.app.tasks.cancel("outlook")
            self.outlook = None
            return
        before = self.outlook
        known = self.app.outlooks.get(self.game.text())
        if known is not None:
            self._outlook_found(known, before, undone)
            return
        self.outlook = "thinking"
        game = self.game.copy()
        rounds = spec_of(game).rounds
        if rounds > 1 and game.progress().round != rounds:
            game = game.round_start(rounds - 1)  # the game is won in its last round
        text = self.game.text()
        steps = solve_steps(game, budget_ms=OUTLOOK_BUDGET_MS, slice_ms=SLICE_MS)

        def found(result) -> None:
            verdict = {WINNABLE: "yes", NOT_WINNABLE: "no"}.get(result.verdict, "unknown")
            if verdict != "unknown":
                outlooks = self.app.outlooks
                outlooks[text] = verdict
                while len(outlooks) > hints.MEMO_LIMIT:
                    del outlooks[next(iter(outlooks))]
            self._outlook_found(verdict, before, undone)

        self.app.tasks.start("outlook", steps, found, still=self.here(), priority=1)

    def _outlook_found(self, verdict: str, before: str | None, undone: bool | None) -> None:
        if verdict == "no" and undone is False and before in ("yes", "again"):
            verdict = "lost"
        elif verdict == "yes" and undone and before in ("no", "lost"):
            verdict = "again"
        self.outlook = verdict
        self.dirty = True

    def finish(self) -> None:
        """The game just ended: count it once, and show the end screen shortly."""
        self.message = ""  # the end screen says it all; no stale round message
        if not self.recorded:
            self.recorded = True
            self.app.session.record_result(self)
        self.app.sounds.play("win" if self.game.outcome.value == "won" else "nomove")
        self.end_left = END_DELAY_MS if self.anim.enabled else 0
        self.due = self.earned()
        self._refresh_buttons()  # counted now: its last move can be taken back
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
        self._refresh_buttons()  # a score posted meanwhile keeps its last move
        if self.outlook is None or not self.app.settings.show_winnable:
            self.look_ahead()  # the indicator's setting may have changed meanwhile

    def can_undo(self) -> bool:
        """Every move can be undone, also the one that ended the game, unless its score is
        posted (see :meth:`Session.can_take_back`)."""
        if self.game.is_over:
            return self.app.session.can_take_back(self)
        return self.game.can_undo

    def undo(self) -> None:
        if not self.can_undo():
            return
        if self.game.is_over:
            self.app.session.take_back(self)  # uncounted; counted again when it ends
            self.recorded = False
            self.end_left = None
            self.due = self.celebration = None
            self.still = False
        before = self.geo
        at_draw = self.focus_at_draw()
        self.tick()
        self.summary = None  # back across the round's end: its last move is taken back
        self.redo_line.undone(self.game.undo())
        self.selected = None
        self.group = []
        self.hint_spots = []
        self.confirm = None  # its warning goes with the message: New asks again
        self.message = ""  # about the move undone (a round's end, say)
        self.geo = geometry(self.game, self.frame)
        self.keep_focus_at_draw(at_draw)
        self.keep_focus_near(before)
        self.anim.enabled = self.app.setting("animations")
        self.anim.transition(before, self.geo, set())
        self.app.tasks.cancel("hint")
        self._after_change(undone=True)
        self.auto_left = 0.0  # the player went back: auto-draw waits for their next move

    def can_redo(self) -> bool:
        """Whether a move taken back can be played again (none is once a new one is made)."""
        move = self.redo_line.next()
        return move is not None and not self.game.is_over and self.game.is_legal(move)

    def redo(self) -> None:
        """Play the last move taken back again."""
        if self.can_redo():
            move = self.redo_line.next()
            assert move is not None
            self.play(move)

    def show_hint(self, at_once: bool = False) -> None:
        """Ask for a hint: searched beside the game (the Hint button says it is thinking,
        and the table stays playable; a move made meanwhile drops it).  ``at_once``: the
        answer in this frame (a screenshot shows one frame)."""
        busy = "hint" in self.app.tasks and not at_once
        if self.game.is_over or self.summary is not None or busy:
            return
        steps = hints.hint_steps(
            self.game.copy(), HINT_BUDGET_MS, self.app.hint_memo, None if at_once else SLICE_MS
        )
        self.app.tasks.start("hint", steps, self._hint_found, still=self.here(), priority=3)
        if at_once:
            self.app.tasks.finish("hint")
        self._refresh_buttons()
        self.dirty = True

    def _hint_found(self, found: hints.Hint | None) -> None:
        """The hint's search answered for the position still on the table."""
        self._refresh_buttons()
        self.dirty = True
        if found is None:
            self.app.sounds.play("nomove")
            self.say(tr("No move left."))
            return
        move = found.move
        keys: list[tuple] = [(SpotKind.CARD, c) for c in move.cards]
        if isinstance(move, Draw):
            place = self.draw_place()
            if place is not None:
                keys.append(self.spot_key(place))
            words = tr("Hint: {what} (D).", what=tr(spec_of(self.game).draw_hint))
        elif isinstance(move, Recycle):
            keys.append((SpotKind.PILE,))
            words = tr("Hint: turn the waste over.")
        elif isinstance(move, MoveToEmpty):
            keys += [(SpotKind.CARD, move.card), (SpotKind.EMPTY, move.column)]
            words = tr("Hint: move the top card to the empty column.")
        elif len(move.cards) > 2:
            # three or more: every language's plural
            words = tr("Hint: remove these {n} cards together.", n=len(move.cards))
        elif isinstance(move, RemoveKing):
            words = tr("Hint: remove the King.")
        else:
            words = tr("Hint: remove the pair.")
        self.say(f"{words} {basis_words(found.basis, self.game)}".strip())
        self.hint_spots = keys
        self.hint_left = HINT_MS
        self.dirty = True

    def command(self, name: str) -> None:
        """A panel button or its key."""
        name = TableButton(name)
        leaving = (TableButton.NEW, TableButton.RESTART, TableButton.MENU)
        if name in leaving and self.app.session.unposted(self.app.game):
            self.app.ask_before_leaving(name)  # the end screen offers the score first
            return
        if name in (TableButton.NEW, TableButton.RESTART) and self.needs_confirm(name):
            return
        COMMANDS[name](self)

    def toggle_sound(self) -> None:
        self.app.toggle_sound()
        self._refresh_buttons()
        self.dirty = True

    def needs_confirm(self, name: str) -> bool:
        """A game in progress is only given up on a second press (a stray N costs nothing)."""
        if self.game.is_over or not self.game.moves:
            self.confirm = None
            return False
        if self.confirm == name:
            if same_press(self.app, self.confirm_at):
                return True  # the same double click or tap: the warning stays, unanswered
            self.confirm = None
            return False
        word = tr(BUTTON_LABELS[TableButton(name)][0])
        self.say(
            tr("Give up this game? It will count as a loss: press {button} again.", button=word),
            CONFIRM_MS,
        )
        self.confirm, self.confirm_left = name, CONFIRM_MS
        self.confirm_at = self.app.now_ms
        return True

    # -- time ---------------------------------------------------------------
    def active(self) -> bool:
        """Cards moving, or a hint, message, warning or notice shown for a while, or the
        end screen's delayed opening: each needs the frames that count it down."""
        timers = (self.hint_left, self.message_left, self.confirm_left, self.banner_left)
        if self.auto_left > 0:
            return True
        if self.nudge is not None:
            return True
        if not self.graded() or self.warmed != self.art_look():
            return True
        celebrating = self.celebration is not None and not self.still
        moving = self.anim.active or self.end_left is not None or celebrating
        return moving or any(t > 0 for t in timers)

    def moving(self) -> bool:
        celebrating = self.celebration is not None and not self.still
        return self.anim.active or self.nudge is not None or celebrating

    def graded(self) -> bool:
        """Whether the deal's difficulty is worked out (or cannot be: no deal to grade)."""
        setup = getattr(self.game, "setup", None)
        return setup is None or difficulty.grader_for(setup).done

    def grade_slice(self) -> None:
        """The deal's difficulty, worked out beside the game; drawn again once known."""
        setup = getattr(self.game, "setup", None)
        if setup is not None and not self.graded():
            grade_beside(self.app, setup)

    def art_look(self) -> tuple:
        """What the faces on the table are rendered for: size, colours, contrast."""
        return (
            self.geo.card_w,
            self.geo.card_h,
            self.app.settings.four_colour,
            theme.high_contrast,
        )

    def warm_art(self) -> None:
        """Render the faces at this size a few per frame, the table's own first, then the
        rest of the deck (what a new round or deal will show): see :func:`.cards.warm`."""
        look = self.art_look()
        if self.warmed == look:
            return
        w, h, four, _ = look
        spots = [spot for spot in self.geo.spots if spot.card is not None]
        shown = [spot.card for spot in spots]
        blocked = any(not spot.free for spot in spots)
        on_table = set(shown)
        order = [*shown, *(c for c in FULL_DECK if c not in on_table)]
        if card_art.warm(order, w, h, four, blocked, WARM_MS):
            self.warmed = look

    def update(self, dt_ms: float) -> None:
        if self.anim.update(dt_ms):
            self.dirty = True
        self.warm_art()
        self.grade_slice()
        self.tick()
        if self.auto_left > 0:
            self.auto_left = max(0.0, self.auto_left - dt_ms)
            if self.auto_left == 0 and self.anim.active:
                self.auto_left = 1.0  # the last move lands first
            elif self.auto_left == 0 and self.only_draw():
                self.play(Draw())
        if self.nudge is not None:
            if self.nudge.elapsed < FLASH_MS:
                self.dirty = True  # the shake and the flash, up to the frame they end
            self.nudge.elapsed += dt_ms
            if self.nudge.done:
                self.nudge = None
                self.dirty = True
        for name in ("hint_left", "message_left", "confirm_left", "banner_left"):
            left = getattr(self, name)
            if left > 0:
                left -= dt_ms
                setattr(self, name, left)
                if left <= 0:
                    self.dirty = True
                    if name == "hint_left":
                        self.hint_spots = []
                    elif name == "message_left":
                        self.message = ""
                    elif name == "banner_left":
                        self.banner = ""
                    else:
                        self.confirm = None
        if self.celebration is not None and not self.still:
            self.dirty = True
            if not self.celebration.update(dt_ms):
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

    # -- drawing ------------------------------------------------------------
    def draw(self, surface: pygame.Surface, buttons: bool = True) -> None:
        """The table and its panel; ``buttons`` False for the end screen's backdrop, where
        the panel's key letters (M for sound, Esc for menu) would contradict its own."""
        if self.celebration is not None:
            self.celebration.draw(surface)
            return
        surface.blit(backdrop(surface.get_size(), self.app.settings.table_colour), (0, 0))
        self.draw_table(surface)
        if self.summary is not None:
            self.summary.draw(surface, self.frame, self.geo, self.game)
        self.draw_panel(surface, buttons)
        if self.banner:
            self.draw_banner(surface)

    def veiled_key(self, size: tuple[int, int]) -> tuple:
        """Everything the end screen's picture of the table depends on."""
        return (
            size,
            self.panel_key(False),
            self.art_look(),
            self.banner,
            self.summary is not None,
            self.celebration is not None,
            self.app.settings.table_colour,
        )

    def veiling(self, size: tuple[int, int]) -> Generator[None, None, pygame.Surface]:
        """The table without its buttons under the end screen's dark veil, drawn in
        steps (the table, the veil, one over the other) and kept while it shows the
        same: the end screen's warm-up draws it while the table waits to open the
        screen, whose first frame then only blits it (drawn there, it held that frame for
        10-30 ms in the browser stand-in)."""
        key = self.veiled_key(size)
        if self.veiled_kept is not None and self.veiled_kept[0] == key:
            return self.veiled_kept[1]
        screen = pygame.display.get_surface()  # its pixel format: blits need no conversion
        picture = pygame.Surface(size, 0, screen) if screen else pygame.Surface(size)
        self.draw(picture, buttons=False)
        yield
        veil = end_veil(picture)
        yield
        picture.blit(veil, (0, 0))
        self.veiled_kept = (key, picture)
        return picture

    def veiled(self, size: tuple[int, int]) -> pygame.Surface:
        """:meth:`veiling` at once."""
        return budget.finish(self.veiling(size))

    def banner_column(self) -> pygame.Rect:
        """The notice's left edge and width (its height and top come with its lines): the
        table's width over a Thirteens grid, the room right of the draw pile over a
        pyramid, whose covered top it hides rather than the bottom row a player starts
        with."""
        table = self.frame.table
        if spec_of(self.game).table is TableKind.PYRAMID and not self.frame.portrait:
            scale, w = pyramid_metrics(self.frame)[:2]
            left = round(PILE_X * scale) + w + 20  # clear of the draw card too
            return pygame.Rect(left, 0, table.right - 30 - left, 0)
        return pygame.Rect(table.x + 30, 0, table.w - 60, 0)

    def banner_lines(self) -> list[str]:
        return theme.wrap(self.banner, 26, self.banner_column().w - 40)[:5]

    def banner_box(self, lines: list[str] | None = None) -> pygame.Rect:
        """Where the notice is drawn (``lines``: its :meth:`banner_lines`, when already
        wrapped): over the foot of a Thirteens grid, over the top of a pyramid."""
        if lines is None:
            lines = self.banner_lines()
        box = self.banner_column()
        box.h = 24 + 28 * len(lines)
        if spec_of(self.game).table in (TableKind.PYRAMID, TableKind.PYRAMID_RESERVES):
            box.top = self.frame.table.top + 16
        else:
            box.bottom = self.frame.table.bottom - 16
        return box

    def draw_banner(self, surface: pygame.Surface) -> None:
        lines = self.banner_lines()
        box = self.banner_box(lines)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (8, 28, 20, 235), veil.get_rect(), border_radius=14)
        surface.blit(veil, box)
        pygame.draw.rect(surface, theme.GOLD, box, width=2, border_radius=14)
        y = box.y + 12
        for line in lines:
            theme.blit_text(surface, line, 26, (box.x + 20, y), (255, 226, 150))
            y += 28

    def draw_table(self, surface: pygame.Surface) -> None:
        geo, game = self.geo, self.on_table()
        four = self.app.settings.four_colour
        w, h = geo.card_w, geo.card_h
        back = card_art.card_back(w, h, self.app.settings.card_back)
        self.anim.back = self.app.settings.card_back
        for text, pos in geo.labels:
            # a longer word in some languages: smaller, and never off the canvas's edge
            room = min(w + 20, 2 * min(pos[0], surface.get_width() - pos[0]) - 8)
            size = theme.fitting_size(text, room, 26, 14)
            words = theme.text(text, size, theme.INK_DIM)
            rect = words.get_rect(midtop=pos).clamp(surface.get_rect().inflate(-4, 0))
            theme.put_text(surface, text, words, rect)
        if geo.waste is not None:
            surface.blit(card_art.slot(w, h), geo.waste)
        for place in geo.slots:
            surface.blit(card_art.slot(w, h), place)
        table = spec_of(game).table
        stock = game.progress().stock or 0
        if table is TableKind.GRID and geo.pile is not None and not stock:
            surface.blit(card_art.slot(w, h), geo.pile)  # the stock's place, over "Stock 0"
        if table is TableKind.PYRAMID and geo.pile is not None:
            surface.blit(card_art.slot(w, h), geo.pile)
            behind = game.draw_count - 1  # type: ignore[attr-defined]
            for n in range(min(2, max(0, behind))):
                surface.blit(back, geo.pile.move(-4 * (2 - n), -4 * (2 - n)))
            if game.waste_count > 1 and geo.waste is not None:  # type: ignore[attr-defined]
                surface.blit(back, geo.waste.move(-4, -4))
        shadow = card_art.shadow(w, h)
        hidden = self.anim.hidden
        chosen = set(self.selection())
        lift = selected_lift(h)
        for spot in geo.spots:
            if spot.kind is SpotKind.STOCK:
                for n in range(min(3, max(0, stock - 1))):
                    surface.blit(back, spot.rect.move(-3 * (3 - n), -3 * (3 - n)))
                surface.blit(back, spot.rect)
            elif spot.kind is SpotKind.EMPTY:
                # the bare felt first: in a wide grid the slot lies over the card on its left
                felt = backdrop(surface.get_size(), self.app.settings.table_colour)
                surface.blit(felt, spot.rect, area=spot.rect)
                surface.blit(card_art.slot(w, h), spot.rect)
                size = 24 if spot.outline.w >= 70 else 18  # a strip of a wide grid
                where = spot.outline.center
                empty = tr("empty")
                size = theme.fitting_size(empty, spot.outline.w - 6, size, 14)
                theme.blit_text(surface, empty, size, where, theme.INK_DIM, "center")
            elif spot.kind is SpotKind.PILE:
                if spot.free:
                    self._draw_recycle(surface, spot.rect)
            elif spot.card in hidden:
                if spot.zone in (Zone.GRID, Zone.PILE):  # under the cards over it, as it lands
                    self.anim.draw_card(surface, spot.card, four)
            elif spot.card is not None:
                up = self.lift_of(spot, chosen, lift)  # a selected card stands lifted
                place = spot.rect.move(self.shake_of(spot), -up)
                surface.blit(shadow, place.move(3, 4 + up))
                if not spot.free:
                    art = card_art.dimmed(spot.card, w, h, four)
                else:
                    art = card_art.card_face(spot.card, w, h, four, centre=spot.shown is None)
                surface.blit(art, place)
        for key in self.hint_spots:
            spot = self.find(key)
            if spot is not None:
                draw_hinted(surface, spot.outline.move(0, -self.lift_of(spot, chosen, lift)))
        for card in self.selection():
            spot = self.find((SpotKind.CARD, card))
            if spot is not None:
                outline = spot.outline.move(0, -self.lift_of(spot, chosen, lift))
                pygame.draw.rect(
                    surface, (120, 80, 0), outline.inflate(14, 14), width=3, border_radius=14
                )
                pygame.draw.rect(
                    surface, theme.GOLD, outline.inflate(8, 8), width=5, border_radius=12
                )
        selected = [(SpotKind.CARD, card) for card in self.selection()]
        if self.hover_key is not None and self.hover_key not in selected:
            spot = self.find(self.hover_key)
            if spot is not None:
                draw_hover(surface, spot.outline, self.hover_plays)
        if self.show_focus:
            spot = self.find(self.focus_key)
            if spot is not None:
                self._dashed(surface, spot.outline.inflate(20, 20))
        self.anim.draw(surface, four)
        if self.nudge is not None:
            spot = self.find(self.nudge.key)
            if spot is not None:
                self.nudge.draw_flash(surface, spot.outline)
                self.nudge.draw_words(surface, spot.outline, self.frame.table)

    def lift_of(self, spot: Spot, chosen: set[Card], lift: int) -> int:
        """How far up ``spot``'s card is drawn: ``lift`` when selected, less where the
        table's top edge is nearer (the card stays on the table)."""
        if spot.card not in chosen:
            return 0
        return max(0, min(lift, spot.rect.top - self.frame.table.top))

    def shake_of(self, spot: Spot) -> int:
        """How far sideways the refused card is drawn now (0 for every other)."""
        if self.nudge is None or self.nudge.key != self.spot_key(spot):
            return 0
        return self.nudge.offset()

    @staticmethod
    def _draw_recycle(surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(card_art.slot(rect.w, rect.h), rect)
        r = rect.w // 4
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = rect.center
        pygame.draw.arc(surface, theme.INK, box, 0.6, 5.8, 5)
        tip = (box.right - 2, box.centery - r // 2)
        pygame.draw.polygon(
            surface, theme.INK, [tip, (tip[0] - 10, tip[1] - 12), (tip[0] + 10, tip[1] - 10)]
        )
        words = tr("turn over")
        size = theme.fitting_size(words, rect.w - 8, 22, 14)
        theme.blit_text(
            surface, words, size, (rect.centerx, rect.bottom - 22), theme.INK_DIM, "center"
        )

    @staticmethod
    def _dashed(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The keyboard focus ring: white dashes, visible on cards and felt alike."""
        pygame.draw.rect(surface, (0, 0, 0), rect.inflate(4, 4), width=2, border_radius=14)
        dash = 14
        for x in range(rect.left, rect.right, dash * 2):
            end = min(x + dash, rect.right)
            pygame.draw.line(surface, theme.FOCUS, (x, rect.top), (end, rect.top), 4)
            pygame.draw.line(surface, theme.FOCUS, (x, rect.bottom - 1), (end, rect.bottom - 1), 4)
        for y in range(rect.top, rect.bottom, dash * 2):
            end = min(y + dash, rect.bottom)
            pygame.draw.line(surface, theme.FOCUS, (rect.left, y), (rect.left, end), 4)
            pygame.draw.line(surface, theme.FOCUS, (rect.right - 1, y), (rect.right - 1, end), 4)

    def progress_lines(self) -> list[tuple[str, int, tuple[int, int, int], int]]:
        """What the panel says of the game's progress: (text, size, colour, height)."""
        game = self.game
        progress = game.progress()
        out: list[tuple[str, int, tuple[int, int, int], int]] = []
        if progress.rounds is not None and progress.rounds > 1:
            out.append((round_words(progress), 30, theme.INK, 28))
            if progress.round_points is not None:
                line = tr("This round: {points}", points=progress.round_points)
                out.append((line, 26, theme.INK_DIM, 24))
            if progress.round_scores:
                scores = " + ".join(str(s) for s in progress.round_scores)
                line = tr("Rounds: {scores}", scores=scores)
                out.append((line, 26, theme.INK_DIM, 24))
        elif progress.passes is not None and progress.passes > 1:
            line = tr(
                "Pass {number} of {passes}", number=progress.pass_number, passes=progress.passes
            )
            out.append((line, 30, theme.INK, 30))
        elif progress.stock is not None:
            out.append((tr("Stock {n}", n=progress.stock), 30, theme.INK, 30))
        if self.outlook is not None and not game.is_over:
            colour = theme.GOLD if self.outlook in ("yes", "again") else theme.INK_DIM
            out.append((tr(OUTLOOK_WORDS[self.outlook]), 22, colour, 24))
        return out

    def score_text(self) -> str:
        spec = spec_of(self.game)
        score = str(self.game.score)
        return score + (f" / {spec.max_score}" if spec.max_score is not None else "")

    def status_text(self) -> str | None:
        game = self.game
        if not game.is_over:
            return None
        return tr("Won!") if game.outcome.value == "won" else end_words(game)

    def draw_panel(self, surface: pygame.Surface, buttons: bool = True) -> None:
        """The side panel, or upright the bars above and below the table: painted when
        what they show changed, else put back as kept (:class:`.Layer`)."""
        frame = self.frame
        if frame.portrait:
            if self.message:  # its veil lies over the table, outside the bars
                self.draw_bars(surface, buttons)
                return
            assert frame.bar is not None
            rects = [frame.panel, frame.bar]
            self.panel_layer.draw(
                surface, rects, self.panel_key(buttons), lambda s: self.draw_bars(s, buttons)
            )
            return
        self.panel_layer.draw(
            surface, [frame.panel], self.panel_key(buttons), lambda s: self.paint_panel(s, buttons)
        )

    def panel_key(self, buttons: bool) -> tuple:
        """Everything the panel's pixels depend on: while it is the same, the kept pixels
        are shown (a card's flight changes none of it)."""
        game = self.game
        setup = getattr(game, "setup", None)
        return (
            buttons,
            titled(game),
            self.time_words() if self.app.settings.timer else None,
            graded_words(setup) if setup is not None else None,
            self.score_text(),
            len(game.moves),
            tuple(self.progress_lines()),
            self.status_text(),
            self.message,
            tuple(
                (b.name, tuple(b.rect), b.label, b.key, b.enabled, b.primary) for b in self.buttons
            )
            if buttons
            else (),
            theme.high_contrast,
            theme.text_scale,
            i18n.language(),
        )

    def paint_panel(self, surface: pygame.Surface, buttons: bool = True) -> None:
        """The side panel, drawn (landscape)."""
        game, panel = self.game, self.frame.panel
        pygame.draw.rect(surface, theme.PANEL, panel)
        pygame.draw.line(surface, theme.PANEL_EDGE, panel.topleft, panel.bottomleft, 2)
        x, y = panel.x + 18, 16
        setup = getattr(game, "setup", None)
        room = panel.right - 12 - x
        name = titled(game)
        title = theme.fitting_size(name, room, 38, 28)  # larger text: may shrink
        theme.blit_text(surface, name, title, (x, y), theme.INK)
        y += theme.scaled(36)
        if self.app.settings.timer:  # the time at the right of the deal's line
            clock = self.time_words()
            theme.blit_text(surface, clock, 26, (panel.right - 14, y), theme.INK, "topright")
            room -= theme.font(26).size(clock)[0] + 12
        if setup is not None:
            sub = graded_words(setup)  # today's ten-digit number ran off the panel at 26
            size = theme.fitting_size(sub, room, 26, 18)
            theme.blit_text(surface, sub, size, (x, y + (26 - size) // 2), theme.INK_DIM)
        y += theme.scaled(34)
        theme.blit_text(surface, tr("Score"), 24, (x, y), theme.INK_DIM)
        theme.blit_text(surface, tr("Moves"), 24, (x + 120, y), theme.INK_DIM)
        y += theme.scaled(20)
        score = theme.fitting_size(self.score_text(), 112, 48, 30)
        theme.blit_text(surface, self.score_text(), score, (x, y), theme.GOLD)
        moves = theme.fitting_size(str(len(game.moves)), room - 120, 48, 30)
        theme.blit_text(surface, str(len(game.moves)), moves, (x + 120, y), theme.INK)
        y += theme.scaled(46)
        for text, size, colour, height in self.progress_lines():
            size = theme.fitting_size(text, room, size, 14)
            theme.blit_text(surface, text, size, (x, y), colour)
            y += theme.scaled(height)
        status = self.status_text()
        if status is not None:
            theme.blit_text(surface, status, 30, (x, y + 4), theme.GOLD)
            y += theme.scaled(30)
        if self.message:
            y += 8
            room = min(b.rect.top for b in self.buttons) - 4 - y  # the message above them
            # larger text steps back down (below the usual size at worst) rather than cut it
            for size in (24, 22, 20, 18, 16) if theme.text_scale > 1 else (24,):
                pitch = theme.scaled(size - 2)
                lines = theme.wrap(self.message, size, panel.w - 32)
                if len(lines) * pitch <= room:
                    break
            for line in lines[: max(1, min(4, room // pitch))]:
                theme.blit_text(surface, line, size, (x, y), (255, 226, 150))
                y += pitch
        if buttons:
            for b in self.buttons:
                b.draw(surface)

    def draw_bars(self, surface: pygame.Surface, buttons: bool = True) -> None:
        """Upright: the figures in a bar on top, the message just above the buttons' bar."""
        game, bar, foot = self.game, self.frame.panel, self.frame.bar
        assert foot is not None
        for part in (bar, foot):
            pygame.draw.rect(surface, theme.PANEL, part)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, 2)
        pygame.draw.line(surface, theme.PANEL_EDGE, foot.topleft, foot.topright, 2)
        x = bar.x + 18
        right = bar.right - 18
        theme.blit_text(surface, titled(game), 34, (x, 10), theme.INK)
        setup = getattr(game, "setup", None)
        if setup is not None:
            sub = graded_words(setup)
            theme.blit_text(
                surface, sub, theme.fitting_size(sub, 300, 24, 18), (x, 46), theme.INK_DIM
            )
        y = 76
        lines = self.progress_lines()
        status = self.status_text()
        if status is not None:
            lines = lines[:1] + [(status, 28, theme.GOLD, 28)]
        clock = theme.font(26).size(self.time_words())[0] + 12 if self.app.settings.timer else 0
        for text, size, colour, _ in lines[:2]:
            room = right - x - clock  # the clock at the right, between the two lines
            size = theme.fitting_size(text, room, min(size, 26), 14)
            theme.blit_text(surface, text, size, (x, y), colour)
            y += 28
        moves_x = right - 90
        score_x = moves_x - 30
        theme.blit_text(surface, tr("Moves"), 22, (right, 12), theme.INK_DIM, "topright")
        theme.blit_text(surface, str(len(game.moves)), 44, (right, 36), theme.INK, "topright")
        theme.blit_text(surface, tr("Score"), 22, (score_x, 12), theme.INK_DIM, "topright")
        theme.blit_text(surface, self.score_text(), 44, (score_x, 36), theme.GOLD, "topright")
        if self.app.settings.timer:
            theme.blit_text(surface, self.time_words(), 26, (right, 90), theme.INK, "topright")
        if self.message:
            words = theme.wrap(self.message, 26, self.frame.table.w - 60)[:3]
            box = pygame.Rect(20, 0, self.frame.table.w - 40, 20 + 28 * len(words))
            box.bottom = foot.top - 12
            veil = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (8, 28, 20, 225), veil.get_rect(), border_radius=14)
            surface.blit(veil, box)
            ty = box.y + 10
            for line in words:
                theme.blit_text(surface, line, 26, (box.x + 20, ty), (255, 226, 150))
                ty += 28
        if buttons:
            for b in self.buttons:
                b.draw(surface)


COMMANDS: dict[TableButton, Callable[[TableScene], object]] = {
    TableButton.NEW: lambda table: table.app.new_deal(),
    TableButton.RESTART: lambda table: table.app.restart(),
    TableButton.UNDO: TableScene.undo,
    TableButton.REDO: TableScene.redo,
    TableButton.HINT: TableScene.show_hint,
    TableButton.HELP: lambda table: table.app.open(SceneName.HELP),
    TableButton.STATS: lambda table: table.app.open(SceneName.STATS),
    TableButton.MENU: lambda table: table.app.go_start(),
    TableButton.SOUND: TableScene.toggle_sound,
}
"""What each panel button (or its key) does: dispatch by table."""
