"""The window's pointer events and game controllers as the scenes read them.

A tap is a left click where the finger went down (:mod:`.touch` tells a tap from a
swipe or a pinch), the mouse's echo of a touch is dropped, a finger never hovers, and a
position is where the scene on show reads it (a 1280x720 screen is shown scaled on
other canvases).  The scenes see a press as ``MOUSEBUTTONDOWN`` with ``touch`` False,
and the pointer as ``MOUSEMOTION``.  A game controller's buttons and stick come as
the keys they stand for (:class:`ControllerReader`), so the scenes read keys alone.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from thirteen.ui.touch import TapReader

Point = tuple[int, int]


class PointerReader:
    """Turns the mouse's and the fingers' events into presses and motions on the scene."""

    def __init__(
        self,
        to_canvas: Callable[[Point], Point],
        canvas_size: Callable[[], Point],
        to_scene: Callable[[Point], Point],
    ) -> None:
        self.to_canvas = to_canvas
        """A point of the window on the canvas."""
        self.canvas_size = canvas_size
        """The canvas's size now (the fingers' fractions are of it)."""
        self.to_scene = to_scene
        """A point of the canvas where the scene on show reads it."""
        self.taps = TapReader()

    def finger_down(self, event: pygame.event.Event) -> None:
        self.taps.size = self.canvas_size()
        self.taps.down(event.touch_id, event.finger_id, event.x, event.y)

    def finger_motion(self, event: pygame.event.Event) -> None:
        self.taps.size = self.canvas_size()
        self.taps.motion(event.touch_id, event.finger_id, event.x, event.y)

    def tap(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A finger lifted: the left click its tap is, or None when it ends no tap."""
        self.taps.size = self.canvas_size()
        pos = self.taps.up(event.touch_id, event.finger_id, event.x, event.y)
        if pos is None:
            return None
        return pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=self.to_scene(pos), button=1, touch=False
        )

    def press(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A mouse button went down: the press on the scene, or None for the echo of a
        touch."""
        pos = self.to_canvas(event.pos)
        if getattr(event, "touch", False) or self.taps.is_echo(pos):
            return None
        return pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=self.to_scene(pos), button=event.button, touch=False
        )

    def motion(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The mouse moved: the motion on the scene, or None once fingers are in use (a
        finger does not hover)."""
        pos = self.to_canvas(event.pos)
        if getattr(event, "touch", False) or self.taps.touched:
            return None
        return pygame.event.Event(pygame.MOUSEMOTION, pos=self.to_scene(pos), touch=False)


# -- game controllers ------------------------------------------------------------------

BUTTON_KEYS: dict[int, int] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
}
"""The key each controller button presses on every screen: the d-pad the arrows, A
Enter, B and Start Escape (back)."""

TABLE_BUTTON_KEYS: dict[int, int] = {
    **BUTTON_KEYS,
    pygame.CONTROLLER_BUTTON_B: pygame.K_u,
    pygame.CONTROLLER_BUTTON_X: pygame.K_h,
    pygame.CONTROLLER_BUTTON_Y: pygame.K_d,
    pygame.CONTROLLER_BUTTON_START: pygame.K_MENU,
}
"""On the table: B undoes (U), X asks for a hint (H), Y draws (D) and Start opens the
menu (the Menu key), whatever is selected."""

STICK_KEYS: dict[tuple[int, int], int] = {
    (pygame.CONTROLLER_AXIS_LEFTX, -1): pygame.K_LEFT,
    (pygame.CONTROLLER_AXIS_LEFTX, 1): pygame.K_RIGHT,
    (pygame.CONTROLLER_AXIS_LEFTY, -1): pygame.K_UP,
    (pygame.CONTROLLER_AXIS_LEFTY, 1): pygame.K_DOWN,
}
"""The left stick pushed one way: (axis, sign) -> the arrow key it presses."""

STICK_PUSHED = 16000
"""How far (of 32767) the stick must lean to press its arrow: the dead zone is inside."""
STICK_RELEASED = 8000
"""How far back it must come before it counts as let go (a stick resting near the edge
of the dead zone does not flicker on and off)."""
STANDARD_BUTTONS: dict[int, int] = {
    0: pygame.CONTROLLER_BUTTON_A,
    1: pygame.CONTROLLER_BUTTON_B,
    2: pygame.CONTROLLER_BUTTON_X,
    3: pygame.CONTROLLER_BUTTON_Y,
    9: pygame.CONTROLLER_BUTTON_START,
    12: pygame.CONTROLLER_BUTTON_DPAD_UP,
    13: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    14: pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    15: pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}
"""Where a runtime has joysticks but not SDL's game controllers (pygame-ce's build for
the browser run by Pyodide), a browser gamepad's buttons come as a joystick's in the
Gamepad API's standard layout: each, as the controller button it is."""
STANDARD_AXES = {0: pygame.CONTROLLER_AXIS_LEFTX, 1: pygame.CONTROLLER_AXIS_LEFTY}
"""The same for the left stick's two axes (a joystick's axis runs from -1 to 1)."""

REPEAT_DELAY_MS = 400.0
"""A direction held (the d-pad or the stick) presses its arrow again after this..."""
REPEAT_MS = 130.0
"""...and then this often, as a held arrow key does."""


class ControllerReader:
    """Turns a game controller's buttons and left stick into the keys the scenes read:
    one table of buttons for every screen and one for the table (:data:`BUTTON_KEYS`,
    :data:`TABLE_BUTTON_KEYS`), so that a controller does all a keyboard does and
    nothing else; a direction held repeats (see :meth:`repeat`)."""

    def __init__(self, on_table: Callable[[], bool]) -> None:
        self.on_table = on_table
        """Whether the table is the scene on show (its buttons do more)."""
        self.opened: dict[int, object] = {}
        """The controllers opened, by SDL's instance id (kept open while connected)."""
        self.held: int | None = None
        """The arrow key a direction held presses (None: no direction is held)."""
        self.held_from: tuple[int, int] | None = None
        """What holds it: ("button", button) or ("axis", axis) as (0, n) or (1, n)."""
        self.held_left = 0.0
        """Milliseconds until the held direction presses its arrow again."""
        self.joysticks = False
        """Whether gamepads are read as joysticks in the standard layout (the runtime
        has no game controllers; see :data:`STANDARD_BUTTONS`)."""

    def start(self) -> None:
        """Listen for controllers: those connected now and later are announced by
        ``CONTROLLERDEVICEADDED`` (see :meth:`added`).  A runtime without SDL's game
        controllers (or a machine without them) plays on without."""
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            return
        except Exception:  # noqa: BLE001 - an input the game can do without never stops it
            pass
        try:  # no game controllers here: a gamepad comes as a joystick
            pygame.joystick.init()
            self.joysticks = True
        except Exception:  # noqa: BLE001 - nor joysticks: keys, mouse and touch it is
            return

    def added(self, event: pygame.event.Event) -> None:
        """A controller was connected (or was there at the start): open it, so that its
        buttons and stick send events (opening it twice keeps one)."""
        try:
            from pygame._sdl2 import controller

            pad = controller.Controller(event.device_index)
            instance = pad.as_joystick().get_instance_id()
        except Exception:  # noqa: BLE001 - a device that cannot be opened is left alone
            return
        self.opened[instance] = pad

    def joystick_added(self, event: pygame.event.Event) -> None:
        """A joystick was connected: opened where gamepads come as joysticks (else the
        same device's ``CONTROLLERDEVICEADDED`` opens it, see :meth:`added`)."""
        if not self.joysticks:
            return
        try:
            pad = pygame.joystick.Joystick(event.device_index)
            self.opened[pad.get_instance_id()] = pad
        except Exception:  # noqa: BLE001 - a device that cannot be opened is left alone
            return

    def as_controller(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A joystick's button or axis event as the controller event it stands for in
        the standard layout; None where gamepads are read as controllers, or for a
        button or axis the game does not use."""
        if not self.joysticks:
            return None
        if event.type in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            button = STANDARD_BUTTONS.get(event.button)
            if button is None:
                return None
            kind = pygame.CONTROLLERBUTTONDOWN
            if event.type == pygame.JOYBUTTONUP:
                kind = pygame.CONTROLLERBUTTONUP
            return pygame.event.Event(kind, button=button, instance_id=event.instance_id)
        axis = STANDARD_AXES.get(event.axis)
        if axis is None:
            return None
        value = round(max(-1.0, min(1.0, event.value)) * 32767)
        return pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=event.instance_id
        )

    def removed(self, event: pygame.event.Event) -> None:
        """A controller was disconnected: forget it, and any direction it held."""
        self.opened.pop(getattr(event, "instance_id", -1), None)
        self.let_go()

    def button(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A button went down: the key it presses here (None: a button with no key)."""
        keys = TABLE_BUTTON_KEYS if self.on_table() else BUTTON_KEYS
        k = keys.get(event.button)
        if k is None:
            return None
        if k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            self.hold(k, (0, event.button))
        return key_event(k)

    def button_up(self, event: pygame.event.Event) -> None:
        """A button came up: a d-pad direction held stops repeating."""
        if self.held_from == (0, event.button):
            self.let_go()

    def axis(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The stick moved: its arrow when it leans out of the dead zone, else None."""
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return None
        source = (1, event.axis)
        if self.held_from == source:
            if abs(event.value) < STICK_RELEASED:
                self.let_go()
            return None
        if abs(event.value) < STICK_PUSHED:
            return None
        k = STICK_KEYS[(event.axis, 1 if event.value > 0 else -1)]
        self.hold(k, source)
        return key_event(k)

    def hold(self, k: int, source: tuple[int, int]) -> None:
        self.held, self.held_from, self.held_left = k, source, REPEAT_DELAY_MS

    def let_go(self) -> None:
        self.held, self.held_from, self.held_left = None, None, 0.0

    def repeat(self, dt_ms: float) -> list[pygame.event.Event]:
        """``dt_ms`` passed: the arrow presses a held direction makes meanwhile."""
        if self.held is None:
            return []
        out = []
        self.held_left -= dt_ms
        while self.held_left <= 0:
            out.append(key_event(self.held))
            self.held_left += REPEAT_MS
        return out


def key_event(k: int) -> pygame.event.Event:
    """The key press a controller's button or stick stands for."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0, pad=True)
