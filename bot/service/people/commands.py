"""Which commands each person may use: one table, which /help (``standing_texts``) and the
chat's command menus (``bot/telegram/commands.py``) both read, so they can never disagree.

"/help shows only what that person may do". A command is offered for a role held in an
event of a format it serves (``Command.formats``, asked of the format: ``seam.Format``): a
club's /checkin to the players of a club, a ladder's /challenge to a ladder's (a format's
own commands, ``Format.commands``), a knockout's /bracket to a knockout's; and an SSSg
paragraph (``Command.ref``) is cited only to someone who holds that role in a format that
plays by SSSg's rules (``Format.rulebook``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.service.formats.registry import named
from bot.service.formats.seam import Format
from bot.service.people.roles import Hat
from bot.words import N_
from bot.words.said import Said, said

#: The roles of an event (SSSg para 19 names TDs and a neutral adjudicator), plus
#: "organiser" for the people the settings allow to create events (TDBOT_ORGANISERS).
EVERYONE = "everyone"


#: Which formats a command serves, asked of the format with the command's name; None:
#: every format.
Serves = Callable[[Format, str], bool]
ALL_FORMATS = None


def PAIRED(fmt: Format, _: str) -> bool:  # noqa: N802
    """Events whose rounds are drawn or paired ahead."""
    return fmt.dated_rounds


def BRACKETS(fmt: Format, _: str) -> bool:  # noqa: N802
    return fmt.bracket


def ROUNDS(fmt: Format, _: str) -> bool:  # noqa: N802
    """Events with standings (/standings, /why)."""
    return fmt.standings


def ROUND_FEES(fmt: Format, _: str) -> bool:  # noqa: N802
    """Fees per round (a club's are per night: /fees). Prizes from them are SSSg's (paras
    7-9): the brackets' only (``BRACKETS``)."""
    return fmt.round_fees


def OWN(fmt: Format, name: str) -> bool:  # noqa: N802
    """A format's own commands (a club's /night, a ladder's /challenge)."""
    return name in fmt.commands




@dataclass(frozen=True)
class Command:
    name: str
    summary: str  # the one line in Telegram's menu (English: ``N_``, a record in ``summary``)
    roles: frozenset[str]  # who may use it: EVERYONE or event roles
    formats: Serves | None = ALL_FORMATS  # the event formats it serves
    ref: str = ""  # the SSSg paragraphs it follows, cited to knockout players and TDs
    # what a person who holds it only as a player reads, when that form differs (a TD's
    # /paid NAME ROUND is not theirs to type)
    player_summary: str = ""

    def serves(self, hat: Hat) -> bool:
        role, fmt = hat
        return role in self.roles and (self.formats is None
                                       or self.formats(named(fmt), self.name))


COMMANDS: tuple[Command, ...] = (
    Command("start", N_("Join an event with your invite link, or say hello"), frozenset({EVERYONE})),
    Command("help", N_("What you can do here"), frozenset({EVERYONE})),
    Command("language", N_("The language I write to you in: /language fr (français), "
                           "/language en (English)"),
            frozenset({"player", "td", "organiser", "adjudicator"})),
    Command("matches", N_("Your matches, opponents and deadlines"), frozenset({"player"})),
    Command("report", N_("Report a game: /report 412-380, your score first"), frozenset({"player"})),
    Command("dispute", N_("Dispute a result slip: /dispute REASON"), frozenset({"player"})),
    Command("tell", N_("Write to your opponent: /tell M3 YOUR MESSAGE"), frozenset({"player"}),
            PAIRED),
    Command("propose", N_("Propose times to your opponent: /propose M3 Sat 15:00, Sun 10:00"),
            frozenset({"player"}), PAIRED),
    Command("agree", N_("Agree your opponent's proposed time: /agree M3 [TIME]"),
            frozenset({"player"}), PAIRED),
    Command("timezone", N_("Your time zone for times: /timezone Europe/London"),
            frozenset({"player"}), PAIRED),
    Command("noshow", N_("Your opponent did not come at the agreed time: /noshow M3"),
            frozenset({"player"}), PAIRED),
    Command("contest", N_("Contest a no-show claim: /contest M3 WHAT HAPPENED"),
            frozenset({"player"}), PAIRED),
    Command("mute", N_("Stop your opponent's messages in a match: /mute M3 (/unmute M3)"),
            frozenset({"player"}), PAIRED),
    Command("unmute", N_("Let your opponent's messages in a match reach you again: /unmute M3"),
            frozenset({"player"}), PAIRED),
    Command("share", N_("Show your @username to your opponents (/share off stops)"),
            frozenset({"player"}), PAIRED),
    Command("cancel", N_("Send nothing after Write to"), frozenset({"player"}), PAIRED),
    Command("pending", N_("What awaits a TD: disputes, unfinished matches, fees, join requests"),
            frozenset({"td", "organiser"})),
    Command("invites", N_("The invite links of your event"), frozenset({"td", "organiser"})),
    Command("draw", N_("Make the draw of your event (once)"), frozenset({"td", "organiser"}),
            PAIRED),
    Command("openround", N_("Open a round: /openround CODE [until DATE]"),
            frozenset({"td", "organiser"}), PAIRED),
    Command("bracket", N_("The bracket pictures of your event"),
            frozenset({"player", "td", "organiser"}), BRACKETS),
    Command("link", N_("In your event's group: /link EVENT posts results there"),
            frozenset({"td", "organiser"})),
    Command("unlink", N_("In a linked group: stop posting there"), frozenset({"td", "organiser"})),
    Command("holdround", N_("Hold a round open: /holdround CODE until DATE: REASON"),
            frozenset({"td", "organiser"}), PAIRED, N_("para 21")),
    Command("amend", N_("The right scores after Amend on a dispute: /amend 412 380"),
            frozenset({"td", "adjudicator", "organiser"})),
    Command("correct", N_("Correct a game on record: /correct M2 game 1 412 380 (or starter NAME, "
            "or void)"),
            frozenset({"td", "organiser"})),
    Command("paid", N_("Record a fee: /paid NAME ROUND (players: photo captioned /paid)"),
            frozenset({"td", "organiser", "player"}), ROUND_FEES,
            player_summary=N_("Paid a fee? Send a photo of the payment captioned /paid (or /paid "
                              "ROUND)")),
    Command("cost", N_("Enter a cost of the event: /cost AMOUNT NOTE"), frozenset({"td", "organiser"}),
            ROUND_FEES),
    Command("prizes", N_("Prize pools from the fees paid"),
            frozenset({"td", "organiser", "player"}), BRACKETS, N_("paras 7-9")),
    Command("matchlog", N_("What a match's players said and arranged: /matchlog M3"),
            frozenset({"td", "organiser"}), PAIRED),
    Command("closeround", N_("Close a round: /closeround CODE [anyway: REASON]"),
            frozenset({"td", "organiser"}), PAIRED),
    Command("expel", N_("Expel a player: /expel NAME: REASON"),
            frozenset({"td", "organiser"}), ref=N_("para 29")),
    Command("night", N_("Club: start tonight's club night"), frozenset({"td", "organiser"}), OWN),
    Command("checkin", N_("Club: check in for tonight (TDs: /checkin NAME, /checkin new NAME)"),
            frozenset({"player", "td", "organiser"}), OWN),
    Command("pairround", N_("Club: pair tonight's next round [anyway]"),
            frozenset({"td", "organiser"}), OWN),
    Command("fees", N_("Club: tonight's fees, a tap per player who pays"),
            frozenset({"td", "organiser"}), OWN),
    Command("endnight", N_("Club: end tonight; who has not paid"), frozenset({"td", "organiser"}),
            OWN),
    Command("me", N_("Club: your record (games, wins, average, high game, expert points)"),
            frozenset({"player"}), OWN),
    Command("ladder", N_("Your challenge ladder: rungs and open challenges"),
            frozenset({"player", "td", "organiser"}), OWN),
    Command("challenge", N_("Challenge a player above you: /challenge [NAME]"), frozenset({"player"}),
            OWN),
    Command("accept", N_("Accept the challenge made to you"), frozenset({"player"}), OWN),
    Command("decline", N_("Decline the challenge made to you"), frozenset({"player"}), OWN),
    Command("withdraw", N_("Withdraw your challenge"), frozenset({"player"}), OWN),
    Command("join", N_("Add a newcomer at the ladder's bottom: /join NAME [RATING]"),
            frozenset({"td", "organiser"}), OWN),
    Command("standings", N_("Round-based events: the standings"), frozenset(
        {"player", "td", "organiser", "adjudicator"}), ROUNDS),
    Command("chances", N_("Round-based events: the places you can still reach, and how "
                          "likely"), frozenset({"player"}), ROUNDS),
    Command("rating", N_("Round-based events: your rating estimate so far (/rating all: "
                         "everyone's)"), frozenset({"player", "td", "organiser"}), ROUNDS),
    Command("unavailable", N_("Round-based events: you cannot play a round: /unavailable 3"),
            frozenset({"player"}), ROUNDS),
    Command("available", N_("Round-based events: you can play a round after all: /available 3"),
            frozenset({"player"}), ROUNDS),
    Command("availability", N_("Round-based events: who is available for a round: "
                               "/availability 3"), frozenset({"td", "organiser"}), ROUNDS),
    Command("why", N_("Round-based events: why a player was paired so: /why NAME [ROUND]"),
            frozenset({"td", "organiser"}), ROUNDS),
    Command("export", N_("Results and fees as CSV files (round-based events: .t, NASPA, TRF too)"),
            frozenset({"td", "organiser"})),
)


def allowed(hats: Iterable[Hat]) -> list[Command]:
    """The commands a person holding these (role, format) hats may use, in menu order."""
    held = list(hats)
    return [c for c in COMMANDS
            if EVERYONE in c.roles or any(c.serves(hat) for hat in held)]


def summary(command: Command, hats: Iterable[Hat]) -> Said:
    """The command's line, with its SSSg paragraphs for someone who uses it in a knockout
    (``formats.cite``: the other formats do not play by SSSg's rules); a player's own form
    for someone who holds it only as a player. A record (its line is a catalogue message)."""
    held = [hat for hat in hats if command.serves(hat)]
    knockout = any(named(fmt).rulebook is not None for _, fmt in held)
    line = command.summary
    if command.player_summary and held and all(role == "player" for role, _ in held):
        line = command.player_summary
    if command.ref and knockout:
        return said("{summary} ({ref})", summary=Said(line), ref=Said(command.ref))
    return Said(line)
