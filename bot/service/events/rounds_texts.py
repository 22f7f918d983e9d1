"""What opening and closing a round says (``rounds.py``): each player's opening message,
the reminders, the TDs' notices at a round's deadline and before it opens, the fee
reminders (SSSg para 26) and the buttons of a round's unfinished matches.

Records (``bot/words/said.py``), written in each reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, round_said
from bot.service.platform import callbacks
from bot.service.results.length_texts import best_of
from bot.service.results.matches import MatchView
from bot.words.said import Said, said, said_n, stacked


def opening(event: Event, rnd: Round, m: MatchView, side: int, *, single: bool,
            starts: Said | None, stakes: Said | None = None) -> Said:
    """What a player is told when their round opens: opponent, best-of, deadline; who
    starts when the pairing decided it (``starts``); in a knockout what the match decides
    (``stakes``, its format's ``match_stakes``). SSSg para 23: the winner of a game, or on
    a tie the player who started it, reports it."""
    other = 1 - side
    if m.first_starter is not None:
        how = (said("Agree a time and place with your opponent; then play. The winner of the "
                    "game (on a tie, the player who started it) reports the result here: send "
                    "your score first, like 412-380.") if single else
               said("Agree a time and place with your opponent; then play. The winner of each "
                    "game (on a tie, the player who started it) reports the result here: send "
                    "your score first, like 412-380."))
    else:
        how = (said("Agree a time and place with your opponent; draw tiles to decide who starts "
                    "the game. The winner of the game (on a tie, the player who started it) "
                    "reports the result here: send your score first, like 412-380.")
               if single else
               said("Agree a time and place with your opponent; draw tiles to decide who starts "
                    "the first game. The winner of each game (on a tie, the player who started "
                    "it) reports the result here: send your score first, like 412-380."))
    return stacked(
        said("<b>{event}: {round}</b> is open.", event=event.name, round=round_said(rnd.name)),
        said("Your opponent: <b>{name}</b>", name=m.said_label(other)),
        said("One game") if m.best_of == 1 else said("Best of {n}", n=m.best_of),
        said_n("You start with a head start of {n} game.",
               "You start with a head start of {n} games.", m.head_start[side])
        if m.head_start[side] else None,
        said_n("Your opponent starts with a head start of {n} game.",
               "Your opponent starts with a head start of {n} games.", m.head_start[other])
        if m.head_start[other] else None,
        starts,
        stakes,
        said("Deadline: {closes}", closes=event.at(rnd.closes_at))
        if rnd.closes_at is not None else None,
        how,
    )


def reminder(rnd: Round, m: MatchView, side: int, closes: datetime, score: str | None) -> Said:
    return stacked(
        said("Reminder: your <b>{round}</b> match against <b>{name}</b> ({best_of}) "
             "must be finished by {closes}.", round=round_said(rnd.name), name=m.said_label(1 - side),
             best_of=best_of(m.best_of), closes=closes),
        said("Score so far: {score}", score=score) if score is not None else None)


def unfinished_line(m: MatchView, score: str | None) -> Said:
    """One unfinished match in the TDs' notice: its score so far, or no game yet."""
    return said("• {match}: {a} v {b} ({score})", match=m.code, a=m.said_label(0), b=m.said_label(1),
                score=score if score is not None else said("no game yet"))


def waiting_line(m: MatchView) -> Said:
    return said("• {match}: {a} v {b} (waiting for a player)", match=m.code, a=m.said_label(0),
                b=m.said_label(1))


def deadline_reached(event: Event, rnd: Round, typed: str, lines: Sequence[Said],
                     to_play: bool, waiting: bool) -> Said:
    """The TDs' notice at a round's deadline: what is unfinished and what they may do with
    each (SSSg para 27 a match bye, void its games; para 29 a slot to fill; para 21 extend
    the round); closing stays theirs."""
    if not lines:
        return said("<b>{event}: {round}</b> has reached its deadline; every match is finished. "
                    "Close it: /closeround {typed}", event=event.name, round=round_said(rnd.name),
                    typed=typed)
    if waiting and to_play:
        todo = said("For each being played: a match bye (para 27) or void its games; for each "
                    "waiting for a player: choose who plays, /pending (para 29)")
    elif waiting:
        todo = said("For each waiting for a player: choose who plays, /pending (para 29)")
    else:
        todo = said("For each: a match bye (para 27) or void its games")
    return said_n("<b>{event}: {round}</b> has reached its deadline with {n} unfinished match:"
                  "\n{lines}\n\n{todo}; or extend the round 7 days (para 21). Then close it: "
                  "/closeround {typed}",
                  "<b>{event}: {round}</b> has reached its deadline with {n} unfinished "
                  "matches:\n{lines}\n\n{todo}; or extend the round 7 days (para 21). Then close "
                  "it: /closeround {typed}", len(lines), event=event.name, round=round_said(rnd.name),
                  lines=list(lines), todo=todo, typed=typed)


def match_buttons(m: MatchView, voidable: bool) -> list[list[tuple[Said, str]]]:
    """What a TD may do with a match its round leaves unfinished (bot/service/results/desk.py): a
    match bye to either side (para 27) or, when a game of it counts (``voidable``), void its
    games; a match with none has nothing to void. Each label names the match, as one
    message holds the buttons of several."""
    rows = [[(said("{match}: match bye to {name}", match=m.code, name=m.said_label(0)),
              callbacks.desk_bye(m.id, 0)),
             (said("{match}: match bye to {name}", match=m.code, name=m.said_label(1)),
              callbacks.desk_bye(m.id, 1))]]
    if voidable:
        rows.append([(said("{match}: void match", match=m.code), callbacks.desk_void(m.id))])
    return rows


def extend_button(rnd: Round) -> tuple[Said, str]:
    """Delay the round's close 7 days (para 21), from the close the TD sees now."""
    assert rnd.closes_at is not None
    return (said("Extend 7 days"), callbacks.desk_extend(rnd.id, int(rnd.closes_at.timestamp())))


def before(rnd: Round, days: int | None, hours: int | None) -> Said:
    """A fee reminder of ``rnd`` skipped, by how long before the opening it was due."""
    if days is not None:
        return said_n("{round} ({n} day before)", "{round} ({n} days before)", days,
                      round=round_said(rnd.name))
    return said_n("{round} ({n} hour before)", "{round} ({n} hours before)", hours or 0,
                  round=round_said(rnd.name))


def fees_skipped(event: Event, skipped: Sequence[Said]) -> Said:
    return said("<b>{event}</b>: fee reminders whose time had passed when the draw was made "
                "are skipped:\n{skipped}\nThe later reminders go out as planned; /pending shows "
                "who has not paid.", event=event.name, skipped=list(skipped))


def fee_due(event: Event, rnd: Round, opens: datetime | None, expel: bool) -> Said:
    """A player not paid for a round (para 26: expelled, or held by the event's rule, if
    still unpaid when it begins)."""
    due = (said("is due before the round opens on {opens}", opens=opens) if opens is not None
           else said("is due now: the round opens as soon as the TDs open it"))
    rule = (said("a player who has not paid when a round begins is expelled") if expel else
            said("a player must have paid when a round begins; the round waits for your "
                 "payment"))
    return said("<b>{event}</b>: the fee for {round} ({fee}) {due}. Under the rules (para 26) "
                "{rule}. Pay the organisers, then send me a screenshot of the payment with the "
                "caption /paid.", event=event.name, round=round_said(rnd.name), fee=event.money(rnd.fee),
                due=due, rule=rule)


def due_to_open(event: Event, rnd: Round, typed: str, waiting: int, owing: Sequence[str],
                expel: bool) -> Said:
    """The TDs' notice that a round is due to open (opening is theirs to do), with who has
    not paid for it (para 26)."""
    return stacked(
        said("<b>{event}: {round}</b> is due to open now.", event=event.name, round=round_said(rnd.name)),
        said_n("{n} match still waits for earlier results.",
               "{n} matches still wait for earlier results.", waiting) if waiting else None,
        said("Not paid yet: {names}.", names=", ".join(owing)) if owing else None,
        said("Para 26 expels them when it opens: /openround {code} expel does that and asks "
             "you who takes their slots; /openround {code} anyway: REASON keeps them in.",
             code=rnd.code) if owing and expel else None,
        said("Open it with /openround {typed}.", typed=typed),
    )


def closed(rnd: Round, left_unfinished: Sequence[str]) -> Said:
    """The TD who closed a round: the matches it left unfinished stay in /pending."""
    if not left_unfinished:
        return said("Closed <b>{round}</b>: every match in it is decided.", round=round_said(rnd.name))
    return said_n("Closed <b>{round}</b> with {n} match(es) unfinished: {matches}. They stay "
                  "in /pending until you rule on them.",
                  "Closed <b>{round}</b> with {n} match(es) unfinished: {matches}. They stay "
                  "in /pending until you rule on them.",
                  len(left_unfinished), round=round_said(rnd.name), matches=", ".join(left_unfinished))


def opened(event: Event, rnd: Round, told: Sequence[str], not_on_telegram: Sequence[str],
           expelled: Sequence[str]) -> Said:
    """The TD who opened a round: who was told their opponent, and who waits for Telegram
    (never "every player" when some could not be reached); who was expelled for not being
    paid-up (SSSg para 26); the deadline."""
    lines = [said("Opened <b>{round}</b> of {event}.", round=round_said(rnd.name),
                   event=event.name)]
    reached, waiting = len(told), len(not_on_telegram)
    if not reached + waiting:
        lines.append(said("Nobody plays in it yet.") if expelled
                     else said("Nobody plays in it: every match is a bye."))
    elif not waiting and reached == 2:
        lines.append(said("Both players have been told their opponent."))
    elif not waiting:
        lines.append(said_n("All {n} players have been told their opponent.",
                            "All {n} players have been told their opponent.", reached))
    else:
        lines.append(said_n("{told} of {n} players have been told their opponent.",
                            "{told} of {n} players have been told their opponent.",
                            reached + waiting, told=reached))
        lines.append(said("Not yet on Telegram: {names} — their messages wait until they "
                          "join; /pending lists them.", names=", ".join(not_on_telegram)))
    if expelled:
        lines.append(said("🚫 Expelled, not paid-up (para 26): {names}. They are told. Choose "
                          "who takes each slot: I sent you a question for each (/pending "
                          "lists them too).", names=", ".join(expelled)))
    deadline: Said | datetime = (event.at(rnd.closes_at) if rnd.closes_at is not None
                                 else said("no deadline"))
    lines.append(said("Deadline: {deadline}.", deadline=deadline))
    return stacked(*lines)
