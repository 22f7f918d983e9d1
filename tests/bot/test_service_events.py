"""Creating events from a definition file, registering players, invites and roles
("Service layer")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.event_setup import create_event
from bot.service.people.entries import entries_of, import_players, register_player
from bot.service.people.invites import (
    create_invite,
    decide_join_request,
    invite_link,
    pending_join_requests,
    redeem_invite,
    request_entry,
)
from bot.service.people.persons import add_person, person_by_tg
from bot.service.people.roles import events_of, require_role, roles_of
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.store.db import Database, open_database

NOW = datetime(2016, 7, 1, 9, 0, tzinfo=UTC)
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sssg2016.toml"

SMALL = """
[event]
slug = "club-ko"
name = "Club <Knockout> & Friends"
format = "single"
time_zone = "Asia/Singapore"
fee_per_round = 5

[[tds]]
name = "Tess"
telegram_id = 900

[[players]]
name = "Ann"
rating = 1800
"""


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _create(db: Database, text: str = SMALL, by: Actor | None = None) -> int:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(text), by=by or Actor.cli(), now=NOW)
    return created.event_id


async def test_example_definition_creates_the_sssg_event(db: Database) -> None:
    async with db.transaction() as tx:
        created = await create_event(
            tx, parse_definition(EXAMPLE.read_text()), by=Actor.cli(), now=NOW
        )
        row = await tx.one("SELECT * FROM events WHERE id = ?", (created.event_id,))
        assert row["time_zone"] == "Asia/Singapore" and row["fee_per_round"] == 1500
        # para 19: two TDs and a neutral adjudicator, each with a personal invite
        assert sorted((r, n) for r, n, _ in created.personal) == [
            ("adjudicator", "Neutral Adjudicator"), ("td", "Jeremy Khoo"), ("td", "Ricky Purnomo"),
        ]
        entries = await journal.entries_for(tx, f"event:{created.event_id}")
        assert entries[0]["action"] == "event.create" and entries[0]["who"] == "cli"


async def test_only_an_organiser_may_create_events(db: Database) -> None:
    async with db.transaction() as tx:
        with pytest.raises(NotAllowed, match="only an organiser"):
            await create_event(tx, parse_definition(SMALL), by=Actor.person(1, "Eve"), now=NOW)


async def test_slug_must_be_new(db: Database) -> None:
    await _create(db)
    with pytest.raises(Invalid, match="event.slug: an event called 'club-ko' already exists"):
        await _create(db)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("format = \"single\"", "format = \"swiss\""), "event.format: must be one of"),
        (("time_zone = \"Asia/Singapore\"", "time_zone = \"Asia/Nowhere\""),
         "event.time_zone: unknown time zone"),
        (("fee_per_round = 5", "fee_per_round = 5.001"), "event.fee_per_round: must have at most two decimals"),
        (("rating = 1800", "rating = 1800\nrank = 1"), "players[0].rank: unknown key"),
        (("rating = 1800", "rating = \"high\""), "players[0].rating:"),
        (("slug = \"club-ko\"\n", ""), "event.slug: is required"),
    ],
)
def test_definition_errors_name_the_key(edit: tuple[str, str], message: str) -> None:
    with pytest.raises(Invalid, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_definition(SMALL.replace(*edit), "club.toml")


def test_round_best_of_must_be_odd_unless_a_head_start_makes_the_total_odd() -> None:
    rounds = "".join(
        f'\n[[rounds]]\nname = "R{i}"\nbest_of = {bo}\n' + (f"head_start = {hs}\n" if hs else "")
        for i, (bo, hs) in enumerate([(9, 0), (11, 0), (10, 0), (18, 1)])
    )
    with pytest.raises(Invalid, match=r"rounds\[2\]\.best_of: must be odd") as err:
        parse_definition(SMALL + rounds)
    assert "rounds[3]" not in str(err.value)  # the SSSg grand final: best-of-18, head start 1


def test_bad_toml_says_where() -> None:
    with pytest.raises(Invalid, match=r"club.toml: not valid TOML: .*line 2"):
        parse_definition("[event]\nslug = \n", "club.toml")


async def test_players_import_is_all_or_nothing_and_names_the_row(db: Database) -> None:
    event_id = await _create(db)
    bad = "name,rating\nBea,1700\nCal,17x0\n"
    with pytest.raises(Invalid, match=r"row 3: rating '17x0' is not a whole number"):
        async with db.transaction() as tx:
            await import_players(tx, event_id, bad, by=Actor.cli(), now=NOW)
    async with db.transaction() as tx:
        assert [e.name for e in await entries_of(tx, event_id)] == ["Ann"]
    with pytest.raises(Invalid, match=r"row 2: 'ann' is already entered"):
        async with db.transaction() as tx:
            await import_players(tx, event_id, "name,rating\nann,1\n", by=Actor.cli(), now=NOW)
    async with db.transaction() as tx:
        await import_players(tx, event_id, "Name,Rating,Phone\nBea,1700,555\nCal,1600,\n",
                             by=Actor.cli(), now=NOW)
        assert [e.name for e in await entries_of(tx, event_id)] == ["Ann", "Bea", "Cal"]


@pytest.mark.parametrize(
    ("csv", "message"),
    [
        ("name\nBea\n", "missing: rating"),
        ("name,rating\n,1500\n", "row 2: the name is empty"),
        ("name,rating\nBea,1\nbea,2\n", "row 3: 'bea' appears twice"),
        ("name,rating\n", "no players"),
    ],
)
async def test_players_csv_errors(db: Database, csv: str, message: str) -> None:
    event_id = await _create(db)
    async with db.transaction() as tx:
        with pytest.raises(Invalid, match=message):
            await import_players(tx, event_id, csv, by=Actor.cli(), now=NOW)


async def test_a_player_cannot_use_td_commands(db: Database) -> None:
    event_id = await _create(db)
    async with db.transaction() as tx:
        ann = (await entries_of(tx, event_id))[0]
        as_ann = Actor.person(ann.person_id, "Ann")
        with pytest.raises(NotAllowed, match="only a TD or organiser"):
            await register_player(tx, event_id, "Zed", 1000, by=as_ann, now=NOW)
        with pytest.raises(NotAllowed):
            await create_invite(tx, event_id, "td", by=as_ann, now=NOW)
        tess = await person_by_tg(tx, 900)
        assert tess is not None
        as_tess = Actor.person(tess.id, "Tess")
        await require_role(tx, as_tess, event_id, "td")
        # a TD may invite players but only an organiser may make more TDs
        await create_invite(tx, event_id, "player", by=as_tess, now=NOW)
        with pytest.raises(NotAllowed, match="only an organiser of this event"):
            await create_invite(tx, event_id, "td", by=as_tess, now=NOW)


async def test_personal_invite_links_directly_and_only_once(db: Database) -> None:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(SMALL), by=Actor.cli(), now=NOW)
        code = next(c for role, name, c in created.personal if name == "Ann")
        assert invite_link("@TDBot", code) == f"https://t.me/TDBot?start={code}"
        got = await redeem_invite(tx, code, tg_user_id=5001, tg_name="ann_s", now=NOW)
        assert got.outcome == "linked" and got.role == "player"
        again = await redeem_invite(tx, code, tg_user_id=5001, tg_name="ann_s", now=NOW)
        assert again.outcome == "linked"  # following it twice is harmless
        with pytest.raises(Invalid, match="already been used"):
            await redeem_invite(tx, code, tg_user_id=6666, tg_name="mallory", now=NOW)
        person = await person_by_tg(tx, 5001)
        assert person is not None and person.name == "Ann"
        assert await roles_of(tx, created.event_id, person.id) == {"player"}
        with pytest.raises(NotFound):
            await redeem_invite(tx, "nope", tg_user_id=1, tg_name="x", now=NOW)


async def test_general_player_code_needs_a_td_to_approve(db: Database) -> None:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(SMALL), by=Actor.cli(), now=NOW)
        event_id = created.event_id
        await import_players(tx, event_id, "name,rating\nBea,1700\n", by=Actor.cli(), now=NOW)
        tess_code = next(c for role, _, c in created.personal if role == "td")
        await redeem_invite(tx, tess_code, tg_user_id=900, tg_name="tess", now=NOW)
        r = await redeem_invite(tx, created.player_code, tg_user_id=7001, tg_name="bea <b>", now=NOW)
        assert r.outcome == "choose_entry"
        bea = dict((n, i) for i, n in r.choices)["Bea"]
        rid = await request_entry(tx, created.player_code, bea, tg_user_id=7001,
                                  tg_name="bea <b>", now=NOW)
        assert (await redeem_invite(tx, created.player_code, tg_user_id=7001, tg_name="b",
                                    now=NOW)).outcome == "pending"
        # the TD is asked, with buttons, and the user-supplied name is escaped
        ask = await tx.one("SELECT * FROM outbox WHERE text_html LIKE '%Approve?%'")
        assert "bea &lt;b&gt;" in ask["text_html"] and f"join:approve:{rid}" in ask["buttons_json"]
        tess = await person_by_tg(tx, 900)
        assert tess is not None and ask["person_id"] == tess.id
        # a player may not approve
        ann = (await entries_of(tx, event_id))[0]
        with pytest.raises(NotAllowed):
            await decide_join_request(tx, rid, True, by=Actor.person(ann.person_id), now=NOW)
        done = await decide_join_request(tx, rid, True, by=Actor.person(tess.id, "Tess"), now=NOW)
        assert done.request.state == "approved" and done.by_this_press
        assert done.verdict == "✅ Approved by Tess."
        twice = await decide_join_request(tx, rid, False, by=Actor.cli(), now=NOW)
        # a second press changes nothing and says who decided
        assert twice.request.state == "approved" and not twice.by_this_press
        assert twice.verdict == "✅ Approved by Tess."
        # every TD's copy of the request is edited (through the outbox) to say so
        edits = await tx.all("SELECT * FROM outbox WHERE edit_of = ?", (ask["id"],))
        assert [e["text_html"].rsplit("\n", 1)[-1] for e in edits] == ["✅ Approved by Tess."]
        assert edits[0]["buttons_json"] is None
        assert await pending_join_requests(tx, event_id) == []
        bea_person = await person_by_tg(tx, 7001)
        assert bea_person is not None and bea_person.name == "Bea"
        assert [e[2] for e in await events_of(tx, bea_person.id)] == [{"player"}]
        actions = [e["action"] for e in await journal.entries_for(tx, f"event:{event_id}")]
        assert "join.request" in actions and "join.approve" in actions


async def test_a_known_telegram_user_is_merged_into_their_entry(db: Database) -> None:
    """Tess is a TD of one event (linked) and plays in another under the same name: her
    personal link there links the entry to the person TDBot knows, one person, two roles."""
    second = SMALL.replace('slug = "club-ko"', 'slug = "club-ko-2"').replace(
        '[[tds]]\nname = "Tess"\ntelegram_id = 900\n', "").replace('name = "Ann"', 'name = "tess "')
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(SMALL), by=Actor.cli(), now=NOW)
        tess_code = next(c for role, _, c in created.personal if role == "td")
        await redeem_invite(tx, tess_code, tg_user_id=900, tg_name="tess", now=NOW)
        other = await create_event(tx, parse_definition(second), by=Actor.cli(), now=NOW)
        code = next(c for _, name, c in other.personal if name.strip() == "tess")
        got = await redeem_invite(tx, code, tg_user_id=900, tg_name="tess", now=NOW)
        tess = await person_by_tg(tx, 900)
        assert tess is not None and got.person_id == tess.id
        assert await roles_of(tx, created.event_id, tess.id) == {"td"}
        assert await roles_of(tx, other.event_id, tess.id) == {"player"}
        assert await tx.scalar("SELECT count(*) FROM people WHERE lower(trim(name)) = 'tess'") == 1


async def test_two_entries_of_one_account_in_one_event_are_refused(db: Database) -> None:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(SMALL), by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, "name,rating\nBea,1700\n", by=Actor.cli(), now=NOW)
        ann_code = next(c for _, name, c in created.personal if name == "Ann")
        await redeem_invite(tx, ann_code, tg_user_id=5001, tg_name="ann", now=NOW)
        tess_code = next(c for role, _, c in created.personal if role == "td")
        await redeem_invite(tx, tess_code, tg_user_id=900, tg_name="tess", now=NOW)
        r = await redeem_invite(tx, created.player_code, tg_user_id=5001, tg_name="ann", now=NOW)
        assert r.outcome == "linked"  # Ann already plays: nothing to pick
        bea = (await entries_of(tx, created.event_id))[1]
        assert bea.name == "Bea"
        with pytest.raises(Invalid, match="already entered in this event as Ann"):
            await request_entry(tx, created.player_code, bea.id, tg_user_id=5001, tg_name="ann",
                                now=NOW)
        # and a personal code for a second entry cannot merge two entries into one account
        bea_code = await create_invite(tx, created.event_id, "player", person_id=bea.person_id,
                                       by=Actor.cli(), now=NOW)
        with pytest.raises(Invalid, match="already has an entry in this event"):
            await redeem_invite(tx, bea_code, tg_user_id=5001, tg_name="ann", now=NOW)


@pytest.mark.parametrize(
    ("csv", "message"),
    [
        # the row number is the spreadsheet's line, blank lines included
        ("name,rating\nBea,1\n\nCal,x\n", r"row 4: rating 'x' is not a whole number"),
        # an unquoted comma in a name makes one value too many: say so, do not drop it
        ("name,rating\nLim, Aaron,1800\n", r"row 2: 3 values but the header has 2 columns"),
        ("name,rating\nBea,1,extra\n", r"row 2: 3 values but the header has 2 columns"),
        # one Telegram account cannot hold two entries
        ("name,rating,telegram_id\nBea,1,5\nCal,2,5\n",
         r"row 3: telegram_id 5 appears twice \(also row 2\)"),
        # a Telegram id too big for 64 bits is named, not an OverflowError in the store
        ("name,rating,telegram_id\nBea,1,12345678901234567890\n",
         r"players CSV row 2: telegram_id '12345678901234567890' is not a Telegram user id"),
    ],
)
async def test_players_csv_mistakes_are_named_not_crashed_on(
    db: Database, csv: str, message: str
) -> None:
    """Service layer: import players (CSV) with errors that name the row."""
    event_id = await _create(db)
    async with db.transaction() as tx:
        with pytest.raises(Invalid, match=message):
            await import_players(tx, event_id, csv, by=Actor.cli(), now=NOW)


async def test_a_csv_telegram_id_already_entered_is_refused_by_row(db: Database) -> None:
    event_id = await _create(db)
    async with db.transaction() as tx:
        await import_players(tx, event_id, "name,rating,telegram_id\nBea,1,5\n",
                             by=Actor.cli(), now=NOW)
    async with db.transaction() as tx:
        with pytest.raises(Invalid, match=r"row 2: Telegram account 5 is already entered "
                                          r"in this event as Bea"):
            await import_players(tx, event_id, "name,rating,telegram_id\nCal,2,5\n",
                                 by=Actor.cli(), now=NOW)


async def test_two_people_claiming_one_entry(db: Database) -> None:
    """Onboarding: a player picks their name and a TD approves. When two
    Telegram accounts pick the same name, the TD is told of the other claim before
    deciding, and approving one closes the other (told to its sender) instead of leaving
    a request that can never be approved."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(SMALL), by=Actor.cli(), now=NOW)
        tess_code = next(c for role, _, c in created.personal if role == "td")
        await redeem_invite(tx, tess_code, tg_user_id=900, tg_name="tess", now=NOW)
        tess = await person_by_tg(tx, 900)
        assert tess is not None
        ann = (await entries_of(tx, created.event_id))[0]
        first = await request_entry(tx, created.player_code, ann.id, tg_user_id=7001,
                                    tg_name="Ann L", now=NOW)
        second = await request_entry(tx, created.player_code, ann.id, tg_user_id=7002,
                                     tg_name="Mallory", now=NOW)
        ask = await tx.scalar("SELECT text_html FROM outbox WHERE buttons_json LIKE ?",
                              (f"%join:approve:{second}%",))
        assert "also asked to be" in ask and "Ann L" in ask
        done = await decide_join_request(tx, second, True, by=Actor.person(tess.id, "Tess"),
                                         now=NOW)
        assert done.request.state == "approved"
        assert await pending_join_requests(tx, created.event_id) == []
        told = await tx.scalar("SELECT text_html FROM outbox WHERE chat_id = 7001"
                               " ORDER BY id DESC LIMIT 1")
        assert "linked Ann to another Telegram account" in told
        # a late press on the closed request says so; it does not fail
        late = await decide_join_request(tx, first, True, by=Actor.person(tess.id, "Tess"),
                                         now=NOW)
        assert not late.by_this_press and late.request.state == "rejected"


async def test_approving_a_claim_on_an_entry_linked_meanwhile_closes_it(db: Database) -> None:
    """The entry was linked by its personal link while the request waited: pressing
    Approve closes the request and says why, instead of failing with a refusal."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(SMALL), by=Actor.cli(), now=NOW)
        tess_code = next(c for role, _, c in created.personal if role == "td")
        await redeem_invite(tx, tess_code, tg_user_id=900, tg_name="tess", now=NOW)
        tess = await person_by_tg(tx, 900)
        assert tess is not None
        ann = (await entries_of(tx, created.event_id))[0]
        rid = await request_entry(tx, created.player_code, ann.id, tg_user_id=7002,
                                  tg_name="Mallory", now=NOW)
        ann_code = next(c for _, name, c in created.personal if name == "Ann")
        await redeem_invite(tx, ann_code, tg_user_id=7001, tg_name="Ann", now=NOW)
        assert await pending_join_requests(tx, created.event_id) == []  # closed at once
        late = await decide_join_request(tx, rid, True, by=Actor.person(tess.id, "Tess"),
                                         now=NOW)
        assert not late.by_this_press and late.request.state == "rejected"
        assert late.verdict == "❌ Closed: Ann is linked to another Telegram account."
        mallory_told = await tx.scalar("SELECT count(*) FROM outbox WHERE chat_id = 7002"
                                       " AND text_html LIKE '%is closed%'")
        assert mallory_told == 1


async def test_someone_else_trying_a_personal_link_does_not_take_the_entry(
    db: Database,
) -> None:
    """An organiser who taps a player's personal link to check it (or a TD who follows a
    forwarded one) must not become that player: the entry would take their name and the
    player's link would be used up. A personal link merges an account that TDBot already
    knows only when the names agree (a TD who also plays, SSSg para 19); otherwise it is
    refused, with the way out."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(SMALL), by=Actor.cli(), now=NOW)
        tess_code = next(c for role, _, c in created.personal if role == "td")
        await redeem_invite(tx, tess_code, tg_user_id=900, tg_name="Tess", now=NOW)
        ann_code = next(c for _, name, c in created.personal if name == "Ann")
        with pytest.raises(Invalid, match=r"this link is for Ann, and your Telegram account is "
                                          r"Tess here"):
            await redeem_invite(tx, ann_code, tg_user_id=900, tg_name="Tess", now=NOW)
    async with db.transaction() as tx:
        assert [e.name for e in await entries_of(tx, created.event_id)] == ["Ann"]
        got = await redeem_invite(tx, ann_code, tg_user_id=901, tg_name="Ann", now=NOW)
        assert got.outcome == "linked"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("name = \"Club <Knockout> & Friends\"", "name = \"\""), "event.name: must not be empty"),
        (("fee_per_round = 5", "fee_per_round = 5\ncurrency = \"dollars\""),
         "event.currency: must be a three-letter currency code in capitals, such as SGD"),
        (("fee_per_round = 5", "fee_per_round = -5"), "event.fee_per_round: must be 0 or more"),
        (("rating = 1800", "rating = 99999"), "players[0].rating: must be 4000 or less"),
        (("rating = 1800", "rating = \"high\""), "players[0].rating: must be a whole number"),
        (("telegram_id = 900", "telegram_id = \"@tess\""),
         "tds[0].telegram_id: must be a whole number"),
        (("rating = 1800", "rating = 1800\n[[rounds]]\nname = \"F\"\ncloses = \"soon\""),
         "rounds[0].closes: must be a date, YYYY-MM-DD, or a date and time, "
         "YYYY-MM-DDTHH:MM:SS"),
    ],
)
def test_definition_errors_read_as_plain_words(edit: tuple[str, str], message: str) -> None:
    """Service layer: a definition "validated, with errors that name the key";
    the message after the key says what is wanted, not the validator's jargon."""
    with pytest.raises(Invalid) as err:
        parse_definition(SMALL.replace(*edit), "club.toml")
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("time_zone = ", "tiem_zone = "),
         "event.tiem_zone: unknown key: did you mean time_zone?"),
        (("rating = 1800", "rating = 1800\nrank = 1"),
         "players[0].rank: unknown key: the keys here are name, phone, telegram_id, rating, team"),
        (("fee_per_round = 5\n", "fee_per_round = 5\n\n[[rounds]]\nname = \"F\"\nbestof = 3\n"),
         "rounds[0].bestof: unknown key: did you mean best_of?"),
    ],
)
def test_an_unknown_key_is_answered_with_the_keys_of_its_table(
    edit: tuple[str, str], message: str
) -> None:
    """The message names what the file may hold where the key was, so that a TD with the
    installed package alone (which has no examples/ folder) can put it right."""
    with pytest.raises(Invalid) as err:
        parse_definition(SMALL.replace(*edit, 1), "club.toml")
    assert message in str(err.value)
    assert "examples/" not in str(err.value)


async def test_an_organiser_named_differently_in_the_file_still_takes_their_td_link(
    db: Database,
) -> None:
    """The organiser's person is named from Telegram ("Olga (organiser)"); the file names
    her TD "Olga Tan". Her personal TD link grants her the role: only a player's entry is
    kept from an account with another name."""
    async with db.transaction() as tx:
        olga = await add_person(tx, "Olga (organiser)", NOW, tg_user_id=500)
        text = SMALL.replace('name = "Tess"\ntelegram_id = 900', 'name = "Olga Tan"')
        created = await create_event(tx, parse_definition(text),
                                     by=Actor.person(olga, "Olga", organiser=True), now=NOW)
        code = next(c for role, _, c in created.personal if role == "td")
        got = await redeem_invite(tx, code, tg_user_id=500, tg_name="Olga", now=NOW)
        assert got.outcome == "linked" and got.person_id == olga
        assert await roles_of(tx, created.event_id, olga) == {"organiser", "td"}
