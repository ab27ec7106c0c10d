"""``redemption web``: the app in a browser, for the host's accounts (textual-serve's app protocol, on aiohttp).

``server`` signs players in and runs one app process per browser tab as that player (a fork of the fork server,
tui/forkserver.py, which the SSH server uses too); ``pages`` are its HTML;
``cli`` holds the ``web`` and ``accounts`` commands. Needs the optional ``web`` extra (aiohttp, textual-serve).
"""
