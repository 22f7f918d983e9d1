"""The one matching engine behind every optimising pairing system.

Each system (King of the Hill, factored pairings, modified Swiss, Portland Swiss) states
its *table*: the pairing its rule gives on paper when nothing gets in the way (Director's Manual,
appendix "Pairing Systems and Pairing Tables"). The seeds then all say the same thing in
different words: when the table would pair two players who have met, "switch players
within the win group if you can until there are no repeat pairings" (Modified-Swiss
Pairings, step 3), match "the player closest to #6 who has not played #1" (Portland Swiss
Pairing System), "adjust the pairing somewhat" (King-of-the-Hill Pairings), "with minimum
adjustments" (NSC 2006 notes, 2006 NSC). So the engine finds the pairing closest to the table
that breaks as few higher rules as possible, as one minimum-cost perfect matching.

The cost of pairing p with q is a tuple of tiers, compared in order (ordered
tiers, as in bbpPairings' ordered weight fields):

1. forbidden: the pair is on the forbidden list (same team, a TD's ruling);
2. repeats: m*m where they have met m times, so one threepeat costs more than two
   single repeats (only when the system avoids repeats);
3. score group: the square of how many half-wins apart they are (modified Swiss
   only), so that two pairs one win apart cost less than one pair two wins apart: a
   leader should not meet a player far down to spare two others a small step;
4. rank distance: how far each stands from the partner the table gave the other,
   |rank(q) - rank(table partner of p)| + |rank(p) - rank(table partner of q)|;
   0 exactly for the table's own pairs;
5. first balance: |(firsts - seconds of p) + (firsts - seconds of q)|, how lopsided
   their starts would remain.

Tiers become one integer: tier k's weight is one more than the largest total the tiers
below it can reach over a whole matching (n/2 edges, each at most the largest edge cost
of that tier among the candidate edges). So one unit of a higher tier always outweighs
any sum of lower ones. The largest weight used is checked to stay below 2**120, inside
the 128-bit integers of rustworkx; for 10,000 players and 30 rounds it is about 2**97.

Candidate edges are sparse above ``DENSE_BELOW`` players. Where the table breaks no
rule, no other partner can do better: the table alone has rank distance 0, and each
system's table is already the least on the score tier (see ``swiss_table``), so
those players keep it.
Around each pair that repeats or is forbidden, the ``window`` places either side of
both players become a region; inside it each player may meet the players near their
table partner or next to themselves, plus their table partner. Each connected piece is
solved exactly on its own. A piece that still holds a bad pair grows its players'
windows fourfold and is solved again, until it is clean or every player in it can reach
everyone. Divisions of up to ``DENSE_BELOW`` players get the complete graph, an exact
optimum; tests/core/test_engine.py checks the sparse answer against the complete graph
tier by tier.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from core.pairing.byes import choose_bye
from core.pairing.history import History, Pair, history_before, order_first, pair_key
from core.pairing.why import Why, why
from core.tournament import Division, Pairings

Reasoned = tuple[tuple[Pair, Why], ...]
TableFn = Callable[[Sequence[int]], Sequence[tuple[Pair, Why]]]

DENSE_BELOW = 200  # players; above this the candidate graph is sparse
WINDOW = 3  # places either side of the table partner, for sparse graphs
_WEIGHT_LIMIT = 2**120


@dataclass(frozen=True)
class Rules:
    """What the engine must respect beyond the table."""

    avoid_repeats: bool = True
    # meetings a pair may already have had before a new one counts as a repeat: tsh's
    # "koth REPEATS" (0: no repeats; 1: a second meeting is fine, a third is not ...)
    allowed_meetings: int = 0

    def excess(self, met: int) -> int:
        """Meetings beyond those allowed (0 when repeats are not avoided at all)."""
        return max(0, met - self.allowed_meetings) if self.avoid_repeats else 0
    forbidden: Mapping[Pair, Why] = field(default_factory=dict)  # key: pair_key
    score: Mapping[int, float] | None = None  # wins per player: enables the score tier


def forbid_map(forbidden: Reasoned) -> dict[Pair, Why]:
    """Forbidden pairs with their reasons, keyed for O(1) lookup."""
    out: dict[Pair, Why] = {}
    for (p, q), reason in forbidden:
        if p == q:
            raise ValueError(f"forbidden pair {p}v{q}: both players are the same")
        out[pair_key(p, q)] = reason
    return out


def same_team_pairs(division: Division) -> Reasoned:
    """Every pair of active team-mates, as forbidden pairs with their reason: team,
    club or school avoidance (USCF guide, same-school avoidance) as an engine input."""
    teams: dict[str, list[int]] = {}
    for player in division.players:
        if player.active and player.team:
            teams.setdefault(player.team, []).append(player.number)
    return tuple(
        ((p, q), why("same_team", team=team))
        for team, members in teams.items()
        for i, p in enumerate(members)
        for q in members[i + 1:]
    )


def _tiers(p: int, q: int, pos: Mapping[int, int], target: Mapping[int, int],
           history: History, rules: Rules) -> tuple[int, int, int, int, int]:
    k = pair_key(p, q)
    forbidden = 1 if k in rules.forbidden else 0
    m = rules.excess(history.met.get(k, 0))
    score = 0
    if rules.score is not None:
        score = round(2 * abs(rules.score[p] - rules.score[q])) ** 2
    rank = abs(pos[q] - target[p]) + abs(pos[p] - target[q])
    first = abs(history.balance.get(p, 0) + history.balance.get(q, 0))
    return forbidden, m * m, score, rank, first


def _weights(maxima: Sequence[int], half: int) -> list[int]:
    """Weight per tier, highest first: each exceeds the most all lower tiers can add."""
    weights = [1] * len(maxima)
    reach = 0
    for i in range(len(maxima) - 1, -1, -1):
        weights[i] = reach + 1
        reach += weights[i] * maxima[i] * half
    if reach >= _WEIGHT_LIMIT:
        raise ValueError("pairing weights overflow: too many players or rounds for one matching")
    return weights


def _solve(nodes: Sequence[int], edges: Sequence[Pair], ranked: Sequence[int],
           pos: Mapping[int, int], target: Mapping[int, int], history: History,
           rules: Rules) -> list[Pair]:
    """Exact minimum-cost perfect matching of ``nodes`` (indices into ``ranked``) over
    ``edges``; returns index pairs."""
    local = {i: k for k, i in enumerate(nodes)}
    costs = [_tiers(ranked[i], ranked[j], pos, target, history, rules) for i, j in edges]
    maxima = [max((c[t] for c in costs), default=0) for t in range(5)]
    weights = _weights(maxima, len(nodes) // 2)
    flat = [sum(w * c for w, c in zip(weights, tiers, strict=True)) for tiers in costs]
    top = max(flat, default=0) + 1
    import rustworkx as rx  # lazy: a heavy graph library, loaded only to pair

    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(
        [(local[i], local[j], top - cost) for (i, j), cost in zip(edges, flat, strict=True)]
    )
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matching) != len(nodes):  # cannot happen: the table's own edges are a
        raise ValueError("no perfect matching among the candidate pairs")  # perfect matching
    return [(nodes[i], nodes[j]) for i, j in matching]


def _bad(p: int, q: int, history: History, rules: Rules) -> bool:
    k = pair_key(p, q)
    return k in rules.forbidden or rules.excess(history.met.get(k, 0)) > 0


def _components(region: set[int], edges: set[Pair]) -> list[tuple[list[int], list[Pair]]]:
    parent = {i: i for i in region}

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in edges:
        parent[find(i)] = find(j)
    nodes: dict[int, list[int]] = {}
    for i in sorted(region):
        nodes.setdefault(find(i), []).append(i)
    links: dict[int, list[Pair]] = {}
    for e in sorted(edges):
        links.setdefault(find(e[0]), []).append(e)
    return [(members, links.get(root, [])) for root, members in nodes.items()]


def _sparse(ranked: Sequence[int], pos: Mapping[int, int], target: Mapping[int, int],
            history: History, rules: Rules, window: int) -> list[Pair]:
    """Re-pair only around the table's bad pairs; everyone else keeps the table.

    Players far from any repeat or forbidden pair keep their table partner: there the
    table costs nothing on any tier, so no matching can do better for them (a system's
    table must already be the best on the score tier; see the systems' docstrings).
    Around each bad pair a region of ``radius`` places is re-matched exactly, split into
    its independent components; regions still holding a bad pair grow fourfold."""
    n = len(ranked)
    tgt = [target[p] for p in ranked]
    mate = list(tgt)
    radius: dict[int, int] = {}
    for i in range(n):
        if _bad(ranked[i], ranked[mate[i]], history, rules):
            radius[i] = window
    while radius:
        region: set[int] = set()
        for i, r in radius.items():
            region.update(range(max(0, i - r), min(n - 1, i + r) + 1))
        region.update([tgt[i] for i in region])
        edges: set[Pair] = set()
        for i in region:
            r = radius.get(i, window)
            for lo, hi in ((tgt[i] - r, tgt[i] + r), (i - 1, i + 1)):
                for j in range(max(0, lo), min(n - 1, hi) + 1):
                    if j != i and j in region:
                        edges.add((i, j) if i < j else (j, i))
            edges.add((i, tgt[i]) if i < tgt[i] else (tgt[i], i))
        for nodes, links in _components(region, edges):
            for i, j in _solve(nodes, links, ranked, pos, target, history, rules):
                mate[i], mate[j] = j, i
        grew = False
        for i in region:
            if _bad(ranked[i], ranked[mate[i]], history, rules) and radius.get(i, 0) < n:
                radius[i] = max(window, radius.get(i, window) * 4)
                grew = True
        if not grew:
            break
    return [(ranked[i], ranked[mate[i]]) for i in range(n) if i < mate[i]]


def match(ranked: Sequence[int], table: Sequence[tuple[Pair, Why]], history: History,
          rules: Rules, *, window: int = WINDOW, dense_below: int = DENSE_BELOW) -> Reasoned:
    """Pair ``ranked`` (best first, an even number of players) as close to ``table`` as
    the tiers allow. Returns each pair (first player first) with its explanation, in
    board order (by the better-ranked player of each pair)."""
    n = len(ranked)
    if n % 2:
        raise ValueError(f"cannot pair an odd number of players ({n}); give one a bye first")
    pos = {p: i for i, p in enumerate(ranked)}
    partner: dict[int, int] = {}
    because: dict[Pair, Why] = {}
    for (p, q), text in table:
        partner[p], partner[q] = q, p
        because[pair_key(p, q)] = text
    if len(partner) != n or set(partner) != set(ranked):
        raise ValueError("the table must pair every player exactly once")
    target = {p: pos[partner[p]] for p in ranked}
    if n <= dense_below:
        nodes = list(range(n))
        edges = [(i, j) for i in range(n) for j in range(i + 1, n)]
        pairs = [(ranked[i], ranked[j]) for i, j in
                 _solve(nodes, edges, ranked, pos, target, history, rules)]
    else:
        pairs = _sparse(ranked, pos, target, history, rules, window)
    out = []
    for p, q in sorted(pairs, key=lambda e: min(pos[e[0]], pos[e[1]])):
        a, b = (p, q) if pos[p] < pos[q] else (q, p)
        text = explain(a, b, partner, because, history, rules, pos)
        out.append((order_first(a, b, history), text))
    return tuple(out)


def explain(a: int, b: int, partner: Mapping[int, int], table: Mapping[Pair, Why],
            history: History, rules: Rules, pos: Mapping[int, int] | None = None) -> Why:
    """What a TD checks: the table's reason, or why the table was left. Players are
    named by number, as in the file; where the table was left, their places in the
    order paired from (``pos``, 0-based) say how far it was left. Notes follow: the
    pair's scores where the table was left, a rule it had to break, a repeat."""
    key = pair_key(a, b)
    notes: list[Why] = []
    if rules.score is not None and partner[a] != b and rules.score[a] != rules.score[b]:
        notes.append(why("wins", a=a, a_wins=rules.score[a], b=b, b_wins=rules.score[b]))
    if key in rules.forbidden:
        notes.append(why("breaks", rule=rules.forbidden[key]))
    m = history.met.get(key, 0)
    if m:
        if rules.excess(m):
            notes.append(why("repeat_fewest", a=a, b=b, times=m))
        elif rules.avoid_repeats:
            notes.append(why("repeat_allowed", a=a, b=b, times=m,
                             allowed=rules.allowed_meetings))
        else:
            notes.append(why("repeat", a=a, b=b, times=m))
    if partner[a] == b:
        return why("table", a=a, b=b, table=table[key], notes=tuple(notes))
    moves = []
    for x in (a, b):
        y = partner[x]
        k = pair_key(x, y)
        if k in rules.forbidden:
            moves.append(why("may_not_meet", a=x, b=y, rule=rules.forbidden[k]))
        elif rules.excess(history.met.get(k, 0)):
            moves.append(why("met", a=x, b=y, times=history.met[k]))
        else:
            moves.append(why("split", a=x, b=y))
    places = () if pos is None else (why("places", a=pos[a] + 1, b=pos[b] + 1),)
    return why("moved", a=a, b=b, a_table=partner[a], b_table=partner[b], places=places,
               moves=tuple(moves), notes=tuple(notes))


def check_fixed(division: Division, fixed: Reasoned) -> dict[int, int]:
    """Validate forced pairs (Gibson, a TD's choice): real, active, each player once."""
    seen: dict[int, int] = {}
    numbers = {p.number: p for p in division.players}
    for (p, q), _ in fixed:
        for x in (p, q):
            if x not in numbers:
                raise ValueError(f"fixed pair {p}v{q}: there is no player {x}")
            if not numbers[x].active:
                raise ValueError(f"fixed pair {p}v{q}: player {x} has withdrawn")
            if x in seen:
                raise ValueError(f"fixed pairs: player {x} appears in more than one pair")
        if p == q:
            raise ValueError(f"fixed pair {p}v{q}: a player cannot play themself")
        seen[p], seen[q] = q, p
    return seen


def pair_round(
    division: Division,
    round_number: int,
    ranked: Sequence[int],
    table: TableFn,
    *,
    rules: Rules,
    fixed: Reasoned = (),
    history: History | None = None,
) -> Pairings:
    """The common shape of an optimising system's round: forced pairs first, then a bye
    if the rest are odd in number (Director's Manual, "Odd Number of Players"), then the
    system's table on the rest, adjusted by :func:`match`.

    ``ranked`` is the order the system pairs from, best first (current standings, or
    older ones for lagged systems); withdrawn players must already be left out. The
    reason for a bye is filed under the pair ``(player, 0)``, opponent 0 meaning a
    bye as in tsh files.
    """
    if round_number < 1:
        raise ValueError(f"round must be 1 or more, got {round_number}")
    if history is None:
        history = history_before(division, round_number)
    taken = check_fixed(division, fixed)
    rest = [p for p in ranked if p not in taken]
    reasons: list[tuple[Pair, Why]] = []
    byes: tuple[int, ...] = ()
    bye_reason: Why | None = None
    if len(rest) % 2:
        bye, bye_reason = choose_bye(division, rest, history)
        rest.remove(bye)
        byes = (bye,)
    paired = match(rest, table(rest), history, rules)
    pairs = [pair for pair, _ in paired]
    reasons.extend(paired)
    for (p, q), text in fixed:
        pair = order_first(p, q, history)
        pairs.append(pair)
        reasons.append((pair, why("fixed", a=p, b=q, rule=text)))
    place = {p: i for i, p in enumerate(ranked)}
    far = len(place)
    pairs.sort(key=lambda e: min(place.get(e[0], far), place.get(e[1], far)))
    if byes and bye_reason is not None:
        reasons.append(((byes[0], 0), why("bye", player=byes[0], rule=bye_reason)))
    return Pairings(round_number, tuple(pairs), byes, tuple(reasons))


def ranked_active(division: Division, order: Sequence[int]) -> list[int]:
    """``order`` without withdrawn players."""
    active = {p.number for p in division.players if p.active}
    return [p for p in order if p in active]
