"""The loop's pace, and the figures it keeps of its frames.

While anything moves or counts down, or just after input or a change on screen, the loop
runs up to 60 frames a second.  On an idle screen it sleeps, so that an idle table costs
next to nothing: on the desktop it waits for an event, which wakes it at once (see
:mod:`.idle`); in the browser, which cannot block, it sleeps until the page sees input
where the runtime lets it (see :mod:`.page_wake`), else yields
:data:`PAGE_IDLE_SLEEP_MS` at a time between looks at the event queue.  Whether the
screen is idle is the App's to say (:meth:`.App.idle_wait_ms`); how the loop waits is
:class:`Pacer`'s.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque

import pygame

from thirteen.session.game_session import TAKEOVER_CHECK_MS
from thirteen.ui.idle import wait_for_event
from thirteen.ui.page_wake import PageWake
from thirteen.ui.sound import Sounds

STARTED_AT = time.perf_counter()
"""When this module was imported, with the App's: the clock :attr:`FrameStats.first_frame_ms`
counts from."""

FRAMES_KEPT = 5000
"""How many frames' figures are kept (the oldest go first)."""

FRAME_MS = 1000 / 60
"""One frame at the loop's full rate."""

MAX_STEP_MS = 100.0
"""The most time one frame advances animations and timers: after a stall (a hidden tab,
a busy machine) they go on from where they were rather than jump ahead."""

LINGER_MS = 1000.0
"""After input or a frame that drew, the loop keeps its full rate this long, idle or
not: the next press of a player at play is answered within a frame in the browser too."""

IDLE_WAIT_MS = float(TAKEOVER_CHECK_MS)
"""The longest the loop sleeps on an idle screen: the session looks once a second
whether another tab took the save slot over."""

PAGE_IDLE_SLEEP_MS = 50.0
"""How long the browser loop yields at a time on an idle screen where the page cannot
wake it at input (pygbag's runtime; see :mod:`.page_wake`): a press waits up to this
(and a frame) to be seen; the loop wakes 20 times a second rather than every frame."""

ANIMATION_RATES = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "off": 1.0}
"""How fast the cards' flights and the win's celebration run at each animation speed the
settings offer, as a share of their normal pace (off: nothing flies; what is left, a
still picture, keeps the normal pace)."""


def animation_rate(motion: str) -> float:
    """The time a frame of ``dt`` advances an animation by, per ms of ``dt``, at the
    settings' ``motion`` (:data:`ANIMATION_RATES`; an unknown word: normal)."""
    return ANIMATION_RATES.get(motion, 1.0)


INPUT_EVENTS = frozenset(
    {
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.FINGERDOWN,
        pygame.FINGERMOTION,
        pygame.FINGERUP,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERBUTTONUP,
        pygame.CONTROLLERAXISMOTION,
        pygame.JOYBUTTONDOWN,
        pygame.JOYAXISMOTION,
    }
)
"""Events from the player: each keeps the loop at full rate for :data:`LINGER_MS` (a
pointer moving towards a card, a finger that touched and will lift)."""


class FrameStats:
    """How long the frames take, for the benchmarks and the browser's tests (bounded:
    nothing else is kept)."""

    def __init__(self) -> None:
        self.first_frame_at: float | None = None
        """``time.perf_counter()`` when the first frame was shown."""
        self.frame_ms: deque[float] = deque(maxlen=FRAMES_KEPT)
        """How long the last frames that drew or searched took (events, update, a slice
        of a search, draw, flip), in ms."""
        self.frame_gaps_ms: deque[float] = deque(maxlen=FRAMES_KEPT)
        """The last frame periods at full rate (the loop did not sleep between the two
        frames), in ms: a frame's own work and the wait for the display's next frame,
        what a player sees as smooth or not (the frame rate's stalls)."""

    @property
    def first_frame_ms(self) -> float | None:
        """Milliseconds from importing the App to the first frame shown."""
        if self.first_frame_at is None:
            return None
        return (self.first_frame_at - STARTED_AT) * 1000

    def worked(self, start: float, end: float) -> None:
        """A frame that drew or searched ran from ``start`` to ``end`` (perf_counter)."""
        self.frame_ms.append((end - start) * 1000)

    def shown(self, at: float) -> None:
        """A frame was shown at ``at`` (perf_counter): the first one is remembered."""
        if self.first_frame_at is None:
            self.first_frame_at = at


class Pacer:
    """How the loop waits after a frame: a frame's time at full rate, or on an idle
    screen a sleep until input comes (the desktop) or the page sees it (the browser)."""

    def __init__(self, waker: PageWake, desktop: bool) -> None:
        self.desktop = desktop
        self.waker = waker
        self.paced = not desktop and waker.install()
        """In the browser at full rate: one frame per display frame."""
        self.clock = pygame.time.Clock()

    async def wait(self, idle_ms: float, sounds: Sounds) -> None:
        """Wait for the next frame; ``idle_ms`` above 0: the screen is idle, and the loop
        may sleep that long unless input comes."""
        if self.desktop:
            self.clock.tick(60)  # also paces the wakes of a stream of events while idle
            if idle_ms > 0:
                wait_for_event(idle_ms)
            await asyncio.sleep(0)
            return
        if idle_ms > 0:
            sounds.rest()  # the page's audio callback would run all the while
        if idle_ms > 0 and self.paced:
            await self.waker.sleep(idle_ms)  # until the page sees input, or a second passes
        elif self.paced:
            await self.waker.next_frame()
        else:
            await asyncio.sleep(min(idle_ms, PAGE_IDLE_SLEEP_MS) / 1000)
