"""Crisp text and cards in a window twice the canvas's size (the dummy video driver)."""

import pygame
import pytest

from thirteen.core.cards import parse_card
from thirteen.ui import cards as card_art
from thirteen.ui import theme
from thirteen.ui.crisp import SharpCanvas
from thirteen.ui.display import Display

from .helpers import card_at, click, step

FELT = (22, 84, 58)


@pytest.fixture
def window(make):
    """A 2560x1440 window over the 1280x720 canvas: a scale of exactly 2."""
    make()  # pygame initialised the way the game does it
    display = Display("window", (2560, 1440))
    assert display.size == (1280, 720) and display.canvas.scale == 2.0
    display.canvas.fill(FELT)
    return display


def region(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def in_between(surface: pygame.Surface, rect: pygame.Rect, ink: tuple[int, int, int]) -> int:
    """How many pixels of ``rect`` are neither the felt nor the ink (anti-aliased edges)."""
    sub = surface.subsurface(rect)
    count = 0
    for x in range(sub.get_width()):
        for y in range(sub.get_height()):
            colour = tuple(sub.get_at((x, y)))[:3]
            if (
                max(abs(a - b) for a, b in zip(colour, FELT, strict=True)) > 12
                and max(abs(a - b) for a, b in zip(colour, ink, strict=True)) > 12
            ):
                count += 1
    return count


def test_text_is_drawn_again_at_the_window_scale(window):
    """The window shows the words set at twice the type size, not the canvas's glyphs
    blown up: its pixels are those of the 48-point text, and it has far fewer grey edge
    pixels than the smoothly scaled canvas."""
    rect = theme.blit_text(window.canvas, "Score 120", 24, (100, 100), theme.INK)
    window.present()
    box = pygame.Rect(rect.x * 2, rect.y * 2, rect.w * 2, rect.h * 2)
    expected = pygame.Surface(box.size)
    expected.fill(FELT)
    big = theme.font(48).render("Score 120", True, theme.INK)
    expected.blit(big, big.get_rect(center=expected.get_rect().center))
    assert region(window.window, box) == pygame.image.tobytes(expected, "RGB")
    blurred = pygame.transform.smoothscale(window.canvas, (2560, 1440))
    assert in_between(window.window, box, theme.INK) * 3 < in_between(blurred, box, theme.INK)


def test_a_card_face_is_the_face_drawn_at_twice_the_size(window):
    """The face shown is the 200x280 face itself (its middle, inside the round corners,
    pixel for pixel), with the court picture drawn for that size."""
    for text, at in (("5d", (300, 200)), ("Qs", (500, 200))):
        card = parse_card(text)
        window.canvas.blit(card_art.card_face(card, 100, 140), at)
    window.present()
    for text, at in (("5d", (300, 200)), ("Qs", (500, 200))):
        big = card_art.card_face(parse_card(text), 200, 280)
        inside = pygame.Rect(12, 12, 176, 256)
        shown = inside.move(at[0] * 2, at[1] * 2)
        assert region(window.window, shown) == region(big, inside), text


def test_what_is_drawn_over_an_item_keeps_its_scaled_pixels(window):
    """A face with a rectangle drawn over a corner of it is drawn again around the
    rectangle, which shows as the scaled canvas shows it (not covered by the face drawn
    again); a face and a text under opaque patches are not drawn again at all."""
    canvas = window.canvas
    canvas.blit(card_art.card_face(parse_card("5d"), 100, 140), (300, 200))
    pygame.draw.rect(canvas, (255, 0, 0), (370, 310, 30, 30))  # over its lower right
    covered = card_art.card_face(parse_card("9c"), 100, 140)
    canvas.blit(covered, (500, 200))
    rect = theme.blit_text(canvas, "Veiled", 30, (700, 100))
    for under in (rect, pygame.Rect(500, 200, 100, 140)):
        patch = pygame.Surface(under.size)
        patch.fill((90, 90, 90))
        canvas.blit(patch, under)
    window.present()
    blurred = pygame.transform.smoothscale(canvas, (2560, 1440))
    red = pygame.Rect(742, 622, 56, 56)  # inside the rectangle's 60x60 in the window
    assert region(window.window, red) == region(blurred, red)
    assert window.window.get_at(red.center)[:3] == (255, 0, 0)
    top = pygame.Rect(12, 12, 176, 180)  # the face above the rectangle: drawn again
    assert region(window.window, top.move(600, 400)) == region(
        card_art.card_face(parse_card("5d"), 200, 280), top
    )
    for box in (pygame.Rect(1000, 400, 200, 280), pygame.Rect(*(2 * v for v in rect))):
        assert region(window.window, box) == region(blurred, box)


def test_overlapping_cards_are_drawn_again_in_order(window):
    """A card that a later card half covers is drawn again too, and the later one over
    it: the strip of the lower card that shows and the whole upper card are crisp."""
    lower, upper = parse_card("7h"), parse_card("Kc")
    window.canvas.blit(card_art.card_face(lower, 100, 140), (300, 200))
    window.canvas.blit(card_art.card_face(upper, 100, 140), (300, 250))
    window.present()
    strip = pygame.Rect(12, 12, 176, 80)  # the lower card's top, above the upper card
    assert region(window.window, strip.move(600, 400)) == region(
        card_art.card_face(lower, 200, 280), strip
    )
    inside = pygame.Rect(12, 12, 176, 256)
    assert region(window.window, inside.move(600, 500)) == region(
        card_art.card_face(upper, 200, 280), inside
    )


def test_an_earlier_card_is_not_drawn_again_over_a_later_one_that_keeps_its_scaled_pixels(
    window,
):
    """When the later, overlapping card is covered (so not drawn again), the earlier one
    is drawn again only where the later one does not lie over it (it lies over the lower
    two sevenths of it)."""
    canvas = window.canvas
    lower, upper = parse_card("7h"), parse_card("Kc")
    canvas.blit(card_art.card_face(lower, 100, 140), (300, 200))
    canvas.blit(card_art.card_face(upper, 100, 140), (300, 300))
    patch = pygame.Surface((100, 140))
    patch.fill((90, 90, 90))
    canvas.blit(patch, (300, 300))
    window.present()
    blurred = pygame.transform.smoothscale(canvas, (2560, 1440))
    later = pygame.Rect(600, 600, 200, 280)
    assert region(window.window, later) == region(blurred, later)
    strip = pygame.Rect(12, 12, 176, 80)
    assert region(window.window, strip.move(600, 400)) == region(
        card_art.card_face(lower, 200, 280), strip
    )


def test_a_card_under_a_small_see_through_glow_is_drawn_again_under_it(window):
    """The glow round a card under the mouse (a small see-through surface) is drawn
    again, scaled, over the card drawn again: the card stays crisp under it."""
    card = card_art.card_face(parse_card("Qh"), 100, 140)
    window.canvas.blit(card, (300, 200))
    glow = pygame.Surface((116, 156), pygame.SRCALPHA)
    pygame.draw.rect(glow, (255, 230, 120, 70), glow.get_rect(), border_radius=14)
    window.canvas.blit(glow, (292, 192))
    window.present()
    expected = pygame.Surface((232, 312))
    expected.blit(card_art.card_face(parse_card("Qh"), 200, 280), (16, 16))
    expected.blit(pygame.transform.smoothscale(glow, (232, 312)), (0, 0))
    inside = pygame.Rect(28, 28, 176, 256)
    assert region(window.window, inside.move(584, 384)) == region(expected, inside)


def test_the_table_of_a_game_is_crisp_in_a_large_window(make):
    """The real table in a 2x window: its cards are shown at the window's resolution."""
    app = make("?game=thirteens&deal=3", animations=False)
    app.display = Display("window", (2560, 1440))
    app.table.relayout()
    app.draw()
    canvas = app.display.canvas
    noted = len(canvas.noted)
    assert noted > 20
    app.display.present()
    spot = next(s for s in app.table.geo.spots if s.card is not None and s.free)
    big = card_art.card_face(spot.card, spot.rect.w * 2, spot.rect.h * 2)
    inside = big.get_rect().inflate(-24, -24)
    shown = inside.move(spot.rect.x * 2, spot.rect.y * 2)
    assert region(app.display.window, shown) == region(big, inside)


def test_nothing_is_noted_at_scale_one_nor_headless(make):
    """A window the canvas's size notes nothing, and the headless (and browser) canvas is
    the display itself, not a noting canvas."""
    make()
    display = Display("window", (1280, 720))
    theme.blit_text(display.canvas, "Score", 24, (10, 10))
    display.canvas.blit(card_art.card_face(parse_card("5d"), 100, 140), (300, 200))
    assert display.canvas.noted == []
    fixed = Display("fixed", (1280, 720))
    assert not isinstance(fixed.canvas, SharpCanvas)
    assert fixed.canvas is fixed.window


def test_f11_fills_the_screen_and_brings_the_window_back(make):
    """F11 (a real key event) makes the desktop window fill the screen at the desktop's
    size, the table laid out for its shape; F11 again brings back the window's size. The
    headless canvas has no full screen: F11 leaves it alone."""
    import pygame

    from thirteen.ui.canvas import canvas_size

    from .helpers import press

    app = make("?game=pyramid&deal=3", animations=False)
    press(app, pygame.K_F11)
    assert app.screen.get_size() == (1280, 720) and not app.display.fullscreen
    app.display = Display("window", (1280, 720))
    app.relayout()
    desktop = pygame.display.get_desktop_sizes()[0]
    press(app, pygame.K_F11)
    assert app.display.fullscreen and app.display.window.get_size() == desktop
    assert app.screen.get_size() == canvas_size(*desktop) == app.table.frame.size
    press(app, pygame.K_F11)
    assert not app.display.fullscreen and app.display.window.get_size() == (1280, 720)
    assert app.table.frame.size == (1280, 720)


def test_frames_in_motion_are_shown_scaled_and_the_frame_at_rest_sharp(make, monkeypatch):
    """Cards in flight in a 2x window: those frames are not drawn again sharp (it would
    cost two to three times the frame); when they land, one more frame is, unasked."""
    app = make("?game=thirteens&deal=3", animations=True)
    app.display = Display("window", (2560, 1440))
    app.table.relayout()
    sharpened: list[bool] = []
    real = SharpCanvas.sharpen

    def spy(self, *args):
        sharpened.append(app.table.moving())
        return real(self, *args)

    monkeypatch.setattr(SharpCanvas, "sharpen", spy)
    presented: list[bool] = []
    present = app.display.present
    monkeypatch.setattr(
        app.display, "present", lambda: (presented.append(app.table.moving()), present())
    )
    move = next(m for m in app.table.game.legal_moves() if m.cards)
    for card in move.cards:  # the window is twice the canvas: so are its positions
        x, y = card_at(app, card)
        click(app, (2 * x, 2 * y))
    assert app.table.moving()
    while app.table.moving():
        step(app)
    step(app, 2)
    assert True in presented, "no frame was shown while the cards flew"
    assert sharpened and not any(sharpened), "a frame in motion was drawn sharp"
    assert presented[-1] is False
