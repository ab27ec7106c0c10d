"""Web accounts: hashes only, one-time links, refusals; and the server's sign-in, cookie and limits (aiohttp)."""

from __future__ import annotations

import asyncio
import stat

import pytest

from saves import accounts

PW = "correct horse battery"


def test_password_is_stored_only_as_a_salted_scrypt_hash(tmp_path):
    accounts.add(tmp_path, "alice", password=PW)
    text = accounts.accounts_path(tmp_path).read_text()
    assert PW not in text and "scrypt$" in text
    assert stat.S_IMODE(accounts.accounts_path(tmp_path).stat().st_mode) == 0o600
    assert accounts.verify(tmp_path, "alice", PW)
    assert not accounts.verify(tmp_path, "alice", PW + "x")
    assert not accounts.verify(tmp_path, "nobody", PW)


def test_a_sign_in_link_works_once_and_reset_voids_the_password(tmp_path):
    token = accounts.add(tmp_path, "bob")
    assert accounts.link_owner(tmp_path, token) == "bob"
    assert accounts.use_link(tmp_path, token, PW) == "bob"
    assert accounts.verify(tmp_path, "bob", PW)
    with pytest.raises(accounts.AccountError):
        accounts.use_link(tmp_path, token, PW)
    accounts.reset(tmp_path, "bob")
    assert not accounts.verify(tmp_path, "bob", PW)


def test_an_existing_player_needs_same_player_and_names_differ_by_more_than_case(tmp_path):
    (tmp_path / "carol").mkdir()
    with pytest.raises(accounts.AccountError, match="same-player"):
        accounts.add(tmp_path, "carol", password=PW)
    accounts.add(tmp_path, "carol", password=PW, same_player=True)
    with pytest.raises(accounts.AccountError, match="already"):
        accounts.add(tmp_path, "Carol", password=PW)


def test_signin_sets_a_strict_httponly_cookie_and_failures_are_limited(tmp_path):
    pytest.importorskip("textual_serve")
    from aiohttp.test_utils import TestClient, TestServer

    from tui.web import server as sv

    accounts.add(tmp_path, "alice", password=PW)

    async def run():
        web = sv.WebServer(sv.WebConfig(data_dir=tmp_path))
        async with TestClient(TestServer(web.make_app())) as client:
            origin = {"Origin": f"http://{client.host}:{client.port}"}
            r = await client.post("/signin", data={"name": "alice", "password": "wrong one!"}, headers=origin)
            assert r.status == 401
            r = await client.post("/signin", data={"name": "alice", "password": PW}, allow_redirects=False)
            assert r.status == 403  # no Origin: not from this server's page
            r = await client.post(
                "/signin", data={"name": "alice", "password": PW}, headers=origin, allow_redirects=False
            )
            assert r.status == 303
            cookie = r.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            page = await (await client.get("/")).text()
            assert "signed in as" in page and "alice" in page
            r = await client.post("/signout", headers=origin, allow_redirects=False)
            assert r.status == 303
            client.session.cookie_jar.clear()
            r = await client.get("/ws/" + "0" * 32, headers=origin)
            assert r.status == 403  # no session: no app
            assert "Sign in" in await (await client.get("/")).text()
            for _ in range(sv.FAILS_PER_ACCOUNT):
                await client.post("/signin", data={"name": "alice", "password": "wrong one!"}, headers=origin)
            r = await client.post("/signin", data={"name": "alice", "password": PW}, headers=origin)
            assert r.status == 429  # limited, even with the right password, until the window passes

    asyncio.run(run())


def test_the_accounts_command_adds_lists_resets_and_removes_with_one_time_links(tmp_path, capsys):
    from saves import accounts
    from tui.web.cli import main_accounts

    where = ["--data-dir", str(tmp_path)]
    assert main_accounts([*where, "add", "dora", "--url", "https://games.example.org/"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Added dora. Their sign-in link, good once and for 7 days:"
    link = out[1]
    assert link.startswith("https://games.example.org/welcome#")
    token = link.split("#", 1)[1]
    assert accounts.link_owner(tmp_path, token) == "dora"
    assert main_accounts([*where, "list"]) == 0
    assert capsys.readouterr().out.strip() == "dora  sign-in link unused"
    assert main_accounts([*where, "reset", "dora"]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[0].startswith("Reset dora:") and again[1].split("#", 1)[1] != token
    assert accounts.link_owner(tmp_path, token) is None  # the old link is void
    assert main_accounts([*where, "remove", "dora"]) == 0
    assert main_accounts([*where, "reset", "dora"]) == 1
    assert "redemption accounts:" in capsys.readouterr().err
