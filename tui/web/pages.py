"""The web server's HTML: the sign-in form, the link's password form, the app's page, and the refusals.

Every value from an account, a form or the server is escaped here (``html.escape``); the pages run no inline
script or style (the Content-Security-Policy allows only this server's files), so ``static/`` holds them.
"""

from __future__ import annotations

from html import escape

TITLE = "Redemption"
STATIC = "/web-static"  # this package's files; textual-serve's own (textual.js, xterm.css) are under /static


def page(title: str, body: str, *, script: str = "", body_class: str = "") -> str:
    scripts = f'<script src="{STATIC}/{script}"></script>' if script else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        f'<link rel="stylesheet" href="{STATIC}/site.css">{scripts}</head>'
        f'<body class="{escape(body_class)}">{body}</body></html>\n'
    )


def signin(message: str = "", name: str = "") -> str:
    note = f'<p class="problem" role="alert">{escape(message)}</p>' if message else ""
    return page(
        f"Sign in - {TITLE}",
        f"""<main class="card"><h1>{TITLE}</h1>{note}
<form method="post" action="/signin">
<label>Player name <input name="name" autocomplete="username" required maxlength="64" value="{escape(name)}"
 autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required maxlength="256">
</label>
<button type="submit">Sign in</button></form>
<p class="small">No account? The host of this server adds players and sends each a sign-in link.</p></main>""",
    )


def welcome(message: str = "", token: str = "") -> str:
    """The one-time link's page: the token is in the address's fragment (never sent to a server or a log), and
    ``welcome.js`` copies it into the form."""
    note = f'<p class="problem" role="alert">{escape(message)}</p>' if message else ""
    return page(
        f"Choose a password - {TITLE}",
        f"""<main class="card"><h1>{TITLE}</h1>{note}
<p>Choose the password you will sign in with (at least 10 characters).</p>
<form method="post" action="/welcome"><input type="hidden" name="token" id="token" value="{escape(token)}">
<label>Password <input name="password" type="password" autocomplete="new-password" required minlength="10"
 maxlength="256" autofocus></label>
<label>Once more <input name="again" type="password" autocomplete="new-password" required maxlength="256"></label>
<button type="submit">Choose and sign in</button></form></main>""",
        script="welcome.js",
    )


def app(player: str) -> str:
    """The app's page: textual-serve's terminal (textual.js, xterm.js), under a bar naming who is signed in.
    ``app.js`` points the terminal at this tab's socket and shows why a session ended."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{TITLE} - {escape(player)}</title>"
        '<link rel="stylesheet" href="/static/css/xterm.css">'
        f'<link rel="stylesheet" href="{STATIC}/site.css">'
        '<link rel="preload" href="/static/fonts/RobotoMono-VariableFont_wght.ttf" as="font" type="font/ttf"'
        " crossorigin>"
        f'<script src="{STATIC}/app.js"></script><script src="/static/js/textual.js"></script></head>'
        '<body class="app">'
        f'<header><span>{TITLE}: signed in as <b id="player">{escape(player)}</b></span>'
        '<form method="post" action="/signout"><button type="submit" id="signout">Sign out</button></form>'
        "</header>"
        '<div class="dialog-container intro-dialog"><div class="intro">Opening the game...</div></div>'
        '<div class="dialog-container closed-dialog"><div class="intro"><div class="message" id="closed">'
        "This session has ended; your game is saved.</div>"
        '<button type="button" id="restart">Open it again</button></div></div>'
        '<button type="button" id="start">Start</button>'
        '<div id="terminal" class="textual-terminal" data-session-websocket-url="" data-font-size="16"></div>'
        "</body></html>\n"
    )


def refusal(title: str, message: str, *, signed_in: str | None = None) -> str:
    """A clear page for what cannot be served now (the server is full, too many tabs, too many tries)."""
    out = '<form method="post" action="/signout"><button type="submit">Sign out</button></form>' if signed_in else ""
    return page(
        f"{title} - {TITLE}",
        f'<main class="card"><h1>{escape(title)}</h1><p role="alert">{escape(message)}</p>'
        f'<p><a href="/">Try again</a></p>{out}</main>',
    )
