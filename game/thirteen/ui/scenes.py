"""The scenes around the table: start, end of game, help, statistics, settings, text entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import share
from ..cards import is_plain_number, make_card
from ..deals import MAX_DEAL
from ..profile import NAME_CHARS, NAME_MAX, Stats, deals_label
from ..pyramid import Pyramid13
from ..storage import FULL, NOT_KEPT
from ..thirteens import Thirteens
from ..variants import GAMES, LAYOUTS, GameSetup
from ..verdicts import deal_verdicts, verdict_words
from . import HEIGHT, WIDTH, clipboard, theme
from . import cards as card_art
from .scene import ARRIVE_MS, MenuScene, Scene, backdrop, draw_backdrop, same_press
from .table import HINT_BUDGET_MS, deal_words, end_words
from .widgets import Button, Checkbox, Keyboard

if TYPE_CHECKING:
    from ..app import App

R = pygame.Rect


def back_button() -> Button:
    return Button("back", R(24, 20, 150, 80), "Back", "Esc")


# -- start --------------------------------------------------------------------
class StartScene(MenuScene):
    """Choose a game (and layout), then how to deal: random, today's, or a number."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game_id = "thirteens"
        self.layout = "3x5"
        self.confirm_at = 0.0
        self.extra_layout: str | None = None
        """A layout from a link that the menu does not offer: kept as a button once seen,
        so a player who tries another can come back to it."""
        self.message = ""
        self.confirm: str | None = None
        self.build()

    def layout_for(self, game_id: str | None = None) -> str | None:
        return self.layout if GAMES[game_id or self.game_id].has_layout else None

    def choose_suspended(self) -> None:
        """Choose the game and layout of the game just left for this screen.  Done on
        arriving from the table only: coming back from help, statistics or settings
        keeps what the player chose here meanwhile."""
        game = self.app.suspended.game if self.app.suspended else None
        setup = getattr(game, "setup", None)
        if setup is not None:
            self.game_id = setup.game
            self.layout = setup.layout or self.layout
        self.confirm = None

    def enter(self) -> None:
        notices = self.app.session.notices
        if notices:
            self.message = " ".join(notices[-2:])
            notices.clear()
        self.build()
        super().enter()

    GAME_X, GAME_W = 70, 560
    DEAL_X, DEAL_W = 720, 490
    BLURB_Y = 422
    LAYOUT_Y = 484
    MESSAGE_Y = 556

    def build(self) -> None:
        w: list = []
        gx, gw = self.GAME_X, self.GAME_W
        for n, spec in enumerate(GAMES.values()):
            b = Button(f"game:{spec.id}", R(gx, 150 + n * 90, gw, 80), spec.title)
            b.primary = spec.id == self.game_id
            w.append(b)
        if GAMES[self.game_id].has_layout:
            # a layout from a link that the menu does not offer is shown too
            if self.layout not in LAYOUTS:
                self.extra_layout = self.layout
            offered = LAYOUTS if self.extra_layout is None else (*LAYOUTS, self.extra_layout)
            bw = 120 if len(offered) == len(LAYOUTS) else 90
            x0 = self.GAME_X + self.GAME_W - len(offered) * (bw + 10) + 10
            for n, name in enumerate(offered):
                b = Button(f"layout:{name}", R(x0 + n * (bw + 10), self.LAYOUT_Y, bw, 80), name)
                b.primary = name == self.layout
                w.append(b)
        x, dw = self.DEAL_X, self.DEAL_W
        w.append(Button("play", R(x, 150, dw, 88), "Play a new deal", "Enter", primary=True))
        w.append(Button("today", R(x, 250, 240, 88), "Today's deal"))
        w.append(Button("number", R(x + 250, 250, 240, 88), "Deal number..."))
        w.append(
            Checkbox(
                "winnable",
                R(x, 350, dw, 88),
                "Winnable deals only",
                self.app.settings.winnable_only,
                "new random deals are checked first",
            )
        )
        if self.app.suspended is not None:
            game = self.app.suspended.game
            label = ("Back to " if game.is_over else "Resume ") + game.title
            w.append(Button("resume", R(x, 450, dw, 88), label))
        bw = (gw - 2 * 20) // 3
        for n, (name, label) in enumerate(
            (("help", "Help"), ("stats", "Statistics"), ("settings", "Settings"))
        ):
            w.append(Button(name, R(gx + n * (bw + 20), 604, bw, 84), label))
        self.widgets = w
        self.dirty = True

    def text_lines(self) -> list[tuple[str, int, tuple[int, ...], pygame.Rect]]:
        """Every line of text below the title: (words, size, colour, rect).

        The selected game's blurb sits under the game buttons, the notices
        (link problems, fallbacks) under the deal buttons; tests check that
        none of them overlaps a widget.
        """
        out: list[tuple[str, int, tuple[int, ...], pygame.Rect]] = []
        spec = GAMES[self.game_id]
        y = self.BLURB_Y
        for line in theme.wrap(spec.blurb, 28, self.GAME_W)[:2]:
            rect = theme.text(line, 28).get_rect(topleft=(self.GAME_X, y))
            out.append((line, 28, theme.INK, rect))
            y += 26
        if spec.has_layout:
            rect = theme.text("Layout", 30).get_rect(midleft=(self.GAME_X, self.LAYOUT_Y + 40))
            out.append(("Layout", 30, theme.INK_DIM, rect))
        message = self.shown_message()
        if message:
            y = self.MESSAGE_Y
            for line in theme.wrap(message, 24, self.DEAL_W)[:6]:
                rect = theme.text(line, 24).get_rect(topleft=(self.DEAL_X, y))
                out.append((line, 24, (255, 226, 150), rect))
                y += 22
        return out

    def gives_up_first(self, name: str) -> bool:
        """Starting another game gives up the one waiting to be resumed (counted as lost):
        the first press says so, the second starts (as New does on the table), unless it
        came with the first (a double click)."""
        table = self.app.suspended
        if self.confirm == name and same_press(self.app, self.confirm_at):
            return True
        confirm, self.confirm = self.confirm, None
        if (
            table is None
            or table.game.is_over
            or not table.game.moves
            or table.recorded
            or confirm == name
        ):
            return False
        self.confirm = name
        self.confirm_at = self.app.now_ms
        self.dirty = True
        return True

    def shown_message(self) -> str:
        """The give-up warning while it waits for its button again (any other press
        takes it away with the question), else the notices."""
        table = self.app.suspended
        button = None if self.confirm is None else self.button(self.confirm)
        if button is None or table is None:
            return self.message
        return (
            f"Give up your {table.game.title} game in progress? It will count as a loss: "
            f"press {button.label} again."
        )

    def activate(self, name: str) -> None:
        app = self.app
        if name in ("play", "today", "number"):
            if self.gives_up_first(name):
                return
            if name != "number":
                self.message = ""  # the notices were read; a new game starts
        else:
            self.confirm = None
        if name.startswith("game:"):
            self.game_id = name[5:]
            self.build()
        elif name.startswith("layout:"):
            self.layout = name[7:]
            self.build()
        elif name == "play":
            app.new_game(app.session.random_setup(self.game_id, self.layout_for()))
        elif name == "today":
            app.new_game(
                GameSetup(
                    self.game_id, deal=share.today_deal(self.game_id), layout=self.layout_for()
                )
            )
        elif name == "number":
            app.push(
                EntryScene(
                    app, "Deal number", f"A number from 1 to {MAX_DEAL}", self._number, digits=True
                )
            )
        elif name == "winnable":
            app.settings.winnable_only = not app.settings.winnable_only
            app.profile.save_settings()
        elif name == "resume":
            self.message = ""
            app.resume()
        elif name in ("help", "stats", "settings"):
            app.open(name)

    def _number(self, text: str) -> str | None:
        if not is_plain_number(text) or not 1 <= int(text) <= MAX_DEAL:
            return f"Type a number from 1 to {MAX_DEAL}."
        self.message = ""
        self.app.new_game(GameSetup(self.game_id, deal=int(text), layout=self.layout_for()))
        return None

    def back(self) -> None:
        if self.app.suspended is not None:
            self.app.resume()

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Enter is Play's key: also once the focused game or layout is the one chosen
            # (the first Enter chose it), not only with nothing focused
            w = self.focused()
            chosen = isinstance(w, Button) and w.primary and w.name.startswith(("game:", "layout:"))
            if w is None or chosen:
                self.activate("play")
                return
        super().key(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "Thirteen")
        theme.blit_text(
            surface,
            "Solitaire games of pairs that make 13",
            30,
            (WIDTH // 2, 84),
            theme.INK_DIM,
            "midtop",
        )
        theme.blit_text(surface, "Game", 30, (self.GAME_X, 122), theme.INK_DIM)
        theme.blit_text(surface, "Deal", 30, (self.DEAL_X, 122), theme.INK_DIM)
        for words, size, colour, rect in self.text_lines():
            surface.blit(theme.text(words, size, colour), rect)
        self.draw_widgets(surface)


NAME_PROMPT = "Your screen name: 5 to 10 letters, digits, spaces, '-', '_' or '.'"


# -- text entry ---------------------------------------------------------------
class EntryScene(MenuScene):
    """A field and our own on-screen keyboard (pygbag shows none on phones).

    ``submit(text)`` returns an error message to show, or None when done (it
    then changes scene itself, or this scene goes back).
    """

    def __init__(
        self,
        app: App,
        title: str,
        prompt: str,
        submit: Callable[[str], str | None],
        initial: str = "",
        digits: bool = False,
        limit: int = 10,
        allowed: frozenset[str] | None = None,
    ) -> None:
        super().__init__(app)
        self.title, self.prompt, self.submit = title, prompt, submit
        self.text = initial
        self.digits = digits
        self.limit = limit
        self.allowed = allowed
        """The characters a name may hold: any other key says so at once, rather than
        being typed and refused only at OK."""
        self.error = ""
        self.keyboard = (
            Keyboard(R(440, 300, 400, 400), digits=True)
            if digits
            else Keyboard(R(140, 300, 1000, 400))
        )
        self.widgets = [back_button()]

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()

    def pointer(self, pos: tuple[int, int]) -> None:
        value = self.keyboard.press(pos)
        if value is not None:
            self.type(value)

    def type(self, value: str) -> None:
        self.dirty = True
        if value == "\b":
            self.text = self.text[:-1]
        elif value == "\n":
            scene = self.app.scene
            error = self.submit(self.text)
            if error:
                self.error = error
            elif self.app.scene is scene:
                self.app.back()
        elif value:
            if self.digits and not is_plain_number(value):
                self.error = "Digits only."
            elif self.allowed is not None and not set(value) <= self.allowed:
                self.error = "Only letters A-Z, digits, spaces, '-', '_' and '.'."
            elif len(self.text) >= self.limit:
                # said, so that a key that does nothing does not look broken
                self.error = f"{self.limit} {'digits' if self.digits else 'characters'} at most."
            else:
                self.text += value
                self.error = ""

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.back()
        elif event.key == pygame.K_BACKSPACE:
            self.type("\b")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.type("\n")
        elif event.unicode and event.unicode.isprintable():
            self.type(event.unicode)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.title)
        theme.blit_text(surface, self.prompt, 28, (WIDTH // 2, 100), theme.INK_DIM, "midtop")
        field = R(0, 0, 560, 84)
        field.midtop = (WIDTH // 2, 140)
        pygame.draw.rect(surface, (250, 250, 244), field, border_radius=12)
        pygame.draw.rect(surface, theme.GOLD, field, width=3, border_radius=12)
        rect = theme.blit_text(
            surface, self.text, 52, (field.x + 20, field.centery), (20, 30, 26), "midleft"
        )
        pygame.draw.line(
            surface,
            (20, 30, 26),
            (rect.right + 4, field.y + 18),
            (rect.right + 4, field.bottom - 18),
            3,
        )
        if self.error:
            theme.blit_text(surface, self.error, 26, (WIDTH // 2, 240), (255, 180, 160), "midtop")
        self.keyboard.draw(surface)
        self.draw_widgets(surface)


# -- end of game --------------------------------------------------------------
class EndScene(MenuScene):
    """Won or no moves left, the score, the updated statistics, and score posting."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.table = app.table
        self.game = app.game
        self.message = NOT_COUNTED if self.table is not None and self.table.detached else ""
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

    def build(self) -> None:
        y, bw, gap = self.BUTTONS_Y, 164, 15
        named: tuple[tuple[str, str, str], ...] = (
            ("new", "New deal", "N"),
            ("restart", "Same deal", "R"),
            ("copy", "Copy link", "C"),
            ("menu", "Menu", "M"),
            ("look", "See table", "Esc"),
        )
        if self.can_undo():
            named = named[:2] + (("undo", "Undo", "U"),) + named[2:]
            bw, gap = 136, 11
        x0 = self.BOX.centerx - (len(named) * bw + (len(named) - 1) * gap) // 2
        w: list = []
        for n, (name, label, key) in enumerate(named):
            w.append(Button(name, R(x0 + n * (bw + gap), y, bw, 84), label, key, primary=n == 0))
        settled = self.app.session.posted_for is self.game  # posted, or left unposted
        posted = settled and self.app.session.score_posted
        if (
            isinstance(self.game, Pyramid13)
            and self.game.is_over
            and self.game.score > 0
            and not self.settled_elsewhere
            and (posted or not settled)  # a score left unposted: no button
        ):
            w.append(
                Button(
                    "post",
                    R(self.BOX.right - 40 - 250, self.POST_Y, 250, self.POST_H),
                    "Posted" if posted else "Post score",
                    "P",
                    not posted,
                )
            )
        self.widgets = w

    def enter(self) -> None:
        self.build()
        self.snapshot = None
        super().enter()

    def back(self) -> None:
        self.app.back()

    def key(self, event: pygame.event.Event) -> None:
        names = {
            pygame.K_n: "new",
            pygame.K_r: "restart",
            pygame.K_c: "copy",
            pygame.K_m: "menu",
            pygame.K_p: "post",
            pygame.K_u: "undo",
        }
        name = names.get(event.key)
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            name = "undo"  # as at the table
        if name is not None and any(w.name == name for w in self.widgets):
            self.activate(name)
            return
        super().key(event)

    def activate(self, name: str) -> None:
        app = self.app
        if name == "look":
            app.back()
            return
        if name == "copy":
            self.copy_link()
            return
        if name == "undo":
            table = self.table
            if table is not None and self.can_undo():
                app.back()
                table.undo()  # the game plays on, uncounted until it ends again
            return
        if name == "post":
            if self._settled_elsewhere():
                return
            if app.session.posted_for is not self.game:
                app.push(
                    EntryScene(
                        app,
                        f"Post your score: {self.game.score}",
                        NAME_PROMPT,
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
        if name == "new":
            app.new_deal()
        elif name == "restart":
            app.restart()
        elif name == "menu":
            app.go_start()

    def ask_to_leave(self, name: str) -> None:
        """Say that the score is not posted and how to leave it so (the same button again,
        ``name``: new, restart or menu): also when the table's New, Restart or Menu
        (whose keys differ here) brought this screen up, which used to come back with
        no word, looking like a loop."""
        button = self.button(name)
        assert button is not None  # the end screen always has these three
        self.confirm = name
        self.confirm_at = self.app.now_ms
        self.message = (
            f"Your score is not posted: Post score (P), or {button.label} ({button.key}) "
            "again to leave it."
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
            self.message = "This game has no link to copy."
        else:
            link = share.share_link(setup)
            outcome = clipboard.copy_text(link)
            if outcome == clipboard.COPIED:
                self.message = (
                    "Link copied: paste it to share this deal."
                    if not link.startswith("?")  # the page's address came with it
                    else "Copied the end of the link: after the web game's address, "
                    "it opens this deal."
                )
            elif outcome == clipboard.ASKED:
                self.message = "Asked the browser to copy the link; it may not allow it here."
            else:
                self.message = "The clipboard is not reachable here; copy the link by hand."
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
        self.message = SETTLED_ELSEWHERE
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
            return str(exc)
        self.app.session.settle_score(game, posted=True)
        today = self.app.profile.top_today(game.game_id)
        place = next((n for n, e in enumerate(today, 1) if e == entry), None)
        self.message = f"Posted as {entry.name}." + (f" Number {place} today!" if place else "")
        self.build()
        return None

    def verdict(self) -> str | None:
        """Whether the deal could have been won, once the game is over (the solver's answer
        from the deal's start, searched as long as a hint; remembered per deal)."""
        game = self.game
        setup = getattr(game, "setup", None)
        if game is None or setup is None or not game.is_over:
            return None
        return verdict_words(game, deal_verdicts(setup, HINT_BUDGET_MS))

    def lines(self) -> list[tuple[str, int, tuple[int, ...], pygame.Rect]]:
        """Every line of text on the box: (words, size, colour, rect).

        The deal number and the link query that opens this deal again are
        always shown, so a player can share the deal.
        """
        out: list[tuple[str, int, tuple[int, ...], pygame.Rect]] = []

        def put(words: str, size: int, colour, **anchor) -> pygame.Rect:
            rect = theme.text(words, size, colour).get_rect(**anchor)
            out.append((words, size, colour, rect))
            return rect

        game, box = self.game, self.BOX
        cx, left = box.centerx, box.x + 40
        if game is None:
            return out
        if not game.is_over:
            title = "Game not over yet"
        else:
            title = "You won!" if game.outcome.value == "won" else end_words(game)
        put(title, 72, theme.GOLD, midtop=(cx, box.y + 18))
        setup = getattr(game, "setup", None)
        name = game.title + (f" {game.layout}" if isinstance(game, Thirteens) else "")
        put(f"{name} \u00b7 {deal_words(setup)}", 30, theme.INK_DIM, midtop=(cx, box.y + 84))
        if isinstance(game, Pyramid13):
            parts = " + ".join(str(s) for s in game.deal_scores)
            if not game.is_over:
                parts += (" + " if parts else "") + f"{game.current_deal_points} so far"
            score = f"Rounds: {parts} = {game.score} points" if parts else f"{game.score} points"
        elif isinstance(game, Thirteens):
            score = f"Score: {game.score} of 52 cards"
        else:
            score = f"Pyramid cards cleared: {game.score} of 28"
        put(score, 40, theme.INK, midtop=(cx, box.y + 122))
        y = box.y + 174
        if setup is not None:
            st = self.app.profile.stats(setup.game, setup.layout)
            rows = [
                ("Played", str(st.played)),
                ("Won", f"{st.won} ({win_rate(st)})"),
                ("Streak", f"{st.current_streak} (best {st.best_streak})"),
                ("Average", f"{st.average_score:.1f}"),
            ]
            for n, (label, value) in enumerate(rows):
                x = left + 60 + (n % 2) * 420
                yy = y + (n // 2) * 42
                put(label, 28, theme.INK_DIM, topleft=(x, yy))
                put(value, 34, theme.INK, topleft=(x + 120, yy - 3))
            y += 94
            verdict = self.verdict()
            if verdict:
                put(verdict, 28, theme.INK, topleft=(left, y))
                y += 40
            # a deck's link takes three lines; Pyramid 13 keeps two above its score row
            most = 2 if isinstance(game, Pyramid13) else 3
            query = share.share_query(setup)
            shown = self.query_lines(query, box.w - 100, most)
            heading = (
                "Share this deal with the link ending:"
                if "".join(shown) == query
                else "This deal's link is too long to show whole; Copy link copies it:"
            )
            put(heading, 26, theme.INK_DIM, topleft=(left, y))
            y += 26
            for line in shown:
                put(line, 30, (20, 30, 26), topleft=(left + 10, y + 8))
                y += 26
            y += 24
        if self.message:
            put(self.message, 26, (255, 226, 150), midtop=(cx, y))
        if any(w.name == "post" and w.enabled for w in self.widgets):
            put(
                "Post your score to the high-score board:",
                28,
                theme.INK,
                midleft=(left, self.POST_Y + self.POST_H // 2),
            )
        return out

    @staticmethod
    def query_lines(query: str, width: int, most: int = 2) -> list[str]:
        """The link query in lines that fit, broken between cards (a Pyramid 13 deck's
        link is too long for them and ends in '...')."""
        f = theme.font(30)
        lines: list[str] = []
        rest = query
        while rest and len(lines) < most:
            n = len(rest)
            while n > 1 and f.size(rest[:n])[0] > width:
                n -= 1
            if n < len(rest):  # break after a '+' or '&', not inside a card
                cut = max(rest.rfind("+", 0, n), rest.rfind("&", 0, n)) + 1
                if cut > n // 2:
                    n = cut
            lines.append(rest[:n])
            rest = rest[n:]
        if rest:
            lines[-1] = lines[-1][:-3] + "..."
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        if self.snapshot is None and self.table is not None:
            self.table.draw(surface, buttons=False)
            veil = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
            veil.fill((0, 20, 10, 170))
            surface.blit(veil, (0, 0))
            self.snapshot = surface.copy()
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
            surface.blit(theme.text(words, size, colour), rect)
        self.draw_widgets(surface)


# -- help ---------------------------------------------------------------------
HELP = {
    "thirteens": [
        "Remove pairs of cards that add up to 13: Ace+Queen, 2+Jack, 3+10, 4+9, 5+8, 6+7. "
        "A King is 13 on its own and goes at once.",
        "The two cards of a pair must touch: side by side, above each other or diagonally.",
        "After a removal the cards above a gap fall down their column, and the gaps at the top "
        "are filled from the stock: columns from left to right, each from its lowest gap up.",
        "Once the stock is empty, a column may run out. Then the top card of another column "
        "can be moved to the bottom of the empty one: select it, then click the empty column.",
        "You win when all 52 cards are gone. The game is over when no pair or King can be "
        "removed any more (moving cards to empty columns alone does not count). Your score "
        "is the number of cards removed.",
    ],
    "pyramid13": [
        "28 cards form a pyramid; the rest is the draw pile, whose top card (the draw card) is "
        "face up. A pyramid card is free when no card below overlaps it.",
        "Available cards are the free pyramid cards, the draw card and the top of the waste. "
        "Remove an available King, or two available cards that make 13. Click the draw card "
        "twice to move it to the waste.",
        "A game is three rounds (the rules call them deals): each round is a fresh pyramid "
        "with one pass through the draw pile, no turning the waste over. A round ends when "
        "the pyramid is clear, or when the draw pile is empty and nothing more can be "
        "removed. 'Round 2 of 3' says which one you are in; 'Deal #123' is the number that "
        "deals this same game again.",
        "Points: 10 per card, +100 for clearing the pyramid in round 1 or 2, +250 in round 3. "
        "At the end you may post your total under a screen name of 5 to 10 characters. "
        "Your statistics count a game as won when its third pyramid is cleared.",
    ],
    "pyramid": [
        "The classic Pyramid: the same pyramid, free cards and pairs as Pyramid 13.",
        "You may go through the draw pile three times: when it is empty, click the empty pile "
        "(or press D) to turn the waste over, in the same order. That is allowed twice.",
        "You win by clearing the 28 pyramid cards; cards left in the piles do not matter. "
        "You lose when no move is left and the waste cannot be turned over again. Your score "
        "is the number of pyramid cards cleared, 0 to 28.",
    ],
    "keys": [
        "Click or tap: a King goes at once; another card is selected, and a second card "
        "that makes 13 with it removes both; any other card is selected instead. Clicking "
        "the selected card again lets it go (the draw card goes to the waste instead); Esc "
        "or a right click also lets it go.",
        "Keyboard: arrows or Tab move the focus ring, Space or Enter clicks, D draws, "
        "U or Ctrl+Z undoes, H shows a hint, N starts a new deal, R restarts it, "
        "M switches sound, S shows statistics, F1 or ? opens this help, Esc backs out. "
        "The end screen's buttons show their own keys (P posts a score).",
        "Every move can be undone, also the last one from the end screen, unless its "
        "score is posted. Giving up a game in progress "
        "counts as a loss. A hint may look at the hidden cards: it says what its move "
        "rests on (a win, the most cards or points, or just a guess when nothing was "
        "proven in time).",
        "Every game has a deal number ('Deal #123'): the same number deals the same cards, "
        "so you can replay it or share it. The end screen shows its link (C copies it) and, "
        "after a loss, whether the deal could have been won.",
    ],
}
HELP_TABS = (
    ("thirteens", "Thirteens"),
    ("pyramid13", "Pyramid 13"),
    ("pyramid", "Pyramid"),
    ("keys", "Playing"),
)

NOT_COUNTED = (
    "Not counted: another tab or window took the saved game over while this one was played."
)

SETTLED_ELSEWHERE = "This score was posted or left in another tab or window."


class HelpScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        shown = shown_game(app)
        self.tab = shown[0] if shown is not None else app.start_scene.game_id
        self.build()

    def build(self) -> None:
        self.widgets = [back_button()]
        for n, (key, label) in enumerate(HELP_TABS):
            b = Button(f"tab:{key}", R(220 + n * 215, 110, 205, 80), label)
            b.primary = key == self.tab
            self.widgets.append(b)

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
        else:
            self.tab = name[4:]
            self.build()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "How to play")
        y = 220
        for para in HELP[self.tab]:
            for line in theme.wrap(para, 30, 760):
                theme.blit_text(surface, line, 30, (60, y), theme.INK)
                y += 28
            y += 14
        self.draw_picture(surface, R(870, 230, 380, 440))
        self.draw_widgets(surface)

    def draw_picture(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A small picture of a move: a pair making 13 leaves, a King leaves alone."""
        pygame.draw.rect(surface, (16, 66, 46), area, border_radius=16)
        w, h = 90, 126
        ace, queen, king = make_card(1, 3), make_card(12, 2), make_card(13, 1)
        x0, y0 = area.x + 40, area.y + 30
        surface.blit(card_art.card_face(ace, w, h, self.app.settings.four_colour), (x0, y0))
        q = R(x0 + w + 20, y0, w, h)
        surface.blit(card_art.card_face(queen, w, h, self.app.settings.four_colour), q)
        pygame.draw.rect(
            surface, theme.GOLD, R(x0, y0, w, h).inflate(8, 8), width=4, border_radius=10
        )
        theme.blit_text(surface, "1 + 12", 30, (q.right + 20, y0 + 30), theme.INK)
        theme.blit_text(surface, "= 13", 40, (q.right + 20, y0 + 62), theme.GOLD)
        theme.blit_text(
            surface,
            "click one, then the other",
            24,
            (area.centerx, y0 + h + 14),
            theme.INK_DIM,
            "midtop",
        )
        y1 = y0 + h + 60
        surface.blit(card_art.card_face(king, w, h, self.app.settings.four_colour), (x0, y1))
        theme.blit_text(surface, "King = 13", 36, (x0 + w + 24, y1 + 30), theme.GOLD)
        theme.blit_text(surface, "one click", 26, (x0 + w + 24, y1 + 70), theme.INK_DIM)


# -- statistics ---------------------------------------------------------------
STATS_TABS = (
    ("thirteens", "3x5", "Thirteens 3x5"),
    ("thirteens", "4x4", "Thirteens 4x4"),
    ("thirteens", "5x3", "Thirteens 5x3"),
    ("pyramid13", None, "Pyramid 13"),
    ("pyramid", None, "Pyramid"),
)


OTHER_TAB = ("thirteens", None, "Other layouts")
"""The Thirteens layouts without a tab of their own (a link may choose any), in one table."""
OTHER_ROWS = 8


def win_rate(st: Stats) -> str:
    """The win percentage as shown: '<1%' and '>99%' rather than a rounded 0% beside some
    wins, or 100% beside a loss."""
    rate = st.win_percent
    if 0 < st.won and round(rate) == 0:
        return "<1%"
    if st.won < st.played and round(rate) == 100:
        return ">99%"
    return f"{rate:.0f}%"


def shown_game(app: App) -> tuple[str, str | None] | None:
    """The game and layout a help or statistics screen opens on: those chosen on the start
    screen when it is opened from there (a game waiting to be resumed may be another),
    else the game on the table's."""
    if app.scene is app.start_scene:
        start = app.start_scene
        return start.game_id, start.layout_for()
    setup = getattr(app.game, "setup", None)
    return None if setup is None else (setup.game, setup.layout)


class StatsScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        shown = shown_game(app)
        self.current = shown[1] if shown is not None and shown[0] == "thirteens" else None
        self.others = [lay for lay in app.profile.layouts_played("thirteens") if lay not in LAYOUTS]
        if self.current is not None and self.current not in LAYOUTS + tuple(self.others):
            self.others.append(self.current)  # the game on the table, not counted yet
        self.tabs = STATS_TABS + ((OTHER_TAB,) if self.others else ())
        self.tab = 0
        for n, (gid, layout, _) in enumerate(STATS_TABS):
            if shown is not None and shown[0] == gid and layout in (None, shown[1]):
                self.tab = n
        if self.current in self.others:
            self.tab = len(STATS_TABS)
        self.build()

    def build(self) -> None:
        self.widgets = [back_button()]
        step = 1200 // len(self.tabs)
        for n, (_, _, label) in enumerate(self.tabs):
            b = Button(f"tab:{n}", R(40 + n * step, 110, step - 10, 80), label)
            b.primary = n == self.tab
            self.widgets.append(b)

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
        else:
            self.tab = int(name[4:])
            self.build()

    def other_rows(self) -> list[tuple[str, ...]]:
        """One line per other layout: layout, played, won, win rate, average, best streak."""
        out = []
        for lay in self.others:
            st = self.app.profile.stats("thirteens", lay)
            out.append(
                (
                    lay,
                    str(st.played),
                    str(st.won),
                    win_rate(st),
                    f"{st.average_score:.1f}",
                    str(st.best_streak),
                )
            )
        return out

    def draw_others(self, surface: pygame.Surface) -> None:
        heads = ("Layout", "Played", "Won", "Win rate", "Average", "Best streak")
        xs = (90, 300, 480, 640, 830, 1020)
        for x, head in zip(xs, heads, strict=True):
            theme.blit_text(surface, head, 26, (x, 226), theme.INK_DIM)
        rows = self.other_rows()
        for n, row in enumerate(rows[:OTHER_ROWS]):
            y = 270 + n * 46
            colour = theme.GOLD if row[0] == self.current else theme.INK
            for x, cell in zip(xs, row, strict=True):
                theme.blit_text(surface, cell, 32, (x, y), colour)
        if len(rows) > OTHER_ROWS:
            more = len(rows) - OTHER_ROWS
            theme.blit_text(
                surface, f"and {more} more", 26, (90, 270 + OTHER_ROWS * 46), theme.INK_DIM
            )
        theme.blit_text(
            surface,
            "Thirteens layouts opened from links (the start screen offers 3x5, 4x4 and 5x3).",
            26,
            (90, 670),
            theme.INK_DIM,
        )

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "Statistics")
        if self.tabs[self.tab] is OTHER_TAB:
            self.draw_others(surface)
            self.draw_widgets(surface)
            return
        gid, layout, _ = self.tabs[self.tab]
        st = self.app.profile.stats(gid, layout)
        rows = [
            ("Games played", str(st.played)),
            ("Games won", str(st.won)),
            ("Win rate", win_rate(st)),
            ("Average score", f"{st.average_score:.1f}"),
            ("Current streak", str(st.current_streak)),
            ("Best streak", str(st.best_streak)),
        ]
        unit, cap = SCORE_UNITS[gid]
        if gid == "pyramid13":
            # Two columns of figures, the chart under them, the boards on the right.
            for n, (label, value) in enumerate(rows):
                x, y = 60 + (n % 2) * 280, 220 + (n // 2) * 46
                theme.blit_text(surface, label, 26, (x, y + 4), theme.INK_DIM)
                theme.blit_text(surface, value, 34, (x + 170, y), theme.INK)
            self.draw_distribution(surface, st.distribution, R(100, 420, 480, 180), unit, cap)
            self.draw_board(surface, "Today's top 10", self.app.profile.top_today(gid), 650)
            self.draw_board(surface, "All-time top 10", self.app.profile.top_all_time(gid), 960)
        else:
            for n, (label, value) in enumerate(rows):
                y = 230 + n * 48
                theme.blit_text(surface, label, 32, (60, y), theme.INK_DIM)
                theme.blit_text(surface, value, 38, (330, y - 3), theme.INK)
            self.draw_distribution(surface, st.distribution, R(660, 280, 560, 320), unit, cap)
        self.draw_widgets(surface)

    @staticmethod
    def buckets(
        dist: dict[int, int], most: int, cap: int | None = None
    ) -> list[tuple[int, int, int]]:
        """Scores grouped into at most ``most`` ranges of a round width: (low, high, games).

        The ranges start at 0 and cover the best score seen, or ``cap`` (the
        game's highest possible score) when there is one.
        """
        if not dist:
            return []
        top = cap if cap is not None else max(dist)
        size = next(
            (n for n in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500) if (top + n) // n <= most),
            -(-(top + 1) // most),
        )
        count = top // size + 1
        out = [(i * size, i * size + size - 1, 0) for i in range(count)]
        for score, games in dist.items():
            i = min(count - 1, max(0, score) // size)
            low, high, n = out[i]
            out[i] = (low, high, n + games)
        return out

    @classmethod
    def draw_distribution(
        cls,
        surface: pygame.Surface,
        dist: dict[int, int],
        area: pygame.Rect,
        unit: str,
        cap: int | None = None,
    ) -> None:
        """A bar chart of games per score range: counts on the bars, ranges under them.

        Its labels are at least 26 logical pixels (13 CSS pixels on a phone held
        sideways, where the canvas is shown at half size)."""
        theme.blit_text(
            surface, "Games by score", 32, (area.x - 40, area.y - 58), theme.INK_DIM, "topleft"
        )
        axis = theme.INK_DIM
        pygame.draw.line(surface, axis, area.bottomleft, area.bottomright, 2)
        pygame.draw.line(surface, axis, area.bottomleft, area.topleft, 2)
        theme.blit_text(surface, "games", 26, (area.x - 8, area.y - 4), axis, "bottomright")
        buckets = cls.buckets(dist, max(4, area.w // 64), cap)
        if not buckets:
            theme.blit_text(surface, "no games yet", 28, area.center, theme.INK_DIM, "center")
            theme.blit_text(surface, unit, 28, (area.centerx, area.bottom + 12), axis, "midtop")
            return
        most = max(n for _, _, n in buckets) or 1
        theme.blit_text(surface, str(most), 26, (area.x - 8, area.y + 18), axis, "midright")
        theme.blit_text(surface, "0", 26, (area.x - 8, area.bottom), axis, "midright")
        bw = (area.w - 8) // len(buckets)
        lines_below = 1
        for i, (low, high, count) in enumerate(buckets):
            x = area.x + 8 + i * bw
            bh = round((area.h - 32) * count / most)
            bar = R(x + 3, area.bottom - bh, bw - 6, bh)
            if count:
                pygame.draw.rect(surface, theme.GOLD, bar, border_radius=4)
                theme.blit_text(
                    surface, str(count), 30, (bar.centerx, bar.top - 2), theme.INK, "midbottom"
                )
            if cap is not None:
                high = min(high, cap)
            label = str(low) if low == high else f"{low}-{high}"
            lines = [label]
            if theme.font(28).size(label)[0] > bw - 4:
                lines = [f"{low}-", str(high)]
                lines_below = 2
            for k, line in enumerate(lines):
                theme.blit_text(
                    surface,
                    line,
                    28,
                    (bar.centerx, area.bottom + 6 + k * 24),
                    theme.INK_DIM,
                    "midtop",
                )
        theme.blit_text(
            surface, unit, 28, (area.centerx, area.bottom + 14 + 24 * lines_below), axis, "midtop"
        )

    @staticmethod
    def draw_board(surface: pygame.Surface, title: str, entries: list, x: int) -> None:
        theme.blit_text(surface, title, 32, (x, 220), theme.GOLD)
        if not entries:
            theme.blit_text(surface, "no scores yet", 26, (x, 262), theme.INK_DIM)
        for n, e in enumerate(entries[:10]):
            y = 262 + n * 40
            theme.blit_text(surface, f"{n + 1}.", 28, (x + 30, y), theme.INK_DIM, "topright")
            score = theme.blit_text(surface, str(e.score), 28, (x + 270, y), theme.INK, "topright")
            room = score.left - 12 - (x + 40)  # ten wide letters need a smaller size
            size = theme.fitting_size(e.name, room, 28, 20)
            # on the row's baseline, whatever its size
            top = y + theme.font(28).get_ascent() - theme.font(size).get_ascent()
            theme.blit_text(surface, e.name, size, (x + 40, top), theme.INK)


SCORE_UNITS: dict[str, tuple[str, int | None]] = {
    "thirteens": ("score: cards removed", 52),
    "pyramid13": ("score: points", None),
    "pyramid": ("score: pyramid cards cleared", 28),
}
"""What the chart's x axis counts, and the highest possible score (None: open)."""


# -- settings -----------------------------------------------------------------
class SettingsScene(MenuScene):
    FIELDS = (
        ("sound", "Sound effects", "select, remove, deal, win"),
        ("animations", "Animations", "cards slide, fall and fly (short, never in the way)"),
        ("four_colour", "Four-colour deck", "clubs green, diamonds blue: easier to tell apart"),
        (
            "winnable_only",
            "Winnable deals only",
            "new random deals are checked by the solver first",
        ),
    )

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = [back_button()]
        for n, (name, label, note) in enumerate(self.FIELDS):
            value = getattr(app.settings, name)
            self.widgets.append(Checkbox(name, R(340, 140 + n * 110, 600, 92), label, value, note))

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
            return
        settings = self.app.settings
        setattr(settings, name, not getattr(settings, name))
        self.app.sounds.enabled = settings.sound
        self.app.profile.save_settings()
        if self.app.table is not None:
            self.app.table._refresh_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "Settings")
        self.draw_widgets(surface)
        storage = self.app.profile.storage
        # storage that keeps nothing (full, blocked, or only read) keeps it for the session
        kind = "memory" if storage.notice in (NOT_KEPT, FULL) else storage.kind
        where = {
            "browser": "in this browser",
            "file": "on this computer",
            "memory": "only until you close the game",
        }
        theme.blit_text(
            surface,
            f"Settings and statistics are kept {where.get(kind, '')}.",
            24,
            (WIDTH // 2, 600),
            theme.INK_DIM,
            "midtop",
        )


__all__ = [
    "StartScene",
    "EndScene",
    "HelpScene",
    "StatsScene",
    "SettingsScene",
    "EntryScene",
    "Scene",
]
