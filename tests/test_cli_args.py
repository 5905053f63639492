"""Bad command-line values: a one-line message naming the value, status 2, no traceback.

The project standard is "bad input gets a clear message and loses nothing".  Each
case calls :func:`thirteen.cli.main` in this process (argparse's own errors
arrive as ``SystemExit(2)``), so the whole file runs in a few seconds.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

import playout_memo
from thirteen.__main__ import build_parser, main
from thirteen.cli import args as cli_args
from thirteen.core.deals import MAX_DEAL
from thirteen.records.database import DatabaseStorage
from thirteen.records.storage import DB_NAME, FILE_NAME, NAMESPACE, RECOVERY
from thirteen.tools.bench import MAX_BENCH_DEALS, parse_deals, parse_games


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``python -m thirteen *argv``, in process."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def error_line(err: str) -> str:
    """The one line that says what is wrong (argparse prints its usage first)."""
    lines = [line for line in err.splitlines() if "error:" in line]
    assert len(lines) == 1, err
    return lines[0]


SHOT = ["shot", "--game", "thirteens", "--deal", "1"]
TINY_BENCH = ["bench", "--games", "thirteens", "--no-baseline", "--playout-seconds", "0"]

BAD = [
    # bench: deal lists
    (["bench", "--deals", "0-2", "--no-baseline"], "'0-2'"),
    (["bench", "--deals", "2147483647-2147483648"], "2147483648"),
    (["bench", "--deals", "99999999999999999999"], "99999999999999999999"),
    (["bench", "--deals", "1-99999999999", "--no-baseline"], "99999999999"),
    (["bench", "--deals", f"1-{MAX_BENCH_DEALS + 1}"], f"more than {MAX_BENCH_DEALS} deals"),
    (["bench", "--deals", "abc"], "'abc'"),
    (["bench", "--deals", "-3"], "'-3'"),
    (["bench", "--deals", "²"], "'²'"),
    (["bench", "--deals", "5-3"], "'5-3'"),
    (["bench", "--deals", "1,,2"], "'1,,2'"),
    (["bench", "--deals", ""], "--deals is empty"),
    (["bench", "--deals", "1,1,2"], "deal 1 is named twice"),
    (["bench", "--deals", "1-5,3"], "deal 3 is named twice"),
    # bench: other options
    (["bench", "--deals", "1", "--layout", "0x0", "--no-baseline"], "0x0"),
    (["bench", "--games", ""], "--games is empty"),
    (["bench", "--games", "thirteens,chess"], "'chess'"),
    (["bench", "--games", "thirteens,"], "'thirteens,'"),
    (["bench", "--games", "pyramid,pyramid"], "twice"),
    (["bench", "--games", "pyramid13", "--layout", "4x4"], "none of the games benched has layouts"),
    (["bench", "--playout-seconds", "-1"], "'-1'"),
    (["bench", "--playout-seconds", "nan"], "'nan'"),
    (["bench", "--playout-seconds", "inf"], "'inf'"),
    (["bench", "--budget-ms", "0"], "'0'"),
    (["bench", "--baseline-budget-ms", "nan"], "'nan'"),
    (["bench", "--memory-deals", "-1"], "'-1'"),
    # bench-ui
    (["bench-ui", "--frames", "0"], "'0'"),
    (["bench-ui", "--frames", "-1"], "'-1'"),
    (["bench-ui", "--frames", "many"], "'many'"),
    (["bench-ui", "--frames", "100001"], "'100001'"),
    (["bench-ui", "--idle-seconds", "-1"], "'-1'"),
    (["bench-ui", "--idle-seconds", "3601"], "'3601'"),
    (["bench-ui", "--idle-seconds", "1.5"], "'1.5'"),
    # shot: rejected before anything is drawn
    ([*SHOT, "--out", "x.png", "--select", "Zz"], "'Zz'"),
    ([*SHOT, "--out", "x.png", "--focus", "Zz"], "'Zz'"),
    ([*SHOT, "--out", "x.png", "--size", "0x0"], "'0x0'"),
    ([*SHOT, "--out", "x.png", "--size", "100000x100000"], "'100000x100000'"),
    ([*SHOT, "--out", "x.png", "--size", "640"], "'640'"),
    ([*SHOT, "--out", "x.png", "--size", "²x360"], "'²x360'"),
    ([*SHOT, "--out", ""], "--out is empty"),
    ([*SHOT, "--out", "/nonexistent/d/s.png"], "'/nonexistent/d/s.png'"),
    ([*SHOT, "--out", "x.png", "--profile-dir", "/nonexistent/d"], "'/nonexistent/d'"),
    # show (and every command built on the game arguments)
    (["show", "--game", "thirteens", "--deal", "1", "--layout", "²x5"], "'²x5'"),
    (["show", "--game", "thirteens", "--deal", "1", "--layout", ""], "layout ''"),
    (["show", "--game", "thirteens", "--deal", "1", "--moves", "Jc>²"], "Jc>²"),
    (["show", "--game", "thirteens", "--deal", "0"], "got 0"),
    (["show", "--game", "thirteens", "--deal", "abc"], "'abc'"),
    (["show", "--game", "thirteens", "--deal", str(MAX_DEAL + 1)], str(MAX_DEAL + 1)),
    # int() takes other scripts' digits and underscores; the other commands did not
    (["show", "--game", "thirteens", "--deal", "\u0661\u0662"], "'\u0661\u0662'"),
    (["show", "--game", "thirteens", "--deal", "1_000"], "'1_000'"),
    ([*SHOT, "--out", "x.png", "--deal", "\u0661"], "'\u0661'"),
    # solve
    (["solve", "--game", "thirteens", "--deal", "1", "--budget-ms", "0"], "'0'"),
    (["solve", "--game", "thirteens", "--deal", "1", "--budget-ms", "-5"], "'-5'"),
    (["solve", "--game", "thirteens", "--deal", "1", "--budget-ms", "nan"], "'nan'"),
    (["solve", "--game", "thirteens", "--deal", "1", "--budget-ms", "inf"], "'inf'"),
    (["solve", "--game", "thirteens", "--deal", "1", "--budget-ms", "1_000"], "'1_000'"),
    (["solve", "--game", "thirteens", "--deal", "1", "--budget-ms", "\u0661\u0662"], "'\u0661"),
    (["solve", "--game", "thirteens", "--deal", "1", "--max-nodes", "-1"], "'-1'"),
    (["solve", "--game", "thirteens", "--deal", "1", "--max-nodes", "0"], "'0'"),
    # deal
    (["deal", "--game", "thirteens", "--winnable", "--limit", "0"], "'0'"),
    (["deal", "--game", "thirteens", "--winnable", "--limit", "-1"], "'-1'"),
    (["deal", "--game", "thirteens", "--winnable", "--budget-ms", "nan"], "'nan'"),
    (["deal", "--game", "thirteens", "--winnable", "--budget-ms", "-5"], "'-5'"),
    (["deal", "--game", "thirteens", "--from", "0"], "'0'"),
    (["deal", "--game", "thirteens", "--layout", ""], "layout ''"),
    # sim
    (["sim", "--game", "thirteens", "--player", "random", "--games", "9" * 20], "9" * 20),
    (["sim", "--game", "thirteens", "--player", "random", "--games", "0"], "'0'"),
    (["sim", "--game", "thirteens", "--player", "random", "--seed", "-1"], "'-1'"),
    (["sim", "--game", "thirteens", "--player", "random", "--seed", str(2**64)], str(2**64)),
    (["sim", "--game", "thirteens", "--player", "solver", "--max-nodes", "0"], "'0'"),
    (["sim", "--game", "thirteens", "--player", "random", "--layout", "²x5"], "'²x5'"),
]


@pytest.mark.parametrize(("argv", "named"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_values_get_one_line_naming_them_and_status_2(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = [str(tmp_path / a) if a == "x.png" else a for a in argv]
    code, out, err = run(argv, capsys)
    assert code == 2, (out, err)
    assert "Traceback" not in err
    line = error_line(err)
    assert named in line, err
    assert "invalid literal" not in line and "base 10" not in line  # no Python internals
    assert not list(tmp_path.iterdir())  # nothing written


def test_shot_out_that_is_a_directory_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run([*SHOT, "--out", str(tmp_path)], capsys)
    assert code == 2 and repr(str(tmp_path)) in error_line(err) and "directory" in err


def test_every_numeric_option_has_a_checking_type() -> None:
    """No sub-command takes a bare int or float (nan, 0, -5, 10**20, '1_000' and '١٢'
    would pass); --deal's range is checked by GameSetup, with a one-line error."""
    parser = build_parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        for action in command._actions:
            assert action.type not in (int, float), (name, action.option_strings)


def test_a_failed_write_of_the_output_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by review: ``show ... > /dev/full`` ended in an OSError traceback."""
    import io
    import sys

    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdout", Full())
    code = main(["show", "--game", "thirteens", "--deal", "1"])
    err = capsys.readouterr().err
    assert code == 1 and error_line(err) == "error: [Errno 28] No space left on device"


@pytest.mark.parametrize(
    ("text", "deals"),
    [("1-3,7", [1, 2, 3, 7]), (" 5 ", [5]), ("2 - 4", [2, 3, 4]), (f"{MAX_DEAL}", [MAX_DEAL])],
)
def test_parse_deals_accepts_good_lists(text: str, deals: list[int]) -> None:
    assert parse_deals(text) == deals


def test_parse_deals_caps_before_building_the_list() -> None:
    with pytest.raises(ValueError, match="more than 10 deals"):
        parse_deals(f"1-5,1-{MAX_DEAL}", limit=10)
    assert parse_games(" Thirteens , pyramid13") == ["thirteens", "pyramid13"]


def test_valid_values_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([*TINY_BENCH, "--deals", "1,2", "--memory-deals", "0", "--json"], capsys)
    assert code == 0, err
    (game,) = json.loads(out)["games"]
    assert game["playouts_per_s"] == 0  # --playout-seconds 0 skips the engine figure
    code, out, err = run([*TINY_BENCH, "--deals", "1", "--memory-deals", "0"], capsys)
    assert code == 0 and "engine: random playouts skipped (--playout-seconds 0)" in out, err
    assert game["solvers"][0]["solver"]["deals"] == 2
    code, out, err = run(["show", "--game", "thirteens", "--deal", "1", "--layout", "4X4"], capsys)
    assert code == 0 and out.startswith("Thirteens 4x4\n"), err
    sim = ["sim", "--game", "pyramid", "--player", "random", "--games", "1", "--json"]
    for seed in ("0", str(2**64 - 1)):
        code, out, err = run([*sim, "--seed", seed], capsys)
        assert code == 0 and json.loads(out)["games"] == 1, err
    code, out, err = run(["deal", "--game", "pyramid", "--from", str(MAX_DEAL)], capsys)
    assert code == 0 and f"Deal: {MAX_DEAL}" in out, err
    code, out, err = run(
        ["solve", "--game", "pyramid", "--deal", "3", "--budget-ms", "0.5", "--max-nodes", "1"],
        capsys,
    )
    assert code == 0 and "Nodes:" in out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "--game", "thirteens", "--player", "random", "--games", "1000"],
        ["deal", "--game", "thirteens", "--winnable"],
    ],
)
def test_ctrl_c_stops_quietly_with_status_130(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    import thirteen.advice.winnable
    import thirteen.tools.players

    monkeypatch.setattr(thirteen.tools.players, "simulate", interrupted)
    monkeypatch.setattr(thirteen.advice.winnable, "first_winnable_deal", interrupted)
    code, out, err = run(argv, capsys)
    assert code == 130
    assert err == "interrupted\n" and out == ""


# -- shot: cases that draw -----------------------------------------------------


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch):
    """Dummy SDL drivers; the display is closed again afterwards."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    import pygame

    from thirteen.ui import launch as app_module

    app_module.current = None
    pygame.display.quit()


@pytest.fixture
def playouts_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shot below shows Thirteens deal 1 with its difficulty, worked out from the
    same playouts each time: each playout is played once a process (see
    ``playout_memo``), the grade still comes from the real playouts."""
    playout_memo.remember_playouts(monkeypatch)


@pytest.mark.usefixtures("playouts_once")
@pytest.mark.parametrize("option", ["--select", "--focus"])
def test_shot_card_not_on_the_table_is_named(
    option: str, headless: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.png"
    code, _, err = run([*SHOT, "--out", str(out), option, "Ac"], capsys)
    assert code == 2 and f"{option} Ac" in error_line(err) and "not on the table" in err
    assert not out.exists()
    code, _, err = run([*SHOT, "--out", str(out), option, "ks"], capsys)  # the top Ks
    assert code == 0, err
    assert out.exists()


def _snapshot(directory: Path) -> dict[str, tuple[bytes, int]]:
    """Every file's bytes and modification time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in directory.iterdir()}


def _good_profile(directory: Path) -> None:
    """A data directory as the game leaves it: settings and one Pyramid result."""
    from thirteen.games import new_game
    from thirteen.records.profile import Profile

    profile = Profile(DatabaseStorage(directory / DB_NAME))
    profile.settings.four_colour = True
    profile.save_settings()
    game = new_game("pyramid", deal=3)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    profile.record_result(game)
    profile.storage.close()  # as the game leaves it: closed, its log folded in


ODD = {
    NAMESPACE + "settings": {"not": "a string"},  # the game would set this aside
    NAMESPACE + "stats/pyramid": '{"v": 2, "played": "lots"}',  # Profile would rewrite it
    "someone-else": "kept",
}


@pytest.mark.usefixtures("playouts_once")
@pytest.mark.parametrize(
    "contents",
    [None, b"{not json", b"\xff\xfe garbage", b"[1, 2]", json.dumps(ODD).encode()],
    ids=["good", "not-json", "not-utf8", "not-an-object", "odd-values"],
)
def test_shot_profile_dir_is_left_byte_identical(
    contents: bytes | None, headless: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    if contents is None:
        _good_profile(data)
    else:
        (data / FILE_NAME).write_bytes(contents)
    before = _snapshot(data)
    out = tmp_path / "stats.png"
    for scene in ("stats", "start"):
        code, _, err = run(
            [*SHOT, "--scene", scene, "--out", str(out), "--profile-dir", str(data)], capsys
        )
        assert code == 0, err
        assert "Traceback" not in err
    assert _snapshot(data) == before
    assert out.exists()


def test_profile_dir_copy_holds_the_saved_values(tmp_path: Path) -> None:
    from thirteen.tools.cli_shot import read_profile_dir

    _good_profile(tmp_path)
    saved = DatabaseStorage(tmp_path / DB_NAME)
    copy = read_profile_dir(str(tmp_path))
    assert copy.keys() == saved.keys() and copy.keys()
    assert all(copy.get(k) == saved.get(k) for k in saved.keys())
    saved.close()
    for made in tmp_path.iterdir():
        made.unlink()
    (tmp_path / FILE_NAME).write_text(json.dumps(ODD), encoding="utf-8")
    copy = read_profile_dir(str(tmp_path))
    assert copy.get("stats/pyramid") == ODD[NAMESPACE + "stats/pyramid"]
    assert copy.get("settings") is None  # set aside, in memory only
    assert any(k.startswith(RECOVERY + "settings/") for k in copy.keys())
    assert not any("someone-else" in k for k in copy.keys())


def test_cli_helpers_name_the_value() -> None:
    for parse, text in [
        (cli_args.positive_int, "0"),
        (cli_args.positive_ms, "nan"),
        (cli_args.non_negative_seconds, "-0.5"),
        (cli_args.deal_number, "1_000"),
        (cli_args.layout_text, "3x5x7"),
    ]:
        with pytest.raises(argparse.ArgumentTypeError, match=repr(text)):
            parse(text)
    assert cli_args.positive_int(" 7 ") == 7 and cli_args.positive_ms("1e3") == 1000.0
    assert cli_args.layout_text(" 4X4 ") == "4x4" and cli_args.non_negative_seconds("0") == 0.0
