"""The interface's caches keep a fixed number of sizes, however many a window goes
through: counts of entries and bytes held, never times."""

from __future__ import annotations

import pygame
import pytest

from thirteen.core.cards import FULL_DECK, make_card
from thirteen.tools import bench_memory
from thirteen.ui import cards as card_art
from thirteen.ui import court_art, lru, scene, theme
from thirteen.ui.crisp import SharpCanvas
from thirteen.ui.lru import LruCache, surface_bytes

from .helpers import step

MB = 2**20


def test_the_least_recently_used_group_is_dropped_whole():
    cache: LruCache[str, int] = LruCache("test", 2)
    cache.put("a1", 1, "a")
    cache.put("a2", 2, "a")
    cache.put("b1", 3, "b")
    assert cache.get("a1") == 1  # "a" is now the most recently used
    cache.put("c1", 4, "c")  # a third group: "b" goes
    assert "b1" not in cache and cache.get("b1") is None
    assert sorted(cache) == ["a1", "a2", "c1"] and cache.groups == 2 and len(cache) == 3
    cache.put("d1", 5)  # a group of its own: "a" goes, both of its entries
    assert sorted(cache) == ["c1", "d1"] and cache.weight == 2
    assert cache.made == 5


def test_a_weighed_cache_keeps_at_most_its_weight_but_always_the_newest():
    cache: LruCache[str, str] = LruCache("test", 10, len)
    cache.put("x", "12345")
    cache.put("y", "1234")
    assert cache.weight == 9
    cache.put("z", "12")  # 11: the oldest goes
    assert sorted(cache) == ["y", "z"] and cache.weight == 6
    cache.put("big", "x" * 50)  # alone over the bound: kept, the rest go
    assert list(cache) == ["big"] and cache.weight == 50
    cache.put("big", "x" * 3)  # put again: in place of the kept one
    assert list(cache) == ["big"] and cache.weight == 3
    cache.clear()
    assert len(cache) == 0 and cache.weight == 0
    with pytest.raises(ValueError):
        LruCache("test", 0)


def test_surface_bytes_counts_pixels_in_surfaces_and_their_tuples():
    surf = pygame.Surface((10, 4), pygame.SRCALPHA)
    assert surface_bytes(surf) == surf.get_pitch() * 4 == 160
    assert surface_bytes((surf, None, [surf])) == 320
    assert surface_bytes("text") == 0


def by_name() -> dict[str, LruCache]:
    return {cache.name: cache for cache in lru.caches()}


@pytest.fixture
def display(make):
    make()  # pygame and a display, as the game opens them
    yield
    for cache in (card_art._cache, card_art._suits, card_art._blanks, scene._backdrops):
        cache.clear()
    court_art.forget()


def test_card_art_drawn_at_many_sizes_keeps_a_few(display):
    """Every face, blocked face, back, place and shadow at 40 card sizes (as a window
    dragged through 40 shapes draws them): the caches keep their bound of sizes."""
    for n in range(40):
        w, h = 60 + n, 84 + n
        for card in FULL_DECK[::4]:
            card_art.card_face(card, w, h)
            card_art.dimmed(card, w, h)
        card_art.card_back(w, h, "blue")
        card_art.slot(w, h)
        card_art.shadow(w, h)
    art = card_art._cache
    assert art.groups == card_art.SIZES_KEPT
    assert len(art) == card_art.SIZES_KEPT * (2 * 13 + 3)
    assert art.held_bytes() <= card_art.SIZES_KEPT * (2 * 13 + 3) * 99 * 123 * 4
    assert card_art._suits.groups <= card_art.SUIT_SIZES_KEPT
    assert card_art._blanks.groups <= card_art.BLANK_SIZES_KEPT
    assert court_art._pictures.groups <= court_art.SIZES_KEPT
    # the sizes kept are the last ones drawn
    assert ("slot", False, (99, 123), ()) in art and ("slot", False, (60, 84), ()) not in art


def test_art_drawn_again_after_it_was_dropped_is_the_same_pixels(display):
    king = make_card(13, 0)
    first = pygame.image.tobytes(card_art.card_face(king, 70, 98), "RGBA")
    back = pygame.image.tobytes(card_art.card_back(70, 98, "black"), "RGBA")
    for n in range(card_art.SIZES_KEPT + 1):
        card_art.card_face(king, 30 + n, 42 + n)
        card_art.card_back(30 + n, 42 + n, "black")
    assert ("card_face", False, (king, 70, 98), ()) not in card_art._cache
    assert pygame.image.tobytes(card_art.card_face(king, 70, 98), "RGBA") == first
    assert pygame.image.tobytes(card_art.card_back(70, 98, "black"), "RGBA") == back


def test_art_still_shown_after_it_was_dropped_can_still_be_drawn_at_another_size(display):
    """A larger window draws the canvas's cards again at its resolution from the art
    blitted: art dropped from the cache but still held is still known."""
    face = card_art.card_face(make_card(5, 2), 70, 98)
    words = theme.text("Still here", 24)
    for n in range(card_art.SIZES_KEPT + 1):
        card_art.card_face(make_card(5, 2), 30 + n, 42 + n)
    theme._texts.clear()
    assert card_art.shows_through(face) is False
    again = card_art.art_at(face, 140, 196)
    assert again is not None and again.get_size() == (140, 196)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(
        card_art.card_face(make_card(5, 2), 140, 196), "RGBA"
    )
    assert theme.is_text(words) and theme.text_at(words, 2.0) is not None
    assert not theme.is_text(pygame.Surface((5, 5)))


def test_felt_at_many_canvas_sizes_keeps_a_few(display):
    for n in range(30):
        scene.backdrop((720 + 10 * n, 720))
        scene.backdrop((720 + 10 * n, 720), "blue")
    felts = scene._backdrops
    assert felts.groups == scene.BACKDROP_SIZES_KEPT and len(felts) == 2 * felts.groups
    assert felts.held_bytes() <= 2 * scene.BACKDROP_SIZES_KEPT * 1010 * 720 * 4


def test_fonts_and_texts_at_many_sizes_keep_their_bound(display):
    for size in range(8, 400, 2):
        theme.plain_font(size)
        theme.text(f"Words at {size}", size)
    assert len(theme._fonts) == theme.FONTS_KEPT
    assert theme._texts.weight <= theme.TEXT_PIXELS_KEPT
    assert theme._texts.held_bytes() <= 4 * theme.TEXT_PIXELS_KEPT


def test_a_window_dragged_through_sixty_sizes_keeps_each_cache_in_its_bound(make):
    """The real App in a desktop window whose size changes at every frame (as the
    memory benchmark's drag, shorter): each cache holds at most its bound, and all of
    them together less than the ceiling's share the benchmark leaves them."""
    make()
    for cache in lru.caches():
        cache.clear()
    steps = 60
    app = bench_memory._window_app("?game=pyramid13&deal=5", bench_memory.drag_size(0, steps))
    for n in range(steps):  # the canvas's shape changes at each, and then its scale
        bench_memory._resize(*bench_memory.drag_size(n * 20, steps * 20))
        step(app)
    assert isinstance(app.display.canvas, SharpCanvas) and app.display.canvas.scale > 1
    caches = by_name()
    for name in ("card art", "suit symbols", "rounded blanks", "court pictures", "backdrops"):
        cache = caches[name]
        assert cache.groups <= cache.most, name
        assert cache.made > cache.most, name  # more sizes were drawn than are kept
    assert len(caches["fonts"]) <= theme.FONTS_KEPT
    held = sum(cache.held_bytes() for cache in lru.caches())
    assert held <= 48 * MB
    pygame.display.quit()


def test_the_memory_benchmark_runs_both_parts_and_tells_the_caches(make):
    make()
    drag = bench_memory.run_part("drag", 4)
    assert drag["frames"] == 4 and drag["peak_mb"] > 0
    assert "card art" in drag["held"]
    session = bench_memory.session(300, seed=1)
    assert session["events"] >= 300 and session["frames"] > 0
    pygame.display.quit()
