"""What the player is told when saved data could not be read: which records were set
aside, and what was kept, each named in the player's language."""

from __future__ import annotations

from thirteen.core.i18n import N_, Message, listed, message, message_n
from thirteen.games import GAMES
from thirteen.records.saved_game import LEGACY_KEY, is_slot_key
from thirteen.records.settings import SETTINGS_KEY
from thirteen.records.storage import NAMESPACE, RECOVERY, full_key


def record_name(key: str) -> str | Message:
    """What the record at ``key`` is, for the player: "Pyramid statistics" (marked for
    translation, the game's title translated inside).  A log of games played names the
    statistics it counts in, a log of posts the scores (:mod:`.logs`)."""
    short = full_key(key).removeprefix(NAMESPACE)
    if short == SETTINGS_KEY:
        return N_("settings")
    if short == LEGACY_KEY or is_slot_key(short):
        return N_("the saved game")
    kind, _, rest = short.partition("/")
    game_id, _, layout = rest.partition("/")
    spec = GAMES.get(game_id)
    if kind in ("played", "posted") and spec is not None:
        # the writer's id comes last: what is before it is the layout, if any
        layout = layout.rpartition("/")[0]
        kind = "stats" if kind == "played" else "scores"
    if kind in ("stats", "reset") and spec is not None:
        if layout:
            return message("{game} {layout} statistics", game=message(spec.title), layout=layout)
        return message("{game} statistics", game=message(spec.title))
    if kind == "scores" and spec is not None:
        return message("{game} scores", game=message(spec.title))
    if full_key(key).startswith(RECOVERY):
        return N_("data set aside before")
    return N_("other data")


def _listed(names: list[str | Message], most: int = 2) -> str | Message:
    """``a``, ``a and b``, ``a, b and 3 more``: each name once, in order."""
    once: list[str | Message] = []
    for name in names:
        if name not in once:
            once.append(name)
    if len(once) > most + 1:
        left = len(once) - most
        once = [*once[:most], message_n("{n} more", "{n} more", left)]
    return listed([n if isinstance(n, Message) else message(n) for n in once])


def recovered_notice(aside: list[str], kept: list[str] | None = None) -> Message:
    """The line that names the records set aside (``""``: damage no key names) and says
    what was kept: ``None`` for every other record, else the keys kept.  A Message whose
    pieces are Messages, so each is put into the player's language."""
    names = _listed([record_name(k) if k else N_("part of the data file") for k in aside])
    if kept is None:
        return message(
            "Some saved data could not be read ({names}): set aside, the rest kept.", names=names
        )
    kept_names = [record_name(k) for k in kept if not full_key(k).startswith(RECOVERY)]
    if not kept_names:
        return message(
            "Some saved data could not be read ({names}): set aside; nothing else was found.",
            names=names,
        )
    return message(
        "Some saved data could not be read ({names}): set aside; kept {kept}.",
        names=names,
        kept=_listed(kept_names),
    )
