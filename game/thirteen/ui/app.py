"""The whole game on one canvas: the scenes in front of the player, the game on the
table, and the loop that runs them, for the browser and the desktop alike.

Each frame the loop pumps events, advances time, draws only when the scene is dirty,
and yields with ``await asyncio.sleep`` (pygbag needs that); on an idle screen it
sleeps (see :mod:`.pacing`).  Events go to their handlers by type; the pointer's are
normalised first, and a game controller's become keys (see :mod:`.events`).  Starting
it all is :mod:`.launch`.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from thirteen.advice.hints import HintMemo
from thirteen.core import i18n
from thirteen.core.game import Game
from thirteen.core.i18n import Message, tr
from thirteen.games import GameSetup
from thirteen.records.profile import Profile
from thirteen.session import share
from thirteen.session.game_session import Session, Showing
from thirteen.ui import HEIGHT, WIDTH, theme, widgets
from thirteen.ui.access import Access
from thirteen.ui.display import Display, page_languages
from thirteen.ui.events import ControllerReader, PointerReader
from thirteen.ui.pacing import (
    FRAME_MS,
    IDLE_WAIT_MS,
    INPUT_EVENTS,
    LINGER_MS,
    MAX_STEP_MS,
    FrameStats,
    Pacer,
)
from thirteen.ui.page_wake import PageWake
from thirteen.ui.prefs import page_preferences, resolved
from thirteen.ui.preload import preload
from thirteen.ui.scene import Scene, backdrop, felt_under
from thirteen.ui.scene_names import SceneName
from thirteen.ui.sound import Sounds
from thirteen.ui.table.scene import TableScene
from thirteen.ui.tasks import SLICE_MS, Tasks


class App:
    """Scenes, the player's profile and session, sound, and the game on the table."""

    def __init__(self, display: Display, profile: Profile | None = None, query: str = "") -> None:
        self.display = display
        self.design = pygame.Surface((WIDTH, HEIGHT))
        """Where the screens laid out for 1280x720 alone are drawn on another canvas
        shape, to be shown scaled to fit (see :meth:`draw`)."""
        self.now_ms = 0.0
        """Time the frames have been given (``step``'s dt): when a press came, for the
        waits that tell a deliberate second press from a double click."""
        self.profile = profile if profile is not None else Profile()
        self.settings = self.profile.settings
        i18n.set_language(self.language_wanted())
        self.page_prefers = page_preferences()
        """What the browser asks of the page: the settings the player has not chosen."""
        widgets.keys_shown = True  # no finger has touched this app yet
        self.show_display()
        self.session = Session(self.profile, tell=self._tell, settled=self._refresh_table)
        """The rules of the games played here: saving, counting, posting (see :mod:`.session`)."""
        self.sounds = Sounds(self.settings.sound, self.settings.volume)
        self.running = True
        self.table: TableScene | None = None
        self.suspended: TableScene | None = None
        self.stack: list[Scene] = []
        self.hint_memo: HintMemo = {}
        """Positions on proven hint lines, for every table (restarting a deal keeps them)."""
        self.pointer = PointerReader(
            lambda pos: self.display.to_canvas(pos), lambda: self.screen.get_size(), self._to_scene
        )
        """Taps and the mouse, as the scene on show reads them (see :mod:`.events`)."""
        self.pads = ControllerReader(lambda: self.table is not None and self.scene is self.table)
        """Game controllers, as the keys they stand for (see :mod:`.events`)."""
        self.pads.start()
        self.tasks = Tasks()
        """Solver searches running beside the game, a slice a frame (see :mod:`.ui.tasks`)."""
        self.outlooks: dict[str, str] = {}
        """Position text -> the indicator's proven answer there ("yes" or "no")."""
        self.stats = FrameStats()
        """How long the frames take (see :class:`.pacing.FrameStats`)."""
        self.shown_moving = False
        """Whether the last frame shown had things moving (and so was not drawn sharp in
        a large desktop window): when they stop, one more frame is drawn."""
        self.page_wake = PageWake()
        """In the browser: wakes the idle loop at page input, where the runtime can."""
        self.sleeps_when_idle = True
        """False: the loop runs every frame even on an idle screen (the idle benchmark's
        baseline)."""
        self.stirred_at = 0.0
        """When (in :attr:`now_ms`) input last came or a frame last drew (see :data:`LINGER_MS`)."""
        self.handlers: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.QUIT: self.quit,
            pygame.WINDOWEXPOSED: self.exposed,
            pygame.WINDOWSHOWN: self.exposed,
            pygame.WINDOWRESTORED: self.exposed,
            pygame.VIDEORESIZE: self.resized,
            pygame.WINDOWSIZECHANGED: self.resized,
            pygame.FINGERDOWN: self.finger_down,
            pygame.FINGERMOTION: self.pointer.finger_motion,
            pygame.FINGERUP: lambda event: self.pressed(self.pointer.tap(event)),
            pygame.MOUSEBUTTONDOWN: self.clicked,
            pygame.MOUSEMOTION: self.pointer_moved,
            pygame.KEYDOWN: self.key,
            pygame.CONTROLLERDEVICEADDED: self.pads.added,
            pygame.CONTROLLERDEVICEREMOVED: self.pads.removed,
            pygame.CONTROLLERBUTTONDOWN: lambda event: self.keyed(self.pads.button(event)),
            pygame.CONTROLLERBUTTONUP: self.pads.button_up,
            pygame.CONTROLLERAXISMOTION: lambda event: self.keyed(self.pads.axis(event)),
            pygame.JOYDEVICEADDED: self.pads.joystick_added,
            pygame.JOYDEVICEREMOVED: self.pads.removed,
            pygame.JOYBUTTONDOWN: self.joystick,
            pygame.JOYBUTTONUP: self.joystick,
            pygame.JOYAXISMOTION: self.joystick,
        }
        """What each kind of event does (see :meth:`dispatch`); the others are dropped."""
        self.access = Access(self)
        """The screen reader's words and the page's hidden controls (off on the desktop)."""
        from thirteen.ui.screens.start import StartScene

        self.start_scene = StartScene(self)
        self.scene: Scene = self.start_scene
        self._open_first(query)

    def setting(self, name: str) -> Any:
        """The setting ``name`` in effect: the player's choice, or where none was made,
        the browser's preference (see :mod:`.ui.prefs`)."""
        return resolved(self.settings, name, self.page_prefers)

    def show_display(self) -> bool:
        """Draw with the palette and the text size the settings ask for; whether the
        text size changed (the screens then lay themselves out again)."""
        contrast = bool(self.setting("high_contrast"))
        repaint = contrast != theme.high_contrast
        resized = theme.set_display(contrast, self.settings.larger_text)
        resized = theme.set_text_floor(self.display.shown_at()) or resized
        scene = getattr(self, "scene", None)  # None while the first scenes are built
        if repaint and scene is not None:
            scene.dirty = True
        return resized

    @property
    def screen(self) -> pygame.Surface:
        """The logical canvas the scenes draw on (its size follows the window's shape)."""
        return self.display.canvas

    def relayout(self) -> None:
        """The canvas has a new size: every table lays itself out again (the game, the
        selection and the messages stay); the other screens are shown scaled to fit."""
        theme.set_text_floor(self.display.shown_at())
        for scene in {self.table, self.suspended, self.start_scene, self.scene, *self.stack}:
            if scene is not None:
                scene.relayout()
        self.scene.dirty = True

    def language_wanted(self) -> str:
        """The language the settings choose, or (automatic) the page's or the desktop's."""
        if self.settings.language in i18n.LANGUAGES:
            return self.settings.language
        tags = page_languages() if sys.platform == "emscripten" else i18n.desktop_languages()
        return i18n.pick(tags)

    def change_language(self) -> None:
        """The settings chose another language: every screen speaks it at once (each is
        laid out again, so that its words are fitted anew)."""
        i18n.set_language(self.language_wanted())
        for scene in {self.table, self.suspended, self.start_scene, self.scene, *self.stack}:
            if scene is not None:
                scene.retext()
        self.scene.dirty = True

    def _fitted(self, scene: Scene) -> tuple[float, int, int] | None:
        """(scale, left, top) of a 1280x720 screen shown on this canvas, or None when the
        scene lays itself out for any canvas (the table) or the canvas is 1280x720."""
        if scene.lays_out(self.screen.get_size()):
            return None
        w, h = self.screen.get_size()
        scale = min(w / WIDTH, h / HEIGHT)
        return scale, round((w - WIDTH * scale) / 2), round((h - HEIGHT * scale) / 2)

    def draw(self) -> None:
        """Draw the scene on show onto the canvas (a 1280x720 screen scaled to fit)."""
        fit = self._fitted(self.scene)
        if fit is None:
            self.scene.draw(self.screen)
            return
        scale, left, top = fit
        felt = backdrop(self.screen.get_size())
        size = (round(WIDTH * scale), round(HEIGHT * scale))
        under = pygame.transform.smoothscale(felt.subsurface((left, top), size), (WIDTH, HEIGHT))
        with felt_under(under):
            self.scene.draw(self.design)
        self.screen.blit(felt, (0, 0))
        self.screen.blit(pygame.transform.smoothscale(self.design, size), (left, top))

    def _to_scene(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A canvas position where the scene on show reads it."""
        fit = self._fitted(self.scene)
        if fit is None:
            return pos
        scale, left, top = fit
        return (int((pos[0] - left) / scale), int((pos[1] - top) / scale))

    # -- the game on the table ------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The engine game being played (None on the start screen)."""
        return self.table.game if self.table is not None else None

    def _open_first(self, query: str) -> None:
        """A link's game, else the saved game in progress, else the start screen (the
        session decides which), with what the opening has to tell."""
        link = share.parse_link(query) if query else share.ParsedLink(None, [])
        if link.setup is not None:
            # read once: a reload resumes what is played from here, not the link's
            # game again (which would push aside the game in progress)
            share.forget_link()
        self._put_up(self.session.open(link.setup, link.notices, link.replaced))
        table, notices = self.table, self.session.notices
        if table is not None and self.scene is table and notices:
            # what the opening has to tell (the link, storage), once, where the player is
            shown = [tr(n) for n in notices]
            if table.message in shown:
                table.message = ""
            table.show_banner(" ".join(shown))
            notices.clear()

    def _put_up(self, showing: Showing) -> TableScene | None:
        """Put what the session chose in front of the player: a table (and the end
        screen of a score to post over it), or the start screen."""
        if showing.game is None:
            self.show(self.start_scene)
            return None
        table = self.put_on_table(showing.game, deal=showing.dealt)
        if showing.end is not None:
            from thirteen.ui.screens.end import EndScene

            self.open(SceneName.END)
            if showing.end and isinstance(self.scene, EndScene):
                self.scene.message = tr(showing.end)
        return table

    def put_on_table(self, game: Game, deal: bool = True) -> TableScene:
        table = TableScene(self, game)
        self.table, self.suspended = table, None
        self.stack.clear()
        self.show(table)
        if deal:
            table.deal_in()
            if game.is_over:  # dealt with no move at all: it ends, and counts, at once
                table.recorded = False
                table.finish()
        if self.session.pending_say:
            table.say(tr(self.session.pending_say), 5000)
            self.session.pending_say = None
        return table

    def new_game(self, setup: GameSetup) -> TableScene:
        """Start ``setup``'s game, giving up the one on the table or left for the start
        screen (or first offer a score another tab left unposted)."""
        table = self._put_up(self.session.new_game(setup, self.table, self.suspended))
        assert table is not None
        return table

    def new_deal(self) -> None:
        setup = getattr(self.game, "setup", None)
        if setup is None:
            setup = GameSetup(
                self.start_scene.game_id, deal=1, layout=self.start_scene.layout_for()
            )
        self.deal_random(setup.game, setup.layout)

    def deal_random(self, game_id: str, layout: str | None) -> None:
        """A new random deal of ``game_id``; with winnable deals only, searched for beside
        the game first (the table says so meanwhile; a second press waits for the same)."""
        if not self.settings.winnable_only:
            self.new_game(self.session.random_setup(game_id, layout))
            return
        if "deal" in self.tasks:
            return
        steps = self.session.random_setup_steps(game_id, layout, SLICE_MS)
        self.tasks.start("deal", steps, self.new_game, priority=2)
        if self.table is not None and self.scene is self.table:
            self.table.say(i18n.tr("Looking for a winnable deal..."), 3000)

    def restart(self) -> None:
        setup = getattr(self.game, "setup", None)
        if setup is not None:
            self.new_game(setup)

    def _tell(self, message: str | Message, ms: float) -> None:
        """What the session tells the player at once goes on the table, if one is up."""
        if self.table is not None:
            self.table.say(tr(message), ms)

    def _refresh_table(self) -> None:
        """The session settled the score: the table's buttons follow (no Undo)."""
        if self.table is not None:
            self.table.refresh_buttons()

    def toggle_sound(self) -> None:
        self.settings.sound = not self.settings.sound
        self.sounds.enabled = self.settings.sound
        self.profile.save_settings()

    # -- scenes ---------------------------------------------------------------
    def show(self, scene: Scene) -> None:
        self.scene = scene
        scene.enter()

    def ask_before_leaving(self, command: str) -> None:
        """Open the end screen asking about the unposted score that ``command`` (new,
        restart, menu) would lose."""
        from thirteen.ui.screens.end import EndScene

        self.open(SceneName.END)
        if isinstance(self.scene, EndScene):
            self.scene.ask_to_leave(command)

    def open(self, name: SceneName) -> None:
        """Open a scene over the current one; ``back`` returns to it."""
        from thirteen.ui.screens.calendar import CalendarScene
        from thirteen.ui.screens.end import EndScene
        from thirteen.ui.screens.help import HelpScene
        from thirteen.ui.screens.settings import SettingsScene
        from thirteen.ui.screens.stats import StatsScene

        made = {
            SceneName.HELP: HelpScene,
            SceneName.STATS: StatsScene,
            SceneName.SETTINGS: SettingsScene,
            SceneName.END: EndScene,
            SceneName.CALENDAR: CalendarScene,
        }[name](self)
        if name == SceneName.END and self.table is not None:
            self.table.end_left = None  # open now: the table's delayed opening is done
        self.stack.append(self.scene)
        self.show(made)

    def warm_end_screen(self) -> None:
        """Render the end screen's words beside the game while the table waits to open it
        (:meth:`.EndScene.warm`): its first frame then only blits them."""
        from thirteen.ui.screens.end import EndScene

        table = self.table
        if table is None:
            return
        ahead = EndScene(self)
        self.tasks.start(
            "end-words", ahead.warm(), done=lambda _: None, still=lambda: table.game.is_over
        )

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
        """Pass one event to its handler (see :attr:`handlers`)."""
        handler = self.handlers.get(event.type)
        if handler is not None:
            handler(event)

    def quit(self, event: pygame.event.Event) -> None:
        self.running = False

    def exposed(self, event: pygame.event.Event) -> None:
        """The window was uncovered or shown again: its pixels are drawn anew."""
        self.scene.dirty = True

    def resized(self, event: pygame.event.Event) -> None:
        size = getattr(event, "size", None) or (event.x, event.y)
        self.display.resize(*size)
        self.scene.dirty = True

    def keys_seen(self, shown: bool) -> None:
        """The last input was a key or the mouse (True) or a finger (False): buttons and
        messages name keys only after a key or the mouse (:data:`.widgets.keys_shown`)."""
        if widgets.keys_shown != shown:
            widgets.keys_shown = shown
            self.scene.dirty = True

    def finger_down(self, event: pygame.event.Event) -> None:
        self.keys_seen(False)
        self.pointer.finger_down(event)

    def clicked(self, event: pygame.event.Event) -> None:
        """A mouse button: a real press (not the echo of a touch) brings the keys back."""
        press = self.pointer.press(event)
        if press is not None:
            self.keys_seen(True)
        self.pressed(press)

    def pressed(self, press: pygame.event.Event | None) -> None:
        """A press on the scene (a click or a tap; None: none, an echo or a swipe)."""
        if press is not None:
            self.gesture()
            self.scene.handle(press)

    def pointer_moved(self, event: pygame.event.Event) -> None:
        motion = self.pointer.motion(event)
        if motion is not None:
            self.keys_seen(True)
            self.scene.handle(motion)

    def key(self, event: pygame.event.Event) -> None:
        """A key: F1 opens help from every screen, as the table's Help button does; F11
        fills the screen with the desktop window, or brings it back; the others go to the
        scene."""
        self.gesture()
        self.keys_seen(True)
        if event.key == pygame.K_F1 and self.opens_help():
            self.open(SceneName.HELP)
            return
        if event.key == pygame.K_F11 and self.display.toggle_fullscreen():
            self.scene.dirty = True
            return
        self.scene.handle(event)

    def joystick(self, event: pygame.event.Event) -> None:
        """A gamepad read as a joystick (a runtime without game controllers): handled as
        the controller event it stands for (see :meth:`.ControllerReader.as_controller`)."""
        standing = self.pads.as_controller(event)
        if standing is not None:
            self.dispatch(standing)

    def keyed(self, press: pygame.event.Event | None) -> None:
        """A key a controller's button or stick stands for (None: none)."""
        if press is not None:
            self.key(press)

    def gesture(self) -> None:
        """The player pressed something: sounds may load now (browsers allow audio only
        after a user gesture)."""
        if self.settings.sound and not self.sounds.ready:
            self.sounds.load()

    def opens_help(self) -> bool:
        """Whether F1 opens help over the scene on show (not over help itself)."""
        from thirteen.ui.screens.help import HelpScene

        return not isinstance(self.scene, HelpScene)

    # -- the frames' figures, as the browser's tests read them (see :attr:`stats`) ----
    @property
    def frame_ms(self) -> deque[float]:
        return self.stats.frame_ms

    @property
    def frame_gaps_ms(self) -> deque[float]:
        return self.stats.frame_gaps_ms

    @property
    def first_frame_at(self) -> float | None:
        return self.stats.first_frame_at

    @property
    def first_frame_ms(self) -> float | None:
        return self.stats.first_frame_ms

    def step(self, dt_ms: float) -> bool:
        """One frame: events, time, a slice of a search running beside the game, and a
        draw only when something changed.

        Frames that draw or search are timed into :attr:`stats`.
        """
        start = time.perf_counter()
        self.now_ms += dt_ms
        for event in pygame.event.get():
            if event.type in INPUT_EVENTS:
                self.stirred_at = self.now_ms
            self.dispatch(event)
        for event in self.access.events():  # the page's hidden controls: keys, as typed
            self.stirred_at = self.now_ms
            self.dispatch(event)
        for event in self.pads.repeat(dt_ms):  # a direction held on a controller
            self.stirred_at = self.now_ms
            self.key(event)
        self.display.poll(dt_ms)
        if self.show_display():  # larger text: laid out anew, as for a new canvas size
            self.display.changed = True
        if self.display.changed:
            self.display.changed = False
            self.relayout()
        self.session.watch(self.table if self.scene is self.table else None, dt_ms)
        self.scene.update(dt_ms)
        searched = self.tasks.run()
        self.access.flush()
        moving = self.scene.moving()
        if self.shown_moving and not moving:
            self.scene.dirty = True  # at rest again: one frame drawn at full sharpness
        if self.scene.dirty:
            self.scene.dirty = False
            self.shown_moving = moving
            self.display.sharp(not moving)
            self.draw()
            self.display.present()
            end = time.perf_counter()
            self.stats.shown(end)
            self.stats.worked(start, end)
            self.stirred_at = self.now_ms
            return True
        if searched:
            self.stats.worked(start, time.perf_counter())
        return False

    def busy(self) -> bool:
        """Whether the loop must keep its full frame rate: the scene on show moves or
        counts down (:meth:`.Scene.active`) or has a change to draw, a search runs beside
        the game, or input came or a frame drew less than :data:`LINGER_MS` ago."""
        if self.scene.dirty or self.scene.active() or self.tasks.busy():
            return True
        if self.pads.held is not None:  # a direction held repeats on time
            return True
        return self.now_ms - self.stirred_at < LINGER_MS

    def idle_wait_ms(self) -> float:
        """How long the loop may sleep before the next frame unless input comes: 0 while
        :meth:`busy` (or when :attr:`sleeps_when_idle` is off)."""
        if not self.sleeps_when_idle or self.busy():
            return 0.0
        return IDLE_WAIT_MS

    def rest(self, ms: float) -> None:
        """``ms`` passed while the loop slept on an idle screen: the clocks that count
        real time move on (a press's wait for a second one, the session's look at the
        save slot, the browser's look at the viewport), but nothing animates, so the
        first frame of what the waking input starts does not jump ahead."""
        self.now_ms += ms
        self.display.poll(ms)
        self.session.watch(self.table if self.scene is self.table else None, ms)


async def drive(app: App, desktop: bool | None = None) -> None:
    """Run ``app``'s frames until it stops: at most 60 a second while it is busy, and
    on an idle screen a sleep until input (the desktop; ``desktop`` None: unless in the
    browser) or the page's next look (see :class:`.pacing.Pacer`)."""
    if desktop is None:
        desktop = sys.platform != "emscripten"
    preload()  # no frame ever compiles a module first imported inside a function
    pacer = Pacer(app.page_wake, desktop)
    last = time.perf_counter()
    slept = False
    first = True
    while app.running:
        now = time.perf_counter()
        dt = (now - last) * 1000
        last = now
        if not slept and not first:
            app.stats.frame_gaps_ms.append(dt)
        first = False
        if slept:  # the time asleep passes without animating; this frame is one frame
            app.rest(max(0.0, dt - FRAME_MS))
            dt = min(dt, FRAME_MS)
        app.step(min(MAX_STEP_MS, dt))
        if not app.running:
            break
        wait = app.idle_wait_ms()
        slept = wait > 0
        await pacer.wait(wait, app.sounds)
