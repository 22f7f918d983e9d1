"""Fees in the chat, through the real PTB Application and the fake Bot API (SSSg 2016
Annex A para 26: a fee per round, paid up by the commencement of the round).

The club cup: SF (M1 Ann v Dev, M2 Ben v Cai) and Final, SGD 5 a round; drawn, SF not open.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import buttons_of, club_cup_bot, last, linked_definition, say, tap, user


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    """The club cup drawn, SF not open (fees are due by a round's commencement)."""
    async with club_cup_bot(tmp_path, linked_definition(), open_sf=False) as under_test:
        yield under_test


async def paid_rounds(bot: BotUnderTest, name: str) -> list[str]:
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT p.round_code FROM payments p JOIN entries e ON"
                            " e.id = p.entry_id JOIN people n ON n.id = e.person_id"
                            " WHERE n.name = ? ORDER BY p.id", (name,))
    return [r[0] for r in rows]


async def test_a_td_records_a_payment_with_paid(bot: BotUnderTest) -> None:
    said = await say(bot, "Tara TD", "/paid Ann Lee SF")
    assert said == ("✅ Recorded: Ann Lee paid SGD 5.00 for SF. They are told.")
    assert "your payment of SGD 5.00 for SF is recorded" in last(bot, "Ann Lee")
    assert await paid_rounds(bot, "Ann Lee") == ["sf"]
    again = await say(bot, "Tara TD", "/paid Ann Lee SF")
    assert "Ann Lee has already paid for SF" in again
    assert "/paid NAME ROUND" in await say(bot, "Tara TD", "/paid Ann")


async def test_a_misspelt_name_gets_a_suggestion(bot: BotUnderTest) -> None:
    """The chat and the command line suggest by the same rule (core.names)."""
    said = await say(bot, "Tara TD", "/paid Ann Lea SF")
    assert "no such player" in said and "did you mean Ann Lee?" in said, said
    assert await paid_rounds(bot, "Ann Lee") == []


async def test_a_players_proof_is_approved_with_one_tap(bot: BotUnderTest) -> None:
    bot.telegram.user_sends_photo(user(bot, "Ann Lee"), b"\x89PNG receipt", caption="/paid")
    await bot.settle()
    assert last(bot, "Ann Lee") == ("Thank you. Your proof of paying SGD 5.00 for SF is with the "
                                    "TDs; I will tell you when one of them has checked it.")
    tara = bot.telegram.sent(user(bot, "Tara TD"))
    assert any(m.photo is not None for m in tara)  # the picture itself, to check
    assert "Ann Lee sent proof of paying SGD 5.00 for SF" in last(bot, "Tara TD")
    assert buttons_of(bot, "Tara TD")[-2:] == ["Approve", "Reject"]
    await tap(bot, "Tara TD", "Approve")
    assert last(bot, "Tara TD").endswith(
        "✅ Tara TD approved: Ann Lee's payment for SF is recorded.")
    assert "Approve" not in buttons_of(bot, "Tara TD")
    assert "your payment of SGD 5.00 for SF is recorded" in last(bot, "Ann Lee")
    assert await paid_rounds(bot, "Ann Lee") == ["sf"]
    assert bot.telegram.unanswered_taps() == []


async def test_a_rejected_proof_records_nothing_and_the_player_is_told(bot: BotUnderTest) -> None:
    bot.telegram.user_sends_photo(user(bot, "Dev Rao"), b"blurry", caption="/paid final")
    await bot.settle()
    assert "for Final is with the TDs" in last(bot, "Dev Rao")
    await tap(bot, "Tara TD", "Reject")
    assert last(bot, "Tara TD").endswith("❌ Tara TD rejected Dev Rao's proof for Final.")
    assert "could not accept your proof of payment for Final" in last(bot, "Dev Rao")
    assert await paid_rounds(bot, "Dev Rao") == []


async def test_a_player_typing_paid_is_told_to_send_a_photo(bot: BotUnderTest) -> None:
    said = await say(bot, "Ben Ong", "/paid Ben Ong SF")
    assert "send a photo of the payment with the caption /paid" in said
    assert await paid_rounds(bot, "Ben Ong") == []


async def test_a_td_enters_a_cost_and_a_player_reads_the_prize_pools(bot: BotUnderTest) -> None:
    await say(bot, "Tara TD", "/paid Ann Lee SF")
    await say(bot, "Tara TD", "/paid Ben Ong SF")
    said = await say(bot, "Tara TD", "/cost 1 scoresheets")
    assert said == ("✅ Cost recorded: SGD 1.00 (scoresheets). Costs so far SGD 1.00. "
                    "/prizes shows the pools.")
    assert "Say how much and what for" in await say(bot, "Tara TD", "/cost 5")
    pools = await say(bot, "Cai Wen", "/prizes")
    assert pools.startswith("Club Cup <2026>\nPrize pools (SSSg paras 7-9)")
    assert "Fees SGD 10.00, costs SGD 1.00." in pools
    assert "Prizes (90%) SGD 8.10, to the SA SGD 0.90" in pools
    assert "/cost" in await say(bot, "Tara TD", "/help")
    assert "/cost" not in await say(bot, "Cai Wen", "/help")
