"""The player's settings: what each one means, and how the stored record (key
``settings``) is read back, field by field, and written."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from thirteen.records.record_format import RecordKind, dumps

SETTINGS_KEY = "settings"


@dataclass
class Settings:
    """What the player chose on the settings screen; each field's default is the choice
    of a player who chose nothing."""

    sound: bool = True
    animations: bool | None = None
    """Cards slide, fall and fly, a refused card shakes, a win celebrates in motion; off is
    "reduce motion" (still pictures instead).  None: not chosen, which follows the
    browser's prefers-reduced-motion (on where nothing asks otherwise)."""
    four_colour: bool = False
    winnable_only: bool = False
    auto_draw: bool = False
    """In the pyramids, draw by itself after a short pause when drawing is the only move."""
    timer: bool = False
    """Show the game's time on the table (best times are kept either way)."""
    card_back: str = "red"
    """The name of the card back drawn (the interface lists them; an unknown name draws
    its first)."""
    table_colour: str = "green"
    """The name of the felt the table is laid on (likewise)."""
    volume: int = 75
    """Sound effects' loudness in percent, 0 to 100."""
    show_winnable: bool = False
    """The table's "can this still be won?" indicator."""
    winnable_difficulty: str = "any"
    """What "winnable deals only" asks of a deal's grade (:data:`.difficulty.WANTED`)."""
    language: str = ""
    """The code of the language the game speaks (:data:`.i18n.LANGUAGES`); "" follows the
    browser's or the desktop's language."""
    high_contrast: bool | None = None
    """A near-black table, white cards with black outlines, strong focus and selection.
    None: not chosen, which follows the browser's prefers-contrast (off elsewhere)."""
    larger_text: bool = False
    """Every screen's text about a quarter larger (the card faces keep their size)."""
    animation_speed: str = "normal"
    """How fast the cards move while :attr:`animations` is on: one of
    :data:`ANIMATION_SPEEDS`.  The settings show both as one choice (:attr:`motion`)."""
    left_handed: bool = False
    """The table's panel and its buttons on the left (sideways) or mirrored in the bar
    (upright), where a left hand reaches them."""
    one_tap_draw: bool = False
    """In the pyramids, one click on the draw card draws it (a card selected before that
    makes 13 with it still pairs with it); off: the second click draws."""

    @property
    def motion(self) -> str:
        """:attr:`animations` and :attr:`animation_speed` as the one choice the settings
        show: "off" (reduce motion) or a speed (also while not chosen: what the page
        asks then is the interface's to add, :mod:`thirteen.ui.prefs`)."""
        return MOTION_OFF if self.animations is False else self.animation_speed

    @motion.setter
    def motion(self, value: str) -> None:
        """Off turns the animations off (the speed stays for when they are on again); a
        speed turns them on at that speed; any other word changes nothing."""
        if value == MOTION_OFF:
            self.animations = False
        elif value in ANIMATION_SPEEDS:
            self.animations = True
            self.animation_speed = value


ANIMATION_SPEEDS = ("slow", "normal", "fast")
"""The speeds the cards may move at, slowest first."""

MOTION_OFF = "off"
"""The :attr:`Settings.motion` that turns the animations off."""

ONE_OF: dict[str, tuple[str, ...]] = {"animation_speed": ANIMATION_SPEEDS}
"""Fields that hold one of a few words: any other word is left at the default."""


def _v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 wrote every setting with any change, so ``animations: true`` there is
    the old default as often as a choice: it becomes "not chosen" (None), which follows
    the browser's reduced-motion preference.  Off stays a choice."""
    new = {k: v for k, v in old.items() if not (k == "animations" and v is True)}
    return {**new, "v": 2}


SETTINGS = RecordKind("settings", 2, {1: _v1_to_v2})
"""Version 2 still: a field added since (the animations' speed, the left-handed table,
one-tap draw) is read at its default from a record without it, and an older game reading
a newer record keeps the fields it knows, so a new field needs no new version; one whose
meaning changes would."""


def settings_from(data: dict[str, Any]) -> tuple[Settings, bool]:
    """The settings a record holds, and whether every field it has was kept (a field of
    the wrong type, or a percentage out of range, is left at its default)."""
    settings, clean = Settings(), True
    for f in fields(Settings):
        if f.name in data:
            value, default = data[f.name], getattr(settings, f.name)
            # a field whose default is None ("not chosen") holds None or a switch
            unchosen = default is None and (value is None or type(value) is bool)
            allowed = ONE_OF.get(f.name)
            if allowed is not None and value not in allowed:
                clean = False
            elif unchosen or (
                type(value) is type(default) and not (type(value) is int and not 0 <= value <= 100)
            ):
                setattr(settings, f.name, value)
            else:
                clean = False
    return settings, clean


def settings_record(settings: Settings) -> dict[str, Any]:
    """The record that stores ``settings``."""
    return SETTINGS.stamped(asdict(settings))


def settings_in(text: str | None) -> Settings:
    """The settings a stored text holds (the defaults where it holds none)."""
    data = SETTINGS.read(text)
    return settings_from(data)[0] if data is not None else Settings()


def settings_text(settings: Settings) -> str:
    """The text that stores ``settings``."""
    return dumps(settings_record(settings))
