"""A cache that keeps only what was used last, for the interface's art, text and fonts.

Art is made per size (a card's face, the felt, a court picture, a font), and a desktop
window dragged through sizes asks for a new size at every step: a cache that kept every
size would keep them all.  An :class:`LruCache` keeps a fixed number of groups (a size
and everything made at it), or a fixed total weight (pixels), and drops the least
recently used group beyond that.  :func:`caches` lists every such cache, so that the
tests and the memory benchmark can see what they hold.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_caches: weakref.WeakSet[LruCache] = weakref.WeakSet()


class LruCache(Generic[K, V]):
    """Values by key, in groups (an entry is its own group unless put in one): at most
    :attr:`most` groups, or with ``weigh`` at most that weight of values, the least
    recently used group dropped first, whole."""

    def __init__(self, name: str, most: int, weigh: Callable[[V], int] | None = None) -> None:
        if most < 1:
            raise ValueError(f"a cache keeps at least 1, not {most!r}")
        self.name = name
        """What it keeps, as the benchmark and the tests' messages say it."""
        self.most = most
        """How many groups it keeps, or with ``weigh`` how much weight."""
        self.weight = 0
        """How many groups it holds, or with ``weigh`` the total weight of its values."""
        self.made = 0
        """How many values were put in (the misses of :meth:`get`)."""
        self._weigh = weigh
        self._entries: dict[K, tuple[Hashable, V]] = {}
        self._groups: OrderedDict[Hashable, list[K]] = OrderedDict()
        """Each group's keys, the least recently used group first."""
        _caches.add(self)

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (its group now the most recently used), or None."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        self._groups.move_to_end(entry[0])
        return entry[1]

    def put(self, key: K, value: V, group: Hashable = None) -> V:
        """Keep ``value`` for ``key`` (in place of any kept), in ``group`` (None: a group
        of its own), that group now the most recently used; groups beyond the bound are
        dropped, the least recently used first (all but this one, if need be).  Returns
        ``value``."""
        if key in self._entries:
            self._discard(key)
        if group is None:
            group = (key,)
        keys = self._groups.get(group)
        if keys is None:
            keys = self._groups[group] = []
            if self._weigh is None:
                self.weight += 1
        else:
            self._groups.move_to_end(group)
        keys.append(key)
        self._entries[key] = (group, value)
        if self._weigh is not None:
            self.weight += self._weigh(value)
        self.made += 1
        while self.weight > self.most and len(self._groups) > 1:
            self._drop(next(iter(self._groups)))
        return value

    def _discard(self, key: K) -> None:
        group, value = self._entries.pop(key)
        keys = self._groups[group]
        keys.remove(key)
        if self._weigh is not None:
            self.weight -= self._weigh(value)
        if not keys:
            del self._groups[group]
            if self._weigh is None:
                self.weight -= 1

    def _drop(self, group: Hashable) -> None:
        for key in self._groups.pop(group):
            _group, value = self._entries.pop(key)
            if self._weigh is not None:
                self.weight -= self._weigh(value)
        if self._weigh is None:
            self.weight -= 1

    def clear(self) -> None:
        self._entries.clear()
        self._groups.clear()
        self.weight = 0

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        return iter(list(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def groups(self) -> int:
        """How many groups it holds."""
        return len(self._groups)

    def values(self) -> list[V]:
        return [value for _group, value in self._entries.values()]

    def held_bytes(self) -> int:
        """The bytes of the pixels it holds (surfaces, and surfaces inside the values:
        a tuple or list of them); fonts and the rest count nothing."""
        return sum(surface_bytes(value) for value in self.values())


def surface_bytes(value: object) -> int:
    """The bytes of the pixels of ``value``: a surface, or the surfaces in a tuple or a
    list (nested), none for anything else."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, tuple | list):
        return sum(surface_bytes(item) for item in value)
    return 0


def caches() -> list[LruCache]:
    """Every cache of this kind that is alive, by name."""
    return sorted(_caches, key=lambda cache: cache.name)
