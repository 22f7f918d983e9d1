"""A round named inside a French sentence: a round's name is "Ronde 2", "SF" or a name the
organiser wrote, which French cannot put after "de", "du", "à", "pour" or "dans" without
its article ("votre partie de Ronde 2" reads wrong; "votre partie de la ronde 2" would
need the article the name does not carry). The shipped French lets the round stand on its
own instead: "votre partie (Ronde 2)", "Ronde 2 : votre paiement est déjà enregistré"."""

from __future__ import annotations

import re

import bot.words
from bot.service.events.schedule import round_said
from bot.words import DOMAIN, for_locale
from bot.words.catalogue import read
from bot.words.said import render, said

#: A round's name right after a preposition that wants an article before a name.
AFTER_A_PREPOSITION = re.compile(r"(?:^|[\s'’])(?:de|du|à|au|aux|pour|dans)\s+(?:<b>)?\{round\}")
#: Where ``{round}`` is a record that carries its own article ("la finale": what a
#: knockout match decides, bot/service/formats/knockout/stakes_texts.py).
WITH_ITS_ARTICLE = {"you reach {round}", "you play {round}"}


def test_no_french_message_puts_a_rounds_name_after_de_or_pour() -> None:
    bad = []
    for message in read(bot.words.LOCALES / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po", "fr"):
        if message.id in WITH_ITS_ARTICLE:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        bad += [form for form in forms if form and AFTER_A_PREPOSITION.search(form)]
    assert bad == []


def test_a_round_reads_on_its_own_in_french_and_as_before_in_english() -> None:
    fr = for_locale("fr")
    game = said("your <b>{round}</b> game", round=round_said("Round 2"))
    assert render(game, fr) == "votre partie (<b>Ronde 2</b>)"
    assert render(game, for_locale("en")) == "your <b>Round 2</b> game"
    paid = said("your payment for {round} is already recorded; nothing to send",
                round=round_said("Round 3"))
    assert render(paid, fr) == "Ronde 3 : votre paiement est déjà enregistré ; rien à envoyer"
