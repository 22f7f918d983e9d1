"""The HTTP client the bot calls the Bot API with: aiohttp behind PTB's ``BaseRequest``.

Why not PTB's default (``HTTPXRequest``): under a burst the bot makes about three Bot API
calls per update applied (the messages the outbox sends, the answer to each button tap),
and httpx's pure-Python stack (httpx, httpcore, anyio) was the largest single cost of the
worker's CPU per update (docs/operator-guide.md, "Where the next wall is"). aiohttp, already
the webhook's server, parses HTTP in C and keeps its connections alive the same way. PTB
documents ``BaseRequest`` as the place for another library (python-telegram-bot,
``telegram.request.BaseRequest``); everything above it (the pacer, the errors, the
parsing of answers) is PTB's own and unchanged.

The contract ``BaseRequest.do_request`` asks for: the status and the body's bytes for any
answer Telegram gave (PTB turns a non-2xx into its errors); ``TimedOut`` when a time-out
ran out, ``NetworkError`` for any other transport failure, so the sender's outcomes
(sender.py: retried until it works) stay as they were.
"""

from __future__ import annotations

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

#: PTB's own defaults (``HTTPXRequest``): a Bot API call waits this long to connect, to
#: write, to read; a file upload this long to write; at most this many connections at once.
CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 5.0
WRITE_TIMEOUT = 5.0
MEDIA_WRITE_TIMEOUT = 20.0
POOL_TIMEOUT = 1.0
CONNECTIONS = 256

_JSON = {"Content-Type": "application/json"}


class AiohttpRequest(BaseRequest):
    """One keep-alive aiohttp session for all the bot's Bot API calls."""

    def __init__(self, connections: int = CONNECTIONS) -> None:
        self._connections = connections
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return READ_TIMEOUT

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=self._connections),
                headers={"User-Agent": self.USER_AGENT},
                # as PTB's httpx client: no cookies kept, the environment's proxy settings
                # (HTTPS_PROXY, NO_PROXY) followed
                cookie_jar=aiohttp.DummyCookieJar(),
                trust_env=True,
            )

    async def shutdown(self) -> None:
        session, self._session = self._session, None
        if session is not None and not session.closed:
            await session.close()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        session = self._session
        if session is None or session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = request_data.multipart_data if request_data else None
        body: aiohttp.FormData | bytes | None = None
        headers = None
        if request_data is not None and not files:
            # a JSON body, as the Bot API allows ("Making requests"): one json.dumps where
            # a form is each field quoted in turn
            body, headers = request_data.json_payload, _JSON
        elif request_data is not None and files:  # a document or a photo: multipart, as PTB
            form = aiohttp.FormData()
            for name, value in request_data.json_parameters.items():
                form.add_field(name, value)
            for name, part in files.items():
                filename, content, *mime = part
                form.add_field(name, content, filename=filename,
                               content_type=mime[0] if mime else None)
            body = form
        write = _given(write_timeout, MEDIA_WRITE_TIMEOUT if files else WRITE_TIMEOUT)
        read = _given(read_timeout, READ_TIMEOUT)
        connect = _given(connect_timeout, CONNECT_TIMEOUT)
        pool = _given(pool_timeout, POOL_TIMEOUT)
        # aiohttp has no write time-out of its own: the whole call gets write + read
        total = None if write is None or read is None else write + read + (connect or 0.0)
        timeout = aiohttp.ClientTimeout(total=total, connect=pool, sock_connect=connect,
                                        sock_read=read)
        try:
            async with session.request(method, url, data=body, headers=headers,
                                       timeout=timeout) as answer:
                return answer.status, await answer.read()
        except TimeoutError as err:
            raise TimedOut from err
        except aiohttp.ClientError as err:
            # the URL holds the token: the error's text may be logged or stored
            said = str(err).replace(url, "the Bot API")
            raise NetworkError(f"aiohttp.{type(err).__name__}: {said}") from err


def _given(value: ODVInput[float], default: float) -> float | None:
    """A time-out a call gave, or the default where it gave none (PTB's DEFAULT_NONE)."""
    return default if isinstance(value, DefaultValue) else value
