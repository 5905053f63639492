"""The whole game on a 1280x720 display: one async loop for the browser and the desktop.

Each frame the loop pumps events, advances time, draws only when the scene is
dirty, and yields once with ``await asyncio.sleep(0)`` (pygbag needs that; on
the desktop a clock also caps the loop at 60 frames a second, so an idle
table costs almost nothing).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from collections import deque
from collections.abc import Sequence

import pygame

from . import share
from .deals import MAX_DEAL
from .game import Game
from .hints import HintMemo
from .profile import Profile, Stats
from .pyramid import Pyramid13
from .ui import HEIGHT, WIDTH
from .ui.scene import Scene
from .ui.scene_names import SceneName
from .ui.sound import Sounds
from .ui.table import TableScene
from .ui.touch import TapReader
from .variants import GameSetup

current: App | None = None
"""The running App (the web bundle's tests read ``current.game``)."""

STARTED_AT = time.perf_counter()
"""When this module was imported: the clock :attr:`App.first_frame_ms` counts from."""

FRAMES_KEPT = 600

WINNABLE_FALLBACK = (
    "Winnable deals only: the deal checker is not available, so this deal is unchecked."
)
WINNABLE_NOT_FOUND = (
    "Winnable deals only: no deal was proven winnable in time, so this deal is unchecked."
)
POST_FIRST = (
    "Your last Pyramid 13 score is not posted yet: post it or leave, then open the link again."
)

TAKEN_OVER = "Another tab or window took over the saved game: this one is not saved or counted."

OTHER_TABS_SCORE = (
    "Another tab left this score unposted: post it or leave it, then start your game again."
)

TAKEOVER_CHECK_MS = 1000
"""How often a table in play looks whether another tab took the save slot over, so a
player coming back to this tab is told at once rather than at their next move."""

WINNABLE_BUDGET_MS = 400
"""The whole search for a winnable random deal, so a click never freezes the game
(the solver's own budget is per deal, and some layouts take hundreds of deals)."""

LINK_KEEPS_SAVED = "The link could not be used, so your saved game goes on. {reasons}."


class App:
    """Scenes, the player's profile, sound, and the game on the table."""

    def __init__(
        self, screen: pygame.Surface, profile: Profile | None = None, query: str = ""
    ) -> None:
        self.screen = screen
        self.now_ms = 0.0
        """Time the frames have been given (``step``'s dt): when a press came, for the
        waits that tell a deliberate second press from a double click."""
        self.profile = profile if profile is not None else Profile()
        self.settings = self.profile.settings
        self.sounds = Sounds(self.settings.sound)
        self.running = True
        self.table: TableScene | None = None
        self.suspended: TableScene | None = None
        self.stack: list[Scene] = []
        self.posted_for: Game | None = None
        self.score_posted = False
        """Whether the score of ``posted_for`` was posted here (else it was left unposted)."""
        self.counted: tuple[Game, Stats] | None = None
        """The game this page last counted as finished, with the statistics before it, so
        that taking back its last move can uncount it (:meth:`take_back`)."""
        self.hint_memo: HintMemo = {}
        """Positions on proven hint lines, for every table (restarting a deal keeps them)."""
        self.notices: list[str] = list(self.profile.notices)
        self._profile_notices_told = len(self.profile.notices)
        self.taps = TapReader()
        self.pending_say: str | None = None
        """A notice to show on the next table put out (see :meth:`note`)."""
        self._since_takeover_check = 0.0
        self.first_frame_at: float | None = None
        """``time.perf_counter()`` when the first frame was shown."""
        self.frame_ms: deque[float] = deque(maxlen=FRAMES_KEPT)
        """How long the last frames that drew took (events, update, draw, flip), in ms."""
        from .ui.screens.start import StartScene

        self.start_scene = StartScene(self)
        self.scene: Scene = self.start_scene
        self._open_first(query)

    # -- the game on the table ------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The engine game being played (None on the start screen)."""
        return self.table.game if self.table is not None else None

    def _open_first(self, query: str) -> None:
        """A link's game, else the saved game in progress, else the start screen."""
        link = share.parse_link(query) if query else share.ParsedLink(None, [])
        setup, notices = link.setup, link.notices
        self.notices += notices
        if setup is not None:
            # read once: a reload resumes what is played from here, not the link's
            # game again (which would push aside the game in progress)
            share.forget_link()
        saved = self.profile.load_game()
        self.notices += [n for n in self.profile.notices if n not in self.notices]
        self._profile_notices_told = len(self.profile.notices)
        if saved is not None and saved.is_over:
            if self.unposted(saved):
                # a finished Pyramid 13 score was never posted (the window was
                # closed on it): offer it again before anything replaces it
                self.put_on_table(saved, deal=False)
                self.open(SceneName.END)
                if setup is not None:
                    self.scene.message = POST_FIRST  # type: ignore[attr-defined]
                return
            saved = None
        if (
            setup is not None
            and saved is not None
            and saved.moves
            and getattr(saved, "setup", None) != setup
            and link.replaced
        ):
            # a link that could not be used as it is does not push a game in progress aside
            replaced = [n for n in notices if n.startswith(link.replaced)]
            self.notices = [n for n in self.notices if n not in replaced]
            self.notices.append(LINK_KEEPS_SAVED.format(reasons=". ".join(link.replaced)))
            setup = None
        if setup is not None and saved is not None and getattr(saved, "setup", None) != setup:
            # The link's game takes the one save slot: a saved game with moves is
            # counted as played (abandoned) rather than lost without a trace.
            if saved.moves:
                self.profile.record_result(saved)
                self.note(f"Your unfinished game ({saved.setup.label}) was counted as played.")
            saved = None
        if setup is not None and saved is None:
            self.new_game(setup)
        elif saved is not None:
            self.put_on_table(saved, deal=False)
        else:
            self.show(self.start_scene)
        table = self.table
        if table is not None and self.scene is table and self.notices:
            # what the opening has to tell (the link, storage), once, where the player is
            if table.message in self.notices:
                table.message = ""
            table.show_banner(" ".join(self.notices))
            self.notices.clear()

    def put_on_table(self, game: Game, deal: bool = True) -> TableScene:
        table = TableScene(self, game)
        self.table, self.suspended = table, None
        self.stack.clear()
        self.show(table)
        if deal:
            table.deal_in()
        if self.pending_say:
            table.say(self.pending_say, 5000)
            self.pending_say = None
        return table

    def abandon(self) -> None:
        """Count a game left unfinished (once), so streaks cannot be dodged; not one
        another tab took over (that tab counts it, or already did)."""
        for table in (self.table, self.suspended):
            if (
                table is not None
                and not table.recorded
                and table.game.moves
                and not table.game.is_over
            ):
                table.recorded = True
                if self._still_saved(table):
                    self.profile.record_result(table.game)

    def new_game(self, setup: GameSetup) -> TableScene:
        self.abandon()
        if self._offer_other_tabs_score():
            assert self.table is not None
            return self.table
        game = setup.new_game()
        pushed = self.profile.start_game(game)
        if pushed is not None:
            self.note(
                f"Your unfinished game ({pushed.setup.label}) in another tab was counted as played."
            )
        return self.put_on_table(game)

    def _offer_other_tabs_score(self) -> bool:
        """A finished Pyramid 13 score that another tab left unposted in the save slot
        is offered for posting (its end screen) before a new game replaces it."""
        other = self.profile.others_game()
        if other is None or not self.unposted(other):
            return False
        self.profile.take_game_slot()  # this tab holds it now: posting or leaving clears it
        self.put_on_table(other, deal=False)
        self.open(SceneName.END)
        self.scene.message = OTHER_TABS_SCORE  # type: ignore[attr-defined]
        return True

    def random_setup(self, game_id: str, layout: str | None = None) -> GameSetup:
        """A random deal, or the first winnable one from there when the setting asks.

        The search stops after :data:`WINNABLE_BUDGET_MS` in all.  When the
        winnable-deal finder is missing, fails or finds nothing in time, the
        random deal is played unchecked and the player is told (on the table
        and on the start screen), never silently.
        """
        number = random.randint(1, MAX_DEAL)
        if self.settings.winnable_only:
            found, fallback = None, WINNABLE_NOT_FOUND
            try:
                from .winnable import first_winnable_deal

                found = first_winnable_deal(
                    game_id, number, layout=layout, budget_ms=200, total_ms=WINNABLE_BUDGET_MS
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

    def note(self, message: str) -> None:
        """A notice for the player: on the table now, and on the start screen."""
        if message not in self.notices:
            self.notices.append(message)
        self.pending_say = message

    def new_deal(self) -> None:
        setup = getattr(self.game, "setup", None)
        if setup is None:
            setup = GameSetup(
                self.start_scene.game_id, deal=1, layout=self.start_scene.layout_for()
            )
        self.new_game(self.random_setup(setup.game, setup.layout))

    def restart(self) -> None:
        setup = getattr(self.game, "setup", None)
        if setup is not None:
            self.new_game(setup)

    def record_result(self, game: Game) -> None:
        if not self._still_saved(self.table):
            self._taken_over()
            return
        before = self.profile.record_result(game)
        self.counted = (game, before) if before is not None else None
        if self.unposted(game):
            self.profile.save_game(game)  # kept until posted or waived
        else:
            self.profile.clear_game()
        self._tell_storage_news()

    def can_take_back(self, table: TableScene) -> bool:
        """Whether the move that ended ``table``'s game may be undone: this page counted
        the game (and can uncount it) and no other tab has used the save slot since, or
        nothing counted it (another tab took it over), and its score is not posted; a
        game finished before the page was loaded stays finished."""
        game = table.game
        if not (game.is_over and game.can_undo) or self.posted_for is game:
            return False
        if table.detached:
            return True
        # counted here, and the slot as this page left it: once another tab started a
        # game there (or posted or left this score), the game played on would be
        # neither saved nor counted, and a score posted there could be posted again
        return (
            self.counted is not None and self.counted[0] is game and self.profile.owns_game_slot()
        )

    def take_back(self, table: TableScene) -> None:
        """The finished game on ``table`` is about to lose its last move: uncount it
        (it is counted again when it ends)."""
        counted, self.counted = self.counted, None
        if counted is not None and counted[0] is table.game and not table.detached:
            self.profile.take_back_result(*counted)
            self._tell_storage_news()

    def settle_score(self, game: Game, posted: bool = False) -> None:
        """The finished game's score was posted or waived: it need not be kept."""
        self.posted_for, self.score_posted = game, posted
        self.profile.clear_game()
        if self.table is not None:
            self.table._refresh_buttons()  # a posted score's last move stays: no Undo
        self._tell_storage_news()

    def save_game(self, game: Game) -> None:
        if not game.is_over:
            if not self.profile.save_game(game):
                self._taken_over()
            self._tell_storage_news()

    def _still_saved(self, table: TableScene | None) -> bool:
        """Whether ``table``'s game is still the saved one: no other tab took the slot over
        (then that tab counts it, or already did)."""
        return not (table is not None and table.detached) and self.profile.owns_game_slot()

    def score_settled_elsewhere(self, game: Game) -> bool:
        """Whether another tab posted or left this finished score: the save slot no longer
        holds it.  A table another tab took over during play keeps its own score."""
        table = self.table
        if table is not None and table.game is game and table.detached:
            return False
        return not self.profile.owns_game_slot()

    def _check_takeover(self, dt_ms: float) -> None:
        """Every :data:`TAKEOVER_CHECK_MS` while a game is in play on the screen: was the
        save slot taken over by another tab?"""
        table = self.table
        if self.scene is not table or table is None or table.detached or table.game.is_over:
            self._since_takeover_check = 0.0
            return
        self._since_takeover_check += dt_ms
        if self._since_takeover_check >= TAKEOVER_CHECK_MS:
            self._since_takeover_check = 0.0
            if not self.profile.owns_game_slot():
                self._taken_over()

    def _taken_over(self) -> None:
        """Another tab wrote the save slot since this one did: the game on this table
        plays on, but is neither saved nor counted (said once)."""
        table = self.table
        if table is not None and not table.detached:
            table.detached = True
            table.say(TAKEN_OVER, 6000)
        self.profile.release_game_slot()

    def _tell_storage_news(self) -> None:
        """Storage that fails mid-game (a full quota) is told once, quietly, on the table."""
        news = self.profile.notices[self._profile_notices_told :]
        self._profile_notices_told = len(self.profile.notices)
        for message in news:
            if message not in self.notices:
                self.notices.append(message)
            if self.table is not None:
                self.table.say(message, 5000)

    def score_pending(self) -> bool:
        """A finished Pyramid 13 score on the table the player has not posted (or waived) yet."""
        return self.game is not None and self.unposted(self.game)

    def unposted(self, game: Game) -> bool:
        """Whether ``game`` is a finished Pyramid 13 game whose score is not posted or waived."""
        return (
            isinstance(game, Pyramid13)
            and game.is_over
            and game.score > 0
            and self.posted_for is not game
        )

    def toggle_sound(self) -> None:
        self.settings.sound = not self.settings.sound
        self.sounds.enabled = self.settings.sound
        self.profile.save_settings()

    # -- scenes ---------------------------------------------------------------
    def show(self, scene: Scene) -> None:
        self.scene = scene
        scene.enter()

    def open(self, name: SceneName) -> None:
        """Open a scene over the current one; ``back`` returns to it."""
        from .ui.screens.end import EndScene
        from .ui.screens.help import HelpScene
        from .ui.screens.settings import SettingsScene
        from .ui.screens.stats import StatsScene

        made = {
            SceneName.HELP: HelpScene,
            SceneName.STATS: StatsScene,
            SceneName.SETTINGS: SettingsScene,
            SceneName.END: EndScene,
        }[name](self)
        if name == SceneName.END and self.table is not None:
            self.table.end_left = None  # open now: the table's delayed opening is done
        self.stack.append(self.scene)
        self.show(made)

    def push(self, scene: Scene) -> None:
        self.stack.append(self.scene)
        self.show(scene)

    def back(self) -> None:
        if self.stack:
            self.show(self.stack.pop())
        elif self.table is not None:
            self.show(self.table)
        else:
            self.show(self.start_scene)

    def go_start(self) -> None:
        """The start screen; the game on the table waits there to be resumed."""
        if self.table is not None:
            self.suspended = self.table
        self.table = None
        self.stack.clear()
        self.start_scene.choose_suspended()
        self.show(self.start_scene)

    def resume(self) -> None:
        """Back to the game left for the start screen: its table, or its end screen when
        it is over (where its last move can still be undone)."""
        if self.suspended is not None:
            self.table, self.suspended = self.suspended, None
            self.stack.clear()
            self.show(self.table)
            if self.table.game.is_over:
                self.open(SceneName.END)

    # -- the loop -------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Normalise one event (a tap → left click, drop the mouse echo of touches) and
        pass it on (see :mod:`.ui.touch`)."""
        kind = event.type
        if kind == pygame.QUIT:
            self.running = False
            return
        if kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            self.scene.dirty = True
            return
        if kind == pygame.FINGERDOWN:
            self.taps.down(event.touch_id, event.finger_id, event.x, event.y)
            return
        if kind == pygame.FINGERMOTION:
            self.taps.motion(event.touch_id, event.finger_id, event.x, event.y)
            return
        if kind == pygame.FINGERUP:
            pos = self.taps.up(event.touch_id, event.finger_id, event.x, event.y)
            if pos is None:
                return
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        elif kind == pygame.MOUSEBUTTONDOWN:
            if getattr(event, "touch", False) or self.taps.is_echo(event.pos):
                return
        elif kind != pygame.KEYDOWN:
            return
        if self.settings.sound and not self.sounds.ready:
            self.sounds.load()  # after a user gesture, as browsers want for audio
        self.scene.handle(event)

    @property
    def first_frame_ms(self) -> float | None:
        """Milliseconds from importing this module to the first frame shown."""
        if self.first_frame_at is None:
            return None
        return (self.first_frame_at - STARTED_AT) * 1000

    def step(self, dt_ms: float) -> bool:
        """One frame: events, time, and a draw only when something changed.

        Frames that draw are timed into :attr:`frame_ms` (a bounded deque: the
        web tests read it to report frame times; nothing else is kept).
        """
        start = time.perf_counter()
        self.now_ms += dt_ms
        for event in pygame.event.get():
            self.dispatch(event)
        self._check_takeover(dt_ms)
        self.scene.update(dt_ms)
        if self.scene.dirty:
            self.scene.dirty = False
            self.scene.draw(self.screen)
            pygame.display.flip()
            end = time.perf_counter()
            if self.first_frame_at is None:
                self.first_frame_at = end
            self.frame_ms.append((end - start) * 1000)
            return True
        return False


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="thirteen play")
    parser.add_argument("--query", default=None, help='a link query, e.g. "?game=thirteens&deal=1"')
    args, _ = parser.parse_known_args(list(argv or []))
    return args


def window_flags(platform: str = sys.platform, driver: str | None = None) -> int:
    """A desktop window the player can resize or maximise, the 1280x720 canvas scaled to
    it (on a laptop 768 pixels high the panel's foot was under the taskbar; a 4K screen
    gets a larger window). The browser's page scales the canvas itself, and the headless
    driver of tests and screenshots needs no scaling."""
    if driver is None:
        driver = os.environ.get("SDL_VIDEODRIVER", "")
    if platform == "emscripten" or driver == "dummy":
        return 0
    return pygame.SCALED | pygame.RESIZABLE


def make_app(argv: Sequence[str] | None = None, profile: Profile | None = None) -> App:
    """Initialise pygame, open the 1280x720 display and build the App."""
    global current
    args = _parse(argv)
    query = args.query if args.query is not None else share.page_query()
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode((WIDTH, HEIGHT), window_flags())
    except pygame.error:  # no renderer to scale with: a plain window
        screen = pygame.display.set_mode((WIDTH, HEIGHT))
    pygame.display.set_caption("Thirteen")
    current = App(screen, profile, query or "")
    return current


async def run(argv: list[str] | None = None) -> None:
    """Run the game until the window closes (in the browser: for ever)."""
    app = make_app(argv)
    desktop = sys.platform != "emscripten"
    clock = pygame.time.Clock()
    last = time.perf_counter()
    while app.running:
        now = time.perf_counter()
        app.step(min(100.0, (now - last) * 1000))
        last = now
        if desktop:
            clock.tick(60)
        await asyncio.sleep(0)
    if desktop:
        pygame.quit()


def run_desktop(args: argparse.Namespace) -> int:
    """``python -m thirteen play``: the same loop, driven by asyncio.run."""
    argv: list[str] = []
    if getattr(args, "query", None):
        argv += ["--query", args.query]
    asyncio.run(run(argv))
    return 0
