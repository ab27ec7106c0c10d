"""The README's nginx example, as written there, in front of ``redemption web --proxy``: a self-signed
certificate on a private port, and a real Chromium signing in and playing through it (the game's WebSocket
passes the proxy; the cookie is the Secure ``__Host-`` one). Skipped where nginx is not installed."""

from __future__ import annotations

import asyncio
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.browser import ROOT, Browser, WebServerProcess, add_account, chromium

NGINX = shutil.which("nginx") or (Path("/usr/sbin/nginx") if Path("/usr/sbin/nginx").exists() else None)
pytestmark = [
    pytest.mark.skipif(chromium() is None, reason="no chromium on this machine (apt-get install chromium)"),
    pytest.mark.skipif(NGINX is None or shutil.which("openssl") is None, reason="no nginx or openssl here"),
]
PW = "correct horse battery"


def readme_nginx() -> str:
    """The nginx server block the README shows."""
    text = (ROOT / "README.md").read_text()
    m = re.search(r"or nginx:\n\n```\n(server \{.*?\n\})\n```", text, re.S)
    assert m, "the README has no nginx example"
    return m.group(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_readme_nginx_example_proxies_sign_in_and_the_games_socket(tmp_path):
    pytest.importorskip("textual_serve")
    data = tmp_path / "data"
    data.mkdir()
    add_account(data, "alice", PW)
    web = WebServerProcess(data, "--proxy").start()
    web_port = web.url.rsplit(":", 1)[1].strip("/")
    d = tmp_path / "nginx"
    d.mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-keyout", str(d / "key.pem"), "-out", str(d / "cert.pem")],
        check=True,
        capture_output=True,
    )
    port = free_port()
    block = readme_nginx()
    block = block.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
    block = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {d / 'cert.pem'};", block)
    block = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {d / 'key.pem'};", block)
    block = block.replace("127.0.0.1:8080", f"127.0.0.1:{web_port}")
    temps = "".join(f"{k}_temp_path {d / k};\n" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (d / "nginx.conf").write_text(
        f"pid {d / 'nginx.pid'};\nerror_log {d / 'error.log'};\nevents {{}}\n"
        f"http {{\naccess_log {d / 'access.log'};\n{temps}{block}\n}}\n"
    )
    nginx = subprocess.Popen(
        [str(NGINX), "-p", str(d), "-c", str(d / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"https://127.0.0.1:{port}"

    async def run():
        browser = await Browser(900, 600, "--ignore-certificate-errors").start()
        try:
            page = await browser.new_page()
            await page.goto(url + "/")
            await page.fill("input[name=name]", "alice")
            await page.fill("input[name=password]", PW)
            await page.submit()
            await page.wait_text("Welcome, alice", timeout=60)  # the app, over the socket through nginx
            cookies = (await page.send("Network.getAllCookies"))["cookies"]
            assert [(c["name"], c["secure"], c["httpOnly"]) for c in cookies] == [
                ("__Host-redemption_session", True, True)
            ]
            await page.press("enter")
            await page.wait_text("Start begins")  # keys reach the app through the proxy
            await page.close()
        finally:
            await browser.close()

    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and nginx.poll() is None:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        assert nginx.poll() is None, nginx.stderr.read().decode() if nginx.stderr else ""
        asyncio.run(run())
    finally:
        nginx.terminate()
        nginx.wait(10)
        web.stop()
    assert re.search(r"signin player=alice addr=127\.0\.0\.1 ", web.log.read_text())
    assert '"GET /ws/' in (d / "access.log").read_text()  # the socket went through nginx
