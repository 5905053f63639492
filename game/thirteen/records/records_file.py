"""A records file: everything a player has, in one file they can carry to another device
and load there, merged with what that device has.

The file is JSON::

    {"format": "thirteen-records", "version": 1, "sha256": "<hex>",
     "body": {"written": "<UTC time>", "sections": {"statistics": {<key>: <record>},
              "scores": {...}, "calendar": {...}, "settings": {...}, "saved_games": {...},
              "other": {...}}}}

``sha256`` is the digest of the body in canonical form (keys sorted, no spaces, UTF-8), so
a file damaged on the way is told from a good one.  Each record is stored under its key in
the store (without the ``thirteen/v1/`` namespace), as the JSON object it is stored as, or
as its text when that is no JSON object.  Which section a record belongs to, and how it is
merged with the record of the same key here, is the first entry of :data:`SECTIONS` that
claims its key; a record of a kind that has no section yet goes to ``other`` (kept here,
taken from the file where there is none here), so a new kind of record plugs in with one
entry in that table.  The merge rules are :mod:`.records_merge`'s.

A file that is too large, not of this format, of a newer version, or damaged is refused
with a short message for the player (:class:`RecordsFileError`), and nothing is changed.

Standard library only: this module runs in the browser.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from thirteen.core.i18n import N_, Message, message
from thirteen.records.logs import PLAYED, POSTED, played_in, posted_in
from thirteen.records.record_format import dumps, is_whole
from thirteen.records.records_merge import (
    Rule,
    daily_rule,
    kept_here,
    scores_rule,
    statistics_rule,
)
from thirteen.records.saved_game import is_save_slot, saved_setup_in
from thirteen.records.settings import SETTINGS, SETTINGS_KEY
from thirteen.records.storage import NAMESPACE, RECOVERY, ROOT, Change, Storage, load_json

FORMAT = "thirteen-records"
"""The format's name: how a records file is told from any other JSON."""
VERSION = 1
"""The format's version; a file of a later one is refused (this version cannot know how
to merge what it holds)."""
MAX_BYTES = 4 * 1024 * 1024
"""The largest file read: a player's records take some hundreds of kB at most."""
FILE_STEM = "thirteen-records"
"""How a records file's name begins (then the UTC time it was written, then ``.json``)."""
MAX_KEY = 200

TOO_LARGE = N_("This file is too large to be a records file (over {mb} MB): nothing was loaded.")
NOT_OURS = N_("This is not a Thirteen records file: nothing was loaded.")
NEWER = N_("This records file is from a newer version of Thirteen: update the game to load it.")
DAMAGED = N_("This records file is damaged: nothing was loaded.")


class RecordsFileError(ValueError):
    """A file that is refused; ``args[0]`` is the :class:`Message` to show."""

    def __init__(self, words: Message) -> None:
        super().__init__(words)
        self.words = words


@dataclass(frozen=True)
class Section:
    """One part of a records file: its name, and the merge rule of each key it claims
    (None for a key that is not its)."""

    name: str
    rule: Callable[[str], Rule | None]


def _settings_readable(text: str) -> bool:
    return SETTINGS.read(text) is not None


def _game_readable(text: str) -> bool:
    return saved_setup_in(text) is not None


def _anything(_text: str) -> bool:
    return True


SECTIONS: tuple[Section, ...] = (
    Section("statistics", statistics_rule),
    Section("scores", scores_rule),
    Section("calendar", daily_rule),
    Section("settings", lambda key: kept_here(_settings_readable) if key == SETTINGS_KEY else None),
    Section("saved_games", lambda key: kept_here(_game_readable) if is_save_slot(key) else None),
    Section("other", lambda _key: kept_here(_anything)),
)
"""The sections, in the order they claim keys; ``other`` takes what no other claims, and
stays last."""


def owner(key: str) -> tuple[Section, Rule]:
    """The section that claims ``key``, and its rule for it."""
    for section in SECTIONS:
        rule = section.rule(key)
        if rule is not None:
            return section, rule
    raise AssertionError("the last section claims every key")


def carried(key: str) -> bool:
    """Whether the record at ``key`` (short) goes into a records file: every record but
    the copies of damaged ones and the probe a storage writes to test itself."""
    return (
        isinstance(key, str)
        and 0 < len(key) <= MAX_KEY
        and not key.startswith((ROOT, RECOVERY.removeprefix(NAMESPACE), "."))
        and key.isprintable()
    )


def _as_value(text: str) -> Any:
    """A record as the file holds it: its object when the text is exactly that object's
    JSON (as every record of ours is), else the text."""
    try:
        data = load_json(text)
    except (ValueError, RecursionError):
        return text
    return data if isinstance(data, dict) and dumps(data) == text else text


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else dumps(value)


def records_body(storage: Storage, now: datetime | None = None) -> dict[str, Any]:
    """What ``storage`` holds, by section: the body of a records file."""
    sections: dict[str, dict[str, Any]] = {section.name: {} for section in SECTIONS}
    for key in storage.keys():
        short = key.removeprefix(NAMESPACE)
        if not key.startswith(NAMESPACE) or not carried(short):
            continue
        text = storage.get(key)
        if text is not None:
            sections[owner(short)[0].name][short] = _as_value(text)
    written = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"written": written, "sections": sections}


def canonical(body: dict[str, Any]) -> bytes:
    """The body as the checksum reads it: keys sorted, no spaces, UTF-8."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")  # a lone surrogate JSON let through


def file_text(body: dict[str, Any]) -> str:
    """The text of a records file holding ``body``."""
    digest = hashlib.sha256(canonical(body)).hexdigest()
    whole = {"format": FORMAT, "version": VERSION, "sha256": digest, "body": body}
    return json.dumps(whole, indent=1, ensure_ascii=False) + "\n"


def file_name(now: datetime | None = None) -> str:
    """``thirteen-records-<UTC date and time>.json``: a new name for each save, in the
    order they were written."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%d-%H%M%S")
    return f"{FILE_STEM}-{stamp}.json"


def read_records_file(raw: bytes | str) -> dict[str, Any]:
    """The body of the records file ``raw``; :class:`RecordsFileError` when it is too
    large, of another format or a newer version, or damaged (its checksum or its form)."""
    data_bytes = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    size = len(data_bytes)
    if size > MAX_BYTES:
        raise RecordsFileError(message(TOO_LARGE, mb=MAX_BYTES // (1024 * 1024)))
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8-sig")
        data = load_json(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested too deep
        ours = FORMAT.encode() in data_bytes
        raise RecordsFileError(message(DAMAGED if ours else NOT_OURS)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordsFileError(message(NOT_OURS))
    version, body = data.get("version"), data.get("body")
    if isinstance(version, int) and is_whole(version) and version > VERSION:
        raise RecordsFileError(message(NEWER))
    if version != VERSION or not isinstance(body, dict):
        raise RecordsFileError(message(DAMAGED))
    if data.get("sha256") != hashlib.sha256(canonical(body)).hexdigest():
        raise RecordsFileError(message(DAMAGED))
    sections = body.get("sections")
    if not isinstance(sections, dict) or not all(
        isinstance(records, dict)
        and all(isinstance(value, (str, dict)) for value in records.values())
        for records in sections.values()
    ):
        raise RecordsFileError(message(DAMAGED))
    return body


@dataclass(frozen=True)
class Merged:
    """What loading a records file added: games counted, scores posted, records changed."""

    games: int
    posts: int
    records: int


def _entry_ids(storage: Storage) -> tuple[set[str], set[str]]:
    """The ids of every game counted and every score posted in ``storage``'s logs."""
    games: set[str] = set()
    posts: set[str] = set()
    for key in storage.keys():
        short = key.removeprefix(NAMESPACE)
        if short.startswith(PLAYED):
            games |= {g.id for g in played_in(storage.get(key))[0]}
        elif short.startswith(POSTED):
            posts |= {p.id for p in posted_in(storage.get(key), datetime.max.date())[0]}
    return games, posts


def _change(rule: Rule, text: str) -> Change:
    """The storage change that merges the file's ``text`` into the record by ``rule``."""
    return lambda old: rule(old, text)


def merge_body(
    storage: Storage, body: dict[str, Any], skip: Callable[[str], bool] = lambda _key: False
) -> Merged:
    """Merge the records of ``body`` (read by :func:`read_records_file`) into ``storage``,
    each by its rule (:data:`SECTIONS`); ``skip(key)`` leaves a record out (the logs of the
    window loading it, which it alone writes).  Loading the same body again changes
    nothing."""
    games_before, posts_before = _entry_ids(storage)
    changed = 0
    for records in body.get("sections", {}).values():
        for key, value in records.items():
            if not carried(key) or skip(key):
                continue
            text, rule = _as_text(value), owner(key)[1]
            before = storage.get(key)
            after = storage.update(key, _change(rule, text))
            changed += after != before
    games_after, posts_after = _entry_ids(storage)
    return Merged(len(games_after - games_before), len(posts_after - posts_before), changed)


def export_text(storage: Storage, now: datetime | None = None) -> str:
    """The text of a records file of everything ``storage`` holds."""
    return file_text(records_body(storage, now))


def import_bytes(
    storage: Storage, raw: bytes | str, skip: Callable[[str], bool] | None = None
) -> Merged:
    """Read the records file ``raw`` and merge it into ``storage``
    (:class:`RecordsFileError`, with nothing changed, when it is refused)."""
    return merge_body(storage, read_records_file(raw), skip or (lambda _key: False))


__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "SECTIONS",
    "VERSION",
    "Merged",
    "RecordsFileError",
    "Section",
    "export_text",
    "file_name",
    "import_bytes",
    "read_records_file",
]
