"""The form of every record the profile keeps: a small JSON object with a version field
``"v"``, each kind of record (:class:`RecordKind`) with its current version and the steps
that migrate an older one.

A value that is not an object, or is of an unknown version, is :class:`Unreadable`: the
profile sets it aside rather than use it.  The fields of a readable record are checked
one by one by the record's own module, which keeps the valid ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from thirteen.core.cards import quoted
from thirteen.records.storage import load_json

MAX_SCORE = 1_000_000
"""Scores above this in a stored record are treated as corrupt."""

DROPPED = "dropped_in_migration"
"""Marks a migrated record that lost unreadable parts (it is then kept aside)."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""One step: a record of version n to the same record as version n+1."""


class Unreadable(ValueError):
    """A stored value that cannot be used at all."""


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number (JSON's ``true`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def count_in(value: Any) -> int | None:
    """``value`` as a count kept in a record (a whole number from 0 to 10**9), else None."""
    return value if is_whole(value) and 0 <= value <= 10**9 else None


def dumps(data: dict[str, Any]) -> str:
    """The compact JSON text a record is stored as."""
    return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True)
class RecordKind:
    """One kind of record: its name, its current version and how older ones migrate."""

    name: str
    version: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    """``migrations[n]`` turns a version-n record into version n+1."""

    def migrated(self, data: Any) -> dict[str, Any]:
        """The record ``data`` (parsed JSON) as of the current version; :class:`Unreadable`
        when it is no object or of a version not known here (a newer one, say)."""
        if not isinstance(data, dict):
            raise Unreadable(f"{self.name}: not an object")
        version = data.get("v", 1)
        if not is_whole(version) or not 1 <= version <= self.version:
            raise Unreadable(f"{self.name}: unknown version {quoted(version)}")
        while version < self.version:
            data = self.migrations[version](data)
            version += 1
        return data

    def read(self, text: str | None) -> dict[str, Any] | None:
        """The record ``text`` holds, migrated; None when there is none or it is unreadable
        (inside a transaction nothing is set aside: the read before it did that)."""
        if text is None:
            return None
        try:
            return self.migrated(load_json(text))
        except (ValueError, RecursionError):
            return None

    def stamped(self, fields: dict[str, Any]) -> dict[str, Any]:
        """The record to store: ``fields`` under the current version."""
        return {"v": self.version, **fields}
