"""The web server on port 0 says which port it got (from aiohttp's public ``AppRunner.addresses``)."""

from __future__ import annotations

import asyncio
import socket

import pytest

pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")


def test_the_web_server_on_port_0_reports_the_port_it_listens_on(tmp_path):
    from tui.web.server import WebConfig, start

    async def go() -> int:
        runner, server, port = await start(WebConfig(host="127.0.0.1", port=0, data_dir=tmp_path, fork_server=False))
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5):
                pass  # it is listening there
        finally:
            await runner.cleanup()
        return port

    assert asyncio.run(go()) > 0
