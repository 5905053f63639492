"""A game is one folder: Tens (``tests/toy_games/tens``: its rules, its record and its
words in four languages), registered here through the public registry and nowhere else,
passes the suites every game passes, with no other file changed: the conformance suite,
its examples replayed, its words in every language's catalogue, and the command line's
``show``.  The screens' suites run over it in ``tests/ui/test_new_game_screens.py``."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings

from catalogue_checks import (
    OTHER,
    check_catalogue_well_formed,
    check_every_marked_text_has,
    check_no_text_built_before_translation,
    check_placeholders_match,
    check_shared_texts_alike,
)
from conformance import CHECKS, MOVES, games_of
from example_replays import check_example_replays
from messages import catalogues
from thirteen.advice.hints import Basis, Hint, hint_for
from thirteen.advice.solving import NOT_WINNABLE, solve
from thirteen.core import i18n
from thirteen.core.cards import parse_cards
from thirteen.core.deals import SplitMix64
from thirteen.core.game import Outcome
from thirteen.games import COLLECTION, GAMES, register, unregister
from thirteen.tools.players import make_player
from toy_games.tens import TENS

TOYS = Path(__file__).with_name("toy_games")


@pytest.fixture(autouse=True, scope="module")
def registered():
    """Tens is in the registry for this module's tests only."""
    register(TENS)
    yield
    unregister(TENS.id)


def test_the_rule_is_the_games_own():
    rule = TENS.position_type.rule
    assert rule.is_group(parse_cards("5c 5d")) and not rule.is_group(parse_cards("5c 8d"))
    assert rule.is_group(parse_cards("Tc Td Th Ts")) and not rule.is_group(parse_cards("Tc Td Th"))
    assert not rule.is_group(parse_cards("Kh"))  # no King alone here
    assert rule.could_grow(parse_cards("Jc Jd")) and not rule.could_grow(parse_cards("Jc Qd"))


@settings(max_examples=30, deadline=None)
@given(games_of([("tens", None)]), MOVES)
def test_tens_passes_the_conformance_suite(g, choices):
    for check in CHECKS:
        check(g.copy(), choices)


def test_tens_solver_plugs_into_the_one_adapter():
    """Its own searches handed to the adapter give Tens its verdicts, the hint's line and
    the solver player."""
    tens = TENS.position_type
    won = tens.from_text("tens 5c5d9h/AhTcTd/ThTs--/------ -")
    result = solve(won)
    assert result.winnable
    copy = won.copy()
    copy.play_all(result.moves)
    assert copy.outcome is Outcome.WON
    lost = tens.from_text("tens 5c6h5d/------/------/------ -")
    assert solve(lost).verdict == NOT_WINNABLE
    assert hint_for(lost) == Hint(lost.parse_move("5c+5d"), Basis.MOST)
    make_player("solver", SplitMix64(1))(won)
    assert won.outcome is Outcome.WON


@pytest.mark.parametrize("n", range(len(TENS.examples)))
def test_tens_examples_replay_legally(n):
    check_example_replays("tens", n)


def test_tens_words_are_in_its_own_folder():
    """Its folder's catalogues are read with the core's: its title in German."""
    folder = i18n.game_folder(TENS)
    assert folder == TOYS / "tens"
    assert folder / i18n.LOCALE in i18n.catalogue_folders()
    own = next(c for c in catalogues() if c.folder == folder / i18n.LOCALE)
    assert {TENS.title, TENS.blurb, *TENS.help} <= set(own.texts)
    assert i18n.catalogue("de")[TENS.title] == "Zehner"


@pytest.mark.parametrize("code", OTHER)
def test_tens_words_are_in_every_language(code):
    """The catalogue suites, which now include the folder of Tens."""
    check_no_text_built_before_translation()
    check_every_marked_text_has(code)
    check_placeholders_match(code)
    check_catalogue_well_formed(code)
    check_shared_texts_alike(code)


def test_show_plays_tens(tmp_path: Path):
    """The command line's --game choices and ``show`` come from the registry."""
    script = tmp_path / "show_tens.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(TOYS.parent)!r})
            from toy_games.tens import TENS
            from thirteen.games import register
            from thirteen.__main__ import main
            register(TENS)
            sys.exit(main(sys.argv[1:]))
            """
        )
    )
    run = subprocess.run(
        [sys.executable, str(script), "show", "--game", "tens", "--deal", "3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Tens\n") and "Position: tens " in run.stdout


def test_tens_is_registered_here_only():
    assert GAMES["tens"] is TENS
    assert TENS not in COLLECTION
