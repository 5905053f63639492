"""What keeps frames short in the browser: the panel kept as pixels, card faces rendered
ahead of need, run-length encoded art, every module imported before the first frame, and
the page's audio suspended while the game sleeps."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from thirteen.core.cards import FULL_DECK
from thirteen.ui import cards as card_art
from thirteen.ui import sound, theme
from thirteen.ui.canvas import canvas_size
from thirteen.ui.crisp import SharpCanvas
from thirteen.ui.preload import SKIPPED
from thirteen.ui.table import paint, searches

from .helpers import click_card, step

GAME_DIR = Path(__file__).resolve().parents[2] / "game"


def panel_pixels(app) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(app.table.frame.panel), "RGB")


def test_the_panel_is_painted_once_while_it_shows_the_same_and_again_when_it_changes(make):
    app = make("?game=thirteens&deal=1", animations=False, timer=False)
    while not searches.graded(app.table.game):  # the deal's grade shown: the panel stays as it is
        step(app)
    step(app, 3)
    layer = app.table.panel_layer
    painted = layer.painted
    for _ in range(5):
        app.table.dirty = True
        step(app)
    assert layer.painted == painted  # redrawn five times from the kept pixels
    kept = panel_pixels(app)
    layer.forget()
    app.table.dirty = True
    step(app)
    assert panel_pixels(app) == kept  # the same as painting it afresh
    click_card(app, "Ks")  # a move: the score and the move count change
    step(app, 2)
    assert layer.painted > painted + 1
    after = panel_pixels(app)
    assert after != kept
    layer.forget()
    app.table.dirty = True
    step(app)
    assert panel_pixels(app) == after


def test_an_upright_phone_keeps_its_bars_and_paints_them_with_a_message(make):
    app = make("?game=thirteens&deal=1", animations=False, timer=False)
    app.display.resize(*canvas_size(390, 844))
    app.relayout()
    while not searches.graded(app.table.game):
        step(app)
    step(app, 3)
    assert app.table.frame.portrait
    layer = app.table.panel_layer
    painted = layer.painted
    app.table.dirty = True
    step(app)
    assert layer.painted == painted
    app.table.message = "A message over the table"
    app.table.dirty = True
    step(app)  # its veil lies outside the bars: painted directly, every time
    assert layer.painted == painted


def test_a_window_that_sharpens_text_gets_the_panel_s_real_blits(make):
    app = make("?game=thirteens&deal=1", animations=False)
    step(app, 2)
    canvas = SharpCanvas(app.screen.get_size(), app.screen)
    canvas.set_scale(2.0)
    app.table.draw(canvas)
    assert app.table.panel_layer.kept == []  # painted, not put back
    assert any(n.kind.value == "text" for n in canvas.noted)


def test_the_faces_are_rendered_ahead_a_few_per_frame_until_the_deck_is_done(make):
    app = make("?game=pyramid13&deal=3")
    table = app.table
    w, h = table.geo.card_w, table.geo.card_h
    four = app.settings.four_colour
    assert table.warmed != paint.art_look(table)
    assert table.active()  # the loop keeps its frames while faces are left to render
    for _ in range(400):
        if table.warmed == paint.art_look(table):
            break
        step(app)
    assert table.warmed == paint.art_look(table)
    kept = card_art._cache
    for card in FULL_DECK:
        key = ("card_face", card_art.theme.high_contrast, (card, w, h, four), ())
        assert key in kept, card


def test_run_length_art_blits_within_one_level_of_the_plain_blend():
    face = card_art.card_face(24, 90, 126)
    plain = face.copy()
    quick = card_art.accelerated(face.copy(), True)
    out = []
    for art in (plain, quick):
        felt = pygame.Surface((120, 160))
        felt.fill((30, 90, 40))
        felt.blit(art, (10, 10))
        out.append(pygame.image.tobytes(felt, "RGB"))
    assert max(abs(a - b) for a, b in zip(*out, strict=True)) <= 1
    assert quick.get_flags() & pygame.RLEACCEL  # encoded at its first blit
    assert not plain.get_flags() & pygame.RLEACCEL
    opaque = pygame.Surface((10, 10))
    assert not card_art.accelerated(opaque, True).get_flags() & pygame.RLEACCEL


def test_every_module_but_the_command_line_and_the_tools_is_imported_before_the_first_frame():
    code = (
        "import sys; from thirteen.ui.preload import preload; preload();"
        " print('\\n'.join(m for m in sys.modules if m.startswith('thirteen')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=GAME_DIR,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(GAME_DIR), "SDL_VIDEODRIVER": "dummy", "PATH": ""},
    ).stdout.split()
    loaded = set(out)
    everything = {
        ".".join(p.relative_to(GAME_DIR).with_suffix("").parts).removesuffix(".__init__")
        for p in (GAME_DIR / "thirteen").rglob("*.py")
    }
    skipped = {m for m in everything if any(m == s or m.startswith(s + ".") for s in SKIPPED)}
    assert {
        "thirteen.ui.screens.end",
        "thirteen.games.pyramids.solver",
        "thirteen.ui.replay",
    } <= loaded
    assert everything - skipped <= loaded
    assert not skipped & loaded
    assert any(m.startswith("thirteen.tools.") for m in everything)


class FakeContext:
    def __init__(self) -> None:
        self.state = "running"

    def suspend(self) -> None:
        self.state = "suspended"

    def resume(self) -> None:
        self.state = "running"


class FakeSound:
    def __init__(self) -> None:
        self.played = 0


class FakeVoice:
    """A mixer channel that counts the sounds it is given."""

    def play(self, sound: FakeSound) -> None:
        sound.played += 1


def test_the_page_s_audio_rests_while_the_game_sleeps_and_wakes_for_a_sound(monkeypatch):
    context = FakeContext()
    monkeypatch.setattr(sound, "page_audio", lambda: context)
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: False)
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: FakeVoice())
    sounds = sound.Sounds()
    sounds.rest()
    assert context.state == "running"  # no mixer open yet: nothing to rest
    sounds.ready = True
    sounds.sounds = {"select": FakeSound()}
    sounds.rest()
    assert context.state == "suspended" and sounds.resting is context
    sounds.rest()  # asleep again: once is enough
    sounds.play("select")
    assert context.state == "running" and sounds.resting is None
    assert sounds.sounds["select"].played == 1
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: True)
    sounds.rest()  # a sound still playing: left to finish
    assert context.state == "running"


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_desktop_has_no_page_audio(monkeypatch, platform):
    monkeypatch.setattr(sys, "platform", platform)
    assert sound.page_audio() is None


def test_the_end_screen_s_words_are_rendered_while_it_waits_to_open(make):
    app = make("?game=thirteens&deal=1", animations=False)
    while not app.game.is_over:
        game = app.game
        move = game.legal_moves()[0]
        probe = game.copy()
        probe.play(move)
        if probe.is_over:  # the last move: with the end screen's wait, as in play
            app.settings.animations = True
            while not searches.graded(app.table.game):  # the grade known (the panel shows it)
                step(app)
        app.table.play(move)
    warmed = False
    table = app.table
    for _ in range(3000):  # the wait, and a celebration of the first score
        warmed = warmed or "end-words" in app.tasks
        before = set(theme._texts)
        picture = table.veiled_kept
        step(app)
        if type(app.scene).__name__ == "EndScene":
            break
    else:
        raise AssertionError("the end screen never opened")
    assert warmed and "end-words" not in app.tasks
    assert set(theme._texts) - before == set()  # its first frame rendered no word anew
    # nor drew the table behind it: the picture made ahead is the one it shows
    assert picture is not None and app.scene.snapshot is picture[1]
    table.veiled_kept = None
    fresh = paint.veiled(table, table.frame.size)
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(picture[1], "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_a_felt_for_a_new_canvas_follows_the_vignette_s_rule(size):
    """The felt (built in the first frame at a new canvas size or colour, from one mask)
    turns from its centre colour to its edge colour as the square of the distance from the
    middle, the edges' middles at 1/1.3 of the way: sampled against that rule."""
    from thirteen.ui.scene import backdrop

    width, height = size
    _label, centre, edge = theme.FELTS["blue"]
    felt = backdrop(size, "blue")
    assert felt.get_size() == size
    for fx, fy in [(0.5, 0.5), (0.25, 0.5), (0.5, 0.1), (0.8, 0.7), (0.05, 0.05), (0.9, 0.3)]:
        u, v = 2 * fx - 1, 2 * fy - 1
        mix = min(1.0, (u * u + v * v) ** 0.5 / 1.3) ** 2
        want = [a * (1 - mix) + b * mix for a, b in zip(centre, edge, strict=True)]
        got = felt.get_at((int(fx * width), int(fy * height)))[:3]
        assert all(abs(g - w) <= 4 for g, w in zip(got, want, strict=True)), (fx, fy, got, want)
