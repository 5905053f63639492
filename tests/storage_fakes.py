"""Stand-ins for the browser's storage, for tests of the storage layer and all that
keeps records through it: a window whose ``localStorage`` holds items (with an optional
byte quota), and a window whose browser blocks storage altogether."""

from __future__ import annotations


class JsNull:
    """Stands for Pyodide's ``jsnull``: what getItem gives for a missing key."""


class FakeLocalStorage:
    """The part of the Web Storage API we use, with an optional byte quota."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key):  # noqa: N802 - the JS name
        return self.items.get(key, JsNull())

    def setItem(self, key, value):  # noqa: N802
        size = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and size + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: The quota has been exceeded.")
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None

    @property
    def length(self):
        return len(self.items)


class FakeWindow:
    """A browser window whose ``localStorage`` is the one given (a new empty one when not)."""

    def __init__(self, local_storage=None) -> None:
        self.localStorage = local_storage if local_storage is not None else FakeLocalStorage()


class BlockedWindow:
    """A third-party iframe whose browser blocks storage: touching it throws."""

    @property
    def localStorage(self):  # noqa: N802
        raise RuntimeError("SecurityError: The operation is insecure.")
