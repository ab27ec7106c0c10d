"""The title screen, the new-game form and the table of saved games."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Label, OptionList, RadioSet, Select, Static
from textual.widgets.option_list import Option

import saves
from rules.games import GAMES, GameInfo, deck_games, find_game, title_of
from saves.store import LEVELS, MAX_NAME
from tui.compat import Footer, MarkerRadioButton
from tui.host import host
from tui.screens.fresh import StyledOnce
from tui.screens.rows import RowsScreen
from tui.session import (
    MAX_SEATS,
    Seat,
    Session,
    default_decks,
    engine_available,
    names_for,
    new_save_name,
)

BANNER = "R E D E M P T I O N"
REFRESH = 0.5  # seconds between looks at the save and table folders (a stat each)
BLURB = "Two card games in the terminal, with the rules enforced: Redemption and Resurrection."


class Choice(MarkerRadioButton):
    """A radio button whose state is a marker, (*) or ( ), not a colour: readable with NO_COLOR."""


def learn_available() -> bool:
    """Guided mode lives in ``tui.learn`` (another part of the project); offer it once it is there."""
    try:
        from tui.learn.screens import LessonListScreen  # noqa: F401
    except ImportError:
        return False
    return True


class TitleScreen(StyledOnce):
    BINDINGS = [
        Binding("q", "app.quit", "Quit", id="title.quit", tooltip="quit"),
        Binding("question_mark,f1", "help", "Help", key_display="?", id="title.help", tooltip="this help"),
        Binding("j", "menu(1)", "Down", show=False, id="title.down", tooltip="down the menu (as the arrow)"),
        Binding("k", "menu(-1)", "Up", show=False, id="title.up", tooltip="up the menu (as the arrow)"),
        Binding("r", "resume", "Resume", show=False, id="title.resume", tooltip="resume a saved game"),
        Binding("t", "tables", "Tables", show=False, id="title.tables", tooltip="shared tables: play other players"),
        Binding("d", "decks", "Decks", show=False, id="title.decks", tooltip="your Redemption decks"),
        Binding("n", "new", "New game", show=False, id="title.new", tooltip="a new game"),
    ]

    def __init__(self, under_start: bool = False) -> None:
        """``under_start``: the app opens a game (or a review) straight away, on top of this screen: the title
        is built only once it is shown (when that game is left), not before the game's first frame."""
        super().__init__()
        self._built = not under_start
        self._covered = False
        self._calls: frozenset[tuple[str, str]] = frozenset()  # the tables that called for you at the last look
        self._seen: tuple[object, ...] | None = None  # what the menu was made from (see ``_stamp``)
        self._labels: dict[str, str] = {}  # the menu's options by id, as last made

    def compose(self) -> ComposeResult:
        if not self._built:
            return
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(BLURB, id="blurb")
            yield Static(id="who")
            yield OptionList(id="menu")
        yield Footer(compact=True)

    def on_screen_suspend(self) -> None:
        self._covered = True

    def on_mount(self) -> None:
        # An invitation or another process's save changes the menu's counts: look for it now and then, by the
        # folders' modification times only (a new file is renamed into its folder), and read again on a change.
        self.set_interval(REFRESH, self._refresh_if_changed)

    def _stamp(self) -> tuple[object, ...]:
        """Changes whenever a save or a shared table is written or removed (a save is renamed into its folder; the
        table store says when a table changes)."""
        app = host(self)
        out: list[object] = []
        try:
            st = app.settings.save_dir.stat()
        except OSError:
            out.append(None)
        else:
            out.append((st.st_ino, st.st_mtime_ns))
        if app.settings.player:
            out.append(app.settings.table_store.list_stamp())
        return tuple(out)

    def _refresh_if_changed(self) -> None:
        # Only on top (not is_current, which Textual also holds under a game started from here): a game's every save
        # changes the folder, and each change would read every save and table again under it.
        if self._built and self.is_active and self._stamp() != self._seen:
            self.refresh_menu()

    async def on_screen_resume(self) -> None:
        if not self._built:
            if not self._covered:  # the app's start: the screen it opens is about to cover this one
                self.call_after_refresh(self._build_if_shown)
                return
            self._built = True
            await self.recompose()
        # Only when the title is actually shown: reading every save is wasted work under a game.
        self.refresh_menu()

    async def _build_if_shown(self) -> None:
        """Nothing covered the title after all: build and show it."""
        if not self._built and self.is_active:
            self._built = True
            await self.recompose()
            self.refresh_menu()

    def refresh_menu(self) -> None:
        """The menu from the saves and tables as they are now; the highlighted item stays where it was."""
        app = host(self)
        self._seen = self._stamp()
        every = saves.list_saves(app.settings.save_dir)
        going = [s for s in every if not s.error and not s.over]
        total = len(every)
        who = f"Welcome, {app.settings.player}." if app.settings.player else "Welcome."
        tables_opt = None
        urgent = False
        calls: frozenset[tuple[str, str]] = frozenset()
        if app.settings.player:
            from saves import tables

            try:
                rows = tables.rows_for(app.settings.table_store, app.settings.player)
                rec = tables.record(app.settings.table_store, app.settings.player)
            except saves.SaveError:  # the tables' database cannot be reached: the rest of the menu still works
                rows, rec = [], {"people": [0, 0, 0], "computer": [0, 0, 0]}
            count = {k: sum(r.kind == k for r in rows) for k in ("move", "invited", "waiting", "open")}
            p, c = rec["people"], rec["computer"]
            who += f"  Won-lost-drawn: v people {p[0]}-{p[1]}-{p[2]}, v computer {c[0]}-{c[1]}-{c[2]}."
            parts = [
                f"{count['move']} your move" if count["move"] else "",
                f"{count['invited']} invitation{'s' if count['invited'] > 1 else ''}" if count["invited"] else "",
                f"{count['waiting']} waiting" if count["waiting"] else "",
                f"{count['open']} open seat{'s' if count['open'] > 1 else ''}" if count["open"] else "",
            ]
            detail = ", ".join(x for x in parts if x) or "play another player"
            tables_opt = Option(f"Tables  ({detail})", id="tables")
            urgent = bool(count["move"] or count["invited"])
            calls = frozenset((r.id, r.kind) for r in rows if r.kind in ("move", "invited"))
        self.query_one("#who", Static).update(Text(who))
        resume = Option(f"Resume a game  ({len(going)} in progress, {total} saved)", id="resume")
        new = Option("New game", id="new")
        learn = Option(
            "Learn  (guided lessons)" if learn_available() else "Learn  (guided lessons: coming in a later version)",
            id="learn",
            disabled=not learn_available(),
        )
        decks = Option(f"Decks  (build your own {' or '.join(g.title for g in deck_games())} decks)", id="decks")
        quit_ = Option("Quit", id="quit")
        menu = self.query_one("#menu", OptionList)
        was = menu.get_option_at_index(menu.highlighted).id if menu.highlighted is not None else None
        options = [resume, new, learn, decks, quit_] if going else [new, resume, learn, decks, quit_]
        if not total:  # nothing saved yet (a first start): nothing to resume
            options.remove(resume)
        if tables_opt is not None:
            options.insert(0 if urgent else min(2, len(options)), tables_opt)
        self._labels = {o.id: str(o.prompt) for o in options if o.id is not None}
        menu.clear_options()
        menu.add_options(options)
        ids = [o.id for o in options]
        if calls - self._calls:  # a new invitation or move: Tables comes first and is the one highlighted
            was = "tables"
        self._calls = calls
        at = ids.index(was) if was in ids and not options[ids.index(was)].disabled else 0
        menu.highlighted = at
        self._mark(at)
        menu.focus()

    def action_menu(self, step: int) -> None:
        """j and k move in the menu as the arrows do (as in the card panes)."""
        menu = self.query_one("#menu", OptionList)
        if step > 0:
            menu.action_cursor_down()
        else:
            menu.action_cursor_up()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(None, self, card_cursor=False))  # j and k are the menu's own

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._mark(event.option_index)

    def _mark(self, index: int | None) -> None:
        """A marker on the highlighted item, so the choice shows without colour (NO_COLOR, monochrome)."""
        menu = self.query_one("#menu", OptionList)
        marker = ">" if host(self).settings.ascii else "▶"
        for i, (oid, label) in enumerate(self._labels.items()):
            menu.replace_option_prompt(oid, f"{marker if i == index else ' '} {label}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "resume":
            self.action_resume()
        elif choice == "new":
            self.action_new()
        elif choice == "learn":
            self.action_learn()
        elif choice == "decks":
            self.action_decks()
        elif choice == "tables":
            self.action_tables()
        elif choice == "quit":
            self.app.exit()

    def action_learn(self) -> None:
        if learn_available():
            from tui.learn.screens import LessonListScreen

            self.app.push_screen(LessonListScreen())

    def action_resume(self) -> None:
        if "resume" not in self._labels:
            self.notify("No saved games yet: start one with New game (n).", severity="warning")
            return
        self.app.push_screen(ResumeScreen())

    def action_decks(self) -> None:
        from tui.screens.decks import DeckListScreen

        self.app.push_screen(DeckListScreen())

    def action_tables(self) -> None:
        if not host(self).settings.player:
            self.notify(
                "Shared tables need a player name: start with --player NAME (over SSH your key sets it).",
                severity="warning",
            )
            return
        from tui.screens.tables import TablesScreen

        self.app.push_screen(TablesScreen())

    def action_new(self) -> None:
        self.app.push_screen(NewGameScreen())


#: Columns of choices from which a form question lists them one a line (the form is 72 wide at 80 columns).
STACK_AT = 68

#: Who may sit at a seat of the new-game form: a person at this keyboard, or the computer at a level.
WHO = (("A person here", "human"), *((f"Computer {lvl}", lvl) for lvl in LEVELS[:3]))


class FormKeys:
    """A field or list of the new-game form that passes keys typed behind a Tab on to where the Tab went.

    Textual sends each key to the widget that has the focus when the key is read, and runs Tab (the screen's
    focus_next) only once it has gone up to the app, after the keys behind it: "Tab, B, o, b" in one read (fast
    typing, a paste, a slow SSH link) put "Bob" into the field the Tab left, or nowhere (a list). Here the field or
    list moves the focus on Tab as it receives it, and hands a key that reaches it once it has lost the focus back to
    the app, which sends it to the widget that has the focus now, in the order typed (as tui.dialogkeys does). Other
    bound keys (a list's arrows and Enter) still run once they reach the app, for the widget that has the focus
    then, as everywhere in Textual."""

    FOCUS_KEYS = {"tab": Screen.focus_next, "shift+tab": Screen.focus_previous}

    def passed_on(self: Any, event: events.Key) -> bool:
        """True when this widget is done with ``event``: a Tab it ran, or a key it handed on. A key coming up from
        its own open list (a Select's) is the list's: the focus is within."""
        focused = self.screen.focused  # (has_focus follows only once the Focus and Blur messages are handled)
        move = FormKeys.FOCUS_KEYS.get(event.key)
        if focused is self and move is not None:
            event.stop()
            event.prevent_default()
            move(self.screen)
            return True
        if self.screen is self.app.screen and focused is not None and not self.has_focus_within:
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
            return True
        return False


class FormInput(FormKeys, Input):
    def on_key(self, event: events.Key) -> None:
        self.passed_on(event)  # if so, the event goes no further: not to the field's own handler either


class FormSelect(FormKeys, Select[Any]):
    def on_key(self, event: events.Key) -> None:
        self.passed_on(event)


def most_players(info: GameInfo) -> int:
    """How many seats a game's new-game form offers: its description's ``max_players`` (``Session.new`` and the
    command line say the same)."""
    return info.max_players


class NewGameScreen(StyledOnce):
    """The new-game form: the game, how many play (2 to 4 where the game allows), who sits at each seat (a person
    at this keyboard with a name, or the computer at a level) and, where the game has decks, each seat's deck;
    then the game's own questions (from its description, rules.games), the seed and the save's name."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="new-game.back"),
        Binding("ctrl+s", "start", "Start", id="new-game.start"),
    ]
    #: The Start button has the keyboard when the form opens. Textual's own choice would be the form's scrolling
    #: container, and each move of the focus in or out of it restyles every field of the form (a tenth of a second).
    AUTO_FOCUS = "#start"

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Label("New game  (Tab moves, arrows + Enter choose, Start begins)", classes="dialog-title")
            yield Button("Start", id="start", variant="primary")
            yield Label("Game")
            with RadioSet(id="game"):
                for i, g in enumerate(GAMES):
                    ok = engine_available(g.name)
                    yield Choice(
                        g.label + ("" if ok else " (coming soon)"), value=i == 0, id=f"g-{g.name}", disabled=not ok
                    )
            multi = ", ".join(g.title for g in GAMES if most_players(g) > 2)
            yield Label(f"Players ({multi}: 2 to {MAX_SEATS}; the others: 2)" if multi else "Players")
            with RadioSet(id="players"):
                for n in range(2, MAX_SEATS + 1):
                    yield Choice(str(n), value=n == 2, id=f"players-{n}")
            yield Label(
                "Seats in turn order: a person here (a name, blank: the one shown) or the computer (easy allows undo)",
                id="seats-help",
            )
            decks = self._deck_options()
            for i in range(MAX_SEATS):
                with Horizontal(id=f"seat-{i}", classes="seat-row"):
                    yield Label(f"Seat {i + 1}", classes="seat-label")
                    yield FormSelect(WHO, value="human" if i == 0 else "normal", allow_blank=False, id=f"who-{i}")
                    yield FormInput(id=f"seat-name-{i}", max_length=MAX_NAME, classes="seat-name")
                    yield FormSelect(decks, value=default_decks(MAX_SEATS)[i], allow_blank=False, id=f"deck-{i}")
            for g in GAMES:  # each game's own questions, from its description (rules.games); only the chosen one's show
                with Vertical(id=f"questions-{g.name}", classes="questions"):
                    if g.first_choice:
                        yield Label(g.first_choice[:1].upper() + g.first_choice[1:])
                        with RadioSet(id=f"{g.name}-first"):
                            yield Choice("Player 1 / me", value=True, id=f"{g.name}-first-0")
                            yield Choice("Player 2 / the computer", id=f"{g.name}-first-1")
                            yield Choice("Random", id=f"{g.name}-first-random")
                    for o in g.options:
                        if o.on_form and o.choices:
                            yield Label(o.help[:1].upper() + o.help[1:])
                            wide = sum(len(c.label) + 7 for c in o.choices) > STACK_AT  # "( ) " and a margin each
                            with RadioSet(id=f"{g.name}-{o.name}", classes="-stacked" if wide else ""):
                                for i, c in enumerate(o.choices):
                                    yield Choice(c.label, value=c.value == o.default, id=f"{g.name}-{o.name}-{i}")
            yield Label("Seed (blank: random)")
            yield FormInput(placeholder="a whole number", id="seed", type="integer")
            yield Label("Save name (blank: automatic)")
            yield FormInput(placeholder="e.g. friday-game", id="name")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._sync()
        self.query_one("#start", Button).focus()

    def _deck_options(self) -> list[tuple[str, str]]:
        """The bundled decks and the player's own, each marked when it is not legal (starting then says why)."""
        from saves import decks as dk

        found, _ = dk.list_decks(host(self).settings.save_dir)
        out = []
        for d in found:
            label = f"{d.name} (bundled)" if d.builtin else saves.printable(d.name)
            out.append((label + ("" if not d.problems() else "  (not legal)"), d.name))
        return out

    # --- the seats -------------------------------------------------------------------------------------
    def _info(self) -> GameInfo:
        return find_game(self._pick("game") or GAMES[0].name)

    def _count(self) -> int:
        """How many play: the number pressed, within what the chosen game allows."""
        picked = self._pick("players")
        return min(int(picked) if picked.isdigit() else 2, most_players(self._info()))

    def _seats(self, n: int | None = None) -> list[Seat]:
        """The first ``n`` seats (all of them shown: the count) as ``Session.new(seats=...)`` takes them."""
        out = []
        for i in range(self._count() if n is None else n):
            who = str(self.query_one(f"#who-{i}", Select).value)
            name = self.query_one(f"#seat-name-{i}", Input).value.strip()
            out.append(Seat("human", name) if who == "human" else Seat("computer", name, level=who))
        return out

    def _sync(self) -> None:
        """Show the seats the count asks for (and their decks where the game has them); each empty name field shows
        the name that seat gets."""
        info = self._info()
        n = self._count()
        # more than this game seats: back to its most (not disabled: a burst of keys would move on the old choices)
        if self._pick("players") != str(n):
            self.query_one(f"#players-{n}", Choice).value = True
        for g in GAMES:
            self.query_one(f"#questions-{g.name}").display = g.name == info.name
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < n
            self.query_one(f"#deck-{i}", Select).display = bool(info.decks)
        seats = self._seats(n)
        player = host(self).settings.player
        given = names_for(player, [Seat(s.kind, level=s.level) for s in seats]) or ()
        for i, seat in enumerate(seats):
            default = seat.player(i, [Seat(s.kind, level=s.level) for s in seats], given[i] if given else None)
            self.query_one(f"#seat-name-{i}", Input).placeholder = saves.printable(default["name"])

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        if event.radio_set.id in ("game", "players"):
            self._sync()

    def on_select_changed(self, event: Select.Changed) -> None:
        if (event.select.id or "").startswith("who-"):
            self._sync()

    def _decks(self, n: int) -> Any:
        """The chosen decks as ``Session.new(decks=...)`` takes them; DeckError says why one cannot be played."""
        from saves import decks as dk

        picks = [str(self.query_one(f"#deck-{seat}", Select).value) for seat in range(n)]
        if tuple(picks) == default_decks(n):
            return None
        folder = host(self).settings.save_dir
        return tuple(dk.for_game(dk.load(name, folder)) for name in picks)

    def _pick(self, set_id: str, last: bool = False) -> str:
        """The pressed button's id after its first "-" (``last``: after its last "-")."""
        pressed = self.query_one(f"#{set_id}", RadioSet).pressed_button
        if not pressed:
            return ""
        return (pressed.id or "").rsplit("-", 1)[1] if last else (pressed.id or "").split("-", 1)[1]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.dismiss()

    def action_start(self) -> None:
        import random

        app = host(self)
        info = self._info()
        game = info.name
        first = 0
        if info.first_choice:
            first_s = self._pick(f"{game}-first", last=True)
            first = random.SystemRandom().randrange(2) if first_s == "random" else int(first_s or 0)
        seed_text = self.query_one("#seed", Input).value.strip()
        name = self.query_one("#name", Input).value.strip()
        options = {}
        for o in info.options:
            if o.on_form and o.choices:
                picked = self._pick(f"{game}-{o.name}", last=True)
                options[o.name] = o.choices[int(picked)].value if picked else o.default
        try:
            seats = self._seats()
            if not any(s.kind == "human" for s in seats):
                raise ValueError("at least one seat is a person at this keyboard")
            named = [s.name.casefold() for s in seats if s.name]
            twice = next((s.name for s in seats if s.name and named.count(s.name.casefold()) > 1), None)
            if twice:
                raise ValueError(f"two seats are named {twice!r}: give each player a name of their own")
            seed = int(seed_text) if seed_text else None
            folder = app.settings.save_dir
            if name:
                path = saves.save_path(name, folder)
                if path.exists():
                    raise saves.SaveError(f"a save named {name!r} already exists: resume it, or pick another name")
            else:
                path = saves.save_path(new_save_name(game, folder), folder)
            decks = self._decks(len(seats)) if info.decks else None
            session = app.new_session(
                game, seats=seats, seed=seed, first=first, options=options, path=path, decks=decks
            )
            session.autosave()
        except (ValueError, saves.SaveError) as e:  # a DeckError is a SaveError
            self.app.bell()
            self.notify(str(e), title="Cannot start", severity="error", markup=False)
            return
        app.switch_to_game(session)


NAME_WIDTH, PLAYERS_WIDTH, PROBLEM_WIDTH = 16, 14, 14  # the resume table fits 80 columns
#: An automatic save name of earlier versions: the game and the time it started (UTC), ``redemption-20261202-070015``.
STAMPED = re.compile(r"[a-z]+-(?P<d>[0-9]{8})-(?P<t>[0-9]{6})(?P<n>-[0-9]+)?")


def shown_name(name: str) -> str:
    """A save's name as the saves list shows it: an old automatic name as the time the game started (the Game
    column has the game), ``12-02 07:00:15``: every one of them began with the same 16 characters."""
    m = STAMPED.fullmatch(name)
    if m is None:
        return name
    d, t = m["d"], m["t"]
    return f"{d[4:6]}-{d[6:]} {t[:2]}:{t[2:4]}:{t[4:]}{m['n'] or ''}"


class ResumeScreen(RowsScreen[saves.SaveInfo]):
    CANNOT_OPEN = "Cannot resume"
    BINDINGS = [
        Binding("enter", "open", "Resume", id="saves.open"),
        Binding("v", "review", "Review", id="saves.review"),
        Binding("d", "delete", "Delete", id="saves.delete"),
        Binding("escape", "back", "Back", id="saves.back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Label(
                "Saved games, newest first (Enter resumes, v reviews, d deletes, Esc back)", classes="dialog-title"
            )
            yield Label(Text(f"Folder: {saves.printable(host(self).settings.save_dir)}"), id="folder")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=False)
            yield Label("", id="save-detail")  # the highlighted save in full: a broken one's problem
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_columns("Name", "Game", "Players", "Turn", "Score", "Last played")
        self.fill()
        table.focus()

    def fill(self) -> None:
        app = host(self)
        table = self.query_one("#saves", DataTable)
        table.clear()
        self.rows = saves.list_saves(app.settings.save_dir)
        for info in self.rows:
            # Text cells: a DataTable reads a plain string as markup, and these come from files
            name = Text(shown_name(info.name))
            name.truncate(NAME_WIDTH, overflow="ellipsis")
            if info.error:
                problem = Text(self.problem(info))  # from its start; the line under the table has all of it
                problem.truncate(PROBLEM_WIDTH, overflow="ellipsis")
                table.add_row(name, "unreadable", problem, "", "", "", key=str(info.path))
            else:
                score = info.score.replace(" cards", "") + (" over" if info.over else "")
                players = Text(info.players.replace("Computer (computer)", "Computer"))  # fits 80 columns
                players.truncate(PLAYERS_WIDTH, overflow="ellipsis")
                stamp = info.updated.replace("T", " ")
                table.add_row(
                    name,
                    title_of(info.game),
                    players,
                    str(info.turn),
                    Text(score),
                    Text(stamp[5:16] if stamp[:4] == self.year else stamp[:10]),
                    key=str(info.path),
                )

    def problem(self, info: saves.SaveInfo) -> str:
        """A broken save's problem without the file's path (the Name column and the line below say which file)."""
        text = info.error
        for prefix in (str(info.path), info.path.name):
            if text.startswith(prefix):
                text = text[len(prefix) :].lstrip(": ")
        return text

    @property
    def year(self) -> str:
        from datetime import datetime

        return str(datetime.now().year)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        info = self._current()
        detail = self.query_one("#save-detail", Label)
        if info is None:
            detail.update("")
        elif info.error:
            detail.update(Text(f"{info.name} cannot be resumed: {self.problem(info)}"))
        else:
            players = info.players.replace("Computer (computer)", "Computer")
            detail.update(
                Text(
                    f"{info.name}: {title_of(info.game)}, {players}, turn {info.turn}, "
                    f"score {info.score}{' (over)' if info.over else ''}, last played "
                    f"{info.updated.replace('T', ' ')[:16]}"
                )
            )

    def open_row(self, row: saves.SaveInfo) -> Session:
        return Session.load(row.path)

    def show(self, session: Session) -> None:
        app = host(self)
        app.switch_to_game(session)

    def action_review(self) -> None:
        info = self._current()
        if info is None:
            return
        try:
            session = Session.load(info.path, to_play=False)  # a look back: the game may be open elsewhere
        except saves.SaveError as e:
            self.app.bell()
            self.notify(str(e), title="Cannot review", severity="error", markup=False)
            return
        host(self).open_review(session)

    def action_delete(self) -> None:
        info = self._current()
        if info is None:
            return
        from tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    saves.delete(info.name, host(self).settings.save_dir)
                    self.notify(f"Deleted {info.name}.")
                except saves.SaveError as e:
                    self.notify(str(e), severity="error")
                self.fill()

        self.app.push_screen(ConfirmScreen(f"Delete the save {info.name!r}?", yes="Delete"), done)

    def action_back(self) -> None:
        self.dismiss()
