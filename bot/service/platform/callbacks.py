"""Button callback data: built and parsed here only, so a button and the handler that
answers it cannot disagree.

The service writes most buttons into its outbox rows and the Telegram adapter answers
them, so this module is the service's and imports nothing of either.

- Join (bot/service/people/invites.py): a player picks their entry after a general player link
  (``join:pick:<code>:<entry id>``); a TD approves or rejects a join request
  (``join:approve:<request id>``, ``join:reject:<request id>``).
- Result slips (bot/service/results/reporting.py): the reporter's draft asks who started game 1
  (``slip:start:<slip id>:<side>``) and to confirm or cancel (``slip:ok:<id>``,
  ``slip:no:<id>``); the opponent's copy has Agree and Dispute (``slip:agree:<id>``,
  ``slip:dispute:<id>``). A player in several matches at once picks the one a result is
  for (``which:<match id>:<mine>:<theirs>:<game or 0>:<next game when asked, or 0>``).

Telegram allows at most 64 bytes of callback data; invite codes are 12 URL-safe
characters and ids are at most 18 digits, so these fit.

Each ``parse_*`` answers None for data that is not well formed (an old button, or data a
client forged); the handlers' patterns are the ``is_*`` tests, so such a press falls
through to the catch-all answer that the button is out of date.
"""

from __future__ import annotations

from datetime import date

_PICK = "join:pick:"
_DECIDE = {"approve": True, "reject": False}


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def join_pick(code: str, entry_id: int) -> str:
    return f"{_PICK}{code}:{entry_id}"


def parse_join_pick(data: object) -> tuple[str, int] | None:
    """(invite code, entry id) of a "this is me" button."""
    if not isinstance(data, str) or not data.startswith(_PICK):
        return None
    code, sep, entry = data.removeprefix(_PICK).partition(":")
    entry_id = _number(entry)
    if not code or not sep or entry_id is None:
        return None
    return code, entry_id


def join_decide(request_id: int, approve: bool) -> str:
    return f"join:{'approve' if approve else 'reject'}:{request_id}"


def parse_join_decide(data: object) -> tuple[int, bool] | None:
    """(request id, approve?) of a TD's Approve / Reject button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 3 or parts[0] != "join" or parts[1] not in _DECIDE:
        return None
    request_id = _number(parts[2])
    return None if request_id is None else (request_id, _DECIDE[parts[1]])


def is_join_pick(data: object) -> bool:
    return parse_join_pick(data) is not None


def is_join_decide(data: object) -> bool:
    return parse_join_decide(data) is not None


#: What each slip button does; ``start`` also names the side that started.
SLIP_ACTIONS = frozenset({"start", "ok", "no", "agree", "dispute"})


def slip(action: str, slip_id: int, side: int | None = None) -> str:
    if action not in SLIP_ACTIONS or (action == "start") != (side is not None):
        raise ValueError(f"no slip button {action!r} with side {side!r}")
    return f"slip:{action}:{slip_id}" + (f":{side}" if side is not None else "")


def parse_slip(data: object) -> tuple[str, int, int | None] | None:
    """(action, slip id, side or None) of a slip button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) not in (3, 4) or parts[0] != "slip" or parts[1] not in SLIP_ACTIONS:
        return None
    slip_id = _number(parts[2])
    if slip_id is None:
        return None
    if parts[1] != "start":
        return (parts[1], slip_id, None) if len(parts) == 3 else None
    side = _number(parts[3]) if len(parts) == 4 else None
    return (parts[1], slip_id, side) if side in (0, 1) else None


def is_slip(data: object) -> bool:
    return parse_slip(data) is not None


def which(match_id: int, mine: int, theirs: int, game: int | None, stamp: int) -> str:
    """A "this match" button: the result's scores (the reporter's first), the game number
    the player typed (0: none) and the match's next game when asked (0: none), so that a
    press after that game was recorded is out of date."""
    return f"which:{match_id}:{mine}:{theirs}:{game or 0}:{stamp}"


def parse_which(data: object) -> tuple[int, int, int, int | None, int] | None:
    """(match id, mine, theirs, game or None, stamp) of a "this match" button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 6 or parts[0] != "which":
        return None
    numbers = [_number(p) for p in parts[1:]]
    if any(n is None for n in numbers):
        return None
    match_id, mine, theirs, game, stamp = (n or 0 for n in numbers)
    if match_id == 0 or mine > 9999 or theirs > 9999 or game > 99 or stamp > 99:
        return None
    return match_id, mine, theirs, game or None, stamp


def is_which(data: object) -> bool:
    return parse_which(data) is not None


# --- TD rulings (bot/service/results/rulings.py) ----------------------------------------------
# A dispute's ruler: ``rule:<action>:<dispute id>[:<side>]`` (uphold, amend, void; gbye
# and mbye name the side). A tied match (SSSg para 30): ``tie:<match id>:<side>`` asks
# the reason, ``tie:<match id>:<side>:lots`` records "lots drawn by the TD". A correction
# whose impact voids later games: ``fix:apply:<prompt id>`` / ``fix:cancel:<prompt id>``.
# A ruling's reason, asked after its button: ``why:skip:<prompt id>`` rules with none.

_RULE = {"uphold": "uphold", "amend": "amend", "void": "void", "gbye": "game_bye",
         "mbye": "match_bye"}
_SIDED = frozenset({"gbye", "mbye"})


def rule(action: str, dispute_id: int, side: int | None = None) -> str:
    if action not in _RULE or (action in _SIDED) != (side is not None):
        raise ValueError(f"no ruling button {action!r} with side {side!r}")
    return f"rule:{action}:{dispute_id}" + (f":{side}" if side is not None else "")


def parse_rule(data: object) -> tuple[str, int, int | None] | None:
    """(action as rulings.ACTIONS names it or "amend", dispute id, side or None)."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) not in (3, 4) or parts[0] != "rule" or parts[1] not in _RULE:
        return None
    dispute_id = _number(parts[2])
    if dispute_id is None or (len(parts) == 4) != (parts[1] in _SIDED):
        return None
    side = _number(parts[3]) if len(parts) == 4 else None
    if len(parts) == 4 and side not in (0, 1):
        return None
    return _RULE[parts[1]], dispute_id, side


def is_rule(data: object) -> bool:
    return parse_rule(data) is not None


def tie(match_id: int, side: int, lots: bool = False) -> str:
    if side not in (0, 1):
        raise ValueError(f"no side {side!r}")
    return f"tie:{match_id}:{side}" + (":lots" if lots else "")


def tie_buttons(match_id: int, names: tuple[str, str]) -> list[list[tuple[str, str]]]:
    """A tied match's winner buttons (SSSg para 30)."""
    return [[(f"{names[0]} wins", tie(match_id, 0)), (f"{names[1]} wins", tie(match_id, 1))]]


def parse_tie(data: object) -> tuple[int, int, bool] | None:
    """(match id, side, lots drawn?)."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) not in (3, 4) or parts[0] != "tie" or (len(parts) == 4 and parts[3] != "lots"):
        return None
    match_id, side = _number(parts[1]), _number(parts[2])
    if match_id is None or side not in (0, 1):
        return None
    assert side is not None
    return match_id, side, len(parts) == 4


def is_tie(data: object) -> bool:
    return parse_tie(data) is not None


def fix(prompt_id: int, apply: bool) -> str:
    return f"fix:{'apply' if apply else 'cancel'}:{prompt_id}"


def parse_fix(data: object) -> tuple[int, bool] | None:
    """(prompt id, apply?) of an Apply / Cancel button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 3 or parts[0] != "fix" or parts[1] not in ("apply", "cancel"):
        return None
    prompt_id = _number(parts[2])
    return None if prompt_id is None else (prompt_id, parts[1] == "apply")


def is_fix(data: object) -> bool:
    return parse_fix(data) is not None


def why_skip(prompt_id: int) -> str:
    return f"why:skip:{prompt_id}"


def parse_why_skip(data: object) -> int | None:
    """The prompt id of a Skip under a ruling's "Why?"."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 3 or parts[:2] != ["why", "skip"]:
        return None
    return _number(parts[2])


def is_why_skip(data: object) -> bool:
    return parse_why_skip(data) is not None


# A TD's correction of a game (bot/service/results/corrections.py): ``redo:apply:<prompt id>`` under
# its impact, ``redo:cancel:<prompt id>`` there and under its "Why?".


def correction(prompt_id: int, apply: bool) -> str:
    return f"redo:{'apply' if apply else 'cancel'}:{prompt_id}"


def parse_correction(data: object) -> tuple[int, bool] | None:
    """(prompt id, apply?) of a correction's Apply / Cancel button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 3 or parts[0] != "redo" or parts[1] not in ("apply", "cancel"):
        return None
    prompt_id = _number(parts[2])
    return None if prompt_id is None else (prompt_id, parts[1] == "apply")


def is_correction(data: object) -> bool:
    return parse_correction(data) is not None


# --- fees (bot/service/fees/payment_proofs.py) ----------------------------------------------
# A TD's Approve / Reject of a player's proof of payment (``fee:proof:ok:<proof id>``,
# ``fee:proof:no:<id>``).
_PROOF = {"ok": True, "no": False}


def proof(proof_id: int, approve: bool) -> str:
    return f"fee:proof:{'ok' if approve else 'no'}:{proof_id}"


def parse_proof(data: object) -> tuple[int, bool] | None:
    """(proof id, approve?) of a proof's Approve / Reject button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 4 or parts[:2] != ["fee", "proof"] or parts[2] not in _PROOF:
        return None
    proof_id = _number(parts[3])
    return None if proof_id is None else (proof_id, _PROOF[parts[2]])


def is_proof(data: object) -> bool:
    return parse_proof(data) is not None



# Board photos (bot/service/results/photos.py, SSSg para 25): the sender of a photo picks which of
# their games it shows (``photo:pick:<photo id>:<window id>``); a TD rules on a missing
# photo (``photo:rule:<window id>:<bye|extend|waive>``).
_PHOTO_PICK = "photo:pick:"
PHOTO_RULINGS = frozenset({"bye", "extend", "waive"})


def photo_pick(photo_id: int, window_id: int) -> str:
    return f"{_PHOTO_PICK}{photo_id}:{window_id}"


def parse_photo_pick(data: object) -> tuple[int, int] | None:
    """(photo id, window id) of a "this game" button."""
    if not isinstance(data, str) or not data.startswith(_PHOTO_PICK):
        return None
    photo, sep, window = data.removeprefix(_PHOTO_PICK).partition(":")
    photo_id, window_id = _number(photo), _number(window)
    if not sep or photo_id is None or window_id is None:
        return None
    return photo_id, window_id


def is_photo_pick(data: object) -> bool:
    return parse_photo_pick(data) is not None


def photo_rule(window_id: int, ruling: str) -> str:
    if ruling not in PHOTO_RULINGS:
        raise ValueError(f"no photo ruling {ruling!r}")
    return f"photo:rule:{window_id}:{ruling}"


def parse_photo_rule(data: object) -> tuple[int, str] | None:
    """(window id, ruling) of a TD's Award bye / Extend / Waive button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 4 or parts[:2] != ["photo", "rule"] or parts[3] not in PHOTO_RULINGS:
        return None
    window_id = _number(parts[2])
    return None if window_id is None else (window_id, parts[3])


def is_photo_rule(data: object) -> bool:
    return parse_photo_rule(data) is not None


# Several missing photos in one list (``photos.ask_list``): a game's own choices
# (``photo:game:<window id>``: the presser gets that game's question with the three buttons
# above), and every game of the list still undecided at once
# (``photo:all:<list id>:<extend|waive>``). A bye is given game by game only: it may reopen
# or decide a match (para 28).
PHOTO_LIST_RULINGS = frozenset({"extend", "waive"})


def photo_game(window_id: int) -> str:
    return f"photo:game:{window_id}"


def parse_photo_game(data: object) -> int | None:
    """The window id of a game's button in a list of missing photos."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 3 or parts[:2] != ["photo", "game"]:
        return None
    return _number(parts[2])


def is_photo_game(data: object) -> bool:
    return parse_photo_game(data) is not None


def photo_all(ask_id: int, ruling: str) -> str:
    if ruling not in PHOTO_LIST_RULINGS:
        raise ValueError(f"no ruling on a whole list {ruling!r}")
    return f"photo:all:{ask_id}:{ruling}"


def parse_photo_all(data: object) -> tuple[int, str] | None:
    """(list id, ruling) of an "Extend all 24 h" / "Waive all" button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 4 or parts[:2] != ["photo", "all"] or parts[3] not in PHOTO_LIST_RULINGS:
        return None
    ask_id = _number(parts[2])
    return None if ask_id is None else (ask_id, parts[3])


def is_photo_all(data: object) -> bool:
    return parse_photo_all(data) is not None


# The TD's desk (bot/service/results/desk.py): at a round's close, for its unfinished matches,
# extend the round 7 days (``desk:extend:<round id>:<closing time, Unix seconds>``: the
# time it extends from, so a second press of the same button extends nothing), give a
# match bye (``desk:bye:<match id>:<side>``) or void the match's games
# (``desk:void:<match id>``).
_DESK = "desk"


def desk_extend(round_id: int, closes_at: int) -> str:
    return f"{_DESK}:extend:{round_id}:{closes_at}"


def desk_bye(match_id: int, side: int) -> str:
    if side not in (0, 1):
        raise ValueError(f"no side {side!r}")
    return f"{_DESK}:bye:{match_id}:{side}"


def desk_void(match_id: int) -> str:
    return f"{_DESK}:void:{match_id}"


def parse_desk(data: object) -> tuple[str, int, int | None] | None:
    """(action, id, extra) of a desk button: extra is the closing time for ``extend``,
    the side for ``bye``, None for ``void``."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) < 3 or parts[0] != _DESK:
        return None
    ident = _number(parts[2])
    if ident is None:
        return None
    if parts[1] == "void" and len(parts) == 3:
        return "void", ident, None
    if len(parts) != 4:
        return None
    extra = _number(parts[3])
    if parts[1] == "extend" and extra is not None:
        return "extend", ident, extra
    if parts[1] == "bye" and extra in (0, 1):
        return "bye", ident, extra
    return None


def is_desk(data: object) -> bool:
    return parse_desk(data) is not None


# Filling an expelled player's slot (SSSg para 29, bot/service/people/expulsions.py): a candidate
# (``expel:pick:<expulsion id>:<entry id>``) or nobody (``expel:none:<expulsion id>``). The
# service checks, at the press, that the entry is still a candidate and who pressed.
_EXPEL = "expel"


def expel_pick(expulsion_id: int, entry_id: int | None) -> str:
    if entry_id is None:
        return f"{_EXPEL}:none:{expulsion_id}"
    return f"{_EXPEL}:pick:{expulsion_id}:{entry_id}"


def parse_expel_pick(data: object) -> tuple[int, int | None] | None:
    """(expulsion id, entry id or None for nobody) of a slot button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) < 3 or parts[0] != _EXPEL:
        return None
    ident = _number(parts[2])
    if ident is None:
        return None
    if parts[1] == "none" and len(parts) == 3:
        return ident, None
    if parts[1] == "pick" and len(parts) == 4:
        entry = _number(parts[3])
        return None if entry is None else (ident, entry)
    return None


def is_expel_pick(data: object) -> bool:
    return parse_expel_pick(data) is not None


# --- club nights (bot/service/formats/club/club_nights.py) ------------------------------------------------
# A TD marks a player's session fee paid with one tap (``club:paid:<check-in id>``;
# Director's Manual, Player Fees at Club).
_CLUB_PAID = "club:paid:"


def club_paid(checkin_id: int) -> str:
    return f"{_CLUB_PAID}{checkin_id}"


def parse_club_paid(data: object) -> int | None:
    """The check-in id of a fee's "paid" button."""
    if not isinstance(data, str) or not data.startswith(_CLUB_PAID):
        return None
    return _number(data.removeprefix(_CLUB_PAID))


def is_club_paid(data: object) -> bool:
    return parse_club_paid(data) is not None
# A challenge ladder (bot/service/formats/ladder/ladders.py): challenge a player
# (``ladder:ch:<event id>:<entry id>``), accept or decline challenge number N
# (``ladder:acc:<event id>:<N>``, ``ladder:dec:<event id>:<N>``). Who presses is the one who
# acts; the service checks it is theirs to do.
_LADDER = "ladder"
LADDER_ACTIONS = {"ch": "challenge", "acc": "accept", "dec": "decline"}


def ladder(action: str, event_id: int, target: int) -> str:
    short = {v: k for k, v in LADDER_ACTIONS.items()}[action]
    return f"{_LADDER}:{short}:{event_id}:{target}"


def parse_ladder(data: object) -> tuple[str, int, int] | None:
    """(challenge|accept|decline, event id, entry id or challenge number) of a ladder button."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) != 4 or parts[0] != _LADDER or parts[1] not in LADDER_ACTIONS:
        return None
    event_id, target = _number(parts[2]), _number(parts[3])
    if event_id is None or target is None:
        return None
    return LADDER_ACTIONS[parts[1]], event_id, target


def is_ladder(data: object) -> bool:
    return parse_ladder(data) is not None


# An event sent in the chat whose rounds' closing dates have passed
# (bot/service/events/event_setup.py): its organiser moves every date so that the earliest falls
# today (``event:today:<event id>:<earliest date as a day number>``: the date the button was
# made for, so a second press moves nothing).
_EVENT_TODAY = "event:today:"


def event_today(event_id: int, first: date) -> str:
    return f"{_EVENT_TODAY}{event_id}:{first.toordinal()}"


def parse_event_today(data: object) -> tuple[int, date] | None:
    """(event id, the earliest date the button was made for) of "Start it today"."""
    if not isinstance(data, str) or not data.startswith(_EVENT_TODAY):
        return None
    event, sep, day = data.removeprefix(_EVENT_TODAY).partition(":")
    event_id, ordinal = _number(event), _number(day)
    if not sep or event_id is None or ordinal is None or not 1 <= ordinal <= date.max.toordinal():
        return None
    return event_id, date.fromordinal(ordinal)


def is_event_today(data: object) -> bool:
    return parse_event_today(data) is not None


# --- between the two players (bot/service/between/relay.py, arranging.py, no_shows.py) -----------
#
# ``relay:write:<match id>`` starts a one-message draft to the opponent;
# ``arr:slots:<match id>`` shows the next days' times to propose, ``arr:prop:<match id>:<unix
# seconds>`` proposes one, ``arr:ok:<time id>`` agrees a proposed time;
# ``noshow:claim:<time id>`` claims the opponent did not turn up, ``noshow:contest:<claim
# id>`` contests a claim, ``noshow:rule:<claim id>:<game|match|extend>`` is a TD's ruling.

#: The words of each family and action, and how many numbers follow.
_BETWEEN = {("relay", "write"): 1, ("arr", "slots"): 1, ("arr", "prop"): 2, ("arr", "ok"): 1,
            ("noshow", "claim"): 1, ("noshow", "contest"): 1}
NO_SHOW_RULINGS = ("game", "match", "extend")


def relay_write(match_id: int) -> str:
    return f"relay:write:{match_id}"


def arrange_slots(match_id: int) -> str:
    return f"arr:slots:{match_id}"


def arrange_propose(match_id: int, at_unix: int) -> str:
    return f"arr:prop:{match_id}:{at_unix}"


def arrange_agree(time_id: int) -> str:
    return f"arr:ok:{time_id}"


def no_show_claim(time_id: int) -> str:
    return f"noshow:claim:{time_id}"


def no_show_contest(claim_id: int) -> str:
    return f"noshow:contest:{claim_id}"


def no_show_rule(claim_id: int, ruling: str) -> str:
    if ruling not in NO_SHOW_RULINGS:
        raise ValueError(f"no no-show ruling {ruling!r}")
    return f"noshow:rule:{claim_id}:{ruling}"


def parse_between(data: object) -> tuple[str, str, tuple[int, ...]] | None:
    """(family, action, numbers) of a button between the players; None if not one."""
    if not isinstance(data, str):
        return None
    parts = data.split(":")
    if len(parts) < 3:
        return None
    family, action = parts[0], parts[1]
    if (family, action) == ("noshow", "rule"):
        claim = _number(parts[2])
        if len(parts) != 4 or claim is None or parts[3] not in NO_SHOW_RULINGS:
            return None
        return family, action, (claim, NO_SHOW_RULINGS.index(parts[3]))
    count = _BETWEEN.get((family, action))
    if count is None or len(parts) != 2 + count:
        return None
    numbers = [_number(p) for p in parts[2:]]
    if any(n is None for n in numbers):
        return None
    return family, action, tuple(n for n in numbers if n is not None)


def is_relay(data: object) -> bool:
    found = parse_between(data)
    return found is not None and found[0] == "relay"


def is_arrange(data: object) -> bool:
    found = parse_between(data)
    return found is not None and found[0] == "arr"


def is_no_show(data: object) -> bool:
    found = parse_between(data)
    return found is not None and found[0] == "noshow"


# --- the reader's language (/language) -------------------------------------------------------

_LANGUAGE = "lang:"


def language(code: str) -> str:
    """A /language button: read the bot in ``code`` from now on."""
    return f"{_LANGUAGE}{code}"


def parse_language(data: object) -> str | None:
    """The language code a /language button carries (two to eight letters)."""
    if not isinstance(data, str) or not data.startswith(_LANGUAGE):
        return None
    code = data.removeprefix(_LANGUAGE)
    return code if code.isascii() and code.isalpha() and 2 <= len(code) <= 8 else None


def is_language(data: object) -> bool:
    return parse_language(data) is not None
