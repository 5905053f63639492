"""A game controller plays as the keyboard does: its buttons and stick, posted as
pygame's controller events, drive real games and the other screens (ui/events.py's
tables)."""

from __future__ import annotations

import pygame

from thirteen.core.cards import parse_card
from thirteen.ui.events import REPEAT_DELAY_MS, REPEAT_MS, STICK_PUSHED
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.settings import SettingsScene

from .helpers import click_card, step


def pad_button(app, button: int) -> None:
    """One press of a controller button, down and up, as SDL sends it."""
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=button, instance_id=0))
    step(app)


def pad_stick(app, axis: int, value: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=0)
    )
    step(app)


def focused_card(app):
    spot = app.table.find(app.table.focus_key)
    return None if spot is None else spot.card


def test_the_d_pad_moves_the_focus_and_a_plays_a_pair(make):
    app = make("?game=pyramid&deal=3", animations=False)
    table = app.table
    pad_button(app, pygame.CONTROLLER_BUTTON_A)  # no focus yet: A puts it on a card
    assert table.show_focus and focused_card(app) is not None
    seen = []
    for _ in range(20):  # down into the pyramid's bottom row, then along it to the Jack
        seen.append(focused_card(app))
        if focused_card(app) == parse_card("Js"):
            break
        before = table.focus_key
        pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        if table.focus_key == before:  # the row's end: one row down
            pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert focused_card(app) == parse_card("Js"), seen
    pad_button(app, pygame.CONTROLLER_BUTTON_A)
    assert table.selected == parse_card("Js")
    for _ in range(5):
        pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        if focused_card(app) == parse_card("2s"):
            break
    assert focused_card(app) == parse_card("2s")
    pad_button(app, pygame.CONTROLLER_BUTTON_A)
    assert len(app.game.moves) == 1 and app.game.score == 2  # J + 2 = 13: both gone


def test_b_undoes_x_hints_y_draws_and_start_opens_the_menu(make, patient):
    app = make("?game=pyramid&deal=3", animations=False)
    pad_button(app, pygame.CONTROLLER_BUTTON_Y)
    assert len(app.game.moves) == 1 and app.game.waste_count == 1  # drawn
    pad_button(app, pygame.CONTROLLER_BUTTON_B)
    assert app.game.moves == [] and app.game.waste_count == 0  # undone
    pad_button(app, pygame.CONTROLLER_BUTTON_X)
    for _ in range(400):
        if app.table.hint_spots or (app.table.message and "hint" not in app.tasks):
            break
        step(app)
    assert app.table.hint_spots  # a hint shows its cards
    click_card(app, "Js")  # a selection does not stop Start from opening the menu
    assert app.table.selected == parse_card("Js")
    pad_button(app, pygame.CONTROLLER_BUTTON_START)
    assert app.scene is app.start_scene and app.suspended is not None


def test_the_stick_has_a_dead_zone_and_a_held_direction_repeats(make):
    app = make("?game=thirteens&deal=3", animations=False)
    table = app.table
    pad_button(app, pygame.CONTROLLER_BUTTON_A)  # the focus on the first card
    first = table.focus_key
    pad_stick(app, pygame.CONTROLLER_AXIS_LEFTX, STICK_PUSHED // 2)  # inside the dead zone
    assert table.focus_key == first
    moves = []
    pad_stick(app, pygame.CONTROLLER_AXIS_LEFTY, STICK_PUSHED + 2000)  # down: one step
    moves.append(table.focus_key)
    assert moves[0] != first
    frames = int(REPEAT_DELAY_MS // 16) - 2
    step(app, frames)  # held, but not long enough to repeat
    assert table.focus_key == moves[0]
    step(app, int(REPEAT_MS // 16) + 4)  # the repeat comes: one more step down
    assert table.focus_key != moves[0]
    below = table.focus_key
    pad_stick(app, pygame.CONTROLLER_AXIS_LEFTY, 0)  # let go: no more steps
    step(app, 60)
    assert table.focus_key == below


def test_on_the_other_screens_the_d_pad_a_and_b_are_arrows_enter_and_escape(make):
    app = make("?game=pyramid&deal=3", animations=False)
    app.open(SceneName.SETTINGS)
    step(app)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    first = scene.focus
    assert first is not None
    while scene.focus != "sound":
        pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert app.settings.sound is True
    pad_button(app, pygame.CONTROLLER_BUTTON_A)  # Enter: the focused switch flips
    assert app.settings.sound is False
    pad_button(app, pygame.CONTROLLER_BUTTON_B)  # Escape: back to the table
    assert app.scene is app.table
    assert app.game.moves == []  # B was Escape there, not Undo on the table


def test_a_controller_connected_mid_game_is_opened_and_none_breaks_nothing(make, monkeypatch):
    from pygame._sdl2 import controller

    opened = []

    class FakePad:
        def __init__(self, index):
            opened.append(index)

        def as_joystick(self):
            return type("J", (), {"get_instance_id": lambda self: 7})()

    monkeypatch.setattr(controller, "Controller", FakePad)
    app = make("?game=pyramid&deal=3", animations=False)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=2))
    step(app)
    assert opened == [2] and 7 in app.pads.opened
    pad_button(app, pygame.CONTROLLER_BUTTON_Y)
    assert len(app.game.moves) == 1  # it plays at once
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    step(app)
    assert app.pads.opened == {}
    monkeypatch.undo()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=5))
    step(app)  # no such device: nothing is opened, and the game goes on
    assert app.pads.opened == {} and app.running


def sdl_library():
    """SDL itself, as loaded by pygame-ce (its wheel bundles it): pygame-ce does not
    expose SDL's virtual joysticks, so the test reaches them through ctypes; None where
    the bundled library is not found (another platform's build)."""
    import ctypes
    import glob
    import os

    libs = os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-*")
    found = sorted(glob.glob(libs))
    if not found:
        return None
    sdl = ctypes.CDLL(found[0])
    sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
    sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    return sdl


def test_sdl_s_virtual_controller_connected_mid_game_plays(make):
    import pytest

    sdl = sdl_library()
    if sdl is None:
        pytest.skip("SDL's library is not where pygame-ce's wheel keeps it")
    app = make("?game=pyramid&deal=3", animations=False)
    step(app)
    index = sdl.SDL_JoystickAttachVirtual(1, 6, 15, 0)  # a game controller: 6 axes, 15 buttons
    assert index >= 0
    joystick = sdl.SDL_JoystickOpen(index)
    try:
        step(app)  # CONTROLLERDEVICEADDED: the app opens it
        assert len(app.pads.opened) == 1

        def press(button: int) -> None:
            for down in (1, 0):
                sdl.SDL_JoystickSetVirtualButton(joystick, button, down)
                step(app)

        press(pygame.CONTROLLER_BUTTON_Y)
        assert len(app.game.moves) == 1  # drawn
        press(pygame.CONTROLLER_BUTTON_B)
        assert app.game.moves == []  # undone
        sdl.SDL_JoystickSetVirtualAxis(joystick, pygame.CONTROLLER_AXIS_LEFTX, 30000)
        step(app)
        assert app.table.show_focus and app.table.focus_key is not None  # the stick moved it
        sdl.SDL_JoystickSetVirtualAxis(joystick, pygame.CONTROLLER_AXIS_LEFTX, 0)
        step(app)
        assert app.pads.held is None
    finally:
        sdl.SDL_JoystickClose(joystick)
        sdl.SDL_JoystickDetachVirtual(index)
        step(app)
    assert app.pads.opened == {}  # CONTROLLERDEVICEREMOVED: forgotten


def test_where_there_are_no_game_controllers_a_gamepad_plays_as_a_joystick(make, monkeypatch):
    """A runtime without pygame._sdl2.controller (the browser's under Pyodide) reads a
    gamepad as a joystick in the Gamepad API's standard layout."""
    import builtins

    real_import = builtins.__import__

    def no_controllers(name, *args, **kwargs):
        if name == "pygame._sdl2" and "controller" in (args[2] or ()):
            raise ImportError("cannot import name 'controller'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_controllers)
    app = make("?game=pyramid&deal=3", animations=False)
    assert app.pads.joysticks
    for kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):  # 3 is Y: draw
        pygame.event.post(pygame.event.Event(kind, button=3, instance_id=0, joy=0))
    step(app)
    assert len(app.game.moves) == 1
    for kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):  # 1 is B: undo
        pygame.event.post(pygame.event.Event(kind, button=1, instance_id=0, joy=0))
    step(app)
    assert app.game.moves == []
    axis = dict(axis=1, value=0.9, instance_id=0, joy=0)  # the stick down: the focus shows
    pygame.event.post(pygame.event.Event(pygame.JOYAXISMOTION, **axis))
    step(app)
    assert app.table.show_focus and app.pads.held == pygame.K_DOWN
    pygame.event.post(pygame.event.Event(pygame.JOYAXISMOTION, **{**axis, "value": 0.0}))
    step(app)
    assert app.pads.held is None


def test_with_game_controllers_a_joystick_s_own_events_do_nothing_more(make):
    """SDL sends a controller's joystick events too: read once, as the controller's."""
    app = make("?game=pyramid&deal=3", animations=False)
    assert not app.pads.joysticks
    for kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=3, instance_id=0, joy=0))
    step(app)
    assert app.game.moves == []
