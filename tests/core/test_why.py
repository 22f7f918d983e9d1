"""A pairing's reason as data (core/pairing/why.py): kept as JSON when a round is paired and
read back the same, parts and all; anything else is refused rather than guessed."""

from __future__ import annotations

import json

import pytest

from core.pairing.why import Why, from_json, to_json, why


def test_a_reason_reads_back_as_it_was_kept() -> None:
    reason = why("moved", a=3, b=5, a_table=4, b_table=6, wins=1.5, team="Reds",
                 places=(why("places", a=3, b=5),),
                 moves=(why("met", a=3, b=4, times=2), why("split", a=5, b=6)),
                 rule=why("same_team", team="Reds"))
    kept = json.dumps(to_json(reason))
    assert from_json(json.loads(kept)) == reason
    assert from_json(json.loads(kept)).named()["wins"] == 1.5


def test_a_reason_says_whether_a_part_of_it_is_of_a_kind() -> None:
    reason = why("moved", moves=(why("met", a=3, b=4, times=1),), rule=why("split", a=1, b=2))
    assert reason.mentions("met") and reason.mentions("split") and reason.mentions("moved")
    assert not reason.mentions("bye")


@pytest.mark.parametrize("data", [
    "paired 1v2: KOTH", {"values": {}}, {"kind": "bye", "values": []},
    {"kind": "bye", "values": {"player": True}}, {"kind": "bye", "values": {"x": None}},
])
def test_what_is_not_a_reason_is_refused(data: object) -> None:
    with pytest.raises(ValueError, match="not a pairing reason"):
        from_json(data)


def test_a_reason_is_a_frozen_value() -> None:
    assert why("bye", player=3) == Why("bye", (("player", 3),))
    assert hash(why("bye", player=3)) == hash(Why("bye", (("player", 3),)))
