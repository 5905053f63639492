"""The panel's commands: what each button (or its key, see :mod:`.input`) does, and the
second press that gives up a game in progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from thirteen.core.i18n import tr
from thirteen.ui.layout import TableButton
from thirteen.ui.scene import same_press
from thirteen.ui.scene_names import SceneName
from thirteen.ui.table.words import BUTTON_LABELS

if TYPE_CHECKING:
    from thirteen.ui.table.scene import TableScene

CONFIRM_MS = 3000
"""How long a give-up warning waits for the second press of its button."""


def run(table: TableScene, name: str) -> None:
    """A panel button or its key: leaving a game whose score is not posted asks first
    (the end screen offers it), and giving up one in progress takes a second press."""
    button = TableButton(name)
    leaving = (TableButton.NEW, TableButton.RESTART, TableButton.MENU)
    if button in leaving and table.app.session.unposted(table.app.game):
        table.app.ask_before_leaving(button)  # the end screen offers the score first
        return
    if button in (TableButton.NEW, TableButton.RESTART) and needs_confirm(table, button):
        return
    COMMANDS[button](table)


def needs_confirm(table: TableScene, name: str) -> bool:
    """A game in progress is only given up on a second press (a stray N costs nothing)."""
    if table.game.is_over or not table.game.moves:
        table.confirm = None
        return False
    if table.confirm == name:
        if same_press(table.app, table.confirm_at):
            return True  # the same double click or tap: the warning stays, unanswered
        table.confirm = None
        return False
    word = tr(BUTTON_LABELS[TableButton(name)][0])
    table.say(
        tr("Give up this game? It will count as a loss: press {button} again.", button=word),
        CONFIRM_MS,
    )
    table.confirm, table.confirm_left = name, CONFIRM_MS
    table.confirm_at = table.app.now_ms
    return True


def toggle_sound(table: TableScene) -> None:
    table.app.toggle_sound()
    table.refresh_buttons()
    table.dirty = True


COMMANDS: dict[TableButton, Callable[[TableScene], object]] = {
    TableButton.NEW: lambda table: table.app.new_deal(),
    TableButton.RESTART: lambda table: table.app.restart(),
    TableButton.UNDO: lambda table: table.undo(),
    TableButton.REDO: lambda table: table.redo(),
    TableButton.HINT: lambda table: table.show_hint(),
    TableButton.SOUND: toggle_sound,
    TableButton.HELP: lambda table: table.app.open(SceneName.HELP),
    TableButton.STATS: lambda table: table.app.open(SceneName.STATS),
    TableButton.MENU: lambda table: table.app.go_start(),
}
"""What each panel button (or its key) does: dispatch by table."""
