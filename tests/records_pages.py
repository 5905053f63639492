"""A stand-in for the page's ``thirteenRecords`` (web/records.js) as Python sees it:
shared by the records' tests."""

from __future__ import annotations


class FakePage:
    """Keeps what was downloaded, counts the pickers opened, and hands over ``answer``
    (the page's JSON of the file chosen) once."""

    def __init__(self) -> None:
        self.saved: list[tuple[str, str]] = []
        self.asked: list[int] = []
        self.answer: str | None = None

    def save(self, name: str, text: str) -> None:
        self.saved.append((name, text))

    def pick(self, most: int) -> None:
        self.asked.append(most)

    def take(self) -> str | None:
        answer, self.answer = self.answer, None
        return answer
