"""Settings from the environment (``TDBOT_*``) or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.store.db import database_target


class Settings(BaseSettings):
    # env_ignore_empty: a key left empty (``TDBOT_WEBHOOK_URL=``, as people do when they
    # uncomment a line of deploy/.env.example) means "not set" and takes the default; an
    # empty string would otherwise switch on webhook mode or send an empty token.
    model_config = SettingsConfigDict(
        env_prefix="TDBOT_", env_file=".env", env_file_encoding="utf-8", extra="ignore",
        env_ignore_empty=True,
    )

    token: str | None = None
    #: A SQLite file's path, or a postgresql:// URL (bot.store.db.database_target)
    db: Path | str = Path("./tdbot.sqlite3")
    base_url: str | None = None  # e.g. http://127.0.0.1:8081/bot (PTB's base_url)
    base_file_url: str | None = None
    bot_username: str | None = None  # for invite links printed by the CLI
    organisers: Annotated[list[int], NoDecode] = Field(default_factory=list)
    webhook_url: str | None = None
    webhook_secret: str | None = None
    listen: str = "127.0.0.1"
    port: int = 8443
    #: The live pages (bot/web): served on this port by ``tdbot run`` when it is set (their
    #: own listener, in long polling and webhook mode alike), at SITE_LISTEN.
    site_port: int | None = Field(default=None, ge=0, le=65535)
    site_listen: str = "127.0.0.1"
    #: Where readers reach the pages (e.g. https://scrabble.example.org, the proxy in front
    #: of SITE_PORT): /standings, /bracket and the group's posts link a public event's page.
    public_url: str | None = None
    #: "real" (always, against Telegram): the pacer waits real seconds for Telegram's
    #: limits. "virtual": waiting for a turn costs no time (pacing.VirtualTime), for a test
    #: driving ``tdbot run`` against the fake Bot API (bench/crash.py); ``tdbot run``
    #: accepts it only with a --base-url, never against api.telegram.org.
    pace: Literal["real", "virtual"] = "real"
    #: Several workers (bot/telegram/fleet.py): this worker's name in its leases (default:
    #: host:pid), and how long its leases last, in seconds (a dead worker's messages and
    #: deadlines are taken over this long after it died, at the latest).
    worker: str | None = None
    lease_seconds: float = Field(default=20.0, gt=0.5, le=3600)

    @field_validator("db", mode="before")
    @classmethod
    def _database(cls, value: object) -> object:
        """TDBOT_DB: a postgresql:// URL stays text (a Path would fold its //)."""
        return database_target(value) if isinstance(value, str | Path) else value

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: str | None) -> str | None:
        """TDBOT_PUBLIC_URL: an http(s) address, kept without its trailing slash."""
        if value is None:
            return None
        if not value.startswith(("https://", "http://")) or len(value) > 200:
            raise ValueError("TDBOT_PUBLIC_URL must be an https:// (or http://) address of at "
                             "most 200 characters, e.g. https://scrabble.example.org")
        return value.rstrip("/")

    @field_validator("organisers", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        """TDBOT_ORGANISERS=123,456 (Telegram user ids, commas or spaces)."""
        if isinstance(value, str):
            parts = value.replace(",", " ").split()
            try:
                return [int(p) for p in parts]
            except ValueError:
                raise ValueError(
                    "TDBOT_ORGANISERS must be Telegram user ids separated by commas"
                ) from None
        return value


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
