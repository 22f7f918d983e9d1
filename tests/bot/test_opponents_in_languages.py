"""Who a player meets before that player is known, in each reader's language: "the winner
of Ann Lee v Dev Rao" is a record (``bot/service/results/opponents_texts.py``), so a French
reader reads "le vainqueur du match Ann Lee contre Dev Rao", never English inside French.

The club cup (tests/bot/club_chat.py): SF best of 3, M1 Ann Lee v Dev Rao, M2 Ben Ong v
Cai Wen; the Final (M3) best of 5. The stored outbox rows are what each reads.
"""

from __future__ import annotations

import pytest

from bot.service.results import opponents_texts
from bot.store.matches_repo import describe_source, source_said
from bot.telegram.harness import BotUnderTest
from bot.words import for_locale
from bot.words.said import english, render
from tests.bot.between_chat import last_outbox_id, outbox_since, rows
from tests.bot.club_chat import report_game, say, tap

FR = for_locale("fr")


async def _speaks(bot: BotUnderTest, name: str, lang: str) -> None:
    async with bot.runtime.db.transaction() as tx:
        await tx.execute("UPDATE people SET language = ? WHERE name = ?", (lang, name))


#: The buttons a player taps to report a game they started, in their language.
TAPS = {"en": ("I started", "✅ Confirm"), "fr": ("J'ai commencé", "✅ Confirmer")}


async def _won(bot: BotUnderTest, name: str, lang: str, text: str, first: bool) -> None:
    """``name`` reports a game they won (and started, if it is their match's first)."""
    started, confirm = TAPS[lang]
    await say(bot, name, text)
    if first:
        await tap(bot, name, started)
    await tap(bot, name, confirm)


def _to(written: list[tuple[str, str, bool]], name: str) -> list[str]:
    return [text for to, text, _ in written if to == name]


async def test_the_next_match_names_the_player_to_come_in_each_reader_s_language(
        bot: BotUnderTest) -> None:
    """Ben (French) wins his SF for good first: his Final waits for the winner of Ann's
    SF, which he reads in French; Ann (English), whose win is final next, reads that Ben
    is her opponent, and later, in the same Final, Ben's /matches names her."""
    await _speaks(bot, "Ben Ong", "fr")
    await _won(bot, "Ben Ong", "fr", "400-350", first=True)
    await tap(bot, "Cai Wen", "Agree")
    await _won(bot, "Ben Ong", "fr", "410-360", first=False)
    before = await last_outbox_id(bot)
    await tap(bot, "Cai Wen", "Agree")
    written = await outbox_since(bot, before)
    (ben,) = [t for t in _to(written, "Ben Ong") if "prochain match" in t]
    assert ("Votre prochain match : <b>Finale</b> contre <b>le vainqueur du match Ann Lee "
            "contre Dev Rao</b>, au meilleur des 5 parties.") in ben, ben
    assert "winner" not in ben and " v " not in ben, ben
    assert await rows(bot, "SELECT state FROM matches WHERE code = 'M2'") == [("decided",)]

    answer = await say(bot, "Ben Ong", "/matches")
    assert ("Finale (match M3)\ncontre le vainqueur du match Ann Lee contre Dev Rao, au "
            "meilleur des 5 parties") in answer, answer


async def test_an_english_reader_reads_the_player_to_come_in_english(bot: BotUnderTest) -> None:
    """The same scene with Ann's SF final first and Ann reading English: her Final waits
    for "the winner of Ben Ong v Cai Wen", as before the words were records."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ann Lee", "400-350")
    before = await last_outbox_id(bot)
    await tap(bot, "Dev Rao", "Agree")
    written = await outbox_since(bot, before)
    (ann,) = [t for t in _to(written, "Ann Lee") if "next match" in t]
    assert ("Your next match: <b>Final</b> against <b>the winner of Ben Ong v Cai Wen</b>, "
            "best of 5. I will tell you when your opponent is known.") in ann, ann


@pytest.mark.parametrize(("lang", "refused"), [
    ("fr", "⚠️ Votre match (Finale) n'a pas encore d'adversaire : il attend le vainqueur du "
           "match Ben Ong contre Cai Wen"),
    ("en", "⚠️ Your Final match has no opponent yet: it waits for the winner of Ben Ong v "
           "Cai Wen"),
])
async def test_writing_to_a_player_not_known_yet_is_refused_in_the_reader_s_language(
        bot: BotUnderTest, lang: str, refused: str) -> None:
    """Ann won her SF for good; the Final waits for Ben v Cai: /tell M3 is refused, saying
    whom it waits for in her language, and nothing is relayed."""
    await _speaks(bot, "Ann Lee", lang)
    await _won(bot, "Ann Lee", lang, "412-380", first=True)
    await tap(bot, "Dev Rao", "Agree")
    await _won(bot, "Ann Lee", lang, "400-350", first=False)
    await tap(bot, "Dev Rao", "Agree")
    answer = await say(bot, "Ann Lee", "/tell M3 bonne chance")
    assert answer == refused, answer
    assert await rows(bot, "SELECT count(*) FROM relay_messages") == [(0,)]


def test_each_way_of_naming_a_slot_reads_in_french_and_in_english() -> None:
    """A match by its two players, by the one known and its round, or by its round; a slot
    by the winner or the loser of such a match, with or without its article; a slot no
    earlier match fills."""
    cases = [
        (opponents_texts.players(["Ann Lee", "Dev Rao"], "SF"),
         "Ann Lee v Dev Rao", "Ann Lee contre Dev Rao"),
        (opponents_texts.players(["Ann Lee"], "Round 2"),
         "Ann Lee's Round 2 match", "le match de Ann Lee (Ronde 2)"),
        (opponents_texts.players([], "Round 2"), "a Round 2 match", "un match (Ronde 2)"),
        (opponents_texts.the(opponents_texts.fed_by("winner", ["Ann Lee", "Dev Rao"], "SF")),
         "the winner of Ann Lee v Dev Rao", "le vainqueur du match Ann Lee contre Dev Rao"),
        (opponents_texts.the(opponents_texts.fed_by("loser", ["Ann <b>", "Dev Rao"], "SF")),
         "the loser of Ann &lt;b&gt; v Dev Rao",
         "le perdant du match Ann &lt;b&gt; contre Dev Rao"),
        (opponents_texts.fed_by("winner", ["Ann Lee"], "Round 3"),
         "winner of Ann Lee's Round 3 match", "vainqueur du match de Ann Lee (Ronde 3)"),
        (opponents_texts.fed_by("loser", [], "QF"), "loser of a QF match",
         "perdant d'un match (Quart de finale)"),
        (opponents_texts.drawn_later(), "a player drawn after the qualifying round",
         "quelqu'un tiré au sort après le tour qualificatif"),
        (source_said("winner:Q3"), "winner of Q3", "vainqueur de Q3"),
        (source_said("absent"), "unavailable (a requested bye)",
         "indisponible (exemption demandée)"),
    ]
    for record, en, fr in cases:
        assert not isinstance(record, str)
        assert (english(record), render(record, FR)) == (en, fr)
    assert source_said("seat:Ann Lee") == "Ann Lee"
    assert [describe_source(s) for s in ("seat:Ann Lee", "winner:Q3", "draw:5", "bye", "")] == [
        "Ann Lee", "winner of Q3", "drawn after the qualifying round", "bye", "to be decided"]


def test_a_page_names_a_player_to_come_in_the_event_s_language() -> None:
    """The live pages (``site.still_to_come``): a Final slot whose feeder's result is not
    final reads "winner of Ann Lee v Dev Rao" on an English page, "vainqueur du match Ann
    Lee contre Dev Rao" on a French one, unlinked; a slot no match fills yet names where
    its player comes from in the page's language too."""
    from bot.service.events import site
    from bot.store.matches_repo import MatchView
    from bot.web.pages import _name
    from core.knockout.match import Match, MatchStage

    def view(code: str, names: tuple[str | None, str | None], sources: tuple[str, str],
             state: MatchStage) -> MatchView:
        return MatchView(1, 1, 1, "SF" if code != "M3" else "Final", code, 3, (1, 2), names,
                         (1, 2), sources, (0, 0), None, state,
                         0 if state == MatchStage.DECIDED else None)

    m1 = view("M1", ("Ann Lee", "Dev Rao"), ("seat:Ann Lee", "seat:Dev Rao"), MatchStage.DECIDED)
    m3 = view("M3", ("Ann Lee", None), ("winner:M1", "winner:M2"), MatchStage.WAITING)
    line = site.still_to_come(site.match_line(m3, Match(3)), m3, {"M1": m1}, final=())
    assert line.entries[0] is None
    shown = [(_name(n, for_locale("en")), _name(n, FR)) for n in line.names]
    assert shown == [("winner of Ann Lee v Dev Rao", "vainqueur du match Ann Lee contre Dev Rao"),
                     ("winner of M2", "vainqueur de M2")], shown
