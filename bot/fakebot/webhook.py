"""Webhook delivery: the fake POSTs pending updates to the URL given by setWebhook.

Bot API, setWebhook: Telegram sends each update as a JSON POST, with the header
``X-Telegram-Bot-Api-Secret-Token`` when a secret was set; any non-2xx answer (or no
answer) is a failed delivery that Telegram retries later, and the error shows in
getWebhookInfo (``last_error_date``, ``last_error_message``). Updates go one at a time
and in order, so an update is dropped only once the bot has accepted it. Unlike
Telegram, the fake accepts plain http URLs, and it only ever contacts the loopback
address: a webhook on a public host stays undelivered, with that as its error.

The answer to a POST may carry one Bot API call (Bot API, "Making requests when getting
updates": its parameters as a JSON or url-encoded body, the method's name in ``method``),
which Telegram then makes, telling the bot nothing of its result. The fake does the same
(:func:`carried_call`): it serves the call as if the bot had made it, recorded with
``via_webhook`` so that tests and transcripts see it; an answer that is not such a call (no
``method``, not JSON, another content type) is ignored, as Telegram ignores it, and the
update counts as delivered all the same.

``connections`` above 1 delivers as Telegram does with a webhook's ``max_connections``:
that many updates in flight at once, each dropped once the bot accepted it, so a later
update may be answered (and applied) before an earlier one (several workers behind one
webhook, ``bench/fleet.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from functools import partial
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import aiohttp

from bot.fakebot.methods import serve_call
from bot.fakebot.state import World

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class WebhookPusher:
    """Runs while started, delivering ``world``'s updates whenever a webhook is set."""

    def __init__(
        self, world: World, *, retry_delay: float = 0.2, request_timeout: float = 10.0,
        connections: int = 1,
    ) -> None:
        if connections < 1:
            raise ValueError(f"connections must be 1 or more, got {connections}")
        self.connections = connections
        self.world = world
        self.retry_delay = retry_delay
        self.request_timeout = request_timeout
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="fakebot-webhook")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def __aenter__(self) -> WebhookPusher:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _run(self) -> None:
        timeout = aiohttp.ClientTimeout(total=self.request_timeout)
        if self.connections > 1:
            await self._run_several(timeout)
            return
        async with aiohttp.ClientSession(timeout=timeout) as session:
            while True:
                url = str(self.world.webhook.get("url") or "")
                pending = self.world.deliverable(1) if url else []
                if not pending:
                    await self.world.wait_for_update(1.0)
                    continue
                if await self._post(session, url, pending[0]):
                    self.world.confirm(pending[0]["update_id"] + 1)
                else:
                    await asyncio.sleep(self.retry_delay)

    async def _run_several(self, timeout: aiohttp.ClientTimeout) -> None:
        """Up to ``connections`` updates in flight, oldest first; each dropped once accepted."""
        in_flight: dict[int, asyncio.Task[None]] = {}
        connector = aiohttp.TCPConnector(limit=self.connections)
        async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
            try:
                while True:
                    url = str(self.world.webhook.get("url") or "")
                    if url:
                        for update in self.world.deliverable(self.connections + len(in_flight)):
                            if len(in_flight) >= self.connections:
                                break
                            update_id = update["update_id"]
                            if update_id not in in_flight:
                                task = asyncio.create_task(self._deliver(session, url, update))
                                in_flight[update_id] = task
                                task.add_done_callback(partial(_forget, in_flight, update_id))
                    arrived = asyncio.ensure_future(self.world.wait_for_update(1.0))
                    await asyncio.wait({arrived, *in_flight.values()},
                                       return_when=asyncio.FIRST_COMPLETED)
                    arrived.cancel()
            finally:
                for task in in_flight.values():
                    task.cancel()

    async def _deliver(self, session: aiohttp.ClientSession, url: str,
                       update: dict[str, Any]) -> None:
        if await self._post(session, url, update):
            self.world.updates = [u for u in self.world.updates
                                  if u["update_id"] != update["update_id"]]
        else:
            await asyncio.sleep(self.retry_delay)

    async def _post(self, session: aiohttp.ClientSession, url: str, update: dict[str, Any]) -> bool:
        if urlsplit(url).hostname not in LOOPBACK:
            # Tests must not touch the internet: a public URL is never contacted.
            self._failed(f"the fake Bot API delivers webhooks only to {', '.join(LOOPBACK)}")
            return False
        headers = {}
        secret = self.world.webhook.get("secret_token")
        if secret:
            headers[SECRET_HEADER] = secret
        try:
            async with session.post(url, json=update, headers=headers) as response:
                if 200 <= response.status <= 299:
                    call = carried_call(response.content_type, await response.read())
                    if call is not None:
                        method, params = call
                        await serve_call(self.world, self.world.token, method, params, {},
                                         via_webhook=True)
                    return True
                problem = f"Wrong response from the webhook: {response.status} {response.reason}"
        except (aiohttp.ClientError, TimeoutError) as exc:
            problem = f"Connection failed: {type(exc).__name__}"
        self._failed(problem)
        return False

    def _failed(self, problem: str) -> None:
        self.world.webhook["last_error_date"] = self.world.timestamp()
        self.world.webhook["last_error_message"] = problem


def carried_call(content_type: str, body: bytes) -> tuple[str, dict[str, Any]] | None:
    """The method call a webhook's answer carries, as (method, parameters), if it is one."""
    params: Any
    try:
        if content_type == "application/json":
            params = json.loads(body)
        elif content_type == "application/x-www-form-urlencoded":
            params = dict(parse_qsl(body.decode(), keep_blank_values=True))
        else:
            return None
    except ValueError:  # not JSON, or not UTF-8
        return None
    if not isinstance(params, dict):
        return None
    method = params.pop("method", None)
    if not isinstance(method, str) or not method:
        return None
    return method, params


def _forget(in_flight: dict[int, asyncio.Task[None]], update_id: int, _done: object) -> None:
    in_flight.pop(update_id, None)
