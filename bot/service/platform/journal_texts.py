"""The journal as a TD reads it: who did what, to what, and why, in the event's time zone and
currency ("Sat 14 Sep 2016 18:02 (+08) Tara TD (TD): recorded Ann Lee's fee for SF, SGD
5.00"), one sentence per line, without ids.

The journal keeps the machine form (``journal_repo``: who's label, the action, the subject
and a detail mapping); ``KINDS`` has one sentence for every action the service writes, fed
from the line's detail and from what the event's rows say the ids are (``Names``). A line
of an action this version has no sentence for (written by a newer one) reads as its
machine form, so nothing is hidden.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from bot.service.events.lookup import Event
from bot.service.formats.traits import kind
from bot.store.journal_repo import JournalEntry


@dataclass(frozen=True)
class Names:
    """What the ids in an event's journal lines stand for, read from its rows."""

    event: Event
    entries: Mapping[int, str] = field(default_factory=dict)  # entry id -> name
    people: Mapping[int, str] = field(default_factory=dict)  # person id -> name
    roles: Mapping[int, Sequence[str]] = field(default_factory=dict)  # person -> roles here
    matches: Mapping[int, tuple[str, str, str]] = field(default_factory=dict)  # code, a, b
    rounds: Mapping[int, str] = field(default_factory=dict)  # round id -> name
    round_codes: Mapping[str, str] = field(default_factory=dict)  # round code -> name
    windows: Mapping[int, int] = field(default_factory=dict)  # photo window -> match id
    one_game: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # a one-game
    # match's id -> its counted game's scores, for "won 415-377"

    def entry(self, entry_id: object) -> str:
        return self.entries.get(_int(entry_id), "a player")

    def match(self, match_id: object) -> str:
        found = self.matches.get(_int(match_id))
        return "a match" if found is None else f"{found[0]} ({found[1]} v {found[2]})"

    def side(self, match_id: object, side: object) -> str:
        """The player on a side of a match (0 or 1), as its row names them now."""
        found = self.matches.get(_int(match_id))
        if found is None or side not in (0, 1):
            return "a player"
        return found[1 + int(str(side))]

    def round(self, ref: object) -> str:
        if isinstance(ref, int):
            return self.rounds.get(ref, f"round {ref}")
        return self.round_codes.get(str(ref), str(ref))

    def person(self, person_id: object) -> str:
        return self.people.get(_int(person_id), "someone")

    def money(self, minor: object, currency: object = None) -> str:
        cents = _int(minor)
        return f"{currency or self.event.currency} {Decimal(cents) / 100:.2f}"

    def when(self, iso_text: object) -> str:
        if not isinstance(iso_text, str) or not iso_text:
            return "no time"
        return self.event.local(datetime.fromisoformat(iso_text))


def _int(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return -1


# --- who and what -------------------------------------------------------------------------

_PERSON = re.compile(r"^person:(\d+)")
_TELEGRAM = re.compile(r"^tg:(\d+) \((.*)\)$")
ROLE_WORDS = {"td": "TD", "organiser": "organiser", "adjudicator": "adjudicator",
              "player": "player"}


def person_of(label: str) -> int | None:
    """The person id in an actor's label (``person:12 (Tara TD)``), if it is a person."""
    found = _PERSON.match(label)
    return int(found.group(1)) if found else None


def who(label: str, names: Names) -> str:
    """The actor as a TD reads it: the person and their roles in the event, the command
    line (which acts with a TD's rights), the bot itself, or a Telegram user not yet
    known to it."""
    if label == "cli":
        return "TD (command line)"
    if label == "system":
        return "The bot"
    person = person_of(label)
    if person is not None:
        held = [ROLE_WORDS[r] for r in ROLE_WORDS if r in names.roles.get(person, ())]
        return names.person(person) + (f" ({', '.join(held)})" if held else "")
    telegram = _TELEGRAM.match(label)
    if telegram:
        return f"{telegram.group(2)} (Telegram user {telegram.group(1)}, not linked)"
    return label


def subject(text: str, names: Names) -> str:
    """What a line is about, in words: a player, a match, a round, the event or its
    ladder (``ladder:EVENT:N`` is challenge #N), a board-photo window's match."""
    kind_, _, ref = text.partition(":")
    if kind_ == "entry":
        return names.entry(ref)
    if kind_ == "match":
        return names.match(ref)
    if kind_ == "round":
        return names.round(_int(ref))
    if kind_ == "event":
        return "the event"
    if kind_ == "ladder":
        _, _, number = ref.partition(":")
        return f"challenge #{number}" if number else "the ladder"
    if kind_ == "photo":
        match_id = names.windows.get(_int(ref))
        return "a board photo" if match_id is None else f"a board photo of {names.match(match_id)}"
    if kind_ == "tg":
        return f"Telegram user {ref}"
    return text


# --- one sentence per action ------------------------------------------------------------------

Sentence = Callable[[JournalEntry, Names], str]


def _d(e: JournalEntry, key: str, default: Any = None) -> Any:
    return e.detail.get(key, default)


def _s(e: JournalEntry, key: str, default: object = "?") -> str:
    """A detail as shown: "?" for one the line does not have (an older version's)."""
    value = e.detail.get(key)
    return str(default) if value is None else str(value)


def _match_id(e: JournalEntry) -> str:
    return e.subject.partition(":")[2]


def _game(e: JournalEntry, n: Names) -> str:
    """'game 2 of M1 (Ann Lee v Dev Rao)'."""
    return f"game {_s(e, 'game', '?')} of {subject(e.subject, n)}"


def _scores(e: JournalEntry, n: Names) -> str:
    """'Ann Lee 412, Dev Rao 380' (the match's first player first)."""
    scores = _d(e, "scores")
    if not isinstance(scores, list) or len(scores) != 2:
        return "no scores"
    m = _match_id(e)
    return f"{n.side(m, 0)} {scores[0]}, {n.side(m, 1)} {scores[1]}"


def _names_list(values: object) -> str:
    if not isinstance(values, list) or not values:
        return "nobody"
    return ", ".join(str(v) for v in values)


def _voided(e: JournalEntry) -> str:
    games = _d(e, "voided_games", 0) or 0
    later = _d(e, "voided_matches") or []
    if isinstance(games, list):  # the games' numbers
        numbers = [str(g) for g in games]
        out = ("" if not numbers else f"; game {numbers[0]} no longer counts"
               if len(numbers) == 1 else
               f"; games {', '.join(numbers[:-1])} and {numbers[-1]} no longer count")
    else:
        out = (f"; {games} game{' no longer counts' if games == 1 else 's no longer count'}"
               if games else "")
    if later:
        out += f"; results voided in {_names_list(later)}"
    return out


def _role(e: JournalEntry) -> str:
    return ROLE_WORDS.get(_s(e, "role"), _s(e, "role", "role"))


def _a(word: str) -> str:
    """'a TD', 'an organiser'."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _fee_round(e: JournalEntry, n: Names) -> str:
    return n.round(_d(e, "round", "?"))


DEADLINES = {
    "slip.window": "the result slip's 24-hour window",
    "round.reminder": "the reminder before the round closes",
    "round.close": "the round's closing time",
    "round.fee_due": "the fee reminder before the round opens",
    "round.opens": "the round's opening time",
    "photo.reminder": "the board photo reminder",
    "photo.window": "the board photo window",
    "ladder.accept": "the time to accept the challenge",
    "ladder.play": "the time to play the challenge",
    "ladder.idle": "the next idle drop",
    "game.reminder": "the reminder before an agreed game",
    "game.followup": "the question after an agreed game",
    "noshow.window": "the time to contest a no-show claim",
    "round.unarranged": "the notice of matches with no agreed time",
}


def _deadline(e: JournalEntry, n: Names) -> str:
    what = DEADLINES.get(_s(e, "kind"), f"the deadline {_s(e, 'kind')}")
    return f"{what} of {subject(e.subject, n)} (due {n.when(_d(e, 'due_at'))})"


def _ruled(e: JournalEntry, n: Names) -> str:
    ruling = _s(e, "ruling")
    m = _match_id(e)
    to = n.side(m, _d(e, "to_side"))
    did = {
        "upheld": "upheld the result",
        "scores": f"amended the scores ({_scores(e, n)})",
        "void": "voided the game",
        "game_bye": f"gave the game to {to} as a game bye",
        "match_bye": f"gave {to} a match bye",
    }.get(ruling, ruling)
    return f"ruled on the dispute over {_game(e, n)}: {did}{_voided(e)}"


def _ladder(verb: str) -> Sentence:
    def sentence(e: JournalEntry, n: Names) -> str:
        said = " ".join(str(t) for t in _d(e, "events") or []).rstrip(".")
        return verb + (f": {said}" if said else "")
    return sentence


def _round_open(e: JournalEntry, n: Names) -> str:
    out = f"opened {subject(e.subject, n)}, closing {n.when(_d(e, 'closes_at'))}"
    if _d(e, "unpaid"):
        out += f"; not paid: {_names_list(_d(e, 'unpaid'))}"
    if _d(e, "expelled"):
        out += f"; expelled for not paying: {_names_list(_d(e, 'expelled'))}"
    if _d(e, "membership_ends"):
        out += f"; membership ending: {_names_list(_d(e, 'membership_ends'))}"
    return out


def _club_pair(e: JournalEntry, n: Names) -> str:
    pairs = "; ".join(f"{n.entry(p[0])} v {n.entry(p[1])}" for p in _d(e, "pairs") or []
                      if isinstance(p, list) and len(p) == 2)
    byes = ", ".join(n.entry(b) for b in _d(e, "byes") or [])
    out = (f"paired night {_s(e, 'night')} round {_s(e, 'round')}: "
           f"{pairs or 'nobody'}")
    if byes:
        out += f"; bye: {byes}"
    if _d(e, "anyway"):
        out += " (before the last round's results were all in)"
    return out


def _checkin(e: JournalEntry, n: Names) -> str:
    fee = _d(e, "fee", 0) or 0
    owed = (f"fee {n.money(fee)}" if fee else "no fee") + (
        f" ({_s(e, 'fee_reason')})" if _d(e, "fee_reason") else "")
    late = _d(e, "joins_round", 1)
    return (f"checked {subject(e.subject, n)} in for night {_s(e, 'night')}"
            + (f" from round {late}" if late and late != 1 else "") + f"; {owed}")


def _endnight(e: JournalEntry, n: Names) -> str:
    out = f"ended night {_s(e, 'night')}"
    if _d(e, "unpaid"):
        out += f"; not paid: {_names_list(_d(e, 'unpaid'))}"
    if _d(e, "unfinished"):
        out += f"; not reported: {_names_list(_d(e, 'unfinished'))}"
    return out


def _draw(e: JournalEntry, n: Names) -> str:
    if _d(e, "system"):
        return (f"made the draw with seed {_s(e, 'seed')}: {_s(e, 'rounds')} rounds of "
                f"{_s(e, 'system')} for {_s(e, 'players')} players")
    return (f"made the draw with seed {_s(e, 'seed')}: {_s(e, 'matches')} matches for "
            f"{_s(e, 'players')} players")


#: How a match was decided (``core.knockout.match.Decision``), as a TD says it.
DECISIONS = {"games": "on games", "spread": "on spread", "fewer starts": "on fewer starts",
             "match bye": "by a match bye", "tied": "on a tie", "TD ruling": "by a TD's ruling",
             "tie": "on a tie"}


def _forfeited_games(e: JournalEntry) -> str:
    games = _d(e, "games", 0)
    if not isinstance(games, int) or games <= 0:
        return ""
    return f" ({games} game{'s' if games != 1 else ''} forfeited)"


def _decided(e: JournalEntry, n: Names) -> str:
    m = _match_id(e)
    winner = _d(e, "winner_side")
    if winner is None:
        return f"{subject(e.subject, n)} ended tied, {_s(e, 'score')}"
    scores = n.one_game.get(_int(m))
    if scores is not None and winner in (0, 1):  # one game: its score, the winner's first
        won, lost = (scores[0], scores[1]) if winner == 0 else (scores[1], scores[0])
        return f"{subject(e.subject, n)} was decided: {n.side(m, winner)} won {won}-{lost}"
    how = DECISIONS.get(_s(e, "decision"), _s(e, "decision"))
    if _d(e, "decision") == "match bye":  # no game decided it: no score to give
        return f"{subject(e.subject, n)} was decided: {n.side(m, winner)} won {how}"
    return (f"{subject(e.subject, n)} was decided: {n.side(m, winner)} won {how}, "
            f"{_winners_score(_s(e, 'score'), winner)}")


def _winners_score(score: str, winner: object) -> str:
    """A match's score line ('2-3 (-41)', side 0's view) from the winner's side ('3-2 (+41)')."""
    found = re.fullmatch(r"(\S+)-(\S+) \(([+-]\d+)\)", score)
    if found is None or winner != 1:
        return score
    return f"{found[2]}-{found[1]} ({-int(found[3]):+d})"


def _reported(e: JournalEntry, n: Names) -> str:
    m = _match_id(e)
    how = {"td": "from a paper slip", "slip": "from the player's result slip"}.get(
        _s(e, "source"), "")
    return (f"entered {_game(e, n)}: {_scores(e, n)}, {n.side(m, _d(e, 'starter_side'))} "
            "started" + (f" ({how})" if how else ""))


def _replace(e: JournalEntry, n: Names) -> str:
    return (f"put {_s(e, 'replacement')} in {_s(e, 'expelled')}'s place in {_s(e, 'code')}"
            + (f" ({_s(e, 'reason')})" if _d(e, "reason") else ""))


def _overtime(e: JournalEntry, n: Names) -> str:
    m = _match_id(e)
    side = _d(e, "player_side", _d(e, "side"))
    return (f"penalised {n.side(m, side)} for {_s(e, 'minutes')} minute(s) over in "
            f"{_game(e, n)}{_voided(e)}")


def _between(verb: str) -> Sentence:
    """A player's act in their match (``relay.py``, ``arranging.py``, ``no_shows.py``)."""
    def sentence(e: JournalEntry, n: Names) -> str:
        m = _match_id(e)
        return f"{verb} in {subject(e.subject, n)}" + (
            f" for {n.side(m, _d(e, 'side'))}" if _d(e, "side") is not None else "")
    return sentence


def _times(e: JournalEntry, n: Names) -> str:
    times = [n.when(t) for t in _d(e, "times") or []]
    return f"proposed {', '.join(times) or 'a time'} for {subject(e.subject, n)}"


def _agreed(e: JournalEntry, n: Names) -> str:
    moved = f", moved from {n.when(_d(e, 'moved_from'))}" if _d(e, "moved_from") else ""
    return f"agreed {n.when(_d(e, 'starts_at'))} for {subject(e.subject, n)}{moved}"


def _no_show_ruled(e: JournalEntry, n: Names) -> str:
    m = _match_id(e)
    to = n.side(m, _d(e, "to_side"))
    did = {"game": f"the next game to {to} by forfeit", "match": f"the match to {to}",
           "extend": "no award; the round extended"}.get(_s(e, "ruling"), _s(e, "ruling"))
    return f"ruled on the no-show claim in {subject(e.subject, n)}: {did}"


KINDS: dict[str, Sentence] = {
    # between the players of a match
    "relay.message": lambda e, n: (f"relayed a message in {subject(e.subject, n)}"
                                   + ("" if _d(e, "delivered", True) else " (muted: kept, not sent)")),
    "relay.mute": _between("muted the opponent's messages"),
    "relay.unmute": _between("unmuted the opponent's messages"),
    "player.share": lambda e, n: ("shared their username with opponents" if _d(e, "shared")
                                  else "stopped sharing their username"),
    "player.timezone": lambda e, n: f"set their time zone to {_s(e, 'zone', 'the event' + chr(39) + 's')}",
    "person.language": lambda e, n: f"chose to read the bot in {_s(e, 'language')}",
    "time.propose": _times,
    "time.agree": _agreed,
    "noshow.claim": _between("claimed a no-show"),
    "noshow.contest": _between("contested a no-show claim"),
    "noshow.tds": lambda e, n: (f"sent the no-show claim in {subject(e.subject, n)} to the TDs"
                                + (" (contested)" if _d(e, "contested") else " (not contested)")),
    "noshow.rule": _no_show_ruled,
    "round.unavailable": lambda e, n: (f"marked {subject(e.subject, n)} unavailable for "
                                       f"{n.round(_d(e, 'round', '?'))} (a requested bye)"),
    "round.available": lambda e, n: (f"marked {subject(e.subject, n)} available for "
                                     f"{n.round(_d(e, 'round', '?'))} again"),
    "pairing.forbid": lambda e, n: f"kept {_names_list(_d(e, 'names'))} apart in the pairings",
    # the event and its people
    "event.create": lambda e, n: f"created the event, {kind(_s(e, 'format', ''))}",
    "event.draw": _draw,
    "event.dates_moved": lambda e, n: (f"moved the event's dates {_s(e, 'days')} day(s) on: "
                                       f"its first date {_s(e, 'was')} is now {_s(e, 'first')}"),
    "event.export": lambda e, n: f"was sent the event's files: {_names_list(_d(e, 'files'))}",
    "entry.add": lambda e, n: (f"entered {_s(e, 'name')} (rating {_s(e, 'rating', 0)}"
                               + (f", team {_s(e, 'team')}" if _d(e, "team") else "") + ")"),
    "role.grant": lambda e, n: f"made {n.person(_d(e, 'person_id'))} {_a(_role(e))}",
    "invite.create": lambda e, n: (f"made {_a(_role(e))} invite link"
                                   + (f" for {n.person(_d(e, 'person_id'))}"
                                      if _d(e, "person_id") else "")),
    "invite.redeem": lambda e, n: f"joined as {_a(_role(e))} with their invite link",
    "join.request": lambda e, n: (f"asked to join as {n.entry(_d(e, 'entry_id'))} "
                                  f"(join request {_s(e, 'request_id')})"),
    "join.approve": lambda e, n: (f"approved join request {_s(e, 'request_id')}: Telegram user "
                                  f"{_s(e, 'tg_user_id')} is {n.entry(_d(e, 'entry_id'))}"),
    "join.reject": lambda e, n: (f"rejected join request {_s(e, 'request_id')} (as "
                                 f"{n.entry(_d(e, 'entry_id'))})"),
    "entry.expel": lambda e, n: (f"expelled {subject(e.subject, n)}"
                                 + (f" from {_s(e, 'match')}" if _d(e, "match") else "")),
    "entry.replace": _replace,
    "entry.vacate": lambda e, n: (f"left {_s(e, 'expelled')}'s place in {_s(e, 'code')} empty: "
                                  "the opponent goes through"),
    "group.link": lambda e, n: ("linked the event's group chat" if not _d(e, "before") else
                                "moved the event's group to another chat"),
    "group.unlink": lambda e, n: "unlinked the event's group chat",
    "group.moved": lambda e, n: ("followed the group to its new chat (it became a supergroup); "
                                 f"{_s(e, 'messages', 0)} message(s) moved with it"),
    "button.refused": lambda e, n: f"pressed a button not theirs to press: {_s(e, 'reason')}",
    # rounds
    "round.open": _round_open,
    "round.close": lambda e, n: (f"closed {subject(e.subject, n)}"
                                 + (f" with {len(_d(e, 'unfinished') or [])} match(es) "
                                    "unfinished" if _d(e, "unfinished") else "")),
    "round.extend": lambda e, n: (f"extended {subject(e.subject, n)} to "
                                  f"{n.when(_d(e, 'closes_at'))} (it was to close "
                                  f"{n.when(_d(e, 'from'))})"),
    "round.hold": lambda e, n: (f"held {subject(e.subject, n)} open until "
                                f"{n.when(_d(e, 'closes_at'))} (it was to close "
                                f"{n.when(_d(e, 'before'))})"),
    "round.pair": lambda e, n: (f"paired {subject(e.subject, n)} by {_s(e, 'system')}: "
                                f"{_s(e, 'pairs', 0)} pair(s)"
                                + (f", bye: {_names_list(_d(e, 'byes'))}" if _d(e, "byes")
                                   else "")
                                + (f", {_s(e, 'gibson')} by the Gibson rule" if _d(e, "gibson")
                                   else "")),
    # games, slips and matches
    "game.report": _reported,
    "game.held": lambda e, n: (f"held {_game(e, n)} for a TD ({_scores(e, n)}): played during "
                               f"{_s(e, 'blackout')}"),
    "game.released": lambda e, n: (f"released the game of {subject(e.subject, n)} held for "
                                   f"{_s(e, 'blackout')}: it counts"),
    "game.voided": lambda e, n: (f"voided the game of {subject(e.subject, n)} held for "
                                 f"{_s(e, 'blackout')}"),
    "slip.agreed": lambda e, n: (f"agreed to the result of {_game(e, n)}"
                                 + (" (both players reported it the same)"
                                    if _d(e, "second_slip_id") else "")),
    "slip.differs": lambda e, n: (f"reported {_game(e, n)} differently ({_scores(e, n)}): a "
                                  "dispute is open"),
    "slip.final": lambda e, n: f"made {_game(e, n)} final: its slip's window closed",
    "slip.disputed": lambda e, n: (f"disputed {_game(e, n)}"
                                   + (f": {_s(e, 'reason')}" if _d(e, "reason") else "")),
    "dispute.reason": lambda e, n: (f"said what is wrong in the dispute over "
                                    f"{subject(e.subject, n)}: {_s(e, 'reason')}"),
    "dispute.ruled": _ruled,
    "match.decided": _decided,
    "match.void": lambda e, n: (f"voided {subject(e.subject, n)}; "
                                f"{_s(e, 'voided_games', 0)} game(s) struck out"),
    "match.matchbye": lambda e, n: (f"gave {n.side(_match_id(e), _d(e, 'to_side'))} a match "
                                    f"bye in {subject(e.subject, n)}{_voided(e)}"),
    "match.forfeit": lambda e, n: (f"gave {subject(e.subject, n)} to "
                                   f"{n.side(_match_id(e), _d(e, 'to_side'))} by forfeit"
                                   f"{_forfeited_games(e)}"),
    "match.tie": lambda e, n: (f"decided the tied {subject(e.subject, n)} for "
                               f"{n.side(_match_id(e), _d(e, 'to_side'))}{_voided(e)}"),
    "game.corrected": lambda e, n: (f"corrected {_game(e, n)}: {_s(e, 'before')} became "
                                    f"{_s(e, 'after')}{_voided(e)}"),
    "game.forfeit": lambda e, n: (f"gave {_game(e, n)} to "
                                  f"{n.side(_match_id(e), _d(e, 'side'))} by forfeit"
                                  f"{_voided(e)}"),
    "game.overtime": _overtime,
    # board photos
    "photo.window": lambda e, n: (f"opened a board photo window in {subject(e.subject, n)}: "
                                  f"{n.side(_match_id(e), _d(e, 'responsible_side'))} sends "
                                  f"it by {n.when(_d(e, 'closes_at'))}"),
    "photo.received": lambda e, n: (f"sent the board photo of {_game(e, n)}"
                                    + (" (late)" if _d(e, "late") else "")),
    "photo.overdue": lambda e, n: f"saw no board photo of {_game(e, n)} in time",
    "photo.bye": lambda e, n: f"awarded {_game(e, n)} to the loser: no board photo",
    "photo.extended": lambda e, n: (f"extended the board photo window of {_game(e, n)} until "
                                    f"{n.when(_d(e, 'until'))}"),
    "photo.waived": lambda e, n: f"waived the board photo of {_game(e, n)}",
    # fees
    "payment.record": lambda e, n: (f"recorded {subject(e.subject, n)}'s fee for "
                                    f"{_fee_round(e, n)}, "
                                    f"{n.money(_d(e, 'amount', 0), _d(e, 'currency'))}"),
    "payment.proof": lambda e, n: f"sent proof of paying the fee for {_fee_round(e, n)}",
    "payment.proof_reject": lambda e, n: (f"rejected {subject(e.subject, n)}'s proof of "
                                          "payment"),
    "cost.add": lambda e, n: (f"entered a cost of "
                              f"{n.money(_d(e, 'amount', 0), _d(e, 'currency'))}"),
    # deadlines
    "deadline.fired": lambda e, n: f"acted on {_deadline(e, n)}",
    "deadline.cancelled": lambda e, n: f"let {_deadline(e, n)} pass: nothing left to do",
    "deadline.failed": lambda e, n: f"could not act on {_deadline(e, n)}",
    # club nights
    "club.night": lambda e, n: f"opened night {_s(e, 'night', '?')}",
    "club.checkin": _checkin,
    "club.pair": _club_pair,
    "club.fee_paid": lambda e, n: (f"marked {subject(e.subject, n)}'s fee for night "
                                   f"{_s(e, 'night', '?')} paid, {n.money(_d(e, 'fee', 0))}"),
    "club.endnight": _endnight,
    # ladders: the core's own lines say what happened
    "ladder.create": lambda e, n: f"started the ladder: {_names_list(_d(e, 'names'))}",
    "ladder.challenge": _ladder("made a challenge"),
    "ladder.accept": _ladder("accepted a challenge"),
    "ladder.decline": _ladder("declined a challenge"),
    "ladder.withdraw": _ladder("withdrew a challenge"),
    "ladder.join": _ladder("added a newcomer"),
    "ladder.expel": _ladder("took an expelled player off the ladder"),
    "ladder.result": _ladder("moved the ladder on a result"),
    "ladder.correct": _ladder("moved the ladder again on a corrected result"),
    "ladder.reopen": _ladder("reopened a challenge whose result was voided"),
    "ladder.deadline": _ladder("applied the ladder's deadlines"),
}


def what(e: JournalEntry, names: Names) -> str:
    """The action in words (``KINDS``), or its machine form for one this version does not
    know."""
    sentence = KINDS.get(e.action)
    if sentence is None:
        detail = ", ".join(f"{k}={v}" for k, v in sorted(e.detail.items()))
        return f"{e.action} {e.subject} {detail}".rstrip()
    return sentence(e, names)


def line(e: JournalEntry, names: Names) -> str:
    """One journal line as a TD reads it: when (the event's zone), who, what, and why."""
    why = f"; why: {e.why}" if e.why else ""
    return f"{names.when(e.at)} {who(e.who, names)}: {what(e, names)}{why}"
