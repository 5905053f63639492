"""Lines are broken at ordinary spaces only: French's no-break spaces keep ``;:!?`` and
the quotes ``« »`` on the line of the words they belong to."""

from __future__ import annotations

import pygame

from messages import catalogues
from thirteen.ui import theme


def french_texts_with_marks() -> list[str]:
    texts = []
    for folder in catalogues():
        for entry in folder.messages("fr").values():
            forms = entry if isinstance(entry, list) else [entry]
            texts += [t for t in forms if any(mark in t for mark in ("«", "\u00a0:", "\u202f"))]
    return texts


def test_french_marks_never_start_or_end_a_line():
    pygame.font.init()
    texts = french_texts_with_marks()
    assert len(texts) > 20
    for text in texts:
        for width in range(60, 400, 23):
            lines = theme.wrap(text, 24, width)
            assert " ".join(lines).split() == text.split()  # nothing lost
            for line in lines:
                assert line[0] not in ";:!?»" and line[-1] != "«", (width, lines)
