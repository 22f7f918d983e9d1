"""A French TD, a French player and English players through a small season of each format,
in the chat: every outbox row written for a French reader (to them, in their private chat,
or to the event's group, which reads French) is read for English sentences, and none may be
left but the known ones (``STILL_ENGLISH``, each with who is converting it).

- a double-elimination knockout, one game a match, to its grand final: Dev Rao (French)
  reports, agrees and is told where he goes; the group reads every result; /matches,
  /help, /pending and /prizes;
- an SSSg event of 17 from its qualifying round (SSSg Annex A para 1) to the top
  division's grand final, every game entered by the TD from a paper slip;
- a weekly Swiss of three rounds: Dev disputes a game and the French TD upholds it with a
  reason; he proposes a time and writes to his opponent; the TD expels a player; his last
  match is left unfinished and the TD gives him a match bye from the desk;
- a club night: check-ins, a newcomer, a pairing, results, the fees, the night's end;
- a ladder: a challenge accepted, played and agreed, another declined;
- the club cup: a fee paid by a photo and approved, a board photo, a slip disputed and
  amended by the TD.

English is found by words that never appear in French text (``ENGLISH_WORDS``, whole words,
any case), after taking out what is not the bot's words: people's and events' names, the
commands and their syntax a message quotes (``<code>``, ``/openround CODE until DATE``),
links.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import timedelta
from pathlib import Path

from bot.fakebot import FakeChat
from bot.service.results.matches import matches_of_event
from bot.telegram.harness import BotUnderTest
from bot.words import for_locale
from tests.bot.cast import Cast, event_bot
from tests.bot.club_night_chat import IDS as CLUB_IDS
from tests.bot.club_night_chat import club_definition
from tests.bot.ladder_chat import IDS as LADDER_IDS
from tests.bot.ladder_chat import ladder_definition

#: Words of English that never appear in French text, matched as whole words.
ENGLISH_WORDS = frozenset("""
the and you your yours win wins won lose loses lost winner winners loser losers of with
game games reach reaches bye byes paired is are was were has have will would to for by
from it its not who whom played agreed this that these their they them next against goes
through first second starts started report reported when here round rounds which what
please send sent tap until before after again any every no yes if or but should may must
can cannot only still also yet now than then there where draw drawn left right ruled
upheld disputed dispute standings result results spread night ladder
challenge challenged accepted declined
""".split())

#: English a French reader still gets, each converted elsewhere: (a substring of the
#: English as a French reader gets it, who is converting it, and whether the rest of its
#: line goes with it: a phrase whose end varies). Taken out of a row before it is read.
#: Empty it as that work lands.
STILL_ENGLISH: tuple[tuple[str, str, bool], ...] = (
)

FR = for_locale("fr")

_TAG = re.compile(r"<[^>]+>")
_CODE = re.compile(r"<code>.*?</code>|<pre>.*?</pre>", re.S)
#: A command as a message quotes it, with its arguments: the command's own syntax, the
#: same in every language ("/openround CODE until DATE", "/correct M2 game 1 412 380").
_COMMAND = re.compile(r"/[a-z_]+\b(?:\s+\[?(?:[A-ZÀ-Ý0-9_\[\]:.,-]+|until|game|anyway|starter"
                      r"|void|new|off|won|lost|tied)(?![\w'’]))*")
_LINK = re.compile(r"https?://\S+")
_WORD = re.compile(r"[^\W\d_]+")


def english_in(text: str, names: Iterable[str]) -> list[str]:
    """The English words of ``text`` once names, quoted commands and links are out."""
    plain = _CODE.sub(" ", text)
    plain = _TAG.sub(" ", plain).replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&").replace("&quot;", '"')
    for name in sorted(names, key=len, reverse=True):
        plain = plain.replace(name, " ")
    # links first: a command's pattern would take the "/t" of "https://t.me/..." and leave
    # the invite's random code, which may spell "if", to be read
    plain = _COMMAND.sub(" ", _LINK.sub(" ", plain))
    return [w for w in _WORD.findall(plain) if w.lower() in ENGLISH_WORDS]


async def french_rows(bot: BotUnderTest, people: Mapping[str, int], french: Iterable[str],
                      groups: Iterable[int] = (), since: int = 0) -> list[str]:
    """Every outbox row written for a French reader after row ``since`` (before it, they
    had not said they read French): to a French person (by their person, or in their
    private chat) or to a group of the event (which reads French)."""
    chats = [people[name] for name in french] + list(groups)
    marks = ", ".join("?" for _ in chats)
    names = list(french)
    name_marks = ", ".join("?" for _ in names)
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all(
            "SELECT o.text_html FROM outbox o LEFT JOIN people p ON p.id = o.person_id"
            f" WHERE (p.name IN ({name_marks}) OR o.chat_id IN ({marks})) AND o.id > ?"
            " ORDER BY o.id", (*names, *chats, since))
    return [str(r["text_html"]) for r in rows]


def sweep(rows: list[str], names: Iterable[str]) -> list[str]:
    """The rows with English left in them, each with the words found, the known ones
    (``STILL_ENGLISH``) left out."""
    names = list(names)
    found = []
    for text in rows:
        read = text
        for known, _, to_line_end in STILL_ENGLISH:
            pattern = re.escape(known) + (".*" if to_line_end else "")
            read = re.sub(pattern, " ", read)
        words = english_in(read, names)
        if words:
            found.append(f"{sorted(set(words))}: {text}")
    return found


class French(Cast):
    """Acting as people by name; a French reader taps the French of a button's label."""

    def __init__(self, ids: Mapping[str, int], french: Iterable[str]) -> None:
        super().__init__(ids)
        self.french = set(french)

    def label(self, who: str, label: str, /, **values: str) -> str:
        words = FR.gettext(label) if who in self.french else label
        return words.format(**values) if values else words

    async def tap_as(self, bot: BotUnderTest, who: str, label: str, /, **values: str) -> None:
        await self.tap(bot, who, self.label(who, label, **values))


def test_the_sweep_finds_english_words_and_leaves_names_and_commands() -> None:
    found = english_in("<b>Coupe</b> : Ann Lee bat Dev Rao by forfeit. /openround SF until "
                       "2026-03-09 ; <code>won 412-380</code>", ["Ann Lee", "Dev Rao"])
    assert found == ["by"]
    assert english_in("Votre adversaire : <b>Winner Tan</b>. Envoyez /report 412-380.",
                      ["Winner Tan"]) == []
    assert sweep(["Win and you reach the Grand Final; lose and you are out."], []) != []
    assert sweep(["Votre prochain match : the winner of M3."], []) != []
    assert english_in("Lien : https://t.me/TDBotFake?start=x9-iF_the", []) == []
    assert sweep(["Your opponent: Ann Lee"], ["Ann Lee"]) == ["['Your']: Your opponent: Ann Lee"]


async def _in_french(bot: BotUnderTest, cast: French) -> None:
    """The French readers chose French (``/language``), their phones are French too."""
    for name in cast.french:
        await cast.say(bot, name, "/language fr")
        object.__setattr__(cast.user(bot, name), "language_code", "fr")


def _group(bot: BotUnderTest, cast: Cast, slug: str) -> FakeChat:
    tg = bot.telegram
    group = tg.add_group("Club", [cast.user(bot, n) for n in cast.ids])
    tg.user_sends(cast.user(bot, "Tara TD"), f"/link {slug}", chat=group)
    return group


def _assert_french(found: list[str]) -> None:
    assert not found, "English in a French reader's messages:\n" + "\n\n".join(found)


# --- a knockout -----------------------------------------------------------------------------

KO_IDS = {"Tara TD": 9301, "Ann Lee": 9311, "Ben Ong": 9312, "Cai Wen": 9313,
          "Dev Rao": 9314}
KO_RATINGS = {"Ann Lee": 1800, "Ben Ong": 1700, "Cai Wen": 1600, "Dev Rao": 1500}
KNOCKOUT = """
[event]
slug = "coupe"
name = "Coupe du club"
format = "double"
best_of = 1
best_of_step = 0
time_zone = "Europe/Paris"
language = "fr"

[rules]
fee_reminder_days = []

[[tds]]
name = "Tara TD"
telegram_id = 9301
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {r}\ntelegram_id = {KO_IDS[n]}\n'
              for n, r in KO_RATINGS.items())


async def _open_ready(bot: BotUnderTest, cast: French) -> list[str]:
    async with bot.runtime.db.transaction() as tx:
        views = await matches_of_event(tx, bot.event_id)  # type: ignore[attr-defined]
    by_round: dict[str, list[object]] = {}
    for v in views:
        by_round.setdefault(v.round_name, []).append(v)
    opened = []
    for name, ms in by_round.items():
        if all(m.round_state == "planned" and m.state != "waiting"  # type: ignore[attr-defined]
               for m in ms):
            until = (bot.clock() + timedelta(days=14)).date().isoformat()
            await cast.say(bot, "Tara TD", f"/openround {name} until {until}")
            opened.append(name)
    return opened


async def _play_knockout(bot: BotUnderTest, cast: French) -> list[str]:
    """Every round opened when ready; in each match the higher-rated player wins every
    game, the winner reports (game 1: they started) and the loser agrees."""
    played = []
    while opened := await _open_ready(bot, cast):
        async with bot.runtime.db.transaction() as tx:
            views = await matches_of_event(tx, bot.event_id)  # type: ignore[attr-defined]
        for view in views:
            if view.round_name not in opened or view.state not in ("ready", "playing"):
                continue
            a, b = (str(n) for n in view.names)
            win, lose = (a, b) if KO_RATINGS[a] > KO_RATINGS[b] else (b, a)
            while True:
                async with bot.runtime.db.transaction() as tx:
                    now = {v.code: v for v in await matches_of_event(
                        tx, bot.event_id)}[view.code]  # type: ignore[attr-defined]
                if now.state == "decided":
                    break
                await cast.say(bot, win, "412-380")
                if cast.label(win, "I started") in bot.telegram.buttons_of(
                        cast.user(bot, win)):
                    await cast.tap_as(bot, win, "I started")
                await cast.tap_as(bot, win, "✅ Confirm")
                await cast.tap_as(bot, lose, "Agree")
            played.append(view.code)
        await bot.advance(timedelta(hours=25))
    return played


async def test_a_knockout_to_its_grand_final_reads_french_to_the_french(
        tmp_path: Path) -> None:
    cast = French(KO_IDS, ("Tara TD", "Dev Rao"))
    async with event_bot(tmp_path / "ko.sqlite3", KNOCKOUT, KO_IDS) as bot:
        await _in_french(bot, cast)
        group = _group(bot, cast, "coupe")
        await bot.settle()
        await cast.say(bot, "Tara TD", "/draw 2026")
        await cast.say(bot, "Dev Rao", "/matches")
        played = await _play_knockout(bot, cast)
        for name, command in (("Dev Rao", "/matches"), ("Dev Rao", "/help"),
                              ("Tara TD", "/pending"), ("Tara TD", "/help"),
                              ("Tara TD", "/prizes")):
            await cast.say(bot, name, command)
        async with bot.runtime.db.transaction() as tx:
            views = await matches_of_event(tx, bot.event_id)  # type: ignore[attr-defined]
        assert all(v.state in ("decided", "bye") for v in views), [
            (v.code, v.state) for v in views]
        assert any(v.round_name == "Grand Final" for v in views if v.code in played)
        rows = await french_rows(bot, KO_IDS, cast.french, [group.id])
        assert len(rows) > 20
        _assert_french(sweep(rows, [*KO_IDS, "Coupe du club"]))
        # a one-game match is said as one: never "au meilleur des 1 parties"
        assert not [r for r in rows if "des 1 parties" in r]
        assert any("en une partie" in r for r in rows)


# --- a weekly Swiss -----------------------------------------------------------------------

SW_IDS = {"Tara TD": 9401, "Ann Lee": 9411, "Ben Ong": 9412, "Cai Wen": 9413,
          "Dev Rao": 9414}
SW_RATINGS = {"Ann Lee": 1800, "Ben Ong": 1700, "Cai Wen": 1600, "Dev Rao": 1500}
SWISS = """
[event]
slug = "suisse"
name = "Suisse du mardi"
format = "rounds"
time_zone = "Europe/Paris"
language = "fr"

[pairing]
system = "swiss"
rounds = 3

[rules]
fee_reminder_days = []

[[tds]]
name = "Tara TD"
telegram_id = 9401

[[rounds]]
name = "Round 1"
opens = 2026-03-03
closes = 2026-03-09
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {r}\ntelegram_id = {SW_IDS[n]}\n'
              for n, r in SW_RATINGS.items())


async def _swiss_round(bot: BotUnderTest, cast: French, number: int, *,
                       dispute: bool = False, unplayed: str = "") -> None:
    """Every match of round ``number``: the higher-rated player wins and reports; the
    loser agrees, or (``dispute``) Dev Rao disputes his and the TD upholds it, saying why;
    the match of ``unplayed`` is left unplayed."""
    from bot.service.formats.rounds.round_division import load_rounds_event
    async with bot.runtime.db.transaction() as tx:
        state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
    for m in [m for m in state.matches_of(number) if m.state == "playing"]:
        a, b = str(m.names[0]), str(m.names[1])
        win, lose = (a, b) if SW_RATINGS[a] > SW_RATINGS[b] else (b, a)
        if unplayed in (a, b):
            continue
        await cast.say(bot, win, "412-380")
        if cast.label(win, "I started") in bot.telegram.buttons_of(cast.user(bot, win)):
            await cast.tap_as(bot, win, "I started")
        await cast.tap_as(bot, win, "✅ Confirm")
        if dispute and lose == "Dev Rao":
            await cast.tap_as(bot, lose, "Dispute")
            await cast.say(bot, lose, "j'avais 390")
            await cast.tap_as(bot, "Tara TD", "Uphold")
            await cast.say(bot, "Tara TD", "la feuille de score le confirme")
        else:
            await cast.tap_as(bot, lose, "Agree")


async def test_a_weekly_swiss_with_a_dispute_reads_french_to_the_french(
        tmp_path: Path) -> None:
    cast = French(SW_IDS, ("Tara TD", "Dev Rao"))
    async with event_bot(tmp_path / "swiss.sqlite3", SWISS, SW_IDS) as bot:
        await _in_french(bot, cast)
        group = _group(bot, cast, "suisse")
        await bot.settle()
        await cast.say(bot, "Tara TD", "/draw 2")
        until = (bot.clock() + timedelta(days=6)).date().isoformat()
        await cast.say(bot, "Tara TD", f"/openround 1 until {until}")
        await _swiss_round(bot, cast, 1)
        await bot.advance(timedelta(days=7))
        until = (bot.clock() + timedelta(days=6)).date().isoformat()
        await cast.say(bot, "Tara TD", f"/openround 2 until {until}")
        await cast.say(bot, "Dev Rao", "/why")
        await cast.say(bot, "Tara TD", "/why Dev")
        await _swiss_round(bot, cast, 2, dispute=True)
        await bot.advance(timedelta(days=7))
        until = (bot.clock() + timedelta(days=6)).date().isoformat()
        await cast.say(bot, "Tara TD", f"/openround 3 until {until}")
        await cast.say(bot, "Dev Rao", "/propose demain 19h")
        await cast.say(bot, "Dev Rao", "/tell bonjour, demain soir ?")
        await cast.say(bot, "Tara TD", "/expel Ann Lee: a quitté le club")
        await _swiss_round(bot, cast, 3, unplayed="Dev Rao")
        await bot.advance(timedelta(days=7))  # round 3's deadline: the TD's desk
        async with bot.runtime.db.transaction() as tx:
            code = await tx.scalar(
                "SELECT m.code FROM matches m JOIN rounds r ON r.id = m.round_id"
                " JOIN entries e ON e.id IN (m.entry_a, m.entry_b)"
                " JOIN people p ON p.id = e.person_id WHERE r.seq = 3 AND p.name = 'Dev Rao'")
        await cast.tap_as(bot, "Tara TD", "{match}: match bye to {name}", match=code,
                          name="Dev Rao")
        for name, command in (("Dev Rao", "/standings"), ("Dev Rao", "/matches"),
                              ("Dev Rao", "/help"), ("Tara TD", "/pending"),
                              ("Tara TD", "/help"), ("Tara TD", "/invites")):
            await cast.say(bot, name, command)
        await bot.advance(timedelta(days=2))
        async with bot.runtime.db.transaction() as tx:
            ruled = await tx.all("SELECT ruling FROM disputes")
            decided = await tx.scalar("SELECT count(*) FROM matches WHERE state = 'decided'")
            bye = await tx.one("SELECT state, winner_side, entry_a, entry_b FROM matches"
                               " WHERE code = ?", (code,))
            ann = await tx.scalar("SELECT e.state FROM entries e JOIN people p"
                                  " ON p.id = e.person_id WHERE p.name = 'Ann Lee'")
            proposed = await tx.scalar("SELECT count(*) FROM match_times")
        assert [r["ruling"] for r in ruled] == ["upheld: la feuille de score le confirme"]
        assert decided >= 5
        assert bye is not None and bye["state"] == "decided"
        assert ann == "expelled" and proposed == 1
        rows = await french_rows(bot, SW_IDS, cast.french, [group.id])
        _assert_french(sweep(rows, [*SW_IDS, "Suisse du mardi"]))


# --- a club night ---------------------------------------------------------------------------

async def test_a_club_night_reads_french_to_the_french(tmp_path: Path) -> None:
    cast = French(CLUB_IDS, ("Tara TD", "Dev Rao"))
    definition = club_definition().replace('[event]\n', '[event]\nlanguage = "fr"\n', 1)
    async with event_bot(tmp_path / "club.sqlite3", definition, CLUB_IDS) as bot:
        await _in_french(bot, cast)
        group = _group(bot, cast, "tuesday-club")
        await bot.settle()
        await cast.say(bot, "Tara TD", "/night")
        for name in ("Ann Lee", "Ben Ong", "Dev Rao"):
            await cast.say(bot, name, "/checkin")
        await cast.say(bot, "Tara TD", "/checkin Eve Tan")
        await cast.say(bot, "Tara TD", "/pairround")
        async with bot.runtime.db.transaction() as tx:
            pairs = await tx.all(
                "SELECT pa.name AS a, pb.name AS b FROM matches m"
                " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id")
        for row in pairs:
            win, lose = str(row["a"]), str(row["b"])
            await cast.say(bot, win, "412-380")
            if cast.label(win, "I started") in bot.telegram.buttons_of(cast.user(bot, win)):
                await cast.tap_as(bot, win, "I started")
            await cast.tap_as(bot, win, "✅ Confirm")
            await cast.tap_as(bot, lose, "Agree")
        await cast.say(bot, "Tara TD", "/fees")
        await cast.say(bot, "Tara TD", "/endnight")
        await cast.say(bot, "Dev Rao", "/me")
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT state FROM club_sessions") == "closed"
            assert await tx.scalar("SELECT count(*) FROM matches WHERE state = 'decided'") == 2
        rows = await french_rows(bot, CLUB_IDS, cast.french, [group.id])
        _assert_french(sweep(rows, [*CLUB_IDS, "Tuesday Scrabble Club"]))


# --- a ladder -------------------------------------------------------------------------------

async def test_a_ladder_challenge_reads_french_to_the_french(tmp_path: Path) -> None:
    cast = French(LADDER_IDS, ("Tara TD", "Dev Rao"))
    definition = ladder_definition().replace('[event]\n', '[event]\nlanguage = "fr"\n', 1)
    async with event_bot(tmp_path / "ladder.sqlite3", definition, LADDER_IDS) as bot:
        await _in_french(bot, cast)
        group = _group(bot, cast, "club-ladder")
        await bot.settle()
        await cast.say(bot, "Dev Rao", "/challenge Cai")
        await cast.tap_as(bot, "Cai Wen", "✅ Accept")
        await cast.say(bot, "Dev Rao", "412-380")
        if cast.label("Dev Rao", "I started") in bot.telegram.buttons_of(
                cast.user(bot, "Dev Rao")):
            await cast.tap_as(bot, "Dev Rao", "I started")
        await cast.tap_as(bot, "Dev Rao", "✅ Confirm")
        await cast.tap_as(bot, "Cai Wen", "Agree")
        await cast.say(bot, "Ann Lee", "/challenge Dev")  # Dev moved up: Ann is above
        await cast.say(bot, "Eve Tan", "/challenge Dev")
        await cast.tap_as(bot, "Dev Rao", "✖️ Decline")
        for name, command in (("Dev Rao", "/ladder"), ("Dev Rao", "/help"),
                              ("Tara TD", "/pending"), ("Tara TD", "/help")):
            await cast.say(bot, name, command)
        await bot.advance(timedelta(days=2))
        async with bot.runtime.db.transaction() as tx:
            record = await tx.scalar("SELECT record_json FROM ladders")
        import json
        names = list(json.loads(record)["names"])
        assert names.index("Dev Rao") < names.index("Cai Wen"), names
        rows = await french_rows(bot, LADDER_IDS, cast.french, [group.id])
        _assert_french(sweep(rows, [*LADDER_IDS, "Club Ladder"]))


# --- an SSSg event: a qualifying round to the grand final ---------------------------------

#: 17 players: the two lowest-rated play the qualifying round (SSSg Annex A para 1), the
#: others have byes; Dev Rao (French) is the lowest and wins every match he plays, to the
#: top division's grand final; Ann Lee (English) plays the qualifier against him.
SG_NAMES = ("Ann Lee", "Ben Ong", "Cai Wen", "Eve Tan", "Fay Koh", "Gus Lim", "Hal Ng",
            "Ivy Goh", "Jon Tay", "Kai Woo", "Lea Sim", "Max Chua", "Ned Yeo", "Oli Kho",
            "Pam Low", "Qin Ho", "Dev Rao")
SG_RATINGS = {name: 2000 - 10 * i for i, name in enumerate(SG_NAMES[1:-1])}
SG_RATINGS.update({"Ann Lee": 1005, "Dev Rao": 1000})
SG_IDS = {"Tara TD": 9501, **{name: 9511 + i for i, name in enumerate(SG_NAMES)}}
SSSG = """
[event]
slug = "sssg"
name = "Shootout"
format = "sssg"
time_zone = "Asia/Singapore"
language = "fr"

[rules]
fee_reminder_days = []
board_photos = false

[[tds]]
name = "Tara TD"
telegram_id = 9501
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {SG_RATINGS[n]}\n'
              f'telegram_id = {SG_IDS[n]}\n' for n in SG_NAMES)


async def _enter_match(bot: BotUnderTest, code: str) -> None:
    """The TD enters every game of match ``code`` from paper slips until it is decided:
    Dev Rao wins his, else the higher-rated player."""
    from bot.service.platform.unit import Request
    from bot.service.results import reporting
    from bot.service.results.matches import core_match
    while True:
        async with bot.runtime.db.transaction() as tx:
            view = {v.code: v for v in await matches_of_event(
                tx, bot.event_id)}[code]  # type: ignore[attr-defined]
            state = (await core_match(tx, view.id)).state()
        if state.decided or view.state != "playing":
            return
        a, b = str(view.names[0]), str(view.names[1])
        win, lose = (a, b) if a == "Dev Rao" or (
            b != "Dev Rao" and SG_RATINGS[a] > SG_RATINGS[b]) else (b, a)
        starter = win if state.next_start is None or state.next_start.side is None else None
        await reporting.enter_game(bot.runtime.db, Request.cli(bot.clock()),
                                   bot.event_id,  # type: ignore[attr-defined]
                                   (win, lose), (412, 380), starter=starter)
        await bot.settle()


async def test_an_sssg_qualifying_round_to_its_grand_final_reads_french_to_the_french(
        tmp_path: Path) -> None:
    cast = French(SG_IDS, ("Tara TD", "Dev Rao"))
    async with event_bot(tmp_path / "sssg.sqlite3", SSSG, SG_IDS) as bot:
        await _in_french(bot, cast)
        group = _group(bot, cast, "sssg")
        await bot.settle()
        await cast.say(bot, "Tara TD", "/draw 2016")
        while opened := await _open_ready(bot, cast):
            async with bot.runtime.db.transaction() as tx:
                views = await matches_of_event(tx, bot.event_id)  # type: ignore[attr-defined]
            for view in views:
                if view.round_name in opened:
                    await _enter_match(bot, view.code)
            await cast.say(bot, "Dev Rao", "/matches")
            await bot.advance(timedelta(hours=25))
        async with bot.runtime.db.transaction() as tx:
            views = await matches_of_event(tx, bot.event_id)  # type: ignore[attr-defined]
        top = [v for v in views if v.state == "decided" and "Dev Rao" in v.names]
        assert any(v.round_name == "Qual Rd" for v in top), [v.round_name for v in top]
        assert any(v.round_name == "Grand Final" for v in top), [v.round_name for v in top]
        rows = await french_rows(bot, SG_IDS, cast.french, [group.id])
        _assert_french(sweep(rows, [*SG_IDS, "Shootout"]))


# --- the club cup: fees, board photos, a slip amended ------------------------------------

async def test_fees_photos_and_an_amended_slip_read_french_to_the_french(
        tmp_path: Path) -> None:
    """The club cup (tests/bot/data/club_cup.toml, SF open, its group French): Dev Rao pays
    by a photo of the payment, the French TD approves it; he wins game 1 of his SF against
    Ann Lee and sends the board photo; Ann disputes game 2, the TD amends its scores; Dev
    wins the match and goes on to the Final."""
    from tests.bot.club_chat import IDS, TD_PHONE, club_cup_bot, linked_definition

    jpeg = b"\xff\xd8\xff\xe0" + b"board" * 16
    cast = French(IDS, ("Tara TD", "Dev Rao"))
    definition = linked_definition(phones=TD_PHONE).replace(
        'currency = "SGD"', 'currency = "SGD"\nlanguage = "fr"')
    async with club_cup_bot(tmp_path, definition) as bot:
        await _in_french(bot, cast)
        async with bot.runtime.db.transaction() as tx:  # the draw and SF were told before
            since = int(await tx.scalar("SELECT max(id) FROM outbox"))
        group = _group(bot, cast, "club-cup")
        await bot.settle()
        tg = bot.telegram
        tg.user_sends_photo(cast.user(bot, "Dev Rao"), b"receipt", caption="/paid")
        await bot.settle()
        await cast.tap_as(bot, "Tara TD", "Approve")
        await cast.say(bot, "Tara TD", "/paid Ann Lee SF")
        await cast.say(bot, "Dev Rao", "412-380")
        await cast.tap_as(bot, "Dev Rao", "I started")
        await cast.tap_as(bot, "Dev Rao", "✅ Confirm")
        tg.user_sends_photo(cast.user(bot, "Dev Rao"), jpeg)
        await bot.settle()
        await cast.tap_as(bot, "Ann Lee", "Agree")
        await cast.say(bot, "Dev Rao", "400-390")
        await cast.tap_as(bot, "Dev Rao", "✅ Confirm")
        await cast.tap_as(bot, "Ann Lee", "Dispute")
        await cast.say(bot, "Ann Lee", "I had 410")
        await cast.tap_as(bot, "Tara TD", "Amend")
        await cast.say(bot, "Tara TD", "/amend 410 420")  # Ann Lee's first
        await cast.say(bot, "Tara TD", "la feuille de score dit 420-410")
        await bot.advance(timedelta(hours=25))
        await cast.say(bot, "Dev Rao", "/matches")
        await cast.say(bot, "Tara TD", "/pending")
        async with bot.runtime.db.transaction() as tx:
            paid = await tx.scalar("SELECT count(*) FROM payments")
            m1 = await tx.one("SELECT state, winner_side FROM matches WHERE code = 'M1'")
            photos = await tx.scalar("SELECT count(*) FROM photos")
        assert paid == 2 and photos == 1
        assert m1 is not None and (m1["state"], m1["winner_side"]) == ("decided", 1)
        rows = await french_rows(bot, IDS, cast.french, [group.id], since)
        assert len(rows) > 10, rows
        _assert_french(sweep(rows, [*IDS, "Club Cup <2026>"]))
