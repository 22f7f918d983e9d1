"""USCF Swiss for scholastic chess: score groups, top half v bottom half, colours.

USCF guide (scholastic chess introduction, "How do you pair players together?"):

- "Players with the same score are grouped together and paired with each other, top half
  vs. bottom half, in rating order", top score group first; "unrated players are usually
  placed right after the lowest-rated player". Within a group the order is rating, then
  player number, so the same input always gives the same pairing.
- "if there is an odd number of players with the same score, the lowest rated player
  will usually 'drop' to the next score group ... and play one of the players with less
  points": a dropped player meets the highest-ranked player below who can take him
  (USCF 29D), and the group above is paired before the one below. Only as many drop
  as the group needs: the odd player, more only when teammates or rematches leave the
  group no other pairing, and then the fewest, so that every group below can be paired.
- "avoiding pairing players together who have played each other before": a rematch is
  never made while any pairing without one exists. A pair whose game was forfeited was
  paired: that counts as a meeting, as every pairing system here counts one
  (``core.pairing.history``), so a forfeit is never followed by the same pair again while
  another pairing exists.
- "players avoid playing opponents from the same school. In small score groups near the
  bottom ... it may sometimes be necessary to pair players together with different
  scores, to prevent players from the same school from playing each other": same-team
  pairs (``Player.team``) are avoided above score groups; only when no pairing of the
  whole round avoids them are they allowed.
- "one player, usually the lowest rated player with the lowest score (a different player
  each round) will receive a 1-point bye": the bye goes to the lowest-ranked player of
  the lowest score group who has not had one, provided the others can then be paired.
- Accelerated pairings ("dividing the tournament groups into four quarters, instead of
  two halves, in the first round"), by the added-score method (USCF 28R2): the top half
  by rating, rounded up to an even number, counts one extra point for pairing only in
  the accelerated rounds (default the first two), so round 1 is 1st v 2nd quarter and
  3rd v 4th, and in round 2 the top half's losers meet the bottom half's winners.
- Colours (see :mod:`core.pairing.colours`): after a group is paired, a pair whose two
  players are due the same colour is fixed by a transposition (two bottom-half players
  swap opponents) or an interchange (a top-half and a bottom-half player swap halves),
  but only between players within 80 rating points to give alternation, within 200 to
  equalise (USCF 29E5), and with no limit to avoid a third colour in a row: the seed's
  "we avoid making switches in pairings if there is a large difference in the ratings of
  the players being switched (except to avoid giving someone 3-in-a-row)". In the final
  round three in a row is allowed (USCF 29E5f1), so that claim falls to the 200 limit.
  The boards of players dropped into a group join its switches only to avoid a third
  colour in a row, and a dropped player whose first opponent would give one of them a
  third colour in a row meets the next who does not, at any rating distance. What no
  switch inside a group mends (two players left both due a third White) is then tried
  across groups: a switch with a board of another group (which is also a different
  player dropping), else re-pairing a few neighbouring boards, with partners at most
  a point apart in score, or as far as the boards were
  (:meth:`_Pairer.fix_three_across`). In 90 simulated 7-round events this took third
  colours in a row from 15 events to 1.

Why procedural and not the shared matching engine: the USCF rules are an ordered
procedure whose every step a TD checks by hand ("transposed 5 and 6 to give 2 his due
colour, 40 points apart"); the exact matching below is used only as a look-ahead, so a
step is never taken that would leave the rest of the round unpairable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, combinations, islice
from math import comb

from core.pairing.colours import WHITE, Claim, allocate, colour_history, due_colour
from core.pairing.why import Why, why
from core.standings import scrabble_standings
from core.tournament import Division, Pairings, Player

Pair = tuple[int, int]

ALTERNATION_LIMIT = 80  # USCF 29E5a, the 80-point rule
EQUALISATION_LIMIT = 200  # USCF 29E5b, the 200-point rule
#: How far apart in score two partners may be after a switch across score groups to
#: avoid a third colour in a row (or as far as the boards switched already were): one
#: point, the distance of a drop-down between groups that differ by one result.
REACH = 1.0
_DROP_SETS_PER_SIZE = 400  # drop choices tried per size before dropping two more


@dataclass(frozen=True)
class _Relax:
    """Which rules a round may break, tried from none upward."""

    team_ok: bool
    rematch_ok: bool
    avoid_team: bool  # the event avoids same-team pairs (so, when allowed, they come last)


@dataclass
class _Board:
    """A pair being built: ``high`` is the higher-ranked player."""

    high: int
    low: int
    notes: list[Why]


def pair_uscf_swiss(
    division: Division,
    round_number: int,
    *,
    accelerated: bool = False,
    accelerated_rounds: int = 2,
    avoid_same_team: bool = True,
    final_round: bool = False,
    total_rounds: int | None = None,
    top_white: bool = True,
) -> Pairings:
    """Pair ``round_number`` (1-based) by the USCF Swiss as USCF guide describes it.

    In each pair the first player has White. ``top_white`` gives the top board White
    when neither player has a colour history (USCF lets the TD choose by lot). The
    final round (``final_round``, or ``round_number == total_rounds``) may give a third
    colour in a row.
    """
    if round_number < 1:
        raise ValueError(f"round must be 1 or more, got {round_number}")
    if total_rounds is not None:
        if total_rounds < round_number:
            raise ValueError(
                f"total_rounds {total_rounds} is less than the round being paired ({round_number})"
            )
        final_round = final_round or round_number == total_rounds
    if accelerated_rounds < 0:
        raise ValueError(f"accelerated_rounds must be 0 or more, got {accelerated_rounds}")
    active = [p for p in division.players if p.active]
    if len(active) < 2:
        raise ValueError(
            f"division {division.name!r} has {len(active)} active player(s); a Swiss needs 2"
        )
    before = division.up_to_round(round_number - 1)
    score = {s.number: s.wins for s in scrabble_standings(before)}  # wins = points, draws half
    bonus = _acceleration(active, round_number, accelerated, accelerated_rounds)
    pairing_score = {p.number: score[p.number] + bonus.get(p.number, 0.0) for p in active}
    players = {p.number: p for p in active}
    ranked = sorted(active, key=lambda p: (-pairing_score[p.number], -_rating_key(p), p.number))
    order = [p.number for p in ranked]
    met = _meetings(before)
    byes_had = {p.number: before.byes_of(p.number) for p in active}
    histories = {p.number: colour_history(division, p.number, round_number) for p in active}

    levels = [_Relax(not avoid_same_team, False, avoid_same_team)]
    if avoid_same_team:
        levels.append(_Relax(True, False, True))
    levels.append(_Relax(True, True, avoid_same_team))
    for relax in levels:
        pairer = _Pairer(players, order, pairing_score, score, met, histories, relax, final_round)
        result = pairer.pair(byes_had)
        if result is not None:
            return pairer.finish(round_number, result, top_white, accelerated and bool(bonus))
    raise AssertionError("unreachable: with rematches and teams allowed any even set pairs")


def _rating_key(player: Player) -> int:
    """Unrated players rank right after the lowest-rated player (USCF guide)."""
    return player.rating if player.rating > 0 else -1


def _acceleration(
    active: Sequence[Player], round_number: int, accelerated: bool, rounds: int
) -> dict[int, float]:
    """The added point of USCF 28R2 for the top half by rating, rounded up to even."""
    if not accelerated or round_number > rounds:
        return {}
    by_rating = sorted(active, key=lambda p: (-_rating_key(p), p.number))
    size = (len(by_rating) + 1) // 2
    size += size % 2
    return {p.number: 1.0 for p in by_rating[:size]}


def _meetings(division: Division) -> dict[frozenset[int], list[int]]:
    """Rounds in which each pair met: any game with a named opponent, a forfeit too (the
    module's docstring says why), as ``Division.times_met`` counts them."""
    met: dict[frozenset[int], list[int]] = {}
    for game in division.games:
        if game.b is not None:
            met.setdefault(frozenset((game.a, game.b)), []).append(game.round)
    return met


def _points(value: float) -> str:
    whole = int(value)
    if value - whole == 0.5:
        return f"{whole or ''}½"
    return f"{value:g}"


class _Pairer:
    """One attempt at a round under one level of relaxation."""

    def __init__(
        self,
        players: dict[int, Player],
        order: list[int],
        pairing_score: dict[int, float],
        score: dict[int, float],
        met: dict[frozenset[int], list[int]],
        histories: dict[int, str],
        relax: _Relax,
        final_round: bool,
    ) -> None:
        self.players = players
        self.order = order
        self.rank = {p: i for i, p in enumerate(order)}
        self.pairing_score = pairing_score
        self.score = score
        self.met = met
        self.histories = histories
        self.relax = relax
        self.final_round = final_round
        self.due = {p: due_colour(h) for p, h in histories.items()}
        self.dropped_from: dict[int, Why] = {}
        self.drop_why: dict[int, Why] = {}
        self._cache: dict[frozenset[int], bool] = {}
        self._blocked = self._blocked_partners()
        self._most_blocked = max((len(b) for b in self._blocked.values()), default=0)

    def _blocked_partners(self) -> dict[int, set[int]]:
        """Everyone each player may not meet at this level (few: opponents, teammates)."""
        out: dict[int, set[int]] = {p: set() for p in self.players}
        if not self.relax.rematch_ok:
            for pair in self.met:
                p, q = tuple(pair)
                if p in out and q in out:
                    out[p].add(q)
                    out[q].add(p)
        if not self.relax.team_ok:
            teams: dict[str, list[int]] = {}
            for number, player in self.players.items():
                if player.team:
                    teams.setdefault(player.team, []).append(number)
            for members in teams.values():
                for p in members:
                    out[p].update(q for q in members if q != p)
        return out

    # --- constraints -------------------------------------------------------------------

    def blocked(self, p: int, q: int) -> Why | None:
        """Why p and q may not meet at this level, or None."""
        rounds = self.met.get(frozenset((p, q)))
        if rounds and not self.relax.rematch_ok:
            return why("met_in", rounds=", ".join(map(str, rounds)))
        team = self.players[p].team
        if team and team == self.players[q].team and not self.relax.team_ok:
            return why("team", team=team)
        return None

    def ok(self, p: int, q: int) -> bool:
        return self.blocked(p, q) is None

    def regret(self, p: int, q: int) -> int:
        """Rules this level allows but still prefers kept: 2 for a rematch, 1 for a
        same-team pair. Candidates are tried in this order, so the few breaks that no
        pairing of the round can avoid are all that is made (greedily)."""
        rematch = 2 if frozenset((p, q)) in self.met else 0
        team = self.players[p].team
        same = 1 if self.relax.avoid_team and team and team == self.players[q].team else 0
        return rematch + same

    def by_regret(self, p: int, candidates: Iterable[int]) -> Iterable[int]:
        """Allowed-but-regretted candidates last; blocked ones stay put (to be named).
        At a level that allows neither rematches nor (avoided) team pairs every allowed
        candidate has regret 0, so the order is kept as it is, without a sort."""
        if not (self.relax.rematch_ok or (self.relax.team_ok and self.relax.avoid_team)):
            return candidates
        return sorted(candidates, key=lambda q: self.regret(p, q) if self.ok(p, q) else 0)

    def matchable(self, group: Iterable[int]) -> bool:
        """Can these players all be paired among themselves? (exact, by matching)"""
        members = frozenset(group)
        if len(members) % 2:
            return False
        if members in self._cache:
            return self._cache[members]
        # Dirac: if everyone may meet at least half of the others, a Hamiltonian cycle,
        # and so a perfect matching, exists; only the rare tight cases need the matching
        limit = len(members) // 2 - 1
        if all(len(self._blocked[p] & members) <= limit for p in members):
            self._cache[members] = True
            return True
        found = _perfect_matching_exists(sorted(members), self.ok)
        self._cache[members] = found
        return found

    # --- the round ---------------------------------------------------------------------

    def pair(self, byes_had: dict[int, int]) -> tuple[list[_Board], int | None, Why | None] | None:
        pool = list(self.order)
        bye: int | None = None
        bye_reason: Why | None = None
        if len(pool) % 2:
            chosen = self.choose_bye(pool, byes_had)
            if chosen is None:
                return None
            bye, bye_reason = chosen
            pool.remove(bye)
        elif not self.matchable(pool):
            return None
        return self.pair_groups(pool), bye, bye_reason

    def choose_bye(self, pool: list[int], byes_had: dict[int, int]) -> tuple[int, Why] | None:
        """Lowest score, then lowest rating, among those with the fewest byes (USCF guide),
        provided the others can then be paired at this level. A second bye comes before
        a same-team game (the next level), a rematch after both."""
        lowest_first = sorted(pool, key=lambda p: (self.score[p], _rating_key(self.players[p]), -p))
        fewest = min(byes_had[p] for p in pool)
        for p in sorted(lowest_first, key=lambda p: byes_had[p]):  # stable: lowest first
            if not self.matchable(q for q in pool if q != p):
                continue
            lower = lowest_first[: lowest_first.index(p)]
            below: tuple[Why, ...] = ()
            if lower and all(byes_had[q] > byes_had[p] for q in lower):
                below = (why("below_had_one", players=", ".join(map(str, lower))),)
            elif lower:
                below = (why("below_unpairable"),)
            rule = why("lowest_ranked", points=_points(self.score[p]),
                       rating=self.players[p].rating, had=byes_had[p], fewest=fewest,
                       below=below)
            return p, why("bye", player=p, rule=rule)
        return None

    def pair_groups(self, pool: list[int]) -> list[_Board]:
        boards: list[_Board] = []
        unpaired = set(pool)
        scores = sorted({self.pairing_score[p] for p in pool}, reverse=True)
        carry: list[int] = []
        for value in scores:
            label = why("point_group", points=_points(value))
            natives = [p for p in pool if self.pairing_score[p] == value]
            still: list[int] = []
            drop_boards: list[_Board] = []
            for c in carry:
                board = self.pair_dropped(c, [x for x in natives if x in unpaired], unpaired, label)
                if board is None:
                    still.append(c)
                    continue
                drop_boards.append(board)
                unpaired -= {board.high, board.low}
            rest = [x for x in natives if x in unpaired]
            below = still + [x for x in pool if x in unpaired and self.pairing_score[x] < value]
            dropped, kept = self.choose_drops(rest, below)
            group_boards = self.pair_within(kept, label)
            self.fix_colours(group_boards)
            group_boards = drop_boards + group_boards
            if drop_boards:
                # a third colour in a row left in the group (two natives both due a third
                # White) may still be avoided by a switch with a dropped player's board:
                # the seed's one exception to its rating limits
                self.fix_colours(group_boards, at_least=Claim.NOT_THREE)
            boards.extend(group_boards)
            unpaired -= set(kept)
            for d in dropped:
                self.note_drop(d, label)
            carry = sorted(still + dropped, key=self.rank.__getitem__)
        if carry:  # pragma: no cover - see choose_drops: the fewest drops leave none
            raise AssertionError(f"players left unpaired: {carry}")
        if not self.final_round:
            self.fix_three_across(boards)
        return boards

    def three_left(self, p: int, q: int) -> int:
        """1 when this pair leaves one of them a third colour in a row."""
        return int(self.colour_cost(p, q) == Claim.NOT_THREE)

    def fix_three_across(self, boards: list[_Board]) -> None:
        """USCF guide: "We also try to avoid assigning the same color in three consecutive
        games to a player", the one colour rule it puts above its rating limits. When
        a score group is left with two players both due a third White (or Black) and no
        switch inside it helps, a switch with a board of another group may: the two
        lower players of two boards swap opponents, or the two boards re-pair as an
        interchange, which is also how a different player drops to the group below.
        Taken only when it leaves fewer third colours in a row, makes no rematch or
        same-team game this level forbids (nor more of those it regrets), puts no two
        partners more than ``REACH`` (a point) apart in score unless the boards already
        were (USCF guide pairs "players with the same score": a colour claim does not
        send a leader far down the field), and, of those,
        the one that moves the least score between partners, then the nearest boards,
        then the smallest rating switch. Not in the final round, where three in a row is
        allowed (USCF 29E5f1) and the score groups stand."""
        switched = True
        while switched:
            switched = False
            for k in range(len(boards)):
                if self.three_left(boards[k].high, boards[k].low):
                    switched = self.switch_across(boards, k) or switched
        self.repair_windows(boards)

    def switch_across(self, boards: list[_Board], k: int) -> bool:
        """The best two-board switch for board ``k`` (see :meth:`fix_three_across`)."""
        a, b = boards[k].high, boards[k].low
        best: tuple[tuple[float, int, int], int, Pair, Pair] | None = None
        for j, other in enumerate(boards):
            if j == k:
                continue
            c, d = other.high, other.low
            before = self.three_left(a, b) + self.three_left(c, d)
            reach = max(REACH, self.score_gap(a, b), self.score_gap(c, d))
            for pair_k, pair_j in (((a, d), (c, b)), ((a, c), (b, d))):
                if self.three_left(*pair_k) + self.three_left(*pair_j) >= before:
                    continue
                if max(self.score_gap(*pair_k), self.score_gap(*pair_j)) > reach:
                    continue
                if not (self.ok(*pair_k) and self.ok(*pair_j)):
                    continue
                if (self.regret(*pair_k) + self.regret(*pair_j)
                        > self.regret(a, b) + self.regret(c, d)):
                    continue
                moved = (self.score_gap(*pair_k) + self.score_gap(*pair_j)
                         - self.score_gap(a, b) - self.score_gap(c, d))
                gap = min(self.rating_gap(b, d), self.rating_gap(b, c))
                key = (moved, abs(self.rank[a] - self.rank[c]), gap)
                if best is None or key < best[0]:
                    best = (key, j, pair_k, pair_j)
        if best is None:
            return False
        _, j, pair_k, pair_j = best
        old_k, old_j = boards[k], boards[j]
        still = {self.claim_loser(*pair) for pair in (pair_k, pair_j) if self.three_left(*pair)}
        gainers = sorted(
            (self.claim_loser(o.high, o.low) for o in (old_k, old_j)
             if self.three_left(o.high, o.low)
             and self.claim_loser(o.high, o.low) not in still),
            key=self.rank.__getitem__,
        )
        text = why("across_groups", was=(why("board", a=old_k.high, b=old_k.low),
                                         why("board", a=old_j.high, b=old_j.low)),
                   gainers=self.gainers(gainers), boards=2)
        for index, pair in ((k, pair_k), (j, pair_j)):
            high, low = sorted(pair, key=self.rank.__getitem__)
            boards[index] = _Board(high, low, [text])
        return True

    def repair_windows(self, boards: list[_Board]) -> None:
        """What no switch of two boards mends, a few neighbouring boards may: the boards
        around one that leaves a third colour in a row (3, then 5, 9, 17 boards, by rank)
        are paired again, exactly, with no pair that leaves one, none this level
        forbids, no more it regrets, and the least score between partners. Small fields
        late in an event need this (10 players in round 6 of 7, most pairs already
        played); the boards outside the window stand."""
        for size in (3, 5, 9, 17):
            mended = True
            while mended:
                mended = False
                for k in range(len(boards)):
                    if not self.three_left(boards[k].high, boards[k].low):
                        continue
                    order = sorted(range(len(boards)), key=lambda i: self.rank[boards[i].high])
                    at = order.index(k)
                    lo = max(0, min(at - size // 2, len(order) - size))
                    if self.repair(boards, order[lo : lo + size]):
                        mended = True

    def repair(self, boards: list[_Board], window: Sequence[int]) -> bool:
        old = [boards[i] for i in window]
        members = sorted((p for b in old for p in (b.high, b.low)), key=self.rank.__getitem__)
        regret = sum(self.regret(b.high, b.low) for b in old)
        reach = max(REACH, *(self.score_gap(b.high, b.low) for b in old))
        import rustworkx as rx  # lazy: a heavy graph library, loaded only to pair

        graph: rx.PyGraph = rx.PyGraph()
        graph.add_nodes_from(members)
        for i, p in enumerate(members):
            for j in range(i + 1, len(members)):
                q = members[j]
                if (self.ok(p, q) and not self.three_left(p, q)
                        and self.score_gap(p, q) <= reach):
                    cost = 1000 * self.regret(p, q) + int(20 * self.score_gap(p, q)) * 10 + min(
                        9, abs(self.rank[p] - self.rank[q]))
                    graph.add_edge(i, j, 100_000 - cost)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
        if 2 * len(matching) != len(members):
            return False
        pairs = [tuple(sorted((members[i], members[j]), key=self.rank.__getitem__))
                 for i, j in matching]
        if sum(self.regret(p, q) for p, q in pairs) > regret:
            return False
        gainers = sorted((self.claim_loser(b.high, b.low) for b in old
                          if self.three_left(b.high, b.low)), key=self.rank.__getitem__)
        text = why("across_groups", was=tuple(why("board", a=b.high, b=b.low) for b in old),
                   gainers=self.gainers(gainers), boards=len(old))
        for i, (p, q) in zip(window, sorted(pairs, key=lambda pq: self.rank[pq[0]]), strict=True):
            boards[i] = _Board(p, q, [text])
        return True

    def gainers(self, players: Sequence[int]) -> tuple[Why, ...]:
        """The players a switch gives their due colour, each with the colour due."""
        return tuple(why("gets_due", player=g, due=self.due[g].reason()) for g in players)

    def score_gap(self, p: int, q: int) -> float:
        return abs(self.pairing_score[p] - self.pairing_score[q])

    def rating_gap(self, p: int, q: int) -> int:
        return abs(self.players[p].rating - self.players[q].rating)

    def note_drop(self, player: int, label: Why) -> None:
        self.dropped_from.setdefault(player, label)

    def pair_dropped(
        self, c: int, natives: list[int], unpaired: set[int], label: Why
    ) -> _Board | None:
        """USCF 29D: a dropped player meets the highest-ranked player below he can play;
        among those within 80 points of that one, one who lets both have their due
        colours is preferred."""
        skipped: list[Why] = []
        first: int | None = None
        for x in self.by_regret(c, natives):
            because = self.blocked(c, x)
            if because is None and not self.matchable(unpaired - {c, x}):
                because = why("round_unpairable")
            if because is None:
                first = x
                break
            skipped.append(why("not", player=x, rule=because))
        if first is None:
            return None
        choice = first
        claim = self.colour_cost(c, first)
        if claim:
            # a third colour in a row is avoided at any rating distance (USCF guide's one
            # exception to its limits), other claims within 80 points
            three = claim == Claim.NOT_THREE and not self.final_round
            for x in natives[natives.index(first) + 1 :]:
                gap = abs(self.players[x].rating - self.players[first].rating)
                if gap > ALTERNATION_LIMIT and not three:
                    break
                if (
                    self.colour_cost(c, x) < (claim if three else 1)
                    and self.regret(c, x) <= self.regret(c, first)
                    and self.ok(c, x)
                    and self.matchable(unpaired - {c, x})
                ):
                    choice = x
                    limit = why("no_limit") if three else why("limit", points=ALTERNATION_LIMIT)
                    skipped.append(why("rather", player=x, instead=first, gap=gap, limit=limit,
                                       three=int(bool(self.colour_cost(c, x)))))
                    break
        source = self.dropped_from.get(c, why("group_above"))
        head = why("dropped", player=c, source=source, group=label)
        return _Board(c, choice, [head, *self.why_dropped(c), *skipped])

    def choose_drops(self, rest: list[int], below: list[int]) -> tuple[list[int], list[int]]:
        """The fewest, lowest-ranked players to drop so that the group pairs within itself
        and the dropped players can still be paired further down (USCF guide: the odd
        player "will usually 'drop' to the next score group"; more drop only when
        teammates or rematches leave the group no other pairing). Drop choices are tried
        lowest-ranked first; when a size has more choices than can be tried, an exact
        matching (:meth:`fewest_drops`) finds the fewest.

        The fewest is what keeps the round pairable group by group, not only as a whole.
        A dropped player passes a group only when none of its players can take him with
        the rest still pairable, so the only players he could be left to meet are those
        dropped with him; and with the fewest drops no two of those are left to meet
        only each other, as they could then both have stayed. Settling for more drops
        once left two players of one group stranded at the foot of the draw."""
        for size in range(len(rest) % 2, len(rest) + 1, 2):
            tried = 0
            for dropped in islice(combinations(reversed(rest), size), _DROP_SETS_PER_SIZE):
                tried += 1
                kept = [x for x in rest if x not in dropped]
                if self.matchable(kept) and self.matchable([*dropped, *below]):
                    return self.note_extra_drops(sorted(dropped, key=self.rank.__getitem__),
                                                 rest, kept)
            if tried == _DROP_SETS_PER_SIZE and comb(len(rest), size) > tried:
                return self.note_extra_drops(self.fewest_drops(rest, below), rest, None)
        raise AssertionError("unreachable: dropping the whole group is always possible")

    def fewest_drops(self, rest: list[int], below: list[int]) -> list[int]:
        """Exactly the fewest players of ``rest`` to drop, the lowest-ranked of those:
        a pairing of the group and everyone below in which the fewest pairs join a
        player of the group to one below (each such pair is a drop; a player of the
        group who drops dearer the higher he ranks). The rest of the round is pairable
        (the caller's invariant), so such a pairing exists."""
        members = [*rest, *below]
        n = len(rest)
        drop_cost = n * n + 1  # one more drop costs more than any choice of who drops
        base = drop_cost + n + 1  # every weight positive
        import rustworkx as rx  # lazy: a heavy graph library, loaded only to pair

        graph: rx.PyGraph = rx.PyGraph()
        graph.add_nodes_from(range(len(members)))
        for i, p in enumerate(members):
            for j in range(i + 1, len(members)):
                if self.ok(p, members[j]):
                    cost = drop_cost + n - i if i < n <= j else 0
                    graph.add_edge(i, j, base - cost)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
        if 2 * len(matching) != len(members):  # pragma: no cover - the caller's invariant
            raise AssertionError("unreachable: the rest of the round was pairable")
        dropped = [members[min(i, j)] for i, j in matching if min(i, j) < n <= max(i, j)]
        return sorted(dropped, key=self.rank.__getitem__)

    def note_extra_drops(
        self, dropped: list[int], rest: list[int], kept: list[int] | None
    ) -> tuple[list[int], list[int]]:
        """Say why, when more than the odd player drops or a higher-ranked one drops
        before a lower-ranked one: the group could not otherwise be paired within
        itself with the players below still pairable."""
        if kept is None:
            kept = [x for x in rest if x not in dropped]
        passed = [x for x in kept if dropped and self.rank[x] > self.rank[dropped[0]]]
        if len(dropped) > len(rest) % 2 or passed:
            for d in dropped:
                self.drop_why.setdefault(d, why("dropped_why", together=len(dropped)))
        return dropped, kept

    def why_dropped(self, *players: int) -> list[Why]:
        return [why("of", player=p, rule=self.drop_why[p]) for p in players if p in self.drop_why]

    def pair_within(self, members: list[int], label: Why) -> list[_Board]:
        """Top half v bottom half in rank order; when the natural opponent cannot be met,
        the next one down the bottom half (a transposition), then a top-half player from
        the bottom of the top half (an interchange)."""
        half = len(members) // 2
        top = set(members[:half])
        # the players still to pair, in rank order, kept as two ordered sets so that
        # each step starts where its candidates are (a 10,000-player group stays linear)
        upper = dict.fromkeys(members[:half])
        lower = dict.fromkeys(members[half:])
        boards: list[_Board] = []
        while upper or lower:
            p = next(iter(upper or lower))
            del (upper if p in upper else lower)[p]
            candidates: Iterable[int] = (
                chain(lower, reversed(upper)) if p in top else chain(upper, lower)
            )
            left = len(upper) + len(lower)
            # Dirac: when nobody is blocked from half the others, the rest always pairs
            easy = self._most_blocked <= (left - 1) // 2 - 1
            notes: list[Why] = []
            for q in self.by_regret(p, candidates):
                because = self.blocked(p, q)
                if because:
                    notes.append(why("not", player=q, rule=because))
                    continue
                if not easy and not self.matchable(
                    x for x in chain(upper, lower) if x != q
                ):
                    notes.append(why("not", player=q, rule=why("group_unpairable")))
                    continue
                break
            else:  # pragma: no cover - matchable(members) was checked by the caller
                raise AssertionError(f"no opponent for {p} in the {label}")
            if p in top and q not in top:
                head = why("top_v_bottom", group=label)
            elif p in top:
                head = why("interchange", player=q, group=label)
            else:
                head = why("bottom_together", group=label)
            boards.append(_Board(p, q, [head, *notes]))
            del (upper if q in upper else lower)[q]
        return boards

    # --- colours -----------------------------------------------------------------------

    def colour_cost(self, p: int, q: int) -> int:
        """How strong a claim goes unmet in this pair (0 when both can have their due)."""
        dp, dq = self.due[p], self.due[q]
        if dp.colour is None or dq.colour is None or dp.colour != dq.colour:
            return 0
        return int(min(dp.claim, dq.claim))

    def limit(self, claim: int) -> int | None:
        if claim == Claim.NOT_THREE and not self.final_round:
            return None
        return ALTERNATION_LIMIT if claim == Claim.ALTERNATION else EQUALISATION_LIMIT

    def fix_colours(self, boards: list[_Board], at_least: int = Claim.ALTERNATION) -> None:
        """Transpositions and interchanges that give players their due colours, within the
        rating limits, for unmet claims of ``at_least`` that strength; each accepted
        switch lowers the group's unmet claims, so this ends."""
        improved = True
        while improved:
            improved = False
            for k, board in enumerate(boards):
                claim = self.colour_cost(board.high, board.low)
                if claim < at_least:
                    continue
                best = self.best_switch(boards, k, claim)
                if best is None:
                    continue
                _, _, j, new_k, new_j, text = best
                boards[k] = _Board(*new_k, [*boards[k].notes, text])
                boards[j] = _Board(*new_j, [*boards[j].notes, text])
                improved = True
                break

    def best_switch(
        self, boards: list[_Board], k: int, claim: int
    ) -> tuple[int, int, int, Pair, Pair, Why] | None:
        limit = self.limit(claim)
        a, b = boards[k].high, boards[k].low
        options: list[tuple[int, int, int, Pair, Pair, Why]] = []
        for j, other in enumerate(boards):
            if j == k:
                continue
            c, d = other.high, other.low
            before = self.colour_cost(a, b) + self.colour_cost(c, d)
            # transposition: the two lower players swap opponents
            # interchange: a top-half and a bottom-half player swap halves
            upper_low, lower_high = (b, c) if k < j else (d, a)
            for kind, moved, pair_k, pair_j in (
                ("transposed", (b, d), (a, d), (c, b)),
                ("interchanged", (upper_low, lower_high), (a, c), (b, d)),
            ):
                # the cheap tests first: every one must pass
                gap = abs(self.players[moved[0]].rating - self.players[moved[1]].rating)
                if limit is not None and gap > limit:
                    continue
                if self.colour_cost(*pair_k) + self.colour_cost(*pair_j) >= before:
                    continue
                if not (self.ok(*pair_k) and self.ok(*pair_j)):
                    continue
                if self.regret(*pair_k) + self.regret(*pair_j) > self.regret(a, b) + self.regret(
                    c, d
                ):
                    continue
                x, y = sorted(moved, key=self.rank.__getitem__)
                before_unmet = self.unmet(a, b) | self.unmet(c, d)
                gainers = sorted(before_unmet - self.unmet(*pair_k) - self.unmet(*pair_j),
                                 key=self.rank.__getitem__)
                rule = why("limit", points=limit) if limit is not None else why("no_limit")
                text = why(kind, a=x, b=y, gainers=self.gainers(gainers), gap=gap, limit=rule)
                order_kind = 0 if kind == "transposed" else 1
                hk = tuple(sorted(pair_k, key=self.rank.__getitem__))
                hj = tuple(sorted(pair_j, key=self.rank.__getitem__))
                options.append((gap, order_kind, j, (hk[0], hk[1]), (hj[0], hj[1]), text))
        if not options:
            return None
        # USCF 29E5e: a transposition within 80 points first; otherwise the smallest
        # rating switch, a transposition before an interchange, lower boards first
        return min(
            options,
            key=lambda o: (not (o[1] == 0 and o[0] <= ALTERNATION_LIMIT), o[0], o[1], -o[2]),
        )

    def unmet(self, p: int, q: int) -> set[int]:
        """The player of this pair who will not get the colour due, if any."""
        return {self.claim_loser(p, q)} if self.colour_cost(p, q) else set()

    def claim_loser(self, p: int, q: int) -> int:
        white, black, _ = allocate(p, self.histories[p], q, self.histories[q], board_white=True)
        winner = white if self.due[p].colour == WHITE else black
        return black if winner == white else white

    # --- output ------------------------------------------------------------------------

    def finish(
        self,
        round_number: int,
        result: tuple[list[_Board], int | None, Why | None],
        top_white: bool,
        accelerated: bool,
    ) -> Pairings:
        boards, bye, bye_reason = result
        boards.sort(key=lambda b: self.rank[b.high])
        pairs: list[Pair] = []
        reasons: list[tuple[Pair, Why]] = []
        for i, board in enumerate(boards):
            white, black, colours = allocate(
                board.high,
                self.histories[board.high],
                board.low,
                self.histories[board.low],
                board_white=(i % 2 == 0) == top_white,
            )
            pair = (white, black)
            notes = list(board.notes)
            if accelerated:
                notes.append(why("accelerated"))
            if self.relax.rematch_ok and frozenset(pair) in self.met:
                notes.append(why("rematch"))
            team = self.players[white].team
            if self.relax.team_ok and team and team == self.players[black].team:
                notes.append(why("same_team_unavoidable", team=team))
            notes.append(why("colours", rule=colours))
            pairs.append(pair)
            reasons.append((pair, why("uscf", white=white, black=black, notes=tuple(notes))))
        if bye is not None and bye_reason is not None:
            reasons.append(((bye, 0), bye_reason))
        return Pairings(
            round=round_number,
            pairs=tuple(pairs),
            byes=() if bye is None else (bye,),
            reasons=tuple(reasons),
        )


def _perfect_matching_exists(members: Sequence[int], ok: Callable[[int, int], bool]) -> bool:
    n = len(members)
    if n == 0:
        return True
    import rustworkx as rx  # lazy: a heavy graph library, loaded only to pair

    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    edges = [(i, j, 1) for i in range(n) for j in range(i + 1, n) if ok(members[i], members[j])]
    degree = [0] * n
    for i, j, _ in edges:
        degree[i] += 1
        degree[j] += 1
    if min(degree) == 0:
        return False
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    return 2 * len(matching) == n
