"""Who is asking: a person the bot knows, or the operator at the command line.

The command line runs on the machine that holds the database, so it acts with every right
(an organiser's); the system itself (deadlines firing) likewise. People reaching the bot
through Telegram act with the roles they hold in the event, and may create events only when
the settings list them as organisers (TDBOT_ORGANISERS) -- the adapter sets ``organiser``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    person_id: int | None
    label: str
    organiser: bool = False  # may create events (TDBOT_ORGANISERS, or the operator)

    @property
    def is_operator(self) -> bool:
        """The command line or the system: trusted, not a person with roles."""
        return self.person_id is None

    @classmethod
    def cli(cls) -> Actor:
        return cls(None, "cli", organiser=True)

    @classmethod
    def system(cls) -> Actor:
        return cls(None, "system", organiser=True)

    @classmethod
    def person(cls, person_id: int, name: str = "", organiser: bool = False) -> Actor:
        label = f"person:{person_id}" + (f" ({name})" if name else "")
        return cls(person_id, label, organiser)
