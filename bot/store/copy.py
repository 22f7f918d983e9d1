"""Copy a whole database to another, SQLite or PostgreSQL either way (``tdbot db copy``).

Why: an operator who started on a SQLite file moves to PostgreSQL (to run several workers,
``docs/operator-guide.md``, "Several workers"), or takes a PostgreSQL database home as one
file. The copy keeps every row of every table of the schema with its ids, so everything
that points at a row (an outbox row's ``edit_of``, a journal entry's subject, a deadline's
payload) still points at the same one.

How:

- both databases are opened with their migrations applied, so they have the same tables
  (a database whose migrations disagree with this code is refused before anything is
  written);
- the target must be empty: a copy into a database that holds rows would mix two
  histories, so it is refused, in one line, before anything is written;
- the tables go in the order of their foreign keys (a row after the rows it points at),
  each in the order of its key, in one transaction of the target (all or nothing); a
  column that points into its own table (``outbox.behind`` points at a later row) is
  written afterwards, once every row of the table is in;
- PostgreSQL's sequences are moved past the highest id copied, so the next row the bot
  writes gets a new id (SQLite's AUTOINCREMENT does this by itself);
- then both sides are read again and compared table by table: the number of rows and a
  checksum of their values (``Checked``), which the command prints.

The source is read in one transaction, so a copy taken while a bot writes is still
consistent; stop the bot first all the same (the operator's guide says how), or what it
writes after the copy is not in it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from contextlib import aclosing
from dataclasses import dataclass
from typing import Any

from bot.store.db import Database, Tx

#: Kept by each database's own migrations, never copied.
NOT_COPIED = frozenset({"schema_migrations"})


class CopyRefused(Exception):
    """The copy cannot be made (the target holds rows, the schemas differ); nothing was
    written. The message is one line for the command to print."""


@dataclass(frozen=True)
class SchemaTable:
    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]  # the primary key's columns (the order rows are read in)
    refers_to: frozenset[str]  # the other tables its foreign keys point at
    self_refs: tuple[str, ...]  # its columns that point into the table itself
    identity: str | None  # PostgreSQL: the column its sequence fills (None on SQLite)


@dataclass(frozen=True)
class Checked:
    """One table as copied: its rows and their checksum, on each side."""

    table: str
    rows: int
    checksum: str
    target_rows: int
    target_checksum: str

    @property
    def same(self) -> bool:
        return (self.rows, self.checksum) == (self.target_rows, self.target_checksum)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def tables(tx: Tx) -> list[SchemaTable]:
    """The schema's tables (not ``NOT_COPIED``), each after the tables it points at."""
    found: dict[str, SchemaTable] = {}
    if tx.postgres:
        names = [r[0] for r in await tx.all(
            "SELECT table_name FROM information_schema.tables WHERE table_schema ="
            " current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")]
        for name in names:
            columns = tuple(r[0] for r in await tx.all(
                "SELECT column_name FROM information_schema.columns WHERE table_schema ="
                " current_schema() AND table_name = ? ORDER BY ordinal_position", (name,)))
            key = tuple(r[0] for r in await tx.all(
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid ="
                " i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = ?::regclass"
                " AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)",
                (_quote(name),)))
            refs = await tx.all(
                "SELECT c.confrelid::regclass::text, a.attname FROM pg_constraint c"
                " JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)"
                " WHERE c.contype = 'f' AND c.conrelid = ?::regclass", (_quote(name),))
            identity = await tx.scalar(
                "SELECT column_name FROM information_schema.columns WHERE table_schema ="
                " current_schema() AND table_name = ? AND is_identity = 'YES'", (name,))
            found[name] = _table(name, columns, key,
                                 [(str(t).strip('"'), str(c)) for t, c in refs], identity)
    else:
        names = [r[0] for r in await tx.all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name")]
        for name in names:
            info = await tx.all(f"PRAGMA table_info({_quote(name)})")
            columns = tuple(r["name"] for r in info)
            key = tuple(r["name"] for r in sorted((r for r in info if r["pk"]),
                                                  key=lambda r: r["pk"]))
            refs = await tx.all(f"PRAGMA foreign_key_list({_quote(name)})")
            found[name] = _table(name, columns, key,
                                 [(r["table"], r["from"]) for r in refs], None)
    return _in_order(found)


def _table(name: str, columns: tuple[str, ...], key: tuple[str, ...],
           refs: list[tuple[str, str]], identity: str | None) -> SchemaTable:
    return SchemaTable(name, columns, key or columns,
                 frozenset(t for t, _ in refs if t != name),
                 tuple(sorted({c for t, c in refs if t == name})), identity)


def _in_order(found: dict[str, SchemaTable]) -> list[SchemaTable]:
    ordered: list[SchemaTable] = []
    placed: set[str] = set()

    def place(name: str, path: tuple[str, ...]) -> None:
        if name in placed or name in NOT_COPIED or name not in found:
            return
        if name in path:
            raise CopyRefused(f"the tables {' -> '.join(path)} point at each other in a "
                              "circle; this copy cannot order them")
        for other in sorted(found[name].refers_to):
            place(other, (*path, name))
        placed.add(name)
        ordered.append(found[name])

    for name in sorted(found):
        place(name, ())
    return ordered


def _token(value: Any) -> str:
    """A value as the checksum reads it, the same whichever database returned it."""
    if value is None:
        return "n"
    if isinstance(value, bool):
        return f"i{int(value)}"
    if isinstance(value, int):
        return f"i{value}"
    if isinstance(value, float):
        return f"f{value!r}"
    if isinstance(value, bytes | bytearray | memoryview):
        return "b" + bytes(value).hex()
    return "s" + str(value)


async def _rows(tx: Tx, table: SchemaTable, columns: Sequence[str]) -> Any:
    listed = ", ".join(_quote(c) for c in columns)
    order = ", ".join(_quote(c) for c in table.key)
    return tx.chunks(f"SELECT {listed} FROM {_quote(table.name)} ORDER BY {order}", (), 500)


async def summary(tx: Tx, table: SchemaTable) -> tuple[int, str]:
    """How many rows ``table`` holds, and a checksum of their values (the sum of each row's
    SHA-256, so it does not depend on the order the rows come in)."""
    rows = 0
    total = 0
    async with aclosing(await _rows(tx, table, table.columns)) as chunks:
        async for chunk in chunks:
            for row in chunk:
                rows += 1
                text = "\x1f".join(_token(v) for v in row)
                total += int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "big")
    return rows, f"{total % (1 << 64):016x}"


async def _applied(tx: Tx) -> list[str]:
    return [r[0] for r in await tx.all("SELECT version FROM schema_migrations ORDER BY version")]


async def copy_database(source: Database, target: Database) -> list[Checked]:
    """Copy every row of ``source`` into the empty ``target`` (the module's docstring), then
    compare the two table by table. Raises :class:`CopyRefused` (nothing written) if the
    target holds rows or the schemas differ."""
    async with source.transaction() as src:
        schema = await tables(src)
        async with target.transaction() as dst:
            if await _applied(src) != await _applied(dst):
                raise CopyRefused("the two databases are at different migrations; run `tdbot "
                                  "db migrate` on both with this version of tdbot")
            theirs = {t.name: t for t in await tables(dst)}
            for table in schema:
                other = theirs.get(table.name)
                if other is None or set(other.columns) != set(table.columns):
                    raise CopyRefused(f"table {table.name} differs between the two databases")
                held = await dst.scalar(f"SELECT count(*) FROM {_quote(table.name)}")
                if held:
                    raise CopyRefused(f"{target.shown} is not empty (table {table.name} holds "
                                      f"{held} rows); copy into a new, empty database")
            for table in schema:
                await _copy_table(src, dst, table, theirs[table.name])
    checked: list[Checked] = []
    async with source.transaction() as src, target.transaction() as dst:
        for table in schema:
            rows, checksum = await summary(src, table)
            target_rows, target_checksum = await summary(dst, table)
            checked.append(Checked(table.name, rows, checksum, target_rows, target_checksum))
    return checked


async def _copy_table(src: Tx, dst: Tx, table: SchemaTable, theirs: SchemaTable) -> None:
    columns = table.columns
    later = [columns.index(c) for c in table.self_refs]
    insert = (f"INSERT INTO {_quote(table.name)} ({', '.join(_quote(c) for c in columns)})"
              + (" OVERRIDING SYSTEM VALUE" if dst.postgres and theirs.identity else "")
              + f" VALUES ({', '.join('?' for _ in columns)})")
    pointing: list[tuple[Any, ...]] = []  # (self-ref values..., key values...)
    key_at = [columns.index(c) for c in table.key]
    async with aclosing(await _rows(src, table, columns)) as chunks:
        async for chunk in chunks:
            batch = []
            for row in chunk:
                values = list(row)
                if later and any(values[i] is not None for i in later):
                    pointing.append((*(values[i] for i in later), *(values[i] for i in key_at)))
                    for i in later:
                        values[i] = None
                batch.append(values)
            await dst.insert_rows(insert, batch)
    if pointing:
        sets = ", ".join(f"{_quote(c)} = ?" for c in table.self_refs)
        where = " AND ".join(f"{_quote(c)} = ?" for c in table.key)
        await dst.insert_rows(f"UPDATE {_quote(table.name)} SET {sets} WHERE {where}", pointing)
    if dst.postgres and theirs.identity:  # the next id the bot writes follows the copied ones
        column = _quote(theirs.identity)
        await dst.scalar(
            f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX({column}), 1),"
            f" MAX({column}) IS NOT NULL) FROM {_quote(table.name)}",
            (_quote(table.name), theirs.identity))
