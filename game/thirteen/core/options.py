"""The options a game may take: the grid layout (columns by rows) that Thirteens plays on
and the menus, links and command line name as ``CxR``."""

from __future__ import annotations

from dataclasses import dataclass

from thirteen.core.cards import is_plain_number, quoted


@dataclass(frozen=True, slots=True)
class Layout:
    columns: int = 3
    rows: int = 5

    def __post_init__(self) -> None:
        c, r = self.columns, self.rows
        if c < 2 or r < 2 or c * r > 30:
            raise ValueError(
                f"layout {c}x{r} is not allowed: need at least 2 columns and 2 rows "
                "and at most 30 cells"
            )

    @classmethod
    def parse(cls, text: str) -> Layout:
        """``CxR`` (``x`` or ``X``); ValueError naming the text for anything else, also
        digits that are not ASCII (:func:`.cards.is_plain_number`)."""
        parts = str(text).lower().strip().split("x")
        if len(parts) != 2 or not all(is_plain_number(p, 9) for p in parts):
            raise ValueError(
                f"layout {quoted(text)} must be COLUMNSxROWS with whole numbers, like 3x5"
            )
        return cls(int(parts[0]), int(parts[1]))

    @property
    def cells(self) -> int:
        return self.columns * self.rows

    def __str__(self) -> str:
        return f"{self.columns}x{self.rows}"


DEFAULT_LAYOUT = Layout()
