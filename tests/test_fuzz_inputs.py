"""Fuzzing what comes from outside: links, deck strings, stored data, screen names.

The project standard: bad input gets a clear message and loses nothing.  Each
property feeds odd input to one entry point and checks that it neither raises
(beyond the documented ValueError with a message) nor drops data that was good.
"""

from __future__ import annotations

import json
import os
import re
import string
from collections.abc import Iterator
from datetime import date

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from sounds_once import sounds_made_once
from store_fast_folder import FoldersInMemory, folders_in_memory
from thirteen.__main__ import main as cli_main
from thirteen.core.cards import FULL_DECK, NotationError, card_text, parse_deck
from thirteen.core.deals import MAX_DEAL
from thirteen.core.game import Game
from thirteen.core.i18n import Message
from thirteen.games import GAMES, GameSetup, parse_decks
from thirteen.records.database import DatabaseStorage
from thirteen.records.profile import Profile
from thirteen.records.scores import NAME_CHARS, NAME_MAX, NAME_MIN, validate_name
from thirteen.records.settings import Settings
from thirteen.records.stats import Stats
from thirteen.records.storage import (
    DB_NAME,
    FILE_NAME,
    MAX_JSON_DEPTH,
    NAMESPACE,
    RECOVERY,
    MemoryStorage,
    load_json,
)
from thirteen.session import share

EXAMPLES = int(os.environ.get("THIRTEEN_FUZZ_EXAMPLES", "60"))
"""Set THIRTEEN_FUZZ_EXAMPLES=2000 (say) for a longer hunt."""
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=os.environ.get("CI") == "true",
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

DAY = date(2025, 3, 14)

# -- links ----------------------------------------------------------------------

ODD_VALUES = [
    "",
    "today",
    "TODAY",
    "0",
    "-1",
    "-0",
    "1",
    "+5",
    " 7 ",
    str(MAX_DEAL),
    str(MAX_DEAL + 1),
    "9" * 40,
    "1e9",
    "0x10",
    "1.5",
    "\u0663",  # Arabic-Indic three
    "\u00b2",  # superscript two: isdigit() but not int()
    "0x0",
    "99x99",
    "3x5x7",
    "3x",
    "x5",
    "2x15",
    "6x5",
    "4X4",
    "%",
    "%zz",
    "%ff%fe",
    "%00",
    "%E2%82%AC",
    "a=b",
    "thirteens",
    "pyramid13",
    "Pyramid",
    "|",
    "||",
    "Ah",
    "10h 10h",
    " ".join(card_text(c) for c in FULL_DECK),
    "+".join(card_text(c) for c in FULL_DECK),
    " | ".join([" ".join(card_text(c) for c in FULL_DECK)] * 3),
]
KEYS = ["game", "deal", "deck", "layout", "GAME", " game ", "-pygbag", "-", "", "x", "%67ame"]


@st.composite
def queries(draw) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 6))):
        key = draw(st.sampled_from(KEYS) | st.text(max_size=6))
        value = draw(
            st.sampled_from(ODD_VALUES) | st.text(max_size=12) | st.sampled_from(list(GAMES))
        )
        shape = draw(st.integers(0, 3))
        parts.append(key if shape == 0 else f"{key}={value}" if shape < 3 else f"{key}=={value}")
    text = draw(st.sampled_from(["&", ";", "&&"])).join(parts)
    lead = draw(st.sampled_from(["", "?", "??", "https://x.io/play?", "#frag?"]))
    tail = draw(st.sampled_from(["", "#top", "&", "%", "%2"]))
    return lead + text + tail


def check_query(query: str) -> None:
    setup, notices = share.parse_query(query, today=DAY)
    assert isinstance(notices, list) and all(
        isinstance(n, str | Message) and str(n) for n in notices
    )
    if setup is None:
        return
    assert isinstance(setup, GameSetup)
    assert setup.game in GAMES
    assert (setup.deal is None) != (setup.deck is None)
    if setup.deal is not None:
        assert 1 <= setup.deal <= MAX_DEAL
    # What the link gave opens again from its own share link, with nothing to say.
    again, quiet = share.parse_query(share.share_query(setup), today=DAY)
    assert again == setup and quiet == []


@FUZZ
@given(queries())
@example("game=thirteens&layout=3x5x7&deal=0")
@example("game=thirteens&layout=\u00b2x5")
@example("game=pyramid13&deck=|||")
@example("game=thirteens&deal=" + "9" * 3000)
@example("game=thirteens&layout=" + "9" * 5000 + "x2")
@example("game=thirteens&deal=today&deal=3&deck=Ah")
@example("game=%ff%fe&=&&==")
def test_parse_query_never_raises(query):
    check_query(query)


@FUZZ
@given(st.text(max_size=80))
def test_parse_query_of_any_text_never_raises(query):
    check_query(query)
    check_query("game=thirteens&" + query)


@FUZZ
@given(st.binary(max_size=40))
def test_parse_query_of_percent_escaped_bytes_never_raises(raw):
    escaped = "".join(f"%{b:02x}" for b in raw)
    check_query(f"game={escaped}")
    check_query(f"game=pyramid&deal={escaped}")
    check_query(f"game=thirteens&layout={escaped}&deck={escaped}")


# -- deck strings ----------------------------------------------------------------

TOKENS = st.sampled_from(
    [card_text(c) for c in FULL_DECK] + ["10h", "10S", "ah", "1h", "Xx", "T", "", "Thh", "|", "ö"]
)


@st.composite
def deck_strings(draw) -> str:
    """A full deck with a few random edits: drops, duplicates, junk, swaps."""
    cards = [card_text(c) for c in draw(st.permutations(FULL_DECK))]
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.integers(0, 3))
        i = draw(st.integers(0, len(cards) - 1)) if cards else 0
        if kind == 0 and cards:
            cards.pop(i)
        elif kind == 1 and cards:
            cards.insert(i, cards[draw(st.integers(0, len(cards) - 1))])
        elif kind == 2:
            cards.insert(i, draw(TOKENS | st.text(min_size=1, max_size=4)))
        elif cards:
            cards[i] = cards[i].lower() if draw(st.booleans()) else cards[i].upper()
    sep = draw(st.sampled_from([" ", "  ", "\n", "\t", " \u3000 "]))
    return sep.join(cards)


def names_a_token_or_count(message: str, text: str) -> bool:
    # a one-deck game reads "|" as part of a token, a three-deck one as a separator
    tokens = text.split() + text.replace("|", " ").split()
    return bool(
        re.search(r"got \d+", message)
        or re.search(r"duplicate card [2-9TJQKA][cdhs]", message)
        or any(repr(t) in message for t in tokens)
        or any(f"{t!r}"[1:-1] in message for t in tokens if len(t) > 1)
    )


@FUZZ
@given(deck_strings())
@example("")
@example("Ah " * 52)
@example("10h")
@example("\u00b2h")
def test_deck_strings_fail_only_with_a_message_naming_the_problem(text):
    try:
        deck = parse_deck(text)
    except NotationError as exc:
        assert names_a_token_or_count(str(exc), text), str(exc)
    else:
        assert sorted(deck) == list(FULL_DECK)
    for game_id in GAMES:
        try:
            setup = GameSetup(
                game_id, deck=text if game_id != "pyramid13" else f"{text}|{text}|{text}"
            )
        except ValueError as exc:  # NotationError is a ValueError
            assert str(exc)
            assert names_a_token_or_count(str(exc), text) or "needs" in str(exc), str(exc)
        else:
            assert setup.new_game().removed_cards == 0


@FUZZ
@given(st.lists(TOKENS | st.text(max_size=5), max_size=160), st.sampled_from(list(GAMES)))
def test_random_token_lists_fail_with_notation_errors(tokens, game_id):
    text = " ".join(tokens)
    try:
        decks = parse_decks(game_id, text)
    except NotationError as exc:
        assert str(exc)
    else:
        assert all(sorted(d) == list(FULL_DECK) for d in decks)


@FUZZ
@given(
    st.sampled_from(list(GAMES)),
    st.one_of(st.none(), st.integers(-5, 5), st.integers(MAX_DEAL - 2, MAX_DEAL + 2)),
    st.one_of(st.none(), st.sampled_from(ODD_VALUES), st.text(max_size=10)),
    st.lists(st.sampled_from(["D", "R", "Kh", "Ah+Qs", "Ah>1", "Ah>0", "Ah>99", "+", ">", "x"])),
)
def test_cli_show_fails_with_status_2_and_a_line(capsys, game_id, deal, layout, moves):
    argv = ["show", "--game", game_id]
    argv += ["--deal", str(deal)] if deal is not None else ["--deck", "Ah Kh"]
    if layout is not None:
        argv += [f"--layout={layout}"]
    if moves:
        argv += ["--moves", " ".join(moves)]
    assert cli_main(argv) in (0, 2)
    err = capsys.readouterr().err
    assert err == "" or err.startswith("error: ")


# -- huge inputs -----------------------------------------------------------------

HUGE = ["9" * 5000, "\x01" * 3000, "'\"" * 2000, "Ah+" * 2000]
"""Inputs far longer than any message should repeat: digits, a character that is
escaped when quoted, quotes, a run of card text."""
LONG_ARGV = [
    ["{H}"],
    ["show", "--game", "{H}", "--deal", "1"],
    ["show", "--game={H}", "--deal", "1"],
    ["show", "--game", "pyramid", "--deal", "1", "{H}"],
    ["show", "--game", "pyramid", "--deal", "1", "--{H}"],
    ["show", "--game", "pyramid", "--deal", "{H}"],
    ["show", "--game", "pyramid", "--deal", "x{H}"],
    ["show", "--game", "pyramid", "--deck", "{H}"],
    ["show", "--game", "pyramid", "--deck", "Ah {H}"],
    ["show", "--game", "pyramid13", "--deck", "{H}|{H}|{H}"],
    ["show", "--game", "pyramid", "--deal", "1", "--moves", "{H}"],
    ["show", "--game", "pyramid", "--deal", "1", "--moves", "Ah+{H}"],
    ["show", "--game", "pyramid", "--deal", "1", "--moves", "Ah>{H}"],
    ["show", "--game", "pyramid", "--deal", "1", "--moves", "{H}+Ah"],
    ["show", "--game", "thirteens", "--deal", "1", "--layout", "{H}x2"],
    ["show", "--game", "thirteens", "--deal", "1", "--moves", "Kh>{H}"],
    ["bench", "--deals", "{H}"],
    ["bench", "--deals", "1-{H}"],
    ["bench", "--deals", "1,{H}"],
    ["bench", "--games", "{H}"],
    ["bench", "--games", "pyramid,{H}"],
    ["bench", "--playout-seconds", "{H}"],
    ["bench-ui", "--frames", "{H}"],
    ["sim", "--game", "thirteens", "--player", "{H}"],
    ["sim", "--game", "thirteens", "--player", "random", "--games", "{H}"],
    ["sim", "--game", "thirteens", "--player", "random", "--seed", "{H}"],
    ["solve", "--game", "pyramid", "--deal", "1", "--budget-ms", "{H}"],
    ["deal", "--game", "pyramid", "--from", "{H}"],
    ["deal", "--game", "thirteens", "--layout", "{H}"],
    ["shot", "--game", "pyramid", "--deal", "1", "--out", "x.png", "--size", "{H}x3"],
    ["shot", "--game", "pyramid", "--deal", "1", "--out", "x.png", "--select", "{H}"],
    ["shot", "--game", "pyramid", "--deal", "1", "--out", "/nonexistent/{H}/x.png"],
    ["shot", "--game", "pyramid", "--deal", "1", "--out", "x.png", "--profile-dir", "{H}"],
    ["shot", "--game", "pyramid", "--deal", "1", "--out", "x.png", "--scene", "{H}"],
]
MESSAGE_MAX = 200
"""The longest line a message about one huge input may make."""


def run_cli(argv: list[str]) -> int:
    try:
        return cli_main(argv)
    except SystemExit as exc:  # argparse's usage errors
        return exc.code if isinstance(exc.code, int) else 1


@pytest.mark.parametrize("huge", HUGE, ids=["digits", "escaped", "quotes", "cards"])
@pytest.mark.parametrize("argv", LONG_ARGV, ids=" ".join)
def test_a_huge_input_is_quoted_short(capsys, tmp_path, argv, huge):
    """Found by review: error lines repeated their input whole (a 5,000-digit deal number
    made a 5,080-character line, 10,064 for bench --deals)."""
    argv = [a.replace("{H}", huge) for a in argv]
    argv = [str(tmp_path / a) if a == "x.png" else a for a in argv]
    assert run_cli(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip()
    assert "Traceback" not in err
    for line in err.splitlines():
        # the list of choices grows with the registry, not with the input
        line = re.sub(r"\((choose from|games:) [^)]*\)", "(...)", line)
        assert len(line) < MESSAGE_MAX, line[:300]
    assert "characters)" in err  # says how long the input was


def test_a_huge_path_the_png_cannot_be_written_to_is_quoted_short(capsys, tmp_path):
    out = str(tmp_path / ("9" * 300 + ".png"))  # longer than a file name may be
    argv = ["shot", "--game", "pyramid", "--deal", "1", "--out", out]
    assert run_cli(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --out ") and "characters)" in err
    assert all(len(line) < MESSAGE_MAX for line in err.splitlines()), err


def test_a_huge_deck_in_a_link_is_quoted_short():
    for huge in HUGE:
        setup, notices = share.parse_query(f"game=pyramid&deck={huge[:3900]}", today=DAY)
        assert setup is not None and notices
        assert all(len(str(n)) < MESSAGE_MAX for n in notices), notices


@pytest.mark.parametrize("huge", HUGE, ids=["digits", "escaped", "quotes", "cards"])
def test_the_engine_quotes_a_huge_input_short(huge):
    from thirteen.core.deals import SplitMix64
    from thirteen.core.moves import parse_move_text
    from thirteen.games import GameRecord, position_from_text
    from thirteen.tools.players import make_player

    calls = [
        lambda: parse_deck(huge),
        lambda: parse_deck("Ah " + huge),
        lambda: parse_move_text(huge),
        lambda: parse_move_text(f"Ah>{huge}"),
        lambda: Game.parse_move(GameSetup("pyramid", deal=1).new_game(), huge),
        lambda: GameSetup("thirteens", deal=1, layout=f"{huge}x2"),
        lambda: GameSetup(huge, deal=1),
        lambda: GameSetup("pyramid", deck=huge),
        lambda: GameSetup("pyramid", deal=huge),
        lambda: GameSetup("pyramid", deal=int("9" * 4000)),
        lambda: position_from_text(f"pyramid {huge}"),
        lambda: position_from_text(f"pyramid13 {huge}"),
        lambda: position_from_text(f"pyramid13 1 {huge} a b c d"),
        lambda: position_from_text(f"pyramid13 {huge} 0 a b c d"),
        lambda: position_from_text(f"pyramid a b c {huge}"),
        lambda: position_from_text(f"thirteens {huge}"),
        lambda: position_from_text(f"thirteens {huge} a b"),
        lambda: GameRecord(GameSetup("pyramid", deal=1), (huge,)).replay(),
        lambda: GameRecord(GameSetup("pyramid", deal=1), ("D", f"Ah+{huge}")).replay(),
        lambda: GameSetup.from_dict({"game": "pyramid", "deal": huge}),
        lambda: GameSetup.from_dict({"game": "pyramid", "deck": [huge]}),
        lambda: make_player(huge, SplitMix64(1)),
    ]
    for n, call in enumerate(calls):
        with pytest.raises(ValueError) as failed:
            call()
        assert len(str(failed.value)) < MESSAGE_MAX, (n, str(failed.value)[:300])


def test_quoted_and_clip_keep_short_text_as_it_was():
    from thirteen.core.cards import QUOTE_MAX, clip, quoted

    for text in ["", "Ah", "a'b", "x" * QUOTE_MAX, "\x01"]:
        assert quoted(text) == repr(text)
    assert clip("x" * QUOTE_MAX) == "x" * QUOTE_MAX
    assert quoted(5) == "5"
    assert clip("9" * 5000) == "9" * (QUOTE_MAX - 1) + "\u2026 (5,000 characters)"
    assert quoted("9" * 5000) == repr("9" * (QUOTE_MAX - 1) + "\u2026") + " (5,000 characters)"
    assert len(quoted("\x01" * 50)) < QUOTE_MAX + 30  # escapes count


# -- stored data -----------------------------------------------------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELD_VALUES = JSON | st.sampled_from([0, 1, 2, -1, 10**12, True, False, "1", [], {}, None])

RECORD_KEYS = [
    "settings",
    "game",
    "stats/thirteens/3x5",
    "stats/thirteens/4x4",
    "stats/pyramid13",
    "stats/pyramid",
    "scores/pyramid13",
    "scores/pyramid",
]


@st.composite
def records(draw, key: str) -> str:
    """Something that might be stored under ``key``: junk, JSON, or the right
    shape with some fields of the wrong type."""
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(st.text(max_size=30))
    if kind == 1:
        return json.dumps(draw(JSON))
    if kind == 2:
        depth = draw(st.sampled_from([50, 900, 5000, 100_000]))
        return "[" * depth + "]" * depth
    record: dict = {"v": draw(st.sampled_from([1, 1, 2, 3, 0, "1", None]))}
    if key == "settings":
        names = ["sound", "animations", "four_colour", "winnable_only", "x"]
    elif key == "game":
        names = ["record"]
        record["record"] = draw(
            st.fixed_dictionaries(
                {"game": st.sampled_from([*GAMES, "chess", 3])},
                optional={
                    "deal": FIELD_VALUES | st.integers(1, 50),
                    "deck": FIELD_VALUES,
                    "layout": FIELD_VALUES | st.sampled_from(["3x5", "4x4", "0x0"]),
                    "moves": FIELD_VALUES | st.lists(st.sampled_from(["D", "Kh", "Ah+Qs", "?"])),
                },
            )
        )
    elif key.startswith("stats/"):
        names = ["played", "won", "total_score", "current_streak", "best_streak", "distribution"]
        names += ["scores", "streak", "best"]  # version 1 fields
    else:
        names = ["all_time", "days"]
        entry = st.fixed_dictionaries(
            {},
            optional={
                "name": st.sampled_from(["Alice", "Bob", "  Carol  ", "x" * 20]) | FIELD_VALUES,
                "score": FIELD_VALUES | st.integers(0, 2000),
                "date": st.sampled_from(["2025-03-14", "20250314", "2025-13-01"]) | FIELD_VALUES,
                "deals": st.sampled_from(["deal 1", "custom"]) | FIELD_VALUES,
                "game": st.sampled_from(["pyramid13", "pyramid"]) | FIELD_VALUES,
            },
        )
        record["all_time"] = draw(st.lists(entry, max_size=12) | FIELD_VALUES)
        record["days"] = draw(
            st.dictionaries(st.sampled_from(["2025-03-14", "x"]), st.lists(entry, max_size=3))
            | FIELD_VALUES
        )
    for name in names:
        if name not in record and draw(st.booleans()):
            record[name] = draw(FIELD_VALUES)
    return json.dumps(record)


@st.composite
def stored(draw) -> dict[str, str]:
    """Contents for the profile's keys: some fuzzed, some absent."""
    out = {}
    for key in draw(st.lists(st.sampled_from(RECORD_KEYS), unique=True, max_size=4)):
        out[NAMESPACE + key] = draw(records(key))
    return out


GOOD_SETTINGS = json.dumps(
    {"v": 2, "sound": False, "animations": False, "four_colour": True, "winnable_only": False}
)
GOOD_STATS = json.dumps(
    {
        "v": 2,
        "played": 3,
        "won": 1,
        "total_score": 60,
        "current_streak": 0,
        "best_streak": 1,
        "distribution": {"52": 1, "4": 2},
    }
)


def exercise(profile: Profile) -> None:
    """Every read the interface makes of a profile."""
    assert isinstance(profile.settings, Settings)
    for gid, layout in (("thirteens", "3x5"), ("thirteens", "4x4"), ("pyramid13", None)):
        assert isinstance(profile.stats(gid, layout), Stats)
    profile.stats("pyramid")
    for gid in ("pyramid13", "pyramid"):
        profile.top_all_time(gid)
        profile.top_today(gid, today=DAY)
    game = profile.load_game()
    assert game is None or isinstance(game, Game)
    profile.saved_setup()
    assert all(isinstance(n, str | Message) and str(n) for n in profile.notices)


def migrated(key: str, old: str, new: str | None) -> bool:
    """A version 1 statistics or settings record rewritten as version 2 (the migrations
    keep what they can use; anything else makes the record unclean and set aside)."""
    kinds = key.startswith(NAMESPACE + "stats/") or key == NAMESPACE + "settings"
    if not kinds or new is None:
        return False
    try:
        was, now = json.loads(old), json.loads(new)
    except (ValueError, RecursionError):
        return False
    return isinstance(was, dict) and was.get("v", 1) == 1 and now.get("v") == 2


def assert_nothing_lost(before: dict[str, str], after: dict[str, str]) -> None:
    """Every stored value is still there: at its key, or set aside under a recovery key."""
    kept = set(after.values())
    for key, value in before.items():
        if after.get(key) == value or migrated(key, value, after.get(key)):
            continue
        assert value in kept, f"{key}: {value[:60]!r} was lost"
        aside = [k for k, v in after.items() if v == value and k.startswith(RECOVERY)]
        assert aside, f"{key} was not set aside"


@FUZZ
@given(stored(), st.sampled_from(["settings", "stats"]))
def test_profile_over_odd_memory_storage(contents, good):
    # One good record of a key the fuzz left alone must survive untouched.
    good_key = NAMESPACE + ("settings" if good == "settings" else "stats/thirteens/5x3")
    if good_key not in contents:
        contents[good_key] = GOOD_SETTINGS if good == "settings" else GOOD_STATS
    storage = MemoryStorage()
    storage.data.update(contents)
    profile = Profile(storage)
    exercise(profile)
    assert_nothing_lost(contents, storage.data)
    if contents[good_key] in (GOOD_SETTINGS, GOOD_STATS):
        if good == "settings":
            assert profile.settings == Settings(False, False, True, False)
        else:
            st_ = profile.stats("thirteens", "5x3")
            assert (st_.played, st_.won, st_.distribution) == (3, 1, {52: 1, 4: 2})
        assert storage.data[good_key] == contents[good_key]


@FUZZ
@given(
    st.fixed_dictionaries(
        {}, optional={name: FIELD_VALUES for name in ("sound", "animations", "four_colour")}
    )
)
def test_settings_keep_every_valid_field(fields_):
    storage = MemoryStorage()
    storage.data[NAMESPACE + "settings"] = json.dumps({"v": 1, **fields_})
    profile = Profile(storage)
    for name in ("sound", "animations", "four_colour"):
        value = fields_.get(name)
        expected = value if isinstance(value, bool) else getattr(Settings(), name)
        if name == "animations" and value is True:
            expected = None  # version 1's "on" was the default as often as a choice
        assert getattr(profile.settings, name) == expected
    assert_nothing_lost({NAMESPACE + "settings": json.dumps({"v": 1, **fields_})}, storage.data)


@pytest.fixture(scope="module")
def memory_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FoldersInMemory]:
    """Each example's folder, in memory where the machine has one
    (tests/store_fast_folder.py): each opens a new database file."""
    with folders_in_memory(tmp_path_factory.mktemp("stores")) as folders:
        yield folders


@FUZZ
@given(
    st.one_of(
        st.text(max_size=40),
        st.dictionaries(
            st.sampled_from([NAMESPACE + k for k in RECORD_KEYS] + ["other/key", "thirteen/x"]),
            JSON | st.text(max_size=20),
            max_size=5,
        ).map(json.dumps),
        JSON.map(json.dumps),
        st.sampled_from(["[" * 5000 + "]" * 5000, '{"a": ' + "[" * 900 + "]" * 900 + "}"]),
    ),
    st.booleans(),
)
def test_profile_over_odd_file_storage(memory_folders, text, good):
    folder = memory_folders.mktemp("store")
    path = folder / FILE_NAME
    parsed = None
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        pass
    if good and isinstance(parsed, dict):
        parsed[NAMESPACE + "settings"] = GOOD_SETTINGS
        text = json.dumps(parsed)
    path.write_bytes(text.encode("utf-8"))
    storage = DatabaseStorage(folder / DB_NAME, durable=False)
    profile = Profile(storage)
    exercise(profile)
    # the old file is taken in once and kept beside, byte for byte
    assert (folder / (FILE_NAME + ".bak")).read_bytes() == text.encode("utf-8")
    assert not path.exists()
    if isinstance(parsed, dict):
        ours = {k: v for k, v in parsed.items() if isinstance(v, str) and k.startswith("thirteen/")}
        assert_nothing_lost(ours, {k: storage.get(k) for k in storage.keys()})
        if good:
            assert profile.settings == Settings(False, False, True, False)
    else:
        # Not an object: what could be read is kept, and the player is told
        assert profile.notices
    storage.close()


@pytest.fixture(scope="module")
def display():
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from thirteen.ui import launch as app_module

    with sounds_made_once():  # every App here deals, and the deal makes the sounds
        yield app_module
    app_module.current = None
    pygame.display.quit()


@settings(FUZZ, max_examples=max(1, EXAMPLES // 2))
@given(stored(), st.sampled_from(["", "?game=thirteens&deal=4", "?game=pyramid13&deal=x"]))
def test_app_starts_over_odd_storage(display, contents, query):
    storage = MemoryStorage()
    storage.data.update(contents)
    app = display.make_app(["--query", query] if query else [], Profile(storage))
    app.step(16)
    assert app.scene is not None
    if app.table is not None:
        assert not app.game.is_over
    assert_nothing_lost(contents, storage.data)


# -- screen names ----------------------------------------------------------------

NAME_TEXT = st.text(
    alphabet=string.ascii_letters + string.digits + " -_." + "\t\nöé\u3000\x00", max_size=14
)


@FUZZ
@given(NAME_TEXT | st.text(max_size=14))
@example("  Alice  ")
@example("Al ic")
@example(" " * 12)
@example("Alice\t")
@example("\u0661\u0662\u0663\u0664\u0665")
def test_validate_name_trims_or_explains(name):
    try:
        got = validate_name(name)
    except ValueError as exc:
        assert str(exc).startswith("The name")
    else:
        assert got == name.strip(" ")
        assert NAME_MIN <= len(got) <= NAME_MAX
        assert set(got) <= NAME_CHARS
        assert got == got.strip(" ")


@pytest.mark.parametrize("value", [None, 12345, b"Alice", ["Alice"]])
def test_validate_name_of_non_text_explains(value):
    with pytest.raises(ValueError, match="text"):
        validate_name(value)


# -- regressions the fuzzing found ------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("key", RECORD_KEYS)
def test_deeply_nested_json_is_set_aside_not_a_crash(key):
    """Found by fuzzing: json.loads raises RecursionError (not ValueError) on
    deeply nested input, and Profile let it through and crashed the start."""
    storage = MemoryStorage()
    storage.data[NAMESPACE + key] = DEEP
    storage.data[NAMESPACE + "settings" if key != "settings" else NAMESPACE + "x"] = GOOD_SETTINGS
    profile = Profile(storage)
    exercise(profile)
    assert NAMESPACE + key not in storage.data
    assert DEEP in storage.data.values()  # set aside under a recovery key
    if key != "settings":
        assert profile.settings == Settings(False, False, True, False)


class _StackOverflow(BaseException):
    """The browser's "Maximum call stack size exceeded": a fatal error of the page that
    no except clause catches (the stack runs out before Python's recursion limit)."""


def _loads_like_the_browser(real):
    def loads(text, *args, **kwargs):
        if isinstance(text, str) and text.count("[") > 7000:
            raise _StackOverflow
        return real(text, *args, **kwargs)

    return loads


def test_deep_json_never_reaches_the_parser(monkeypatch):
    """Found in the browser: a stored value nested some 8,500 levels deep killed the
    page at every load (a black screen until storage was cleared by hand), because the
    stack ran out before json.loads could raise RecursionError.  Such text is refused
    before parsing, so it is set aside like any other unreadable value.  (The desktop's
    data file is read by json.loads itself: there the RecursionError does come.)"""
    monkeypatch.setattr(json, "loads", _loads_like_the_browser(json.loads))
    deep = "[" * 10_000 + "]" * 10_000
    storage = MemoryStorage()
    for key in RECORD_KEYS:
        storage.data[NAMESPACE + key] = deep
    profile = Profile(storage)
    exercise(profile)
    assert not any(NAMESPACE + key in storage.data for key in RECORD_KEYS)
    assert list(storage.data.values()).count(deep) == len(RECORD_KEYS)  # all set aside
    assert profile.settings == Settings()


def _depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 500])
@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_load_json_reads_up_to_the_depth_limit(depth, opening):
    closing = "]" if opening == "[" else "}"
    text = opening * depth + "1" + closing * depth
    if depth <= MAX_JSON_DEPTH:
        assert _depth(load_json(text)) == depth
    else:
        with pytest.raises(ValueError, match="nested more than"):
            load_json(text)


JSON_TEXT = st.text(alphabet='[]{}",:\\ a1', max_size=120)


@given(
    st.one_of(
        JSON_TEXT,
        st.recursive(
            st.none() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(alphabet='[{"\\a', max_size=3), inner, max_size=3)
            ),
            max_leaves=60,
        ).map(json.dumps),
    )
)
@example('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\\"]')
@example('[{"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[": 1}]')
def test_load_json_agrees_with_json_loads_below_the_limit(text):
    """Brackets inside strings (escaped quotes included) do not count: valid JSON no
    deeper than the limit reads as json.loads reads it, and anything else is a ValueError."""
    try:
        expected = json.loads(text)
    except (ValueError, RecursionError):
        with pytest.raises(ValueError):
            load_json(text)
        return
    if _depth(expected) <= MAX_JSON_DEPTH:
        assert load_json(text) == expected
    else:
        with pytest.raises(ValueError):
            load_json(text)


def test_deeply_nested_json_file_is_moved_aside(tmp_path):
    """Found by fuzzing: the same RecursionError escaped the file storage, so the game
    fell back to memory storage and could save nothing for the whole session."""
    path = tmp_path / FILE_NAME
    path.write_text(DEEP, encoding="utf-8")
    storage = DatabaseStorage(tmp_path / DB_NAME)
    assert storage.usable()
    assert [p.read_text(encoding="utf-8") for p in tmp_path.glob("*.bak")] == [DEEP]
    profile = Profile(storage)
    assert profile.notices
