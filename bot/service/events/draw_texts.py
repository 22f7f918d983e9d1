"""What the TD who made a draw reads (``draw.draw_event``): the seed, the rounds, every
match with its two sides, and what to do next. Records (``bot/words/said.py``), written
in the TD's language."""

from __future__ import annotations

from bot.service.events.schedule import round_said
from bot.service.formats.seam import DrawResult
from bot.words.said import Said, joined, said, stacked

#: A blank line between the parts of the draw (no words of its own: not in the catalogue).
_GAP = Said("")


def made(event: str, result: DrawResult) -> Said:
    """The draw as a TD checks it (SSSg Annex A paras 1 and 3: the seed lets anyone re-run
    it)."""
    lines: list[Said] = [said("<b>The draw for {event}</b> (seed {seed})", event=event,
                              seed=result.seed)]
    if not result.matches and result.rounds:  # a round-based event: paired as each opens
        lines.append(said("Rounds: {rounds}. Each is paired from the results when you open "
                          "it; the round before must be complete first.",
                          rounds=joined([Said("{round}", (("round", round_said(name)),))
                                          for _, name, _ in result.rounds])))
        if result.first_round_dated:
            lines.append(said("Open the first with /openround 1 when you are ready."))
        else:
            lines.append(said("Open the first with /openround 1 until YYYY-MM-DD (its closing "
                              "date): the definition gives it no date of its own."))
        return stacked(*lines)
    current = None
    for code, round_name, side_a, side_b in result.matches:
        if round_name != current:
            current = round_name
            lines += [_GAP, said("<b>{round}</b>", round=round_said(round_name))]
        lines.append(said("{code}: {a} v {b}", code=code, a=side_a, b=side_b))
    if result.unused_rounds:
        lines += [_GAP, said("Rounds in the definition that the draw did not use: {rounds}",
                             rounds=", ".join(result.unused_rounds))]
    if result.late_fee_reminders:
        lines += [_GAP, said("Fee reminders for {rounds} were due before this draw: they go "
                             "out now.", rounds=", ".join(result.late_fee_reminders))]
    if result.unmatched_payments:
        paid = [said("{player} ({round})", player=p, round=r)
                for p, r in result.unmatched_payments]
        lines += [_GAP, said("Paid for rounds the draw did not make (move or refund them): "
                             "{payments}", payments=joined(paid))]
    played = {round_name for _, round_name, _, _ in result.matches}
    first = next((code for code, name, _ in result.rounds if name in played),
                 result.rounds[0][0] if result.rounds else "")
    lines += [_GAP, said("Open the first round with /openround {round}.", round=first)
              if first else said("Open the first round with /openround ROUND.")]
    return stacked(*lines)


