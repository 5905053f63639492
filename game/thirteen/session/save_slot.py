"""One game's save slot as a session claims it: the rule that decides which tab (or
desktop window) may write it, when several have the same game open on one storage."""

from __future__ import annotations

from thirteen.core.game import Game
from thirteen.records.profile import Profile
from thirteen.records.saved_game import slot_of

RELEASED = "\x00released"
"""The claim of a session that gave the save slot up: no stored value is this text."""


class SaveSlot:
    """One game's save slot (``key``, see :mod:`.records.saved_game`), shared by every
    tab and window on one storage.

    The slot is remembered as this session last read or wrote it (its claim); when
    it holds anything else, another tab has saved or started a game there since,
    and this one must neither write over it nor count its copy again.
    """

    def __init__(self, profile: Profile, key: str) -> None:
        self.profile = profile
        self.key = key
        self._claim: str | None = None
        """The slot's text as this session last read or wrote it (see :meth:`owns`)."""

    def owns(self) -> bool:
        """Whether the saved game is still the one this session last read or wrote
        (nothing counts as one; an unreadable slot proves no change)."""
        return self.profile.saved_game_is(self.key, self._claim)

    def load(self) -> Game | None:
        """The saved game, replayed (see :meth:`Profile.load_game`); the slot is this
        session's from here."""
        game = self.profile.load_game(self.key)
        self._claim = self.profile.saved_game_text(self.key)
        return game

    def save(self, game: Game) -> bool:
        """Store the game in progress; call after each move.

        False, writing nothing, when another tab has taken the slot over (see
        :meth:`owns`).  A game not made from a GameSetup cannot be resumed and is
        not saved.
        """
        if getattr(game, "setup", None) is None:
            return True
        if slot_of(game) != self.key:
            raise ValueError(f"a game of {slot_of(game)} saved in {self.key}")
        if not self.owns():
            return False
        # written only over the claim, in one transaction: another window's save that
        # came between the look above and this write is not overwritten either
        text = self.profile.save_game(game, over=self._claim)
        if text is None:
            return False
        self._claim = text
        return True

    def take(self) -> None:
        """Claim the slot as it is now: this session's next save may write over it."""
        self._claim = self.profile.saved_game_text(self.key)

    def release(self) -> None:
        """Give up the claim on the slot (another tab took it over): the slot is not
        this session's again, even if it comes back to this session's own last text
        (the other tab undoing its move, say), until it takes it anew.  Else a new
        deal here would push the other tab's game aside without counting it."""
        self._claim = RELEASED

    def others_game(self) -> Game | None:
        """The game another tab put in the slot since this session last read or wrote
        it, without taking the slot (None when no other tab did, or it left none)."""
        if self.owns():
            return None
        return self.profile.load_game(self.key)

    def clear(self) -> None:
        """Empty the slot, unless another tab has put its own game there since."""
        if self.owns():
            self.profile.clear_game(self.key, only=self._claim)
        self._claim = None

    @property
    def read_here(self) -> bool:
        """Whether this session has read or written the slot (else a game found there is
        one from an earlier visit, not another tab's)."""
        return self._claim is not None
