"""Every reason a pairing system gives is worded (bot/service/formats/rounds/why_texts.py),
in the reader's language: a kind the core names and this module does not word would reach
the reader as its bare name."""

from __future__ import annotations

import re
from pathlib import Path

from bot.service.formats.rounds import why_texts
from bot.service.formats.rounds.why_texts import in_english, worded
from bot.words import for_locale
from bot.words.said import render
from core.pairing.why import why

ROOT = Path(__file__).resolve().parents[2]
#: Where reasons are made: the pairing systems, the club night's pairing, the service.
MAKERS = [*sorted((ROOT / "core" / "pairing").glob("*.py")), ROOT / "core" / "club.py",
          ROOT / "bot" / "service" / "formats" / "rounds" / "round_events.py"]


def test_every_kind_of_reason_the_code_makes_is_worded() -> None:
    made = set()
    for path in MAKERS:
        source = path.read_text(encoding="utf-8")
        made |= set(re.findall(r'\b(?:why|because)\("([a-z_0-9]+)"', source))
    made |= {"transposed", "interchanged"}  # uscf.py passes these by a variable
    assert len(made) > 60, made
    assert made <= set(why_texts._WORDS), sorted(made - set(why_texts._WORDS))


def test_a_reason_reads_in_french_and_in_english() -> None:
    reason = why("moved", a=3, b=5, a_table=4, b_table=6,
                 places=(why("places", a=3, b=5),),
                 moves=(why("met", a=3, b=4, times=2), why("split", a=5, b=6)),
                 notes=(why("repeat_fewest", a=3, b=5, times=1),))
    assert in_english(reason) == (
        "paired 3 v 5 (3rd v 5th) instead of the table's 3 v 4 and 5 v 6: 3 and 4 already "
        "met twice; 5 v 6 was split to mend a pair nearby (a repeat: 3 and 5 met once before; "
        "no pairing with fewer repeats was found)")
    fr = render(worded(reason), for_locale("fr"))  # type: ignore[arg-type]
    assert fr == (
        "appariement 3 c. 5 (3e c. 5e) au lieu de 3 c. 4 et 5 c. 6 prévus par la table : 3 et "
        "4 ont déjà joué ensemble deux fois ; la paire 5 c. 6 a été défaite pour réparer une "
        "paire voisine (une revanche : 3 et 5 ont déjà joué ensemble une fois ; aucun "
        "appariement avec moins de revanches n'a été trouvé)")


def test_a_td_s_words_in_a_reason_are_escaped_and_kept_text_is_shown_as_it_is() -> None:
    reason = why("may_not_meet", a=1, b=2, rule=why("apart_td", note="<b>feud</b> & co"))
    fr = render(worded(reason), for_locale("fr"))  # type: ignore[arg-type]
    assert fr == ("1 et 2 ne doivent pas jouer ensemble (séparation décidée par un arbitre : "
                  "&lt;b&gt;feud&lt;/b&gt; &amp; co)")
    assert worded("paired 1v2: KOTH: 1st v 2nd") == "paired 1v2: KOTH: 1st v 2nd"
    assert in_english(why("a_kind_from_a_later_version")) == "a_kind_from_a_later_version"


def test_a_reason_names_players_by_their_full_names_where_it_is_given_them() -> None:
    """/why names people as the event's other messages do; the places stay places (3rd v
    5th) and a list of players is a list of names."""
    names = {3: "Ann Lee", 4: "Dev Rao", 5: "Eve Tan", 6: "Hal Ng", 12: "Zoë <Ng>"}
    reason = why("moved", a=3, b=5, a_table=4, b_table=6,
                 places=(why("places", a=3, b=5),),
                 moves=(why("met", a=3, b=4, times=2), why("split", a=5, b=6)),
                 notes=(why("repeat_fewest", a=3, b=5, times=1),))
    assert in_english(reason, names) == (
        "paired Ann Lee v Eve Tan (3rd v 5th) instead of the table's Ann Lee v Dev Rao and "
        "Eve Tan v Hal Ng: Ann Lee and Dev Rao already met twice; Eve Tan v Hal Ng was split "
        "to mend a pair nearby (a repeat: Ann Lee and Eve Tan met once before; no pairing "
        "with fewer repeats was found)")
    fr = render(worded(reason, names), for_locale("fr"))  # type: ignore[arg-type]
    assert fr.startswith("appariement Ann Lee c. Eve Tan (3e c. 5e) au lieu de Ann Lee c. "
                         "Dev Rao et Eve Tan c. Hal Ng prévus par la table"), fr
    group = why("bye", player=12, rule=why("odd_one_out", group=why(
        "speed_group", members="3, 12, 5", block=1, notes=())))
    assert in_english(group, names) == (
        "bye Zoë <Ng>: odd one out of speed group Ann Lee, Zoë <Ng>, Eve Tan (rounds 1-3, by "
        "rating), lowest placed with the fewest byes whose sitting out leaves the fewest "
        "repeats")
    assert "Zoë &lt;Ng&gt;" in render(worded(group, names), for_locale("fr"))  # type: ignore[arg-type]
    assert in_english(group).startswith("bye 12: odd one out of speed group 3, 12, 5")
