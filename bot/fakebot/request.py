"""The in-process transport: a python-telegram-bot ``BaseRequest`` that talks to a World.

PTB 22 lets a bot take any ``telegram.request.BaseRequest`` through
``ApplicationBuilder().request(...).get_updates_request(...)``; the subclass must
implement ``initialize``, ``shutdown``, ``read_timeout`` and ``do_request`` and answer
``(status, body bytes)`` exactly as HTTP would (telegram/request/_baserequest.py). So
the real ``Application``, with its retries, rate limiter and error mapping, runs
unchanged while nothing leaves the process.
"""

from __future__ import annotations

import json
import re
from typing import IO
from urllib.parse import unquote, urlsplit

from telegram.error import TimedOut
from telegram.request import BaseRequest, RequestData

from bot.fakebot.methods import Upload, serve_call
from bot.fakebot.state import World

_METHOD_PATH = re.compile(r"/bot([^/]+)/([A-Za-z]+)/?$")
_FILE_PATH = re.compile(r"/file/bot([^/]+)/(.+)$")


def _content(raw: bytes | IO[bytes]) -> bytes:
    return raw if isinstance(raw, bytes) else raw.read()


class FakeRequest(BaseRequest):
    """Serves a bot's Bot API calls from ``world``; any base_url host is accepted."""

    def __init__(self, world: World, *, read_timeout: float | None = 5.0) -> None:
        self.world = world
        self._read_timeout = read_timeout
        self._open = True  # like HTTPXRequest: usable once built, closed by shutdown()

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        self._open = True

    async def shutdown(self) -> None:
        self._open = False

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: float | None | object = BaseRequest.DEFAULT_NONE,
        write_timeout: float | None | object = BaseRequest.DEFAULT_NONE,
        connect_timeout: float | None | object = BaseRequest.DEFAULT_NONE,
        pool_timeout: float | None | object = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if not self._open:
            raise RuntimeError("This FakeRequest is not initialized!")
        path = unquote(urlsplit(url).path)
        file_match = _FILE_PATH.search(path)
        if method == "GET" and file_match:
            return self._download(file_match.group(1), file_match.group(2))
        match = _METHOD_PATH.search(path)
        if match is None:
            return 404, json.dumps(
                {"ok": False, "error_code": 404, "description": f"Not Found: {path}"}
            ).encode()
        raw = request_data.json_parameters if request_data else {}
        uploads = {
            name: Upload(filename, _content(content), mime)
            for name, (filename, content, mime) in (
                request_data.multipart_data if request_data else {}
            ).items()
        }
        answer = await serve_call(self.world, match.group(1), match.group(2), raw, uploads)
        if answer.timeout is not None:
            raise TimedOut()
        return answer.status, answer.payload()

    def _download(self, token: str, file_path: str) -> tuple[int, bytes]:
        stored = self.world.files_by_path.get(file_path)
        if token != self.world.token or stored is None:
            return 404, json.dumps(
                {"ok": False, "error_code": 404, "description": "Not Found"}
            ).encode()
        return 200, stored.data
