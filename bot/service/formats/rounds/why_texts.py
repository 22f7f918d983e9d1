"""A pairing's reason (``core.pairing.why``) in words: what ``/why`` answers a TD, and what
``tdbot`` prints (the same words, in English).

Records (``bot/words/said.py``), written in each reader's language. Each kind of reason
is worded here once. The core names players by number; ``/why`` names them by their full
names, as the event's other messages do (a reader knows people by name, and kept reasons
of rounds paired before read the same way), and the command line by their number in the
file it reads, as it prints the pairs. Places,
points, counts and rating gaps are the figures the TD checks the pairing with (Director's
Manual, "Pairing Systems and Pairing Tables"; USCF guide's switches, 80 points apart at
most). A reason kept as text by an older version is shown as it was kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.service.formats.rounds.outlook_texts import place
from bot.words.said import Said, english_text, joined, said, said_n
from core.pairing.why import Why, WhyValue, why

#: How a value of a reason is put into a record.
Put = Said | str | int | float


def worded(reason: Why | str, names: Mapping[int, str] | None = None) -> Said | str:
    """The reason as its reader reads it, each player it names by number named by
    ``names`` (number -> full name) where given; a text kept by an older version, as it
    is."""
    if isinstance(reason, str):
        return reason
    wording = _WORDS.get(reason.kind)
    if wording is None:
        return reason.kind  # a kind this version does not know: its name, not nothing
    return wording(_Values(reason.named(), names or {}))


def in_english(reason: Why | str, names: Mapping[int, str] | None = None) -> str:
    """The reason in English, as plain text (what the command line prints: players by
    their number in the file unless ``names`` names them)."""
    return english_text(worded(reason, names))


def kept_text(text: str) -> Why:
    """A reason an older version kept as English text, to show as it is."""
    return why("kept_text", text=text)


class _Values:
    """A reason's values, each as a record's value (a part worded, parts joined), and
    the names of the players it names by number (none: by number)."""

    def __init__(self, values: Mapping[str, WhyValue], names: Mapping[int, str]) -> None:
        self.values = values
        self.names = names

    def __getitem__(self, name: str) -> Put:
        value = self.values[name]
        if isinstance(value, Why):
            return self.part(value)
        if isinstance(value, tuple):
            return _listed([self.part(v) for v in value])
        return value

    def part(self, reason: Why) -> Said:
        words = worded(reason, self.names)
        return Said("{text}", (("text", words),)) if isinstance(words, str) else words

    def who(self, name: str) -> Put:
        """A player the reason names by number: by their name where it is known."""
        value = self.values[name]
        if isinstance(value, int) and value in self.names:
            return self.names[value]
        return self[name]

    def whos(self, name: str) -> str:
        """Players the reason lists by number ("3, 7, 12"), by their names where known."""
        listed = self.text(name).split(", ")
        return ", ".join(self.names.get(int(p), p) if p.isdigit() else p for p in listed)

    def num(self, name: str) -> int:
        value = self.values[name]
        return value if isinstance(value, int) else 0

    def text(self, name: str) -> str:
        value = self.values.get(name, "")
        return value if isinstance(value, str) else ""

    def parts(self, name: str, between: str = "") -> Said:
        """A tuple of parts one after another (notes: each says its own parentheses), or
        ``between`` each ("; ": a list of steps, said as the reader's language
        punctuates it)."""
        value = self.values.get(name, ())
        parts = value if isinstance(value, tuple) else (value,) if isinstance(value, Why) else ()
        said_parts = [self.part(v) for v in parts]
        if between == "; ":
            return _listed(said_parts)
        if between == " and ":
            return _listed(said_parts, also=True)
        return joined(said_parts, between)

    def count(self, name: str) -> int:
        value = self.values.get(name, ())
        return len(value) if isinstance(value, tuple) else 1


def _listed(parts: list[Said], *, also: bool = False) -> Said:
    """Steps of a reason one after another, a semicolon between each; with ``also``,
    "and" between each (two players, two boards)."""
    if not parts:
        return Said("", ())
    out = parts[0]
    for more in parts[1:]:
        out = (said("{before} and {after}", before=out, after=more) if also else
               said("{before}; {after}", before=out, after=more))
    return out


def _times(m: int) -> Said:
    if m == 1:
        return said("once")
    if m == 2:
        return said("twice")
    return said("{n} times", n=m)


def _colour(code: str) -> Said:
    return said("White") if code == "W" else said("Black")


# --- the shared engine (King of the Hill, factored, Swiss, Portland, club nights) ----------

def _table(v: _Values) -> Said:
    return said("paired {a} v {b}: {table}{notes}", a=v.who("a"), b=v.who("b"), table=v["table"],
                notes=v.parts("notes"))


def _moved(v: _Values) -> Said:
    return said("paired {a} v {b}{places} instead of the table's {a} v {a_table} and "
                "{b} v {b_table}: {moves}{notes}", a=v.who("a"), b=v.who("b"),
                places=v.parts("places"), a_table=v.who("a_table"), b_table=v.who("b_table"),
                moves=v.parts("moves", "; "), notes=v.parts("notes"))


def _places(v: _Values) -> Said:
    return said(" ({a} v {b})", a=place(v.num("a")), b=place(v.num("b")))


def _may_not_meet(v: _Values) -> Said:
    return said("{a} and {b} may not meet ({rule})", a=v.who("a"), b=v.who("b"), rule=v["rule"])


def _met(v: _Values) -> Said:
    return said("{a} and {b} already met {times}", a=v.who("a"), b=v.who("b"),
                times=_times(v.num("times")))


def _split(v: _Values) -> Said:
    return said("{a} v {b} was split to mend a pair nearby", a=v.who("a"), b=v.who("b"))


def _wins(v: _Values) -> Said:
    return said(" ({a} has {a_wins:g} wins, {b} has {b_wins:g})", a=v.who("a"), a_wins=v["a_wins"],
                b=v.who("b"), b_wins=v["b_wins"])


def _breaks(v: _Values) -> Said:
    return said(" (breaks a rule: {rule}; no pairing without it was found)", rule=v["rule"])


def _repeat_fewest(v: _Values) -> Said:
    return said(" (a repeat: {a} and {b} met {times} before; no pairing with fewer repeats was "
                "found)", a=v.who("a"), b=v.who("b"), times=_times(v.num("times")))


def _repeat_allowed(v: _Values) -> Said:
    return said(" (a repeat: {a} and {b} met {times} before; up to {allowed} allowed)",
                a=v.who("a"), b=v.who("b"), times=_times(v.num("times")),
                allowed=_times(v.num("allowed")))


def _repeat(v: _Values) -> Said:
    return said(" (a repeat: {a} and {b} met {times} before)", a=v.who("a"), b=v.who("b"),
                times=_times(v.num("times")))


def _fixed(v: _Values) -> Said:
    return said("paired {a} v {b}: fixed: {rule}", a=v.who("a"), b=v.who("b"), rule=v["rule"])


def _bye(v: _Values) -> Said:
    return said("bye {player}: {rule}", player=v.who("player"), rule=v["rule"])


def _same_team(v: _Values) -> Said:
    return said("same team, {team}", team=v["team"])


def _team(v: _Values) -> Said:
    return said("same team ({team})", team=v["team"])


def _first_bye(v: _Values) -> Said:
    return said("first bye of the event, to the lowest-rated rated player ({rating})",
                rating=v["rating"])


def _no_bye_yet(v: _Values) -> Said:
    """The bye goes to the lowest placed player still without one (Director's Manual, "Odd
    Number of Players"); ``below``: how many placed lower, who have all had one (a count,
    said in words so that it never reads as a player's number)."""
    below = v.num("below")
    if not below:
        return said("last place among those still without a bye")
    return said_n("the lowest placed player still without a bye ({n} player below has "
                  "had one)", "the lowest placed player still without a bye ({n} players "
                  "below have had one)", below)


def _fewest_byes(v: _Values) -> Said:
    below, byes = v.num("below"), v.num("byes")
    if not below:
        return said_n("last place; every player has had {n} bye already",
                      "last place; every player has had {n} byes already", byes)
    return said_n("the lowest placed player with the fewest byes ({byes}); {n} player "
                  "below has had more", "the lowest placed player with the fewest byes "
                  "({byes}); {n} players below have had more", below, byes=byes)


def _factored(v: _Values) -> Said:
    places = said("{a} v {b}", a=place(v.num("a")), b=place(v.num("b")))
    name = said("KOTH") if v.num("factor") == 2 else said("FP{factor}", factor=v["factor"])
    if v.num("after"):
        return said("{name} (standings after round {after}): {places}", name=name,
                    after=v["after"], places=places)
    return said("{name}: {places}", name=name, places=places)


def _swiss(v: _Values) -> Said:
    return said("Swiss, {wins:g}-win group{pulled}: {a} v {b} of {size}", wins=v["wins"],
                pulled=v.parts("pulled"), a=place(v.num("a")), b=place(v.num("b")),
                size=v["size"])


def _pulled_up(v: _Values) -> Said:
    return said(", {player} pulled up from {wins:g}", player=v.who("player"), wins=v["wins"])


def _gibson_both(v: _Values) -> Said:
    return said("Gibson rule: {a} and {b} have both clinched, so they meet each other",
                a=v.who("a"), b=v.who("b"))


def _gibson(v: _Values) -> Said:
    return said("Gibson rule: {player} has clinched; {opponent} is the highest placed player "
                "who can no longer finish in the top {places}{passed}", player=v.who("player"),
                opponent=v.who("opponent"), places=v["places"], passed=v.parts("passed"))


def _passed_over(v: _Values) -> Said:
    return said(" ({player} already met {met})", player=v.who("player"), met=v.who("met"))


# --- tables: round robins, snake, split, John Green, quads, speed ---------------------------

def _john_green(v: _Values) -> Said:
    return said("John Green round {round} (Berger round {berger}); the byes go to seeds 1-5 in "
                "turn", round=v["round"], berger=v["berger"])


def _john_green_bye(v: _Values) -> Said:
    return said("the sixth bye goes to the poorer record of seeds 6 and 7 after five rounds "
                "({player} stands below {other})", player=v.who("player"), other=v.who("other"))


def _group_round(v: _Values) -> Said:
    return said("round {round} of {group}", round=v["round"], group=v["group"])


def _round_robin(v: _Values) -> Said:
    if v.num("cycles") > 1:
        return said("the {players}-player round robin (Clark rotation), cycle {cycle} of "
                    "{cycles}", players=v["players"], cycle=v["cycle"], cycles=v["cycles"])
    return said("the {players}-player round robin (Clark rotation)", players=v["players"])


def _group_table(v: _Values) -> Said:
    return said("{table}; {first} moves first", table=v["table"], first=v.who("first"))


def _sits_out(v: _Values) -> Said:
    return said("sits out {table}", table=v["table"])


def _opponent_withdrew(v: _Values) -> Said:
    return said("opponent withdrew; {table}", table=v["table"])


def _instead_of_byes(v: _Values) -> Said:
    text = said("{a} and {b} meet instead of two byes: {a} {a_why}, {b} {b_why}", a=v.who("a"),
                b=v.who("b"), a_why=v["a_why"], b_why=v["b_why"])
    if v.num("repeat"):
        return said("{pair} (a repeat: no other idle player was left)", pair=text)
    return text


def _snake_group(v: _Values) -> Said:
    return said("snake group {group} of {groups} ({members})", group=v["group"],
                groups=v["groups"], members=v.whos("members"))


def _split_rr(v: _Values) -> Said:
    split = said("odd-even split") if v.text("split") == "odd-even" else said("snake split")
    return said("round {round} of {rounds} of the split round robin ({split}), group 1 "
                "({first}) v group 2 ({second})", round=v["round"], rounds=v["rounds"],
                split=split, first=v.whos("first"), second=v.whos("second"))


def _swapped_repeat(v: _Values) -> Said:
    return said("swapped {a} and {b} (both {slot} players) to avoid a repeat", a=v.who("a"),
                b=v.who("b"), slot=v["slot"])


def _joined_group(v: _Values) -> Said:
    return said("{players} joined this group, not the last one, so that its byes go to players "
                "who have had fewest", players=v.whos("players"))


def _swapped_byes(v: _Values) -> Said:
    if v.text("a_slot") == v.text("b_slot"):
        return said("swapped {a} and {b} (both {slot} players) so that the byes go to players "
                    "who have had fewest", a=v.who("a"), b=v.who("b"), slot=v["a_slot"])
    return said("swapped {a} and {b} ({a_slot} and {b_slot} players) so that the byes go to "
                "players who have had fewest", a=v.who("a"), b=v.who("b"), a_slot=v["a_slot"],
                b_slot=v["b_slot"])


def _notes(v: _Values) -> Said:
    """A group's adjustment notes, each after a semicolon."""
    notes = v.parts("notes", "; ")
    return said("; {notes}", notes=notes) if notes.message else notes


def _quad(v: _Values) -> Said:
    return said("quad {members} (from groups of {size}{notes})", members=v.whos("members"),
                size=v["size"], notes=_notes(v))


def _seat(v: _Values) -> Said:
    return said("{slot} of quad {quad}", slot=v["slot"], quad=v["quad"])


def _quad_round4(v: _Values) -> Said:
    return said("quad session round 4: {a} v {b}", a=v["a"], b=v["b"])


def _koth_quad(v: _Values) -> Said:
    return said("KOTH quad {members} (positions {position} down{notes})",
                members=v.whos("members"), position=v["position"], notes=_notes(v))


def _odd_group_here(v: _Values) -> Said:
    return said("the odd group placed here so its byes go to players without one")


def _moved_to_top(v: _Values) -> Said:
    return said("{player} moved up to the King-of-the-Hill top so the byes go to players "
                "without one", player=v.who("player"))


def _speed_group(v: _Values) -> Said:
    block = v.num("block")
    if block == 1:
        return said("speed group {members} (rounds 1-3, by rating{notes})",
                    members=v.whos("members"), notes=_notes(v))
    if block == 4:
        return said("speed group {members} (rounds 4-6, halves by standing{notes})",
                    members=v.whos("members"), notes=_notes(v))
    return said("speed group {members}{notes}", members=v.whos("members"), notes=_notes(v))


def _best_records_meet(v: _Values) -> Said:
    return said("the two best records in the group meet")


def _winners_meet(v: _Values) -> Said:
    return said("round 7 winners meet, and losers meet")


def _odd_one_out(v: _Values) -> Said:
    return said("odd one out of {group}, lowest placed with the fewest byes whose sitting out "
                "leaves the fewest repeats", group=v["group"])


def _speed_results(v: _Values) -> Said:
    text = said("{group}, round {round}: {rule}", group=v["group"], round=v["round"],
                rule=v["rule"])
    step = v.num("step")
    if step == 2:
        return said("{pair} (a repeat: no pairing of the group avoids one)", pair=text)
    if step == 1:
        return said("{pair} (the next pairing of the group, to avoid a repeat)", pair=text)
    return text


# --- club nights ---------------------------------------------------------------------------

def _club_table(v: _Values) -> Said:
    places = said("{a} v {b}", a=place(v.num("a")), b=place(v.num("b")))
    order = v.text("order")
    if order == "koth":
        return said("KOTH tonight: {places}", places=places)
    if order == "ladder":
        return said("ladder: {places}", places=places)
    return said("random draw: {places}", places=places)


def _two_newcomers(v: _Values) -> Said:
    return said("two newcomers, {a} and {b} (Director's Manual: avoid pairing two newcomers "
                "together)", a=v.who("a"), b=v.who("b"))


def _newcomer_v_top(v: _Values) -> Said:
    return said("newcomer {player} v {top}, one of tonight's top {places} (Director's Manual: "
                "do not pair a newcomer with an expert)", player=v.who("player"), top=v.who("top"),
                places=v["places"])


def _newcomer_ok(v: _Values) -> Said:
    return said(" (newcomer {player} meets {other}, neither a newcomer nor one of tonight's "
                "top {places})", player=v.who("player"), other=v.who("other"), places=v["places"])


def _bye_passed(v: _Values) -> Said:
    if v.num("newcomers"):
        return said("; {player} came before in the bye order, but with {player} out a newcomer "
                    "would meet a top player or another newcomer", player=v.who("player"))
    return said("; {player} came before in the bye order, but with {player} out players would "
                "meet again tonight", player=v.who("player"))


def _club_bye(v: _Values) -> Said:
    return said("bye {player}: {rule}{passed}; {worth}", player=v.who("player"), rule=v["rule"],
                passed=v.parts("passed"), worth=v["worth"])


def _bye_spread(v: _Values) -> Said:
    return said("a win with +{spread} spread", spread=v["spread"])


def _bye_sits_out(v: _Values) -> Said:
    return said("sits out this round (no game, no result)")


# --- USCF Swiss (chess) ----------------------------------------------------------------------

def _colours_by_board(v: _Values) -> Said:
    return said("no colour history: colours by board")


def _colours_due(v: _Values) -> Said:
    return said("both get their due colours")


def _colour_stronger(v: _Values) -> Said:
    return said("both due {colour}; {player} has the stronger claim",
                colour=_colour(v.text("colour")), player=v.who("player"))


def _colour_same_history(v: _Values) -> Said:
    return said("both due {colour} with the same history; the higher-ranked {player} gets it",
                colour=_colour(v.text("colour")), player=v.who("player"))


def _colour_walked_back(v: _Values) -> Said:
    colour = v.text("colour")
    return said("both due {colour}; {player} had {other} when their histories last differed",
                colour=_colour(colour), player=v.who("player"),
                other=_colour("B" if colour == "W" else "W"))


def _due(v: _Values) -> Said:
    colour, claim = v.text("colour"), v.num("claim")
    if not colour:
        return said("no colour due")
    if claim == 1:
        return said("due {colour} to alternate", colour=_colour(colour))
    if claim == 2:
        return said("due {colour} to equalise colours", colour=_colour(colour))
    return said("due {colour} to avoid three in a row", colour=_colour(colour))


def _met_in(v: _Values) -> Said:
    return said("already met in round {rounds}", rounds=v["rounds"])


def _below_had_one(v: _Values) -> Said:
    return said(" (below: {players} had one already)", players=v.whos("players"))


def _below_unpairable(v: _Values) -> Said:
    return said(" (a bye lower down would leave the others unpairable)")


def _lowest_ranked(v: _Values) -> Said:
    points = v.text("points")
    rating = v.num("rating")
    shown = said("rated {rating}", rating=rating) if rating > 0 else said("unrated")
    if points == "1":
        head = said("lowest-ranked player (1 point, {rating})", rating=shown)
    else:
        head = said("lowest-ranked player ({points} points, {rating})", points=points,
                    rating=shown)
    had, fewest = v.num("had"), v.num("fewest")
    if had == 0:
        tail = said(" who has not had a bye")
    elif had == fewest:
        tail = said("; everyone has had {fewest}", fewest=fewest)
    elif had == 1:
        tail = said(", a second bye: no other bye leaves a pairing")
    else:
        tail = said(", bye number {n}: no other bye leaves a pairing", n=had + 1)
    return said("{head}{tail}{below}", head=head, tail=tail, below=v.parts("below"))


def _point_group(v: _Values) -> Said:
    return said("{points}-point group", points=v["points"])


def _gainers(v: _Values) -> Said:
    """The players a switch gives their due colour: "2 (due White to alternate) get(s)"."""
    names = v.parts("gainers", " and ")
    return said_n("so that {players} gets the colour due", "so that {players} get the colour due",
                  v.count("gainers"), players=names)


def _across_groups(v: _Values) -> Said:
    was = v.parts("was", " and " if v.num("boards") == 2 else ", ")
    if v.num("boards") == 2:
        return said("re-paired across score groups from {was} {goal}, which no switch inside a "
                    "score group gave", was=was, goal=_gainers(v))
    return said("re-paired across score groups from {was} {goal}, which no switch of two "
                "boards gave", was=was, goal=_gainers(v))


def _board(v: _Values) -> Said:
    return said("{a} v {b}", a=v.who("a"), b=v.who("b"))


def _gets_due(v: _Values) -> Said:
    return said("{player} ({due})", player=v.who("player"), due=v["due"])


def _round_unpairable(v: _Values) -> Said:
    return said("the rest of the round could not then be paired")


def _group_unpairable(v: _Values) -> Said:
    return said("the rest of the group could not then be paired")


def _not(v: _Values) -> Said:
    return said("not {player}: {rule}", player=v.who("player"), rule=v["rule"])


def _rather(v: _Values) -> Said:
    if v.num("three"):
        return said("{player} rather than {instead} to avoid a third colour in a row, {gap} "
                    "rating points apart, {limit}", player=v.who("player"),
                    instead=v.who("instead"), gap=v["gap"], limit=v["limit"])
    return said("{player} rather than {instead} so both get their due colours, {gap} rating "
                "points apart, {limit}", player=v.who("player"), instead=v.who("instead"),
                gap=v["gap"], limit=v["limit"])


def _no_limit(v: _Values) -> Said:
    return said("no rating limit applies to avoiding three in a row")


def _limit(v: _Values) -> Said:
    return said("within the {points}-point limit", points=v["points"])


def _group_above(v: _Values) -> Said:
    return said("group above")


def _dropped(v: _Values) -> Said:
    return said("{player} dropped from the {source} to meet the highest-ranked player they can "
                "in the {group}", player=v.who("player"), source=v["source"], group=v["group"])


def _dropped_why(v: _Values) -> Said:
    n = v.num("together")
    if n == 1:
        return said("dropped rather than a lower-ranked player: no other choice leaves the "
                    "group and the players below both pairable")
    return said("one of {n} dropped together, not fewer or lower-ranked ones: no other choice "
                "leaves the group and the players below both pairable", n=n)


def _of(v: _Values) -> Said:
    return said("{player}: {rule}", player=v.who("player"), rule=v["rule"])


def _top_v_bottom(v: _Values) -> Said:
    return said("top half v bottom half of the {group}", group=v["group"])


def _interchange(v: _Values) -> Said:
    return said("{player} moved up from the bottom of the top half of the {group} "
                "(interchange)", player=v.who("player"), group=v["group"])


def _bottom_together(v: _Values) -> Said:
    return said("bottom-half players of the {group} paired together", group=v["group"])


def _switch(v: _Values, transposed: bool) -> Said:
    goal = (_gainers(v) if v.count("gainers") else
            said("so that the colour claim left unmet is a weaker one"))
    if transposed:
        return said("transposed {a} and {b} {goal}, {gap} rating points apart, {limit}",
                    a=v.who("a"), b=v.who("b"), goal=goal, gap=v["gap"], limit=v["limit"])
    return said("interchanged {a} and {b} {goal}, {gap} rating points apart, {limit}",
                a=v.who("a"), b=v.who("b"), goal=goal, gap=v["gap"], limit=v["limit"])


def _accelerated(v: _Values) -> Said:
    return said("accelerated: the top half by rating counts one extra point")


def _rematch(v: _Values) -> Said:
    return said("a rematch: no pairing of the round avoids one")


def _same_team_unavoidable(v: _Values) -> Said:
    return said("same team ({team}): no pairing of the round avoids it", team=v["team"])


def _colours(v: _Values) -> Said:
    return said("colours: {rule}", rule=v["rule"])


def _uscf(v: _Values) -> Said:
    return said("{white} (White) v {black}: {notes}", white=v.who("white"), black=v.who("black"),
                notes=v.parts("notes", "; "))


# --- what the bot adds -----------------------------------------------------------------------

def _by_system(v: _Values) -> Said:
    return said("paired by {system}", system=v["system"])


def _requested_bye(v: _Values) -> Said:
    return said("unavailable: a requested bye")


def _apart_definition(v: _Values) -> Said:
    return said("kept apart by the event's definition")


def _apart_td(v: _Values) -> Said:
    return said("kept apart by a TD: {note}", note=v["note"])


def _no_reason_kept(v: _Values) -> Said:
    return said("no reason kept")


def _kept_text(v: _Values) -> Said:
    return Said("{text}", (("text", v.text("text")),))


_WORDS: dict[str, Callable[[_Values], Said]] = {
    "table": _table, "moved": _moved, "places": _places, "may_not_meet": _may_not_meet,
    "met": _met, "split": _split, "wins": _wins, "breaks": _breaks,
    "repeat_fewest": _repeat_fewest, "repeat_allowed": _repeat_allowed, "repeat": _repeat,
    "fixed": _fixed, "bye": _bye, "same_team": _same_team, "first_bye": _first_bye,
    "no_bye_yet": _no_bye_yet, "fewest_byes": _fewest_byes, "factored": _factored,
    "team": _team, "swiss": _swiss, "pulled_up": _pulled_up, "gibson_both": _gibson_both,
    "gibson": _gibson, "passed_over": _passed_over, "john_green": _john_green,
    "john_green_bye": _john_green_bye, "group_round": _group_round,
    "round_robin": _round_robin, "group_table": _group_table, "sits_out": _sits_out,
    "opponent_withdrew": _opponent_withdrew, "instead_of_byes": _instead_of_byes,
    "snake_group": _snake_group, "split_rr": _split_rr, "swapped_repeat": _swapped_repeat,
    "joined_group": _joined_group, "swapped_byes": _swapped_byes, "quad": _quad,
    "seat": _seat, "quad_round4": _quad_round4, "koth_quad": _koth_quad,
    "odd_group_here": _odd_group_here, "moved_to_top": _moved_to_top,
    "speed_group": _speed_group, "best_records_meet": _best_records_meet,
    "winners_meet": _winners_meet, "odd_one_out": _odd_one_out,
    "speed_results": _speed_results, "club_table": _club_table,
    "two_newcomers": _two_newcomers, "newcomer_v_top": _newcomer_v_top,
    "newcomer_ok": _newcomer_ok, "bye_passed": _bye_passed, "club_bye": _club_bye,
    "bye_spread": _bye_spread, "bye_sits_out": _bye_sits_out,
    "colours_by_board": _colours_by_board, "colours_due": _colours_due,
    "colour_stronger": _colour_stronger, "colour_same_history": _colour_same_history,
    "colour_walked_back": _colour_walked_back, "due": _due, "met_in": _met_in,
    "below_had_one": _below_had_one, "below_unpairable": _below_unpairable,
    "lowest_ranked": _lowest_ranked, "point_group": _point_group,
    "across_groups": _across_groups, "board": _board, "gets_due": _gets_due,
    "round_unpairable": _round_unpairable, "group_unpairable": _group_unpairable,
    "not": _not, "rather": _rather, "no_limit": _no_limit, "limit": _limit,
    "group_above": _group_above, "dropped": _dropped, "dropped_why": _dropped_why,
    "of": _of, "top_v_bottom": _top_v_bottom, "interchange": _interchange,
    "bottom_together": _bottom_together,
    "transposed": lambda v: _switch(v, True), "interchanged": lambda v: _switch(v, False),
    "accelerated": _accelerated, "rematch": _rematch,
    "same_team_unavoidable": _same_team_unavoidable, "colours": _colours, "uscf": _uscf,
    "by_system": _by_system, "requested_bye": _requested_bye,
    "apart_definition": _apart_definition, "apart_td": _apart_td, "kept_text": _kept_text,
    "no_reason_kept": _no_reason_kept,
}
