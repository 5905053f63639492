"""The end of a game: how it ended, the score, the statistics, the deal's link, posting."""

from __future__ import annotations

from collections.abc import Generator
from enum import StrEnum
from typing import TYPE_CHECKING

import pygame

from thirteen.advice import difficulty
from thirteen.advice.verdicts import (
    deal_verdicts_steps,
    known_verdicts,
    known_winning_line,
    verdict_words,
)
from thirteen.core.i18n import N_, reason, tr
from thirteen.games import spec_of
from thirteen.records.scores import NAME_CHARS, NAME_MAX, deals_label
from thirteen.session import share
from thirteen.ui import clipboard, theme, widgets
from thirteen.ui.layout import PANEL_W
from thirteen.ui.scene import ARRIVE_MS, backdrop, same_press
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.end_lines import Line, box_lines
from thirteen.ui.screens.entry import NAME_PROMPT, EntryScene
from thirteen.ui.screens.menu import MenuScene
from thirteen.ui.table import paint
from thirteen.ui.table.searches import HINT_BUDGET_MS, grade_beside
from thirteen.ui.tasks import SLICE_MS
from thirteen.ui.widgets import Button, key_words

if TYPE_CHECKING:
    from thirteen.core.game import Game
    from thirteen.ui.app import App

R = pygame.Rect


class EndButton(StrEnum):
    """The end screen's buttons; New, Same deal and Menu share the table's names (its
    New, Restart and Menu bring this screen up to ask about an unposted score)."""

    NEW = "new"
    RESTART = "restart"
    UNDO = "undo"
    COPY = "copy"
    MENU = "menu"
    LOOK = "look"
    POST = "post"
    REPLAY = "replay"
    CALENDAR = "calendar"


class EndScene(MenuScene):
    """Won or no moves left, the score, the updated statistics, and score posting."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.table = app.table
        game = app.game
        assert game is not None  # the end screen opens over a game
        self.game: Game = game
        self.message = tr(NOT_COUNTED) if self.table is not None and self.table.detached else ""
        self.confirm: str | None = None
        self.confirm_at = 0.0
        self.opened_at = app.now_ms
        self.snapshot: pygame.Surface | None = None
        self.settled_elsewhere = False
        self.build()

    def handle(self, event: pygame.event.Event) -> None:
        # it opens by itself, over the cards: a click just after was meant for them
        # (it pressed Undo or Menu in their place)
        arriving = self.app.now_ms - self.opened_at < ARRIVE_MS
        if event.type == pygame.MOUSEBUTTONDOWN and arriving:
            return
        super().handle(event)

    BOX = R(40, 40, 960, 640)
    """Over the table, clear of the side panel (its score stays readable)."""
    POST_Y = 478
    POST_H = 78
    BUTTONS_Y = 572

    def place(self) -> None:
        """The box and its rows: over the table left of the panel sideways (over the whole
        canvas when it is too narrow for that), over the cards between the bars upright
        (the bar's score stays readable)."""
        cls = type(self)
        w, h = self.app.screen.get_size()
        self.BOX, self.POST_Y, self.POST_H = cls.BOX, cls.POST_Y, cls.POST_H
        self.BUTTONS_Y = cls.BUTTONS_Y
        self.over_panel = False
        """Whether the box covers the side panel too (a canvas too narrow beside it)."""
        beside = PANEL_W if self.app.settings.left_handed else 0  # the panel's side
        if self.classic():
            self.BOX = cls.BOX.move(beside, 0)  # right of a left-handed table's panel
            return
        touch = self.touch()
        if self.upright():
            extra = round((theme.text_scale - 1) * 440)  # larger text: a taller box
            # the foot bar is bare here
            self.BOX = R(20, 170, w - 40, min(920 + extra, h - 190))
            tall = self.BOX.h >= 900  # Post score on a row of its own
            rows = -(-(len(self.named_buttons()) + (0 if tall else 1)) // 3)
            self.BUTTONS_Y = self.BOX.bottom - rows * (touch + 10) - 14
            self.POST_Y, self.POST_H = self.BUTTONS_Y - (touch + 30 if tall else 0), touch
        elif w - PANEL_W - 80 >= 900:
            self.BOX = R(beside + 40, 40, w - PANEL_W - 80, 640)
            self.BUTTONS_Y = self.BOX.bottom - 24 - touch
            self.POST_Y, self.POST_H = self.BUTTONS_Y - touch - 12, touch
        else:
            self.BOX, self.over_panel = R(20, 20, w - 40, h - 40), True
            self.BUTTONS_Y = self.BOX.bottom - 2 * (touch + 10) - 14
            self.POST_Y, self.POST_H = self.BUTTONS_Y, touch

    def in_grid(self) -> bool:
        """Whether the buttons go in rows of three or four (a narrow or short box), Post
        score among them when the box has no room for its own row."""
        return not self.classic() and (self.upright() or self.over_panel)

    def build(self) -> None:
        self.place()
        if self.in_grid():
            self.build_grid()
            return
        y, bw, gap = self.BUTTONS_Y, 164, 15
        named = self.named_buttons()
        if len(named) > 7:  # with Undo, Show a win and Calendar
            bw, gap = 110, 6
        elif len(named) > 6:  # with Undo and Show a win
            bw, gap = 124, 8
        elif len(named) > 5:  # with Undo
            bw, gap = 136, 11
        if not self.classic():  # a wide box: wider buttons, room for a phone's raised text
            bw = max(bw, min(164, (self.BOX.w - 80 - (len(named) - 1) * gap) // len(named)))
        x0 = self.BOX.centerx - (len(named) * bw + (len(named) - 1) * gap) // 2
        w: list = []
        for n, (name, label, key) in enumerate(named):
            rect = R(x0 + n * (bw + gap), y, bw, 84 if self.classic() else self.touch())
            w.append(Button(name, rect, label, key_words(key), primary=n == 0))
        post = self.post_button(R(self.BOX.right - 40 - 250, self.POST_Y, 250, self.POST_H))
        self.widgets = w + ([post] if post is not None else [])

    def named_buttons(self) -> tuple[tuple[str, str, str], ...]:
        named: tuple[tuple[str, str, str], ...] = (
            (EndButton.NEW, tr("New deal"), "N"),
            (EndButton.RESTART, tr("Same deal"), "R"),
            (EndButton.COPY, tr("Copy link"), "C"),
            (EndButton.MENU, tr("Menu"), "M"),
            (EndButton.LOOK, tr("See table"), "Esc"),
        )
        if self.can_undo():
            named = named[:2] + ((EndButton.UNDO, tr("Undo"), "U"),) + named[2:]
        if self.win_line():
            named = named[:-1] + ((EndButton.REPLAY, tr("Show a win"), "W"),) + named[-1:]
        if self.day_s_deal():
            named = named[:-1] + ((EndButton.CALENDAR, tr("Calendar"), "K"),) + named[-1:]
        return named

    def day_s_deal(self) -> bool:
        """Whether the game was a day's deal (its calendar is a button away), its score
        posted or left if it had one to post."""
        setup = getattr(self.game, "setup", None)
        if setup is None or not self.game.is_over or self.app.session.unposted(self.game):
            return False
        return self.app.profile.daily.day_of(setup.game, setup.deal) is not None

    def win_line(self) -> tuple:
        """The winning line "Show a win" replays: for a lost deal the solver proves could
        have been won (searched as long as the verdict's line, and remembered with it)."""
        game = self.game
        setup = getattr(game, "setup", None)
        if setup is None or not game.is_over or game.outcome.value == "won":
            return ()
        return known_winning_line(setup, HINT_BUDGET_MS)  # once the verdict's search is done

    def post_row(self) -> bool:
        """Whether Post score has a row of its own above the others (a tall box)."""
        return self.POST_Y < self.BUTTONS_Y

    def build_grid(self) -> None:
        """Rows of three (upright) or four buttons at the foot of the box, without their
        keys' letters upright (a phone has none), Post score among them on a short box."""
        named = list(self.named_buttons())
        box, gap, touch = self.BOX, 12, self.touch()
        probe = self.post_button(R(0, 0, 1, 1))
        if probe is not None and not self.post_row():
            named.append((EndButton.POST, probe.label, probe.key))
        per_row = 3 if self.upright() else -(-len(named) // 2)
        bw = (box.w - 60 - (per_row - 1) * gap) // per_row
        keys = not self.upright()
        w: list = []
        for n, (name, label, key) in enumerate(named):
            row, col = divmod(n, per_row)
            rect = R(box.x + 30 + col * (bw + gap), self.BUTTONS_Y + row * (touch + 10), bw, touch)
            if name == EndButton.POST:
                post = self.post_button(rect)
                assert post is not None
                w.append(post)
            else:
                w.append(Button(name, rect, label, key_words(key) if keys else "", primary=n == 0))
        if self.post_row():
            post = self.post_button(R(box.x + 30, self.POST_Y, box.w - 60, touch))
            w += [post] if post is not None else []
        self.widgets = w

    def post_button(self, rect: pygame.Rect) -> Button | None:
        """Post score, for a finished game whose kind posts scores (Pyramid 13)."""
        settled = self.app.session.posted_for is self.game  # posted, or left unposted
        posted = settled and self.app.session.score_posted
        if (
            spec_of(self.game).posts_scores
            and self.game.is_over
            and self.game.score > 0
            and not self.settled_elsewhere
            and (posted or not settled)  # a score left unposted: no button
        ):
            label = tr("Posted") if posted else tr("Post score")
            return Button(EndButton.POST, rect, label, "" if self.upright() else "P", not posted)
        return None

    def enter(self) -> None:
        self.build()
        self.snapshot = None
        super().enter()

    def back(self) -> None:
        self.app.back()

    def key(self, event: pygame.event.Event) -> None:
        names = {
            pygame.K_n: EndButton.NEW,
            pygame.K_r: EndButton.RESTART,
            pygame.K_c: EndButton.COPY,
            pygame.K_m: EndButton.MENU,
            pygame.K_p: EndButton.POST,
            pygame.K_u: EndButton.UNDO,
            pygame.K_w: EndButton.REPLAY,
            pygame.K_k: EndButton.CALENDAR,
        }
        name = names.get(event.key)
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            name = EndButton.UNDO  # as at the table
        if name is not None and any(w.name == name for w in self.widgets):
            self.activate(name)
            return
        super().key(event)

    def activate(self, name: str) -> None:
        app = self.app
        if name == EndButton.LOOK:
            app.back()
            return
        if name == EndButton.COPY:
            self.copy_link()
            return
        if name == EndButton.CALENDAR:
            app.open(SceneName.CALENDAR)
            return
        if name == EndButton.REPLAY:
            from thirteen.ui.replay import ReplayScene

            line = self.win_line()
            setup = getattr(self.game, "setup", None)
            if line and setup is not None:
                app.push(ReplayScene(app, setup, line))
            return
        if name == EndButton.UNDO:
            table = self.table
            if table is not None and self.can_undo():
                app.back()
                table.undo()  # the game plays on, uncounted until it ends again
            return
        if name == EndButton.POST:
            if self._settled_elsewhere():
                return
            if app.session.posted_for is not self.game:
                app.push(
                    EntryScene(
                        app,
                        tr("Post your score: {score}", score=self.game.score),
                        tr(NAME_PROMPT),
                        self._post,
                        limit=NAME_MAX,
                        allowed=NAME_CHARS,
                    )
                )
            return
        # (a score another tab already posted or left needs no warning)
        if app.session.unposted(app.game) and not self._settled_elsewhere():
            if self.confirm != name:
                self.ask_to_leave(name)
                return
            if same_press(app, self.confirm_at):
                return  # the press that asked, doubled: the score is not left unread
        if app.session.unposted(app.game):
            app.session.settle_score(self.game)  # waived
        if name == EndButton.NEW:
            app.new_deal()
        elif name == EndButton.RESTART:
            app.restart()
        elif name == EndButton.MENU:
            app.go_start()

    def ask_to_leave(self, name: str) -> None:
        """Say that the score is not posted and how to leave it so (the same button again,
        ``name``: new, restart or menu): also when the table's New, Restart or Menu
        (whose keys differ here) brought this screen up, which would otherwise come back
        with no word, looking like a loop."""
        button = self.button(name)
        assert button is not None  # the end screen always has these three
        self.confirm = name
        self.confirm_at = self.app.now_ms
        if button.key and widgets.keys_shown:
            self.message = tr(
                "Your score is not posted: Post score (P), or {button} ({key}) again to leave it.",
                button=button.label,
                key=button.key,
            )
        else:  # a phone's buttons name no keys
            self.message = tr(
                "Your score is not posted: Post score, or {button} again to leave it.",
                button=button.label,
            )
        self.dirty = True

    def can_undo(self) -> bool:
        """Whether the move that ended the game can be taken back from here."""
        table = self.table
        return (
            table is not None and table.game is self.game and self.app.session.can_take_back(table)
        )

    def copy_link(self) -> None:
        """Put the deal's link on the clipboard and say what came of it."""
        setup = getattr(self.game, "setup", None)
        if setup is None:
            self.message = tr("This game has no link to copy.")
        else:
            link = share.share_link(setup)
            outcome = clipboard.copy_text(link)
            if outcome == clipboard.COPIED:
                self.message = (
                    tr("Link copied: paste it to share this deal.")
                    if not link.startswith("?")  # the page's address came with it
                    else tr(
                        "Copied the end of the link: after the web game's address, "
                        "it opens this deal."
                    )
                )
            elif outcome == clipboard.ASKED:
                self.message = tr("Asked the browser to copy the link; it may not allow it here.")
            else:
                self.message = tr("The clipboard is not reachable here; copy the link by hand.")
        self.dirty = True

    def _settled_elsewhere(self) -> bool:
        """Another tab posted or left this score (both tabs showed it): it is not posted
        twice, and leaving no longer asks about it."""
        session = self.app.session
        if session.posted_for is self.game or not session.score_settled_elsewhere(
            self.game, self.app.table
        ):
            return False
        # not cleared here: the slot is another tab's now (and not posted from this one)
        session.posted_for, session.score_posted = self.game, False
        self.settled_elsewhere = True
        self.message = tr(SETTLED_ELSEWHERE)
        self.build()
        self.dirty = True
        return True

    def _post(self, name: str) -> str | None:
        game = self.game
        if self._settled_elsewhere():
            return None
        try:
            entry = self.app.profile.post_score(
                game.game_id, name, game.score, deals_label(getattr(game, "setup", None))
            )
        except ValueError as exc:
            return tr(reason(exc))
        self.app.session.settle_score(game, posted=True)
        today = self.app.profile.top_today(game.game_id)
        place = next((n for n, e in enumerate(today, 1) if e == entry), None)
        if place:
            self.message = tr(
                "Posted as {name}. Number {place} today!", name=entry.name, place=place
            )
        else:
            self.message = tr("Posted as {name}.", name=entry.name)
        self.build()
        return None

    def _verdicts_found(self, _verdicts: tuple[str, ...]) -> None:
        """The verdict's search answered: its line, and "Show a win" with a winning line."""
        self.build()
        self.dirty = True

    def grading(self) -> bool:
        """Whether the deal's difficulty (on the deal's line) is still being worked out."""
        setup = getattr(self.game, "setup", None)
        return setup is not None and not difficulty.grader_for(setup).done

    def active(self) -> bool:
        return self.grading() or super().active()

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        setup = getattr(self.game, "setup", None)
        if setup is not None and self.grading():
            grade_beside(self.app, setup)

    def verdict(self) -> str | None:
        """Whether the deal could have been won, once the game is over (the solver's answer
        from the deal's start, searched as long as a hint; remembered per deal)."""
        game = self.game
        setup = getattr(game, "setup", None)
        if setup is None or not game.is_over:
            return None
        verdicts = known_verdicts(setup, HINT_BUDGET_MS)
        if verdicts is None:
            # searched beside the game: this screen says it is thinking, and shows the
            # answer when it comes (for this deal's game, still over, on show)
            if "verdict" not in self.app.tasks:
                steps = deal_verdicts_steps(setup, HINT_BUDGET_MS, SLICE_MS)
                self.app.tasks.start(
                    "verdict",
                    steps,
                    self._verdicts_found,
                    still=lambda: self.app.scene is self and self.game is game and game.is_over,
                    priority=2,
                )
            return tr("Could this deal have been won? Thinking...")
        words = verdict_words(game, verdicts, widgets.keys_shown)
        return tr(words) if words else words

    def lines(self) -> list[Line]:
        """Every line of text on the box (see :func:`.end_lines.box_lines`)."""
        posting = any(
            isinstance(w, Button) and w.name == EndButton.POST and w.enabled for w in self.widgets
        )
        return box_lines(self, posting)

    def relayout(self) -> None:
        self.snapshot = None  # the picture of the table behind is of the old shape
        self.dirty = True

    def retext(self) -> None:
        """Another language: the buttons anew, and the table behind with its words."""
        self.snapshot = None
        self.build()

    def warm(self) -> Generator[None, None, None]:
        """Render this screen's words ahead, one line or button a step, then the table's
        veiled picture behind it (:func:`.table.paint.veiling`): the App runs it beside
        the game while the table waits to open the screen
        (:data:`.table.scene.END_DELAY_MS`), so the screen's first frame only blits
        them."""
        yield
        lines = self.lines()
        yield
        for words, size, colour, _ in lines:
            theme.text(words, size, colour)
            yield
        scratch = pygame.Surface(self.app.screen.get_size())
        for widget in self.widgets:
            widget.draw(scratch)
            yield
        table = self.table
        if table is None:
            return
        while table.moving():  # the picture behind the screen is of the table at rest
            if self.app.scene is not table:  # opened already (or left): it draws its own
                return
            yield
        yield from paint.veiling(table, table.frame.size)

    def draw(self, surface: pygame.Surface) -> None:
        if (
            self.snapshot is None
            and self.table is not None
            and surface.get_size() == self.table.frame.size  # not shown scaled to fit
        ):
            self.snapshot = paint.veiled(self.table, surface.get_size())
        if self.snapshot is not None:
            surface.blit(self.snapshot, (0, 0))
        else:
            surface.blit(backdrop(), (0, 0))
        box = self.BOX
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=20)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=3, border_radius=20)
        lines = self.lines()
        query = [r for _, _, colour, r in lines if colour == (20, 30, 26)]
        if query:
            field = query[0].unionall(query[1:]).inflate(20, 12)
            field.w = box.w - 80
            pygame.draw.rect(surface, (250, 250, 244), field, border_radius=10)
        for words, size, colour, rect in lines:
            theme.put_text(surface, words, theme.text(words, size, colour), rect)
        self.draw_widgets(surface)


NOT_COUNTED = N_(
    "Not counted: another tab or window took the saved game over while this one was played."
)

SETTLED_ELSEWHERE = N_("This score was posted or left in another tab or window.")
