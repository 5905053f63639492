"""pygbag's Python side, presented to the game inside Pyodide (the WebAssembly stand-in of
the tests: harness.html with ``?runtime=pygbag``), as pygbag 0.9.3's public sources
(pygame-web/pygbag) describe it, so that the game takes its pygbag paths in a browser.

What the game sees, and where pygbag does the same:

* ``platform`` is pygbag's module (``support/cross/__EMSCRIPTEN__.py``, which pygbag
  registers as ``sys.modules["platform"]``): the standard ``platform``'s public names
  plus ``window``, ``document``, ``navigator`` and ``console``.
* Those are JavaScript values seen through a bridge that converts as pygbag's
  ``embed_browser`` module does (``support/__EMSCRIPTEN__.embed/browsermodule.c``):
  ``undefined`` and ``null`` read as None (a missing property too, never an
  AttributeError), booleans and strings as themselves, a number as an int when it fits
  32 bits and as a float otherwise, a function as a callable bound to the object it was
  read from, any other object as a :class:`BrowserObject`; JavaScript errors raise
  TypeError, SyntaxError or Exception with the error's message; calls take no keyword
  arguments and convert None, booleans, numbers, strings, bridge objects and Python
  functions (into JavaScript functions), refusing anything else with TypeError; ``len``,
  truth, ``str``, ``==``, indexing and iteration follow the same file.
* ``js`` is ``window.globalThis`` through that bridge (pygbag sets ``sys.modules["js"]``
  so).
* ``asyncio`` is pygbag's ``aio`` (``support/cross/aio/__init__.py``): the standard
  library's asyncio whose ``run`` puts the coroutine on the loop as a task and returns.
  The loop is a standard library event loop set running once for all; pygbag's
  emscripten main loop runs one pass of it (``aio.step``, ``loop._run_once()``) per
  display frame, from ``requestAnimationFrame`` (``emscripten_set_main_loop`` at 0 fps),
  and so does :func:`start`.  A pass never waits: a page cannot block.
* ``pyodide``, ``pyodide_js``, ``pyodide.ffi`` and ``_pyodide`` cannot be imported from
  the game's code (modules named ``thirteen...`` and ``__main__``): pygbag has no
  ``pyodide_js`` (its compatibility module ``pyodide`` makes one only once it is
  imported, which the game never does).  The refusals are kept in :data:`refused`.
* ``main.py`` runs as pygbag's shell runs it: in the first pass of the loop, its folder
  the working folder and first on ``sys.path``, its code executed in ``__main__``'s
  namespace with ``__file__`` set.

What it cannot be: pygbag's own CPython build, its ``cpythonrc.py`` and ``pythons.js``
(the loading, the "click to start" gate, the page's event queue ``EventTarget``, the
preloading of assets), awaiting a JavaScript promise from Python (pygbag's
``PromiseWrapper``), JavaScript calling back into Python setting ``this``, and the
runtime's own WebAssembly (pygbag's pygame-ce wheel runs here under Pyodide's
emscripten build, which has no ``emscripten_compute_dom_pk_code``: no key presses).
"""

from __future__ import annotations

import asyncio
import builtins
import inspect
import os
import platform as stdlib_platform
import sys
import traceback
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import js  # Pyodide's own: the stand-in reaches the page through it
from pyodide.ffi import JsException, JsProxy, create_proxy, to_js

HIDDEN = ("pyodide", "pyodide_js", "_pyodide", "micropip")
"""Modules the game's code cannot import (Pyodide's own)."""
refused: list[list[str]] = []
"""``[importer, module]`` for each import of a hidden module the game tried."""

# -- the bridge: JavaScript values as pygbag's embed_browser converts them -----------

_GET = js.Function("o", "k", "return o[k];")
_SET = js.Function("o", "k", "v", "o[k] = v === undefined ? null : v;")
_DELETE = js.Function("o", "k", "delete o[k];")
_APPLY = js.Function(
    "f", "t", "a", "return f.apply(t, Array.from(a, v => v === undefined ? null : v));"
)
_LENGTH = js.Function("o", "return o[Symbol.iterator] && o.length !== undefined ? o.length : -1;")
_SAME = js.Function("a", "b", "return a === b;")
_TEXT = js.Function("o", "return String(o.toString());")
_NAME = js.Function("o", "return o.constructor ? o.constructor.name : 'Object';")
_ITER = js.Function("o", "return o[Symbol.iterator] ? o[Symbol.iterator]() : null;")
_NEXT = js.Function(
    "o", "if (!o.next) return null; const r = o.next(); return r && !r.done ? [r.value] : null;"
)
_KEYS = js.Function("o", "const keys = []; for (const k in o) keys.push(k); return keys;")
INT32 = range(-(2**31), 2**31)


def _raised(error: JsException) -> Exception:
    """The Python exception pygbag raises for a JavaScript error."""
    kind = {"TypeError": TypeError, "SyntaxError": SyntaxError}.get(str(error.name), Exception)
    return kind(str(error.message))


def _js_call(function: Any, *args: Any) -> Any:
    try:
        return function(*args)
    except JsException as error:
        raise _raised(error) from None


def from_js(value: Any, bound: Any = None) -> Any:
    """A value JavaScript gave, as pygbag hands it to Python."""
    if isinstance(value, JsProxy):
        if value.typeof == "function":
            return BrowserFunction(value, bound)
        return BrowserObject(value)
    if isinstance(value, int) and not isinstance(value, bool) and value not in INT32:
        return float(value)
    return value


def to_javascript(value: Any) -> Any:
    """A Python value for JavaScript, as pygbag converts it (None is null)."""
    if value is None or isinstance(value, (bool, float, str)):
        return value
    if isinstance(value, int):
        if value not in INT32:  # pygbag reads it as a C long: 32 bits
            raise OverflowError("Python int too large to convert to C long")
        return value
    if isinstance(value, BrowserObject):
        return object.__getattribute__(value, "_js_value_")
    if isinstance(value, (types.FunctionType, types.MethodType)):
        return _callback(value)
    raise TypeError(f"object of type '{type(value).__name__}' cannot be converted to JavaScript")


def _callback(function: types.FunctionType | types.MethodType) -> Any:
    """A JavaScript function calling ``function`` with at most as many arguments as it
    takes (extra ones are dropped, as in JavaScript), each converted; an exception is
    printed and the call returns undefined."""
    plain = function.__func__ if isinstance(function, types.MethodType) else function
    code = plain.__code__
    most = None
    if not code.co_flags & inspect.CO_VARARGS:
        most = code.co_argcount - (1 if isinstance(function, types.MethodType) else 0)

    def called(*args: Any) -> Any:
        try:
            result = function(*(from_js(a) for a in args[:most]))
        except Exception:  # noqa: BLE001 - pygbag prints it and returns undefined
            traceback.print_exc()
            return None
        return None if result is None else to_javascript(result)

    return create_proxy(called)


class BrowserObject:
    """A JavaScript object through pygbag's bridge (its ``browser.Object``)."""

    __slots__ = ("_js_value_",)

    def __init__(self, value: Any) -> None:
        object.__setattr__(self, "_js_value_", value)

    def __getattr__(self, name: str) -> Any:
        return self[name]

    def __setattr__(self, name: str, value: Any) -> None:
        self[name] = value

    def __delattr__(self, name: str) -> None:
        del self[name]

    def __getitem__(self, key: Any) -> Any:
        value = object.__getattribute__(self, "_js_value_")
        return from_js(_js_call(_GET, value, to_javascript(key)), bound=value)

    def __setitem__(self, key: Any, value: Any) -> None:
        target = object.__getattribute__(self, "_js_value_")
        _js_call(_SET, target, to_javascript(key), to_javascript(value))

    def __delitem__(self, key: Any) -> None:
        _js_call(_DELETE, object.__getattribute__(self, "_js_value_"), to_javascript(key))

    def __len__(self) -> int:
        length = _js_call(_LENGTH, object.__getattribute__(self, "_js_value_"))
        if length < 0:
            raise TypeError("object has no len()")
        return int(length)

    def __bool__(self) -> bool:
        return bool(_js_call(_LENGTH, object.__getattribute__(self, "_js_value_")) != 0)

    def __str__(self) -> str:
        return str(_js_call(_TEXT, object.__getattribute__(self, "_js_value_")))

    def __repr__(self) -> str:
        return f"[object {_js_call(_NAME, object.__getattribute__(self, '_js_value_'))}]"

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        try:
            theirs = to_javascript(other)
        except (TypeError, OverflowError):
            return NotImplemented
        return bool(_js_call(_SAME, object.__getattribute__(self, "_js_value_"), theirs))

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __iter__(self) -> Any:
        iterator = _js_call(_ITER, object.__getattribute__(self, "_js_value_"))
        if iterator is None:
            raise TypeError("object has no iter()")
        return from_js(iterator)

    def __next__(self) -> Any:
        found = _js_call(_NEXT, object.__getattribute__(self, "_js_value_"))
        if found is None:
            raise StopIteration
        return from_js(found[0])

    def __dir__(self) -> list[str]:
        return [str(key) for key in _js_call(_KEYS, object.__getattribute__(self, "_js_value_"))]


class BrowserFunction(BrowserObject):
    """A JavaScript function through pygbag's bridge, bound to the object it was read
    from (its ``browser.Function``)."""

    __slots__ = ("_bound",)

    def __init__(self, value: Any, bound: Any = None) -> None:
        super().__init__(value)
        object.__setattr__(self, "_bound", bound)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            raise TypeError("__call__() takes no keyword arguments")
        function = object.__getattribute__(self, "_js_value_")
        bound = object.__getattribute__(self, "_bound")
        converted = to_js([to_javascript(a) for a in args], create_pyproxies=False)
        return from_js(_js_call(_APPLY, function, bound, converted))


# -- the modules the game imports -----------------------------------------------------


def platform_module() -> types.ModuleType:
    """pygbag's ``platform``: the standard module's public names, and the page."""
    module = types.ModuleType("platform", "pygbag's platform module (the stand-in's)")
    for name in dir(stdlib_platform):
        if not name.startswith("_"):
            setattr(module, name, getattr(stdlib_platform, name))
    for name in ("window", "document", "navigator", "console"):
        setattr(module, name, from_js(getattr(js, name)))
    module.is_browser = True  # type: ignore[attr-defined]
    return module


def aio_module(loop: asyncio.AbstractEventLoop, tasks: list[asyncio.Task[Any]]) -> types.ModuleType:
    """pygbag's ``aio`` as the game's ``asyncio``: the standard library's names, and a
    ``run`` that makes the coroutine a task on the loop and returns at once."""
    module = types.ModuleType("asyncio", "pygbag's aio (the stand-in's)")
    for name in asyncio.__all__:
        setattr(module, name, getattr(asyncio, name))

    def run(coro: Any, *, debug: bool = False) -> None:
        task = loop.create_task(coro)
        task.set_name(getattr(coro, "__name__", "main"))
        tasks.append(task)
        task.add_done_callback(_report)

    module.run = run  # type: ignore[attr-defined]
    return module


class _NothingToWaitOn:
    """The selector of a loop in a page: nothing can block, so nothing is waited for."""

    def select(self, timeout: float | None = None) -> list[Any]:
        return []


class FrameLoop(asyncio.BaseEventLoop):
    """The standard library's event loop run as pygbag runs it: one pass at a time."""

    def __init__(self) -> None:
        super().__init__()
        self._selector = _NothingToWaitOn()

    def _process_events(self, event_list: list[Any]) -> None:
        pass

    def _write_to_self(self) -> None:
        pass


class Stepper:
    """pygbag's ``aio.step``: one pass of the loop per call; an exception pauses it."""

    def __init__(self, loop: FrameLoop) -> None:
        self.loop = loop
        self.ticks = 0
        """Passes run (the tests compare them with the page's display frames)."""
        self.paused = False
        self.inside = False

    def step(self, _time: Any = None) -> None:
        if self.paused:
            return
        if self.inside:  # pygbag: "aio loop not re-entrant"
            self.paused = True
            return
        self.inside = True
        self.ticks += 1
        try:
            self.loop._run_once()  # noqa: SLF001 - what pygbag's aio.step calls
        except Exception:  # noqa: BLE001 - pygbag prints it and pauses the loop
            self.paused = True
            _crashed(traceback.format_exc())
        finally:
            self.inside = False


def _crashed(text: str) -> None:
    print(text, file=sys.stderr)
    js.window.harness.error = text
    js.window.harness.state = "crashed"


def _report(task: asyncio.Task[Any]) -> None:
    """The harness's own look at the game's task (pygbag would only print the error)."""
    if not task.cancelled() and task.exception() is not None:
        _crashed("".join(traceback.format_exception(task.exception())))


def _in_game(importer: str) -> bool:
    return importer in ("__main__", "thirteen") or importer.startswith("thirteen.")


def game_imports(original: Callable[..., Any], views: dict[str, Any]) -> Callable[..., Any]:
    """``__import__`` as the game's code sees pygbag: ``views`` for some names (``js``,
    ``asyncio``), Pyodide's modules missing; everyone else's imports unchanged."""

    def imported(
        name: str,
        globals: dict[str, Any] | None = None,
        locals: Any = None,
        fromlist: Any = (),
        level: int = 0,
    ) -> Any:
        if level == 0:
            importer = str(sys._getframe(1).f_globals.get("__name__", ""))
            if _in_game(importer):
                if name.partition(".")[0] in HIDDEN:
                    refused.append([importer, name])
                    raise ModuleNotFoundError(f"No module named '{name}'", name=name)
                if name in views:
                    return views[name]
        return original(name, globals, locals, fromlist, level)

    return imported


# -- the start ------------------------------------------------------------------------

stepper: Stepper | None = None
tasks: list[asyncio.Task[Any]] = []
"""The tasks ``asyncio.run`` made (the game's ``main``)."""


def run_main(app: Path) -> None:
    """main.py as pygbag's shell runs it (``shell.runpy``)."""
    main = app / "main.py"
    os.chdir(app)
    if str(app) not in sys.path:
        sys.path.insert(0, str(app))
    namespace = vars(sys.modules["__main__"])
    namespace["__file__"] = str(main)
    code = compile(main.read_text(encoding="utf-8"), str(main), "exec")
    result = types.FunctionType(code, namespace)()
    if inspect.iscoroutine(result):  # main.py awaited at its top level
        tasks.append(asyncio.get_running_loop().create_task(result))


def start(app_folder: str) -> Stepper:
    """Present pygbag's Python side, run ``app_folder``/main.py in the loop's first pass
    and step the loop once per display frame; the stepper (for the tests)."""
    global stepper
    loop = FrameLoop()
    asyncio.events._set_running_loop(loop)  # noqa: SLF001 - as pygbag's aio does at import
    sys.modules["platform"] = platform_module()
    views = {"js": from_js(js.globalThis), "asyncio": aio_module(loop, tasks)}
    builtins.__import__ = game_imports(builtins.__import__, views)
    stepper = Stepper(loop)

    def main() -> None:
        try:
            run_main(Path(app_folder))
        except Exception:  # noqa: BLE001 - pygbag's shell prints it; the harness is told
            _crashed(traceback.format_exc())

    loop.call_soon(main)

    def frame(time: Any = None) -> None:
        assert stepper is not None
        stepper.step(time)
        js.requestAnimationFrame(on_frame)

    on_frame = create_proxy(frame)
    js.requestAnimationFrame(on_frame)
    return stepper
