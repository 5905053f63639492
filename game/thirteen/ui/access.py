"""The game for a screen reader, through the page: what changed each frame is put into
words (:mod:`..speech`) and written into the page's live region, and the page's
visually hidden controls queue keys that the game plays as if they were pressed.

The page (web/index.tmpl) gives ``window.thirteen_a11y`` with ``say(text)`` (a new
line in the live region), ``take()`` (the keys queued since the last call, as JSON:
``[{"key": "ArrowRight", "shift": false, "ctrl": false}, ...]``, DOM key names), and
``label(name, text)`` and ``language(code)`` for its own words.  Those
keys become KEYDOWN events handed to :meth:`App.dispatch`, so every screen answers
them with its own key handling: there is no second way of making a move.

The desktop has no page: the announcer stays off, says nothing and costs nothing.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pygame

from thirteen.advice import difficulty
from thirteen.core.i18n import N_, language, tr
from thirteen.games import GameSetup
from thirteen.session import screen_speech, share, speech
from thirteen.ui.display import page_window
from thirteen.ui.spots import SpotKind
from thirteen.ui.table.words import titled

if TYPE_CHECKING:
    from thirteen.ui.app import App
    from thirteen.ui.scene import Scene

NAMED_KEYS = {
    "ArrowLeft": pygame.K_LEFT,
    "ArrowRight": pygame.K_RIGHT,
    "ArrowUp": pygame.K_UP,
    "ArrowDown": pygame.K_DOWN,
    "Tab": pygame.K_TAB,
    "Enter": pygame.K_RETURN,
    " ": pygame.K_SPACE,
    "Escape": pygame.K_ESCAPE,
    "Backspace": pygame.K_BACKSPACE,
    "F1": pygame.K_F1,
    "PageUp": pygame.K_PAGEUP,
    "PageDown": pygame.K_PAGEDOWN,
    "Home": pygame.K_HOME,
    "End": pygame.K_END,
    "-": pygame.K_MINUS,
    "+": pygame.K_PLUS,
    "=": pygame.K_EQUALS,
    "?": pygame.K_QUESTION,
    "/": pygame.K_SLASH,
    ".": pygame.K_PERIOD,
    "_": pygame.K_UNDERSCORE,
}
"""DOM key names the page may queue, as pygame keys (letters and digits are read apart)."""

FOCUS_KEYS = frozenset({pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB})

CONTROL_LABELS = {
    "canvas": N_("Thirteen: the card table"),
    "keys": N_(
        "Arrows move the focus from card to card, and the game says each card and"
        " where it lies; Enter or Space selects it, and cards that make a group go. D draws,"
        " T reads the whole table, H gives a hint, U undoes, N deals anew, F1 is help, Escape"
        " goes back. F6 moves to the game's buttons, which send the same keys."
    ),
    "read": N_("Read the table (T)"),
    "next": N_("Next card"),
    "select": N_("Select the focused card (Enter)"),
    "previous": N_("Previous card"),
    "draw": N_("Draw (D)"),
    "undo": N_("Undo (U)"),
    "redo": N_("Redo (Ctrl+Y)"),
    "hint": N_("Hint (H)"),
    "new": N_("New deal (N)"),
    "restart": N_("Restart the deal (R)"),
    "help": N_("Help (F1)"),
    "stats": N_("Statistics (S)"),
    "back": N_("Back or menu (Escape)"),
}
"""The page's words, in the player's language: the canvas's name, the description of
the keys and the hidden controls (by their id after ``a11y-``)."""

SCREEN_WORDS = {
    "StartScene": N_("Start screen: choose a game and a deal. Arrows move, Enter chooses."),
    "HelpScene": N_("Help."),
    "StatsScene": N_("Statistics. Arrows move, Enter chooses, Escape goes back."),
    "SettingsScene": N_("Settings. Arrows move, Enter changes, Escape goes back."),
}
"""What a screen is, said when it opens (the table, the end screen, help and text entry
say their own content)."""

SCREEN_HEADINGS = {
    "StartScene": N_("Menu"),
    "HelpScene": N_("Help"),
    "StatsScene": N_("Statistics"),
    "SettingsScene": N_("Settings"),
    "CalendarScene": N_("Calendar"),
    "EndScene": N_("Game over"),
}
"""The page's heading on each screen (the table's is the game's name, text entry's its
title): a screen reader's heading list says where the player is."""


def key_event(entry: dict[str, Any]) -> pygame.event.Event | None:
    """A KEYDOWN for one queued page key, or None for a key the game does not know."""
    name = str(entry.get("key", ""))
    shift, ctrl = bool(entry.get("shift")), bool(entry.get("ctrl"))
    if name in NAMED_KEYS:
        key = NAMED_KEYS[name]
        text = name if len(name) == 1 else ("\r" if name == "Enter" else "")
    elif len(name) == 1 and name.isascii() and name.isalnum():
        key = getattr(pygame, f"K_{name.lower()}")
        text = name
    else:
        return None
    mod = (pygame.KMOD_SHIFT if shift else 0) | (pygame.KMOD_CTRL if ctrl else 0)
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)


def widget_words(widget: Any) -> str:
    """A focused button, checkbox or choice, as a screen reader says it."""
    label = str(getattr(widget, "label", "") or getattr(widget, "name", ""))
    if hasattr(widget, "checked"):
        return tr("{label}: on", label=label) if widget.checked else tr("{label}: off", label=label)
    values = getattr(widget, "values", None)
    if values:
        return tr("{label}: {value}", label=label, value=values[widget.index][1])
    if getattr(widget, "enabled", True) is False:
        return tr("{label} (not available)", label=label)
    return label


class Access:
    """The announcer and the page's key queue, for one App."""

    def __init__(self, app: App, page: Any = None) -> None:
        self.app = app
        self.page = page if page is not None else _page_bridge()
        self.enabled = self.page is not None
        self.pending: list[str] = []
        self.said: list[str] = []
        """What was announced (the last :data:`KEPT`), for tests and the desktop's tools."""
        self._seen: dict[str, Any] = {}
        self.moved_focus = False
        """A key that moves the focus came from the page this frame: the focus is said
        even when it stayed (nothing further that way), so that no key goes unanswered."""
        self._labelled = ""
        """The language the page's words were last given in."""
        self.grade_due: GameSetup | None = None
        """The deal said without its difficulty, which is still being worked out: said
        once it is known, while that deal is on the table."""

    # -- the page's keys ------------------------------------------------------
    def events(self) -> list[pygame.event.Event]:
        """The keys the page queued since the last frame, as KEYDOWN events."""
        if not self.enabled:
            return []
        try:
            queued = json.loads(str(self.page.take()))
        except Exception:  # a page without the queue, or a broken one: nothing queued
            return []
        out = []
        for entry in queued if isinstance(queued, list) else []:
            event = key_event(entry) if isinstance(entry, dict) else None
            if event is not None:
                out.append(event)
        self.moved_focus = any(e.key in FOCUS_KEYS for e in out)
        return out

    # -- words ----------------------------------------------------------------
    def say(self, text: str) -> None:
        """Announce ``text`` at the end of this frame (with the frame's other news)."""
        if self.enabled and text and text not in self.pending:
            self.pending.append(text)

    def read_table(self) -> None:
        """The T key: the whole table in reading order."""
        table = self.app.table
        if table is not None:
            self.say(speech.table_words(table.on_table()))

    def flush(self) -> None:
        """Look at what the frame changed, then hand the page all of it as one line."""
        if not self.enabled:
            return
        if self._labelled != language():  # at the start, and when the settings change it
            self._labelled = language()
            self._label_controls()
        self._watch()
        self.moved_focus = False
        if not self.pending:
            return
        text = " ".join(self.pending)
        self.pending.clear()
        self.said = [*self.said[-(KEPT - 1) :], text]
        try:
            self.page.say(text)
        except Exception:  # the page went away or refused: the game goes on
            pass

    def _label_controls(self) -> None:
        """The page's words in the player's language, which the page also names (so that
        a screen reader reads them with that language's voice)."""
        self._seen.pop("heading", None)  # named again in the new language
        try:
            self.page.language(language())
            for name, words in CONTROL_LABELS.items():
                self.page.label(name, tr(words))
        except Exception:  # an older page: its English words stay
            return

    def _changed(self, name: str, value: Any) -> bool:
        """Whether ``value`` differs from the one seen under ``name`` last frame."""
        if name in self._seen and self._seen[name] == value:
            return False
        self._seen[name] = value
        return True

    def _watch(self) -> None:
        scene = self.app.scene
        entered = self._changed("scene", id(scene))
        table = self.app.table
        if table is not None and scene is table:
            self._watch_table(entered)
        else:
            self._watch_screen(scene, entered)
        heading = self._heading(scene)
        if heading and self._changed("heading", heading):
            try:
                self.page.heading(heading)
            except Exception:  # a page without a heading to name: the words are said anyway
                pass

    def _heading(self, scene: Scene) -> str:
        """The page's heading for ``scene``, in the player's language."""
        table = self.app.table
        if table is not None and scene is table:
            return titled(table.game)
        kind = type(scene).__name__
        if hasattr(scene, "prompt"):  # text entry, known by its prompt (as for its words)
            asking: Any = scene
            return str(asking.title)
        words = SCREEN_HEADINGS.get(kind)
        return tr(words) if words else ""

    def _watch_table(self, entered: bool) -> None:
        table = self.app.table
        assert table is not None
        game = table.game
        moves = len(game.moves)
        new_game = self._changed("game", id(game))
        before = self._seen.get("moves")
        self._seen["moves"] = moves
        if new_game:
            self.say(tr("{game}: T reads the table.", game=self._deal_words(game)))
        elif entered:
            self.say(tr("Back at the table."))
        elif before is not None and moves == before + 1:
            last = game.copy()
            last.undo()
            self.say(speech.move_words(last, game, game.moves[-1]))
        elif before is not None and moves < before:
            self.say(tr("Move taken back."))
        self._watch_grade(game)
        message = table.message
        if self._changed("message", message) and message:
            self.say(message)
        nudge = table.nudge
        if self._changed("nudge", id(nudge) if nudge is not None else None) and nudge:
            self.say(nudge.words)
        hint = tuple(table.hint_spots)
        if self._changed("hint", hint) and hint:
            self.say(self._hint_words(table))
        chosen = tuple(table.controller.selection())
        if self._changed("selection", chosen) and chosen:
            self.say(tr("Selected: {cards}", cards=speech.card_list(chosen)))
        if table.banner and self._changed("banner", table.banner):
            self.say(table.banner)
        focus = (table.focus_key, table.show_focus)
        if (self._changed("focus", focus) or self.moved_focus) and table.show_focus:
            words = self._focus_words(table)
            if words:
                self.say(words)

    def _deal_words(self, game: Any) -> str:
        """The deal just put on the table: its game, number and difficulty ("Pyramid,
        deal 1234, medium"), or without the difficulty while it is worked out beside
        the game (a slice a frame): then :attr:`grade_due` notes the deal, and
        :meth:`_watch_grade` says the difficulty when it comes."""
        setup = getattr(game, "setup", None)
        self.grade_due = None
        if setup is None:
            return screen_speech.deal_words(titled(game), None, False)
        grader = difficulty.grader_for(setup)
        if not grader.done:
            self.grade_due = setup
        grade = difficulty.grade_words(grader.grade) if grader.done else ""
        today = setup.deal == share.today_deal(setup.game)
        return screen_speech.deal_words(titled(game), setup.deal, today, grade)

    def _watch_grade(self, game: Any) -> None:
        """The difficulty of the deal said without it, once it is known, if the
        player is still on that deal (no grade at all, when none can be given)."""
        due = self.grade_due
        if due is None:
            return
        if getattr(game, "setup", None) != due:
            self.grade_due = None
            return
        grader = difficulty.grader_for(due)
        if grader.done:
            self.grade_due = None
            grade = difficulty.grade_words(grader.grade)
            if grade:
                self.say(tr("Deal {deal} is {grade}.", deal=due.deal, grade=grade))

    @staticmethod
    def _hint_words(table: Any) -> str:
        """The hinted cards, each with its place."""
        game = table.on_table()
        cards = [key[1] for key in table.hint_spots if key[0] is SpotKind.CARD]
        named = []
        for card in dict.fromkeys(cards):
            place = speech.place_of(game, card)
            name = speech.card_name(card)
            named.append(name if place is None else f"{name}, {place.words()}")
        return "; ".join(named) + "." if named else ""

    @staticmethod
    def _focus_words(table: Any) -> str:
        spot = table.find(table.focus_key)
        if spot is None:
            return ""
        game = table.on_table()
        if spot.kind is SpotKind.CARD and spot.card is not None:
            return speech.focus_words(game, spot.card, spot.free)
        if spot.kind is SpotKind.EMPTY and spot.column is not None:
            return speech.empty_column_words(spot.column + 1)
        if spot.kind is SpotKind.PILE:
            return speech.empty_draw_words(spot.free)
        if spot.kind is SpotKind.STOCK:
            return speech.stock_words(game)
        return ""

    def _watch_screen(self, scene: Scene, entered: bool) -> None:
        kind = type(scene).__name__
        if entered:
            self._seen.pop("focus-widget", None)
            self._seen.pop("entry", None)
            self._seen.pop("news", None)
            self.say(self._screen_words(scene, kind))
        news = getattr(scene, "news", None)
        if callable(news) and (entered or scene.dirty):  # what the screen shows, said anew
            # when it changes (only a screen to be drawn again can show anything new)
            shown = str(news())
            if self._changed("news", shown) and shown:
                self.say(shown)
        if hasattr(scene, "keyboard") and hasattr(scene, "text"):  # text entry
            entry: Any = scene  # the text entry, known by its attributes
            typed = (entry.text, entry.error)
            if self._changed("entry", typed) and not entered:
                self.say(entry.error or tr("Typed: {typed}", typed=entry.text or tr("nothing")))
        message = getattr(scene, "message", "")
        if isinstance(message, str) and self._changed(f"message-{id(scene)}", message) and message:
            self.say(message)
        focused = getattr(scene, "focused", None)
        widget = focused() if callable(focused) else None
        if widget is not None:
            describe = getattr(scene, "widget_words", None)  # a screen's own words for it
            words = (str(describe(widget)) if callable(describe) else "") or widget_words(widget)
            if self._changed("focus-widget", words):
                self.say(words)

    @staticmethod
    def _screen_words(scene: Scene, kind: str) -> str:
        lines = getattr(scene, "lines", None)
        if kind == "EndScene" and callable(lines):
            return " ".join(str(words) for words, *_ in lines())
        spoken = getattr(scene, "spoken", None)
        if callable(spoken):  # a screen that says what it shows (the calendar)
            return str(spoken())
        if hasattr(scene, "prompt"):
            asking: Any = scene  # a screen that asks for words, known by its prompt
            return f"{asking.title}. {asking.prompt}"
        words = SCREEN_WORDS.get(kind)
        return tr(words) if words else ""


KEPT = 20


def _page_bridge() -> Any:
    """The page's ``thirteen_a11y`` object, or None (the desktop, or a page without it)."""
    window = page_window()
    if window is None:
        return None
    try:
        bridge = window.thirteen_a11y
    except Exception:
        return None
    return bridge
