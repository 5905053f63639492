"""Golden transcripts: what they replay, their file format, and how to rewrite them.

``tests/test_golden.py`` replays every registered game's transcripts with :func:`check`.
Run ``python tests/golden/regen.py`` (or the tests with ``THIRTEEN_REGEN_GOLDEN=1``)
to rewrite the ``*.txt`` files from the engine, then read the diff by hand
against docs/rules.md before committing: a golden file pins whatever the engine does.

A transcript file starts with ``key: value`` header lines naming the game, its
setup and the moves; then, for the start and after each move, a ``== ...``
line, the one-line position text (``game.text()``) and the rendering
(``game.render()``, each line prefixed by ``| ``).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# name -> (game, deal, deck, layout, moves).  Moves are pinned as text; they
# were chosen to exercise Kings, pairs, falls and refills, the empty-column
# move, draws, waste pairs, the draw card paired with the waste top, a King as
# the draw card, both recycles and the deal transitions of Pyramid 13; in Elevens,
# pairs and picture trios wherever they lie, refills in reading order and the holes
# that stay once the stock is empty; in Fifteens, groups of two to seven cards making
# 15 and the Ten-Jack-Queen-King sets.
TRANSCRIPTS: dict[str, tuple[str, int | None, str | None, str | None, str]] = {
    "thirteens_3x5": (
        "thirteens",
        1,
        None,
        "3x5",
        "Ks 4s+9c 3h+Ts 6h+7d 5c+8d 4c+9d 2d+Js 2s+Jh 3d+Td Kc Ac+Qs Kd 4h+9s 5d+8c 6s+7s Kh "
        "2c+Jc 3c+Th 6d+7h 5h+8h Ah+Qh 6c+7c 3s+Tc 2h+Jd 4d+9h 5s+8s Ad+Qc Qd>2 As+Qd",
    ),
    "thirteens_4x4": (
        "thirteens",
        1,
        None,
        "4x4",
        "Ks 4s+9c 3h+Ts 5c+8s 4c+9d Ac+Qc 2s+Js 2d+Jh Kc 3d+Td 4h+9s Ad+Qh 6h+7s Kd 2c+Jd Kh "
        "Ah+Qs 5d+8d 5h+8h As+Qd 3c+Th 3s+Tc 2h+Jc 6c+7c 4d>2 4d+9h 6d>2 6d+7h 6s>2 5s>3 5s+8c "
        "6s>1 6s>3 6s+7d",
    ),
    "pyramid": (
        "pyramid",
        200,
        None,
        None,
        "2s+Jh As+Qd 2h+Jc D 4d+9s 6h+7h D Kd 5h+8d 6c+7s Ks 3h+Tc D D 4h+9d Kc Ad+Qc 5d+8h "
        "3d+Ts Ac+Qh 4s+9h 2d+Jd 3c+Td D D D D D 5c+8c Kh D D Ah+Qs R D D D D 5s+8s 6s+7d "
        "4c+9c D D R D 3s+Th",
    ),
    "pyramid13": (
        "pyramid13",
        2,
        None,
        None,
        "Kh 3c+Ts 5s+8s D D D D D Ah+Qc 6d+7h 4c+9c Kc 6c+7d Ac+Qs As+Qh D D D 2h+Jh Ks 6s+7c "
        "4h+9h D D D D D 2d+Jc D 5h+8d 6h+7s 3s+Th 3d+Td 6h+7d 6s+7c 4s+9d 2d+Jh 3s+Th D D D D "
        "2c+Jc Kh D D 4h+9s D Ks Ad+Qh D D 4c+9h D D 5s+8h D 5h+8c 5c+8d Ah+Qd D Kc D 2s+Js "
        "6d+7h 2d+Jc Kc 5c+8h 5s+8c 6c+7c Ks D D D D 3d+Ts Ad+Qs 2c+Jd 4s+9h D 3s+Tc Kd D 5h+8s "
        "4h+9d 6s+7s D 6h+7d Ac+Qd D 2h+Jh",
    ),
    "neighbour": (
        "neighbour",
        1,
        None,
        None,
        "Ks 6h+7d 3h+Ts Ad+Qh Kc 5s+8d Kd 4c+9d 5c+8s 6s+7h Kh Ac+Qc 3d+Th 2d+Jc 2c+Js 4s+9s "
        "3c+Td 4h+9c 2s+Jh Ah+Qs 6d+7s 5d+8c 5h+8h As+Qd 4d+9h 3s+Tc 2h+Jd 6c+7c",
    ),
    "giza": (
        "giza",
        1,
        None,
        None,
        "Kc 2d+Jh 2s+Js Ac+Qc 3d+Tc 4c+9d 5d+8d 6s+7s 5c+8s 4s+9s 6d+7h Kh 4h+9h 3c+Th 4d+9c "
        "5s+8h 2c+Jd Ad+Qs As+Qh 6c+7d 3h+Ts 6h+7c 2h+Jc 3s+Td Ks Ah+Qd 5h+8c Kd",
    ),
    "baroness": (
        "baroness",
        5,
        None,
        None,
        "4h+9h D D Kd 3s+Tc D 6h+7s 4c+9d D Ks Kh 5d+8c 3c+Ts D D D D Kc 2d+Jh Ac+Qc 5s+8d "
        "4s+9s As+Qh 2s+Jd 5c+8h D Ad+Qs D 2h+Jc 3d+Td 3h+Th 6s+7d 6d+7c Ah+Qd 4d+9c 6c+7h "
        "2c+Js 5h+8s",
    ),
    "elevens": (
        "elevens",
        9,
        None,
        None,
        "5d+6s Ad+Ts 3c+8c 4c+7h Jh+Qh+Kh 4s+7s As+Th Jd+Qd+Ks 3s+8h 5s+6c 2c+9s 4d+7d 5h+6h "
        "Js+Qs+Kc 3d+8d Ah+Td 2h+9h Ac+Tc 2s+9d Jc+Qc+Kd 2d+9c 3h+8s 4h+7c 5c+6d",
    ),
    "fifteens": (
        "fifteens",
        1,
        None,
        None,
        "Td+Jc+Qh+Ks 6h+9d 7d+8s 7s+8d 6s+9c 3h+5c+7h Ts+Js+Qc+Kc Th+Jh+Qs+Kd Ac+5h+9s "
        "Ad+5d+9h Ah+6d+8c 7c+8h 4c+5s+6c Tc+Jd+Qd+Kh 3c+4d+4h+4s As+2c+2d+2h+2s+3d+3s",
    ),
}

HEADER_KEYS = ("game", "deal", "deck", "layout", "moves")


def header_lines(game: str, deal, deck, layout, moves: str) -> list[str]:
    values = {"game": game, "deal": deal, "deck": deck, "layout": layout, "moves": moves}
    return [
        f"{k}: {' '.join(str(values[k]).split())}" for k in HEADER_KEYS if values[k] is not None
    ]


def parse_header(lines: list[str]) -> dict[str, str]:
    """The ``key: value`` lines at the top of a transcript file."""
    out: dict[str, str] = {}
    for line in lines:
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("=="):
            break
        key, sep, value = line.partition(": ")
        if not sep or key not in HEADER_KEYS:
            raise ValueError(f"bad header line {line!r}")
        out[key] = value
    return out


def body_lines(game: str, deal, deck, layout, moves: str) -> list[str]:
    """Replay the moves and write the position before and after each one."""
    from thirteen.games import new_game

    g = new_game(game, deal=int(deal) if deal is not None else None, deck=deck, layout=layout)
    out: list[str] = []

    def snapshot(title: str) -> None:
        out.append(f"== {title}")
        out.append(f"position: {g.text()}")
        out.extend(f"| {line}".rstrip() for line in g.render().splitlines())

    snapshot("start")
    for n, move in enumerate(moves.split(), 1):
        g.play(move)
        snapshot(f"move {n}: {move}")
    return out


def transcript_text(name: str) -> str:
    spec = TRANSCRIPTS[name]
    lines = [
        f"# Golden transcript {name}: regenerate with `python tests/golden/regen.py`,",
        "# then review the diff against docs/rules.md before trusting it.",
        *header_lines(*spec),
        "",
        *body_lines(*spec),
    ]
    return "\n".join(lines) + "\n"


def regenerate() -> list[Path]:
    written = []
    for name in TRANSCRIPTS:
        path = HERE / f"{name}.txt"
        path.write_text(transcript_text(name), encoding="utf-8")
        written.append(path)
    return written


def check(name: str) -> None:
    """Replay transcript ``name`` from its file's header and compare line by line.

    With ``THIRTEEN_REGEN_GOLDEN=1`` the file is rewritten first (review it!).
    """
    import os

    path = HERE / f"{name}.txt"
    if os.environ.get("THIRTEEN_REGEN_GOLDEN") == "1":
        path.write_text(transcript_text(name), encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    header = parse_header(lines)
    spec = TRANSCRIPTS[name]
    assert header_lines(*spec) == [f"{k}: {v}" for k, v in header.items()], (
        f"{path.name}: header differs from TRANSCRIPTS[{name!r}]; run regen.py"
    )
    start = lines.index("== start")
    expected = lines[start:]
    actual = body_lines(*spec)
    for n, (want, got) in enumerate(zip(expected, actual, strict=False), start + 1):
        assert got == want, f"{path.name}:{n}: expected\n  {want}\ngot\n  {got}"
    assert len(actual) == len(expected), (
        f"{path.name}: {len(expected)} body lines in the file, the engine gives {len(actual)}"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[1] / "game"))
    for p in regenerate():
        print(f"wrote {p}")
