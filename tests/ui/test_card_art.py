"""Card faces, backs, the court pictures' build (scripts/build_art.py) and what the game
draws without them; the settings for backs, felts and volume; the win's celebration."""

import io
import tarfile

import pygame
import pytest

from script_modules import load_script
from thirteen.core.cards import make_card
from thirteen.records.profile import Profile
from thirteen.records.settings import settings_from
from thirteen.records.storage import MemoryStorage
from thirteen.ui import cards as card_art
from thirteen.ui import celebrate, court_art, sound
from thirteen.ui.scene_names import SceneName

from .helpers import click, press, step

art = load_script("build_art")

SYMBOL_JS = """
const SvgXY = _ref => {
  let { title, titleId, ...props } = _ref;
  return /*#__PURE__*/React.createElement("svg", _extends({
    xmlns: "http://www.w3.org/2000/svg",
    viewBox: "0 0 100 100", width: 100, height: 100, "aria-labelledby": titleId
  }, props), title ? /*#__PURE__*/React.createElement("title", { id: titleId }, title) : null,
  /*#__PURE__*/React.createElement("defs", null,
    /*#__PURE__*/React.createElement("symbol", {
      id: "s", viewBox: "0 0 10 10", preserveAspectRatio: "none"
    }, /*#__PURE__*/React.createElement("rect", { width: 10, height: 10, fill: "#F00" }))),
  /*#__PURE__*/React.createElement("use", { xlinkHref: "#s", x: 50, y: 0, width: 50,
    height: 50 }),
  /*#__PURE__*/React.createElement("use", { xlinkHref: "#s", transform: "rotate(180 50 50)",
    x: 50, y: 0, width: 50, height: 50, strokeWidth: 2 }));
};
"""


def court_js(name: str) -> str:
    """A made-up court card shaped like the package's: a picture symbol in the frame, a
    corner index symbol, a frame path."""
    p = name
    return f"""
const Svg{name} = _ref => {{
  return React.createElement("svg", _extends({{ xmlns: "http://www.w3.org/2000/svg",
    viewBox: "-120 -168 240 336", width: 240, height: 336 }}, props),
  React.createElement("defs", null,
    React.createElement("symbol", {{ id: "{p}b", viewBox: "0 0 1300 2000",
      preserveAspectRatio: "none" }},
      React.createElement("path", {{ fill: "#FC4", d: "M0 0h1300v1000H0z" }})),
    React.createElement("symbol", {{ id: "{p}a", viewBox: "-600 -600 1200 1200",
      preserveAspectRatio: "xMinYMid" }},
      React.createElement("path", {{ d: "M-500-500h1000v1000h-1000z" }})),
    React.createElement("path", {{ id: "{p}i", d: "M-82.4-130.4H82.4v260.8H-82.4z" }})),
  React.createElement("rect", {{ width: 239, height: 335, x: -119.5, y: -167.5, fill: "#fff" }}),
  React.createElement("use", {{ width: 164.8, height: 260.8, x: -82.4, y: -130.4,
    xlinkHref: "#{p}b" }}),
  React.createElement("use", {{ transform: "rotate(180)", width: 164.8, height: 260.8,
    x: -82.4, y: -130.4, xlinkHref: "#{p}b" }}),
  React.createElement("use", {{ xlinkHref: "#{p}a", height: 30, width: 30, x: -115, y: -160 }}),
  React.createElement("use", {{ xlinkHref: "#{p}i", stroke: "#44F", fill: "none" }}));
}};
"""


def fake_package() -> bytes:
    """A tarball laid out as the npm package is, with the twelve court cards."""
    source = "import * as React from 'react';\n" + "".join(
        court_js(f"{s}{c}") for s in art.SUITS for c in art.COURTS
    )
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, text in (("package/dist/index.esm.js", source), ("package/LICENSE", "CC0")):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def red(surface: pygame.Surface, pos) -> bool:
    c = surface.get_at(pos)
    return c.a > 200 and c.r > 200 and c.g < 60 and c.b < 60


def test_components_are_read_back_as_svg():
    svg = art.components(SYMBOL_JS)["XY"]
    assert svg.tag == "svg" and svg.get("viewBox") == "0 0 100 100"
    assert svg.find("title") is None  # the title ternary is nothing at build time
    assert "aria-labelledby" not in svg.attrib
    uses = svg.findall("use")
    assert [u.get("href") for u in uses] == ["#s", "#s"]
    assert uses[1].get("stroke-width") == "2"  # camelCase names as SVG spells them
    assert svg.find("defs/symbol").get("preserveAspectRatio") == "none"


def test_use_is_copied_in_place_so_pygame_draws_it():
    svg = art.components(SYMBOL_JS)["XY"]
    raw = art.render(art.svg_text(svg), 100)
    assert not red(raw, (75, 25))  # pygame's loader draws no <use>: why they are inlined
    inlined = art.inline_uses(svg)
    assert not list(inlined.iter("use")) and not list(inlined.iter("symbol"))
    drawn = art.render(art.svg_text(inlined), 100)
    assert red(drawn, (75, 25))  # the first use: top right quarter
    assert red(drawn, (25, 75))  # the second, turned half about the middle: bottom left
    assert not red(drawn, (25, 25)) and not red(drawn, (75, 75))


def test_a_use_of_an_unknown_id_is_refused():
    svg = art.components(SYMBOL_JS.replace('"#s", x: 50', '"#nothing", x: 50'))["XY"]
    with pytest.raises(art.ArtError, match="unknown"):
        art.inline_uses(svg)


def test_the_court_picture_keeps_the_picture_not_the_corner_index():
    card = art.components(court_js("SK"))["SK"]
    picture = art.render(art.svg_text(art.court_picture(card)), 262)
    w, h = picture.get_size()
    assert abs(w / h - 166.8 / 262.8) < 0.01
    top, bottom = picture.get_at((w // 2, h // 4)), picture.get_at((w // 2, 3 * h // 4))
    assert (top.r, top.g, top.b) == (0xFF, 0xCC, 0x44)  # the picture, both halves
    assert (bottom.r, bottom.g, bottom.b) == (0xFF, 0xCC, 0x44)


def test_build_writes_twelve_half_pictures_and_the_licence(tmp_path):
    files = art.build(tmp_path, data=fake_package())
    names = sorted(p.relative_to(tmp_path).as_posix() for p in files)
    assert len(names) == 25 and "LICENSE.txt" in names and "ks.png" in names
    assert "desktop/ks.png" in names  # the large set, for large desktop windows
    half = pygame.image.load(str(tmp_path / "qh.png"))
    assert half.get_height() == art.PICTURE_HEIGHT // 2
    large = pygame.image.load(str(tmp_path / "desktop" / "qh.png"))
    assert large.get_height() == art.DESKTOP_HEIGHT // 2
    assert "CC0" in (tmp_path / "LICENSE.txt").read_text()


def test_a_tarball_that_is_not_the_pinned_one_is_refused(tmp_path):
    (tmp_path / f"letele-playing-cards-{art.VERSION}.tgz").write_bytes(fake_package())
    with pytest.raises(art.ArtError, match="digest"):
        art.tarball(offline=True, cache=tmp_path)
    with pytest.raises(art.ArtError, match="missing"):
        art.tarball(offline=True, cache=tmp_path / "empty")


@pytest.fixture
def art_folder(monkeypatch, tmp_path):
    """Court pictures from a made-up package, or none at all."""
    monkeypatch.setattr(court_art, "FOLDER", tmp_path)
    court_art.forget()
    card_art._cache.clear()
    yield tmp_path
    court_art.forget()
    card_art._cache.clear()


def test_court_cards_are_drawn_with_letters_where_the_pictures_were_not_built(art_folder):
    pygame.display.set_mode((10, 10))
    assert not court_art.available()
    assert court_art.picture(13, 3, (50, 100)) is None
    king = card_art.card_face(make_card(13, 3), 100, 140)
    assert king.get_size() == (100, 140)
    art.build(art_folder, data=fake_package())
    court_art.forget()
    card_art._cache.clear()
    assert court_art.available()
    picture = court_art.picture(13, 3, (50, 118))
    assert picture is not None and picture.get_size() == (50, 118)
    pictured = card_art.card_face(make_card(13, 3), 100, 140)
    mid = pictured.get_at((50, 50))
    assert all(abs(a - b) <= 4 for a, b in zip(mid[:3], (0xFF, 0xCC, 0x44), strict=True))
    assert king.get_at((50, 50)) != pictured.get_at((50, 50))


def test_a_picture_larger_than_the_small_images_is_scaled_down_from_the_large_ones(art_folder):
    """A 4K window's court card: taken from the desktop's large images, never enlarged
    from the small ones (which alone go into the browser's archive)."""
    pygame.display.set_mode((10, 10))
    art.build(art_folder, data=fake_package())
    small = court_art.picture(13, 3, (100, 250))
    assert small is not None
    assert str(art_folder / "ks.png") in court_art._halves
    assert str(art_folder / "desktop" / "ks.png") not in court_art._halves
    big = court_art.picture(13, 3, (300, 700))
    assert big is not None and big.get_size() == (300, 700)
    assert court_art._halves[str(art_folder / "desktop" / "ks.png")] is not None


def test_pip_layouts_are_the_printed_ones():
    for r, pips in card_art.PIPS.items():
        assert len(pips) == r and len(set(pips)) == r
        placed = {(c, round(row, 6)) for c, row in pips}
        mirrored = {(2 - c, round(1 - row, 6)) for c, row in pips}
        if r == 7:  # its odd pip sits above the middle
            assert mirrored ^ placed == {(1, 0.25), (1, 0.75)}
        else:
            assert mirrored == placed  # each layout reads the same upside down


def test_number_cards_carry_their_pips_and_blocked_cards_their_index():
    pygame.display.set_mode((10, 10))
    w, h = 100, 140
    ink = card_art.suit_colour(3, False)
    for r in (2, 7, 10):
        face = card_art.card_face(make_card(r, 3), w, h)
        centres = [
            (round(w * card_art.PIP_COLUMNS[c]), round(h * (0.2 + 0.6 * row)))
            for c, row in card_art.PIPS[r]
        ]
        assert all(face.get_at(p)[:3] == ink for p in centres)
    blocked = card_art.dimmed(make_card(10, 3), w, h)
    index = [blocked.get_at((x, y))[:3] for x in range(4, 30) for y in range(4, 40)]
    assert ink in index  # the index is drawn over the veil at full strength
    face = card_art.card_face(make_card(10, 3), w, h)
    assert blocked.get_at((50, 6))[:3] != face.get_at((50, 6))[:3]  # and the paper veiled


def test_every_back_is_its_own():
    pygame.display.set_mode((10, 10))
    middles = {card_art.card_back(80, 112, b).get_at((20, 30))[:3] for b in card_art.BACKS}
    assert len(middles) == len(card_art.BACKS)
    assert card_art.card_back(80, 112, "nonsense").get_at((20, 30)) == card_art.card_back(
        80, 112, "red"
    ).get_at((20, 30))


# -- settings -------------------------------------------------------------------------


def test_choice_settings_are_kept_and_wrong_types_are_dropped():
    settings, clean = settings_from({"card_back": "blue", "table_colour": "red", "volume": 50})
    assert (settings.card_back, settings.table_colour, settings.volume) == ("blue", "red", 50)
    assert clean
    settings, clean = settings_from({"card_back": 3, "volume": 400, "sound": "yes"})
    assert not clean and settings.card_back == "red" and settings.volume == 75 and settings.sound


def test_the_settings_screen_cycles_the_back_the_felt_and_the_volume(make):
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid&deal=1", profile=profile)
    app.open(SceneName.SETTINGS)
    step(app)
    scene = app.scene
    for name, after in (("card_back", "blue"), ("table_colour", "blue"), ("volume", 100)):
        for _ in range(scene.pages()):
            row = next((w for w in scene.widgets if w.name == name), None)
            if row is not None:
                break
            scene.activate("page:1")  # on the next page
        assert row is not None, name
        click(app, (row.rect.right - 40, row.rect.centery))  # the value's forward arrow
        assert getattr(app.settings, name) == after
    assert app.sounds.volume == 100
    again = Profile(profile.storage)
    assert (again.settings.card_back, again.settings.table_colour) == ("blue", "blue")
    assert again.settings.volume == 100


# -- the celebration ------------------------------------------------------------------


def win(app) -> None:
    from thirteen.advice.solving import solve

    for move in solve(app.game).moves:
        app.table.play(move)


def test_a_win_celebrates_frame_by_frame_until_a_click_skips_it(make):
    app = make("?game=pyramid&deal=1", animations=True, sound=False)
    win(app)
    for _ in range(60):  # the last cards fly off, then the cards leap
        step(app)
        if app.table.celebration is not None:
            break
    party = app.table.celebration
    assert party is not None and party.kind is celebrate.Kind.WIN
    assert app.busy() and app.scene is app.table
    step(app, 20)
    assert party.flyers and not party.done
    click(app, (100, 100))
    assert type(app.scene).__name__ == "EndScene" and app.table.celebration is None
    assert app.profile.stats("pyramid").won == 1


def test_a_celebration_plays_out_by_itself(make):
    app = make("?game=pyramid&deal=1", animations=True, sound=False)
    win(app)
    frames = 0
    while type(app.scene).__name__ != "EndScene" and frames < 2000:
        step(app)
        frames += 1
    assert 300 < frames < 2000  # seconds of cards leaping, then the end screen


def test_with_animations_off_the_end_screen_opens_over_a_still_picture(make):
    app = make("?game=pyramid&deal=1", animations=False, sound=False)
    for _ in range(500):  # the faces rendered ahead and the deal's grade, a little a frame
        if not app.table.active():
            break
        step(app)
    win(app)
    step(app, 2)
    assert type(app.scene).__name__ == "EndScene"
    party = app.table.celebration
    assert party is not None and app.table.still and party.done and party.hint == ""
    assert not app.table.active()
    press(app, pygame.K_u)  # undo from the end screen: back to the cards
    assert app.scene is app.table and app.table.celebration is None


def test_each_kind_draws_its_own_picture():
    pygame.display.set_mode((10, 10))
    table = pygame.Surface((640, 360))
    table.fill((22, 84, 58))
    area = pygame.Rect(0, 0, 520, 360)
    pictures = {}
    for kind in celebrate.Kind:
        party = celebrate.Celebration(kind, table, area, (50, 70))
        party.update(1200)
        out = pygame.Surface((640, 360))
        party.draw(out)
        pictures[kind] = pygame.image.tobytes(out, "RGB")
        assert out.get_at((600, 350))[:3] == (22, 84, 58) or kind is not celebrate.Kind.WIN
    assert len(set(pictures.values())) == 3


def test_a_sweep_and_a_personal_best_are_told_apart(make):
    app = make("?game=pyramid&deal=1", animations=False, sound=False)
    table = app.table
    assert table.earned() is None  # not over, no best
    win(app)
    kind, best = table.earned()
    assert kind is celebrate.Kind.WIN and not best  # the first game sets no record to beat


def test_card_sounds_are_made_and_the_volume_applies():
    for name, make_wave in sound.EFFECTS.items():
        samples = sound.samples(make_wave())
        assert 0.02 < len(samples) / sound.RATE < 2.0, name
        loudest = max(abs(v) for v in samples)
        assert loudest > 0.99 * sound.PEAK * 32767, name  # each as loud as the others
    assert len(sound.shuffle()) > 2 * len(sound.slap())
    sounds = sound.Sounds(True, 40)
    sounds.load()
    if sounds.ready:
        assert all(abs(s.get_volume() - 0.4) < 0.01 for s in sounds.sounds.values())
        sounds.set_volume(100)
        assert all(abs(s.get_volume() - 1.0) < 0.01 for s in sounds.sounds.values())


def test_minus_and_plus_on_the_table_set_the_volume_shown_on_the_sound_button(make):
    app = make("?game=pyramid&deal=1", sound=False)
    press(app, pygame.K_MINUS)
    press(app, pygame.K_MINUS)
    assert app.settings.volume == 25 and app.sounds.volume == 25
    press(app, pygame.K_MINUS)
    assert app.settings.volume == 25  # never silent: that is what Mute is for
    press(app, pygame.K_EQUALS)
    sound_button = next(b for b in app.table.buttons if b.name == "sound")
    assert app.settings.volume == 50 and "50%" in sound_button.key
    assert Profile(app.profile.storage).settings.volume == 50
