"""The journal as a TD reads it: who did what, to what, and why, in the event's time zone and
currency ("Sat 14 Sep 2016 18:02 (+08) Tara TD (TD): recorded Ann Lee's fee for SF, SGD
5.00"), one sentence per line, without ids.

The journal keeps the machine form (``journal_repo``: who's label, the action, the subject
and a detail mapping); ``KINDS`` has one sentence for every action the service writes, fed
from the line's detail and from what the event's rows say the ids are (``Names``). Each
sentence is a record (``bot/words/said.py``), so a TD reads the journal in their language
(``what``, ``line``: plain text, as the command line prints it). A line of an action this
version has no sentence for (written by a newer one) reads as its machine form, so
nothing is hidden.
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
from bot.service.platform.role_words import A_ROLE, ROLE_NAMES
from bot.store.journal_repo import JournalEntry
from bot.words import SOURCE, Words, for_locale, said_json
from bot.words.said import Said, from_core, plain, said, said_n
from core.phrases import from_record

#: A name as stored (plain text), or words in no language yet.
Text = Said | str


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

    def entry(self, entry_id: object) -> Text:
        return self.entries.get(_int(entry_id)) or said("a player")

    def match(self, match_id: object) -> Text:
        found = self.matches.get(_int(match_id))
        if found is None:
            return said("a match")
        return said("{code} ({a} v {b})", code=found[0], a=found[1], b=found[2])

    def side(self, match_id: object, side: object) -> Text:
        """The player on a side of a match (0 or 1), as its row names them now."""
        found = self.matches.get(_int(match_id))
        if found is None or side not in (0, 1):
            return said("a player")
        return found[1 + int(str(side))]

    def round(self, ref: object) -> Text:
        if isinstance(ref, int):
            return self.rounds.get(ref) or said("round {number}", number=ref)
        return self.round_codes.get(str(ref), str(ref))

    def person(self, person_id: object) -> Text:
        return self.people.get(_int(person_id)) or said("someone")

    def money(self, minor: object, currency: object = None) -> str:
        cents = _int(minor)
        return f"{currency or self.event.currency} {Decimal(cents) / 100:.2f}"

    def when(self, iso_text: object) -> Said | datetime:
        """A stored time on the event's clock (written in the reader's language)."""
        if not isinstance(iso_text, str) or not iso_text:
            return said("no time")
        return self.event.at(datetime.fromisoformat(iso_text))


def _int(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return -1


def _joined(*parts: Text | None) -> Said:
    """Parts of one sentence written one after the other (no words of its own: nothing
    to translate), leaving out the Nones."""
    kept = [p for p in parts if p is not None]
    return Said("".join(f"{{p{i}}}" for i in range(len(kept))),
                tuple((f"p{i}", p) for i, p in enumerate(kept)))


def _listed(items: Sequence[Text | datetime]) -> Text | datetime:
    """Items one after another with commas ("Ann Lee, Ben Ong")."""
    if not items:
        return said("nobody")
    out: Text | datetime = items[0]
    for item in items[1:]:
        out = said("{list}, {item}", list=out, item=item)
    return out


# --- who and what -------------------------------------------------------------------------

_PERSON = re.compile(r"^person:(\d+)")
_TELEGRAM = re.compile(r"^tg:(\d+) \((.*)\)$")
#: The order a person's roles are named in after their name ("Tara (TD, organiser)").
_ROLES_SHOWN = ("td", "organiser", "adjudicator", "player")


def person_of(label: str) -> int | None:
    """The person id in an actor's label (``person:12 (Tara TD)``), if it is a person."""
    found = _PERSON.match(label)
    return int(found.group(1)) if found else None


def who(label: str, names: Names) -> Text:
    """The actor as a TD reads it: the person and their roles in the event, the command
    line (which acts with a TD's rights), the bot itself, or a Telegram user not yet
    known to it."""
    if label == "cli":
        return said("TD (command line)")
    if label == "system":
        return said("The bot")
    person = person_of(label)
    if person is not None:
        held = [ROLE_NAMES[r] for r in _ROLES_SHOWN if r in names.roles.get(person, ())]
        if not held:
            return names.person(person)
        return said("{name} ({roles})", name=names.person(person), roles=_listed(held))
    telegram = _TELEGRAM.match(label)
    if telegram:
        return said("{name} (Telegram user {id}, not linked)", name=telegram.group(2),
                    id=telegram.group(1))
    return label


def subject(text: str, names: Names) -> Text:
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
        return said("the event")
    if kind_ == "ladder":
        _, _, number = ref.partition(":")
        return said("challenge #{number}", number=number) if number else said("the ladder")
    if kind_ == "photo":
        match_id = names.windows.get(_int(ref))
        if match_id is None:
            return said("a board photo")
        return said("a board photo of {match}", match=names.match(match_id))
    if kind_ == "tg":
        return said("Telegram user {id}", id=ref)
    return text


# --- one sentence per action ------------------------------------------------------------------

Sentence = Callable[[JournalEntry, Names], Said]


def _d(e: JournalEntry, key: str, default: Any = None) -> Any:
    return e.detail.get(key, default)


def _s(e: JournalEntry, key: str, default: object = "?") -> str:
    """A detail as shown: "?" for one the line does not have (an older version's)."""
    value = e.detail.get(key)
    return str(default) if value is None else str(value)


def _match_id(e: JournalEntry) -> str:
    return e.subject.partition(":")[2]


def _game(e: JournalEntry, n: Names) -> Said:
    """'game 2 of M1 (Ann Lee v Dev Rao)'."""
    return said("game {game} of {match}", game=_s(e, "game", "?"), match=subject(e.subject, n))


def _scores(e: JournalEntry, n: Names) -> Said:
    """'Ann Lee 412, Dev Rao 380' (the match's first player first)."""
    scores = _d(e, "scores")
    if not isinstance(scores, list) or len(scores) != 2:
        return said("no scores")
    m = _match_id(e)
    return said("{a} {a_score}, {b} {b_score}", a=n.side(m, 0), a_score=str(scores[0]),
                b=n.side(m, 1), b_score=str(scores[1]))


def _names_list(values: object) -> Text:
    if not isinstance(values, list) or not values:
        return said("nobody")
    return ", ".join(str(v) for v in values)


def _voided(e: JournalEntry) -> Said:
    games = _d(e, "voided_games", 0) or 0
    later = _d(e, "voided_matches") or []
    out: Said | None = None
    if isinstance(games, list):  # the games' numbers
        numbers = [str(g) for g in games]
        if len(numbers) == 1:
            out = said("; game {game} no longer counts", game=numbers[0])
        elif numbers:
            out = said("; games {games} and {last} no longer count",
                       games=", ".join(numbers[:-1]), last=numbers[-1])
    elif isinstance(games, int) and games:
        out = said_n("; {n} game no longer counts", "; {n} games no longer count", games)
    more = said("; results voided in {matches}", matches=_names_list(later)) if later else None
    return _joined(out, more)


def _a_role(e: JournalEntry) -> Text:
    """'a TD', 'an organiser'."""
    return A_ROLE.get(_s(e, "role")) or said("a {role}", role=_s(e, "role", "role"))


def _fee_round(e: JournalEntry, n: Names) -> Text:
    return n.round(_d(e, "round", "?"))


DEADLINES = {
    "slip.window": said("the result slip's 24-hour window"),
    "round.reminder": said("the reminder before the round closes"),
    "round.close": said("the round's closing time"),
    "round.fee_due": said("the fee reminder before the round opens"),
    "round.opens": said("the round's opening time"),
    "photo.reminder": said("the board photo reminder"),
    "photo.window": said("the board photo window"),
    "ladder.accept": said("the time to accept the challenge"),
    "ladder.play": said("the time to play the challenge"),
    "ladder.idle": said("the next idle drop"),
    "game.reminder": said("the reminder before an agreed game"),
    "game.followup": said("the question after an agreed game"),
    "noshow.window": said("the time to contest a no-show claim"),
    "round.unarranged": said("the notice of matches with no agreed time"),
    "group.standings": said("the group's next standings post"),
}


def _deadline(e: JournalEntry, n: Names) -> Said:
    what = DEADLINES.get(_s(e, "kind")) or said("the deadline {kind}", kind=_s(e, "kind"))
    return said("{deadline} of {subject} (due {due})", deadline=what,
                subject=subject(e.subject, n), due=n.when(_d(e, "due_at")))


def _ruled(e: JournalEntry, n: Names) -> Said:
    ruling = _s(e, "ruling")
    m = _match_id(e)
    to = n.side(m, _d(e, "to_side"))
    did: Text = {
        "upheld": said("upheld the result"),
        "scores": said("amended the scores ({scores})", scores=_scores(e, n)),
        "void": said("voided the game"),
        "game_bye": said("gave the game to {player} as a game bye", player=to),
        "match_bye": said("gave {player} a match bye", player=to),
    }.get(ruling, ruling)
    return said("ruled on the dispute over {game}: {did}{voided}", game=_game(e, n), did=did,
                voided=_voided(e))


def _ladder(verb: Said) -> Sentence:
    """A ladder's action: the verb, then the core's lines (kept as phrases, in the reader's
    language; a line an older version wrote kept only their English)."""
    def sentence(e: JournalEntry, n: Names) -> Said:
        phrases = [from_record(x) for x in _d(e, "said") or []]
        lines: Text
        if phrases and all(p is not None for p in phrases):
            lines = _joined(*(part for i, p in enumerate(phrases) if p is not None
                              for part in ((" " if i else None), from_core(p))))
        else:
            lines = " ".join(str(t) for t in _d(e, "events") or []).rstrip(".")
        return said("{did}: {lines}", did=verb, lines=lines) if lines else verb
    return sentence


def _round_open(e: JournalEntry, n: Names) -> Said:
    return _joined(
        said("opened {round}, closing {closes}", round=subject(e.subject, n),
             closes=n.when(_d(e, "closes_at"))),
        said("; not paid: {names}", names=_names_list(_d(e, "unpaid")))
        if _d(e, "unpaid") else None,
        said("; expelled for not paying: {names}", names=_names_list(_d(e, "expelled")))
        if _d(e, "expelled") else None,
        said("; membership ending: {names}", names=_names_list(_d(e, "membership_ends")))
        if _d(e, "membership_ends") else None)


def _club_pair(e: JournalEntry, n: Names) -> Said:
    pairs = [said("{a} v {b}", a=n.entry(p[0]), b=n.entry(p[1])) for p in _d(e, "pairs") or []
             if isinstance(p, list) and len(p) == 2]
    paired: Text = pairs[0] if pairs else said("nobody")
    for pair in pairs[1:]:
        paired = said("{pairs}; {pair}", pairs=paired, pair=pair)
    byes = [n.entry(b) for b in _d(e, "byes") or []]
    return _joined(
        said("paired night {night} round {round}: {pairs}", night=_s(e, "night"),
             round=_s(e, "round"), pairs=paired),
        said("; bye: {names}", names=_listed(byes)) if byes else None,
        said(" (before the last round's results were all in)") if _d(e, "anyway") else None)


def _checkin(e: JournalEntry, n: Names) -> Said:
    fee = _d(e, "fee", 0) or 0
    owed = said("fee {amount}", amount=n.money(fee)) if fee else said("no fee")
    if _d(e, "fee_reason"):
        owed = said("{fee} ({reason})", fee=owed, reason=_s(e, "fee_reason"))
    late = _d(e, "joins_round", 1)
    if late and late != 1:
        return said("checked {player} in for night {night} from round {round}; {fee}",
                    player=subject(e.subject, n), night=_s(e, "night"), round=str(late),
                    fee=owed)
    return said("checked {player} in for night {night}; {fee}", player=subject(e.subject, n),
                night=_s(e, "night"), fee=owed)


def _endnight(e: JournalEntry, n: Names) -> Said:
    return _joined(
        said("ended night {night}", night=_s(e, "night")),
        said("; not paid: {names}", names=_names_list(_d(e, "unpaid")))
        if _d(e, "unpaid") else None,
        said("; not reported: {names}", names=_names_list(_d(e, "unfinished")))
        if _d(e, "unfinished") else None)


def _draw(e: JournalEntry, n: Names) -> Said:
    if _d(e, "system"):
        return said("made the draw with seed {seed}: {rounds} rounds of {system} for {players} "
                    "players", seed=_s(e, "seed"), rounds=_s(e, "rounds"),
                    system=_s(e, "system"), players=_s(e, "players"))
    return said("made the draw with seed {seed}: {matches} matches for {players} players",
                seed=_s(e, "seed"), matches=_s(e, "matches"), players=_s(e, "players"))


#: How a match was decided (``core.knockout.match.Decision``), as a TD says it.
DECISIONS = {"games": said("on games"), "spread": said("on spread"),
             "fewer starts": said("on fewer starts"), "match bye": said("by a match bye"),
             "tied": said("on a tie"), "TD ruling": said("by a TD's ruling"),
             "tie": said("on a tie")}


def _forfeited_games(e: JournalEntry) -> Said | None:
    games = _d(e, "games", 0)
    if not isinstance(games, int) or games <= 0:
        return None
    return said_n(" ({n} game forfeited)", " ({n} games forfeited)", games)


def _decided(e: JournalEntry, n: Names) -> Said:
    m = _match_id(e)
    winner = _d(e, "winner_side")
    match = subject(e.subject, n)
    if winner is None:
        return said("{match} ended tied, {score}", match=match, score=_s(e, "score"))
    scores = n.one_game.get(_int(m))
    if scores is not None and winner in (0, 1):  # one game: its score, the winner's first
        won, lost = (scores[0], scores[1]) if winner == 0 else (scores[1], scores[0])
        return said("{match} was decided: {player} won {won}-{lost}", match=match,
                    player=n.side(m, winner), won=won, lost=lost)
    how = DECISIONS.get(_s(e, "decision")) or _s(e, "decision")
    if _d(e, "decision") == "match bye":  # no game decided it: no score to give
        return said("{match} was decided: {player} won {how}", match=match,
                    player=n.side(m, winner), how=how)
    return said("{match} was decided: {player} won {how}, {score}", match=match,
                player=n.side(m, winner), how=how,
                score=_winners_score(_s(e, "score"), winner))


def _winners_score(score: str, winner: object) -> str:
    """A match's score line ('2-3 (-41)', side 0's view) from the winner's side ('3-2 (+41)')."""
    found = re.fullmatch(r"(\S+)-(\S+) \(([+-]\d+)\)", score)
    if found is None or winner != 1:
        return score
    return f"{found[2]}-{found[1]} ({-int(found[3]):+d})"


def _reported(e: JournalEntry, n: Names) -> Said:
    m = _match_id(e)
    entered = said("entered {game}: {scores}, {player} started", game=_game(e, n),
                   scores=_scores(e, n), player=n.side(m, _d(e, "starter_side")))
    how = {"td": said(" (from a paper slip)"),
           "slip": said(" (from the player's result slip)")}.get(_s(e, "source"))
    return _joined(entered, how)


def _replace(e: JournalEntry, n: Names) -> Said:
    return _joined(
        said("put {replacement} in {expelled}'s place in {code}",
             replacement=_s(e, "replacement"), expelled=_s(e, "expelled"), code=_s(e, "code")),
        said(" ({reason})", reason=_s(e, "reason")) if _d(e, "reason") else None)


def _overtime(e: JournalEntry, n: Names) -> Said:
    m = _match_id(e)
    side = _d(e, "player_side", _d(e, "side"))
    return said("penalised {player} for {minutes} minute(s) over in {game}{voided}",
                player=n.side(m, side), minutes=_s(e, "minutes"), game=_game(e, n),
                voided=_voided(e))


def _between(verb: Said) -> Sentence:
    """A player's act in their match (``relay.py``, ``arranging.py``, ``no_shows.py``)."""
    def sentence(e: JournalEntry, n: Names) -> Said:
        m = _match_id(e)
        if _d(e, "side") is not None:
            return said("{did} in {match} for {player}", did=verb, match=subject(e.subject, n),
                        player=n.side(m, _d(e, "side")))
        return said("{did} in {match}", did=verb, match=subject(e.subject, n))
    return sentence


def _times(e: JournalEntry, n: Names) -> Said:
    times = [n.when(t) for t in _d(e, "times") or []]
    return said("proposed {times} for {match}",
                times=_listed(times) if times else said("a time"), match=subject(e.subject, n))


def _agreed(e: JournalEntry, n: Names) -> Said:
    agreed = said("agreed {time} for {match}", time=n.when(_d(e, "starts_at")),
                  match=subject(e.subject, n))
    if _d(e, "moved_from"):
        return said("{agreed}, moved from {time}", agreed=agreed,
                    time=n.when(_d(e, "moved_from")))
    return agreed


def _no_show_ruled(e: JournalEntry, n: Names) -> Said:
    m = _match_id(e)
    to = n.side(m, _d(e, "to_side"))
    did: Text = {"game": said("the next game to {player} by forfeit", player=to),
                 "match": said("the match to {player}", player=to),
                 "extend": said("no award; the round extended")}.get(_s(e, "ruling"),
                                                                      _s(e, "ruling"))
    return said("ruled on the no-show claim in {match}: {did}", match=subject(e.subject, n),
                did=did)


KINDS: dict[str, Sentence] = {
    # between the players of a match
    "relay.message": lambda e, n: (
        said("relayed a message in {match}", match=subject(e.subject, n))
        if _d(e, "delivered", True) else
        said("relayed a message in {match} (muted: kept, not sent)", match=subject(e.subject, n))),
    "relay.mute": _between(said("muted the opponent's messages")),
    "relay.unmute": _between(said("unmuted the opponent's messages")),
    "player.share": lambda e, n: (said("shared their username with opponents")
                                  if _d(e, "shared") else said("stopped sharing their username")),
    "player.timezone": lambda e, n: (
        said("set their time zone to {zone}", zone=_s(e, "zone")) if _d(e, "zone")
        else said("set their time zone to the event's")),
    "person.language": lambda e, n: said("chose to read the bot in {language}",
                                         language=_s(e, "language")),
    "time.propose": _times,
    "time.agree": _agreed,
    "noshow.claim": _between(said("claimed a no-show")),
    "noshow.contest": _between(said("contested a no-show claim")),
    "noshow.tds": lambda e, n: (
        said("sent the no-show claim in {match} to the TDs (contested)",
             match=subject(e.subject, n)) if _d(e, "contested") else
        said("sent the no-show claim in {match} to the TDs (not contested)",
             match=subject(e.subject, n))),
    "noshow.rule": _no_show_ruled,
    "round.unavailable": lambda e, n: said(
        "marked {player} unavailable for {round} (a requested bye)",
        player=subject(e.subject, n), round=n.round(_d(e, "round", "?"))),
    "round.available": lambda e, n: said(
        "marked {player} available for {round} again", player=subject(e.subject, n),
        round=n.round(_d(e, "round", "?"))),
    "pairing.forbid": lambda e, n: said("kept {names} apart in the pairings",
                                        names=_names_list(_d(e, "names"))),
    # the event and its people
    "event.create": lambda e, n: said("created the event, {kind}",
                                      kind=kind(_s(e, "format", ""))),
    "event.draw": _draw,
    "event.dates_moved": lambda e, n: said(
        "moved the event's dates {days} day(s) on: its first date {was} is now {first}",
        days=_s(e, "days"), was=_s(e, "was"), first=_s(e, "first")),
    "event.export": lambda e, n: said("was sent the event's files: {files}",
                                      files=_names_list(_d(e, "files"))),
    "entry.add": lambda e, n: (
        said("entered {name} (rating {rating}, team {team})", name=_s(e, "name"),
             rating=_s(e, "rating", 0), team=_s(e, "team")) if _d(e, "team") else
        said("entered {name} (rating {rating})", name=_s(e, "name"),
             rating=_s(e, "rating", 0))),
    "role.grant": lambda e, n: said("made {person} {role}", person=n.person(_d(e, "person_id")),
                                    role=_a_role(e)),
    "invite.create": lambda e, n: (
        said("made {role} invite link for {person}", role=_a_role(e),
             person=n.person(_d(e, "person_id"))) if _d(e, "person_id") else
        said("made {role} invite link", role=_a_role(e))),
    "invite.redeem": lambda e, n: said("joined as {role} with their invite link",
                                       role=_a_role(e)),
    "join.request": lambda e, n: said("asked to join as {entry} (join request {request})",
                                      entry=n.entry(_d(e, "entry_id")),
                                      request=_s(e, "request_id")),
    "join.approve": lambda e, n: said(
        "approved join request {request}: Telegram user {user} is {entry}",
        request=_s(e, "request_id"), user=_s(e, "tg_user_id"), entry=n.entry(_d(e, "entry_id"))),
    "join.reject": lambda e, n: said("rejected join request {request} (as {entry})",
                                     request=_s(e, "request_id"),
                                     entry=n.entry(_d(e, "entry_id"))),
    "entry.expel": lambda e, n: (
        said("expelled {player} from {match}", player=subject(e.subject, n),
             match=_s(e, "match")) if _d(e, "match") else
        said("expelled {player}", player=subject(e.subject, n))),
    "entry.replace": _replace,
    "entry.vacate": lambda e, n: said(
        "left {expelled}'s place in {code} empty: the opponent goes through",
        expelled=_s(e, "expelled"), code=_s(e, "code")),
    "group.link": lambda e, n: (said("linked the event's group chat") if not _d(e, "before")
                                else said("moved the event's group to another chat")),
    "group.unlink": lambda e, n: said("unlinked the event's group chat"),
    "group.moved": lambda e, n: said(
        "followed the group to its new chat (it became a supergroup); {messages} message(s) "
        "moved with it", messages=_s(e, "messages", 0)),
    "button.refused": lambda e, n: said("pressed a button not theirs to press: {reason}",
                                        reason=_s(e, "reason")),
    # rounds
    "round.open": _round_open,
    "round.close": lambda e, n: (
        said("closed {round} with {count} match(es) unfinished", round=subject(e.subject, n),
             count=len(_d(e, "unfinished") or [])) if _d(e, "unfinished") else
        said("closed {round}", round=subject(e.subject, n))),
    "round.extend": lambda e, n: said(
        "extended {round} to {closes} (it was to close {was})", round=subject(e.subject, n),
        closes=n.when(_d(e, "closes_at")), was=n.when(_d(e, "from"))),
    "round.hold": lambda e, n: said(
        "held {round} open until {closes} (it was to close {was})",
        round=subject(e.subject, n), closes=n.when(_d(e, "closes_at")),
        was=n.when(_d(e, "before"))),
    "round.pair": lambda e, n: _joined(
        said("paired {round} by {system}: {pairs} pair(s)", round=subject(e.subject, n),
             system=_s(e, "system"), pairs=_s(e, "pairs", 0)),
        said(", bye: {names}", names=_names_list(_d(e, "byes"))) if _d(e, "byes") else None,
        said(", {gibson} by the Gibson rule", gibson=_s(e, "gibson"))
        if _d(e, "gibson") else None),
    # games, slips and matches
    "game.report": _reported,
    "game.held": lambda e, n: said(
        "held {game} for a TD ({scores}): played during {blackout}", game=_game(e, n),
        scores=_scores(e, n), blackout=_s(e, "blackout")),
    "game.released": lambda e, n: said(
        "released the game of {match} held for {blackout}: it counts",
        match=subject(e.subject, n), blackout=_s(e, "blackout")),
    "game.voided": lambda e, n: said("voided the game of {match} held for {blackout}",
                                     match=subject(e.subject, n), blackout=_s(e, "blackout")),
    "slip.agreed": lambda e, n: (
        said("agreed to the result of {game} (both players reported it the same)",
             game=_game(e, n)) if _d(e, "second_slip_id") else
        said("agreed to the result of {game}", game=_game(e, n))),
    "slip.differs": lambda e, n: said(
        "reported {game} differently ({scores}): a dispute is open", game=_game(e, n),
        scores=_scores(e, n)),
    "slip.final": lambda e, n: said("made {game} final: its slip's window closed",
                                    game=_game(e, n)),
    "slip.disputed": lambda e, n: (
        said("disputed {game}: {reason}", game=_game(e, n), reason=_s(e, "reason"))
        if _d(e, "reason") else said("disputed {game}", game=_game(e, n))),
    "dispute.reason": lambda e, n: said(
        "said what is wrong in the dispute over {match}: {reason}",
        match=subject(e.subject, n), reason=_s(e, "reason")),
    "dispute.ruled": _ruled,
    "match.decided": _decided,
    "match.void": lambda e, n: said("voided {match}; {games} game(s) struck out",
                                    match=subject(e.subject, n),
                                    games=_s(e, "voided_games", 0)),
    "match.matchbye": lambda e, n: said(
        "gave {player} a match bye in {match}{voided}",
        player=n.side(_match_id(e), _d(e, "to_side")), match=subject(e.subject, n),
        voided=_voided(e)),
    "match.forfeit": lambda e, n: _joined(
        said("gave {match} to {player} by forfeit", match=subject(e.subject, n),
             player=n.side(_match_id(e), _d(e, "to_side"))),
        _forfeited_games(e)),
    "match.tie": lambda e, n: said(
        "decided the tied {match} for {player}{voided}", match=subject(e.subject, n),
        player=n.side(_match_id(e), _d(e, "to_side")), voided=_voided(e)),
    "game.corrected": lambda e, n: said(
        "corrected {game}: {before} became {after}{voided}", game=_game(e, n),
        before=_s(e, "before"), after=_s(e, "after"), voided=_voided(e)),
    "game.forfeit": lambda e, n: said(
        "gave {game} to {player} by forfeit{voided}", game=_game(e, n),
        player=n.side(_match_id(e), _d(e, "side")), voided=_voided(e)),
    "game.overtime": _overtime,
    # board photos
    "photo.window": lambda e, n: said(
        "opened a board photo window in {match}: {player} sends it by {closes}",
        match=subject(e.subject, n), player=n.side(_match_id(e), _d(e, "responsible_side")),
        closes=n.when(_d(e, "closes_at"))),
    "photo.received": lambda e, n: (
        said("sent the board photo of {game} (late)", game=_game(e, n)) if _d(e, "late")
        else said("sent the board photo of {game}", game=_game(e, n))),
    "photo.overdue": lambda e, n: said("saw no board photo of {game} in time", game=_game(e, n)),
    "photo.bye": lambda e, n: said("awarded {game} to the loser: no board photo",
                                   game=_game(e, n)),
    "photo.extended": lambda e, n: said(
        "extended the board photo window of {game} until {until}", game=_game(e, n),
        until=n.when(_d(e, "until"))),
    "photo.waived": lambda e, n: said("waived the board photo of {game}", game=_game(e, n)),
    # fees
    "payment.record": lambda e, n: said(
        "recorded {player}'s fee for {round}, {amount}", player=subject(e.subject, n),
        round=_fee_round(e, n), amount=n.money(_d(e, "amount", 0), _d(e, "currency"))),
    "payment.proof": lambda e, n: said("sent proof of paying the fee for {round}",
                                       round=_fee_round(e, n)),
    "payment.proof_reject": lambda e, n: said("rejected {player}'s proof of payment",
                                              player=subject(e.subject, n)),
    "cost.add": lambda e, n: said("entered a cost of {amount}",
                                  amount=n.money(_d(e, "amount", 0), _d(e, "currency"))),
    # deadlines
    "deadline.fired": lambda e, n: said("acted on {deadline}", deadline=_deadline(e, n)),
    "deadline.cancelled": lambda e, n: said("let {deadline} pass: nothing left to do",
                                            deadline=_deadline(e, n)),
    "deadline.failed": lambda e, n: said("could not act on {deadline}",
                                         deadline=_deadline(e, n)),
    # club nights
    "club.night": lambda e, n: said("opened night {night}", night=_s(e, "night", "?")),
    "club.checkin": _checkin,
    "club.pair": _club_pair,
    "club.fee_paid": lambda e, n: said(
        "marked {player}'s fee for night {night} paid, {amount}", player=subject(e.subject, n),
        night=_s(e, "night", "?"), amount=n.money(_d(e, "fee", 0))),
    "club.endnight": _endnight,
    # ladders: the core's own lines say what happened
    "ladder.create": lambda e, n: said("started the ladder: {names}",
                                       names=_names_list(_d(e, "names"))),
    "ladder.challenge": _ladder(said("made a challenge")),
    "ladder.accept": _ladder(said("accepted a challenge")),
    "ladder.decline": _ladder(said("declined a challenge")),
    "ladder.withdraw": _ladder(said("withdrew a challenge")),
    "ladder.join": _ladder(said("added a newcomer")),
    "ladder.expel": _ladder(said("took an expelled player off the ladder")),
    "ladder.result": _ladder(said("moved the ladder on a result")),
    "ladder.correct": _ladder(said("moved the ladder again on a corrected result")),
    "ladder.reopen": _ladder(said("reopened a challenge whose result was voided")),
    "ladder.deadline": _ladder(said("applied the ladder's deadlines")),
}

#: The journal's words as the command line prints them by default.
ENGLISH = for_locale(SOURCE)


def in_words(value: Text | datetime, words: Words = ENGLISH) -> str:
    """A name, words or a moment as plain text in the language of ``words``."""
    if isinstance(value, str):
        return value
    return plain(value if isinstance(value, Said) else Said("{at}", (("at", value),)), words)


def sentence(e: JournalEntry, names: Names) -> Said:
    """The action in words (``KINDS``), or its machine form for one this version does not
    know."""
    said_ = KINDS.get(e.action)
    if said_ is None:
        detail = ", ".join(f"{k}={v}" for k, v in sorted(e.detail.items()))
        return _joined(f"{e.action} {e.subject} {detail}".rstrip())
    return said_(e, names)


def what(e: JournalEntry, names: Names, words: Words = ENGLISH) -> str:
    """The action in words, as plain text in the language of ``words``."""
    return plain(sentence(e, names), words)


def why_of(e: JournalEntry) -> Text:
    """A line's reason: the bot's own as its record (in the reader's language), or as
    stored (one a person typed, or a line written before reasons were kept as records)."""
    return said_json.loads(e.why_json) if e.why_json else e.why


def said_line(e: JournalEntry, names: Names) -> Said:
    """One journal line: when (the event's zone), who, what, and why."""
    if e.why:
        return said("{when} {who}: {what}; why: {why}", when=names.when(e.at),
                    who=who(e.who, names), what=sentence(e, names), why=why_of(e))
    return said("{when} {who}: {what}", when=names.when(e.at), who=who(e.who, names),
                what=sentence(e, names))


def line(e: JournalEntry, names: Names, words: Words = ENGLISH) -> str:
    """One journal line as a TD reads it, as plain text in the language of ``words``."""
    return plain(said_line(e, names), words)
