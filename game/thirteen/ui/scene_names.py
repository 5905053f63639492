"""The scenes by name, without pygame: the command line offers them (``shot --scene``)
while building its parser, which must not load pygame for commands that draw nothing."""

from __future__ import annotations

from enum import StrEnum


class SceneName(StrEnum):
    """The scenes by name, as ``App.open`` and ``shot --scene`` know them (strings, so
    a plain "stats" still names the statistics)."""

    TABLE = "table"
    START = "start"
    HELP = "help"
    STATS = "stats"
    END = "end"
    SETTINGS = "settings"
    ENTRY = "entry"
    CALENDAR = "calendar"
