"""The summary of a simulation report in words: one verdict per question a designer asks.

Each verdict is *fine* (no sign of trouble in this many games) or *look* (a figure to
check), with the numbers that decide it. Seats and cards are judged like the per-card
statistics (pnp.sim.cards): a 95 % interval is shown, and a seat or card is only called
out when its interval widened for the number compared (Bonferroni) leaves out what an even
game expects — with five seats, a plain 95 % interval would call one out in a fifth of
perfectly even runs.
"""

from __future__ import annotations

from statistics import NormalDist

from pnp.render.report_pdf import Verdict
from pnp.sim.cards import Z95, CardStats, wilson
from pnp.sim.quality import RARE, rare_rules
from pnp.sim.results import Report

SHOWN = 6
"""Names listed in one verdict before "and N more"."""


def share(value: float) -> str:
    """A share in per cent: ``31.2 %``."""
    return f"{value * 100:.1f} %"


def change(value: float) -> str:
    """A signed difference of shares: ``+2.1 %``, ``−0.4 %`` (a true minus sign)."""
    return f"{signed(value * 100, 1)} %"


def signed(value: float, digits: int = 2) -> str:
    """``+1.25``, ``−0.40``; nothing that rounds to zero gets a sign (no ``−0.0``)."""
    text = f"{value:+.{digits}f}"
    return text[1:] if float(text) == 0 else text.replace("-", "−")


def listed(names: list[str]) -> str:
    """The first few names, then how many more."""
    more = len(names) - SHOWN
    return ", ".join(names[:SHOWN]) + (f" and {more} more" if more > 0 else "")


def seat_intervals(report: Report, z: float = Z95) -> list[tuple[float, float]]:
    """Each seat's Wilson interval of its win rate (ties split the win)."""
    n = report.completed
    return [wilson(rate * n, n, z) if n else (0.0, 1.0) for rate in report.win_rates]


def joint_z(seats: int) -> float:
    """The z of a 95 % interval widened for ``seats`` intervals at once (Bonferroni)."""
    return NormalDist().inv_cdf(1 - 0.025 / seats)


def seats_off(report: Report) -> list[int]:
    """Seats whose interval, widened for the number of seats, leaves out the even share."""
    even = 1 / report.players
    wide = seat_intervals(report, joint_z(report.players))
    return [seat for seat, (low, high) in enumerate(wide) if not low <= even <= high]


def report_verdicts(report: Report) -> list[Verdict]:
    """Run, seat balance, length, rules, cards and components, in that order."""
    out = []
    if report.interrupted:
        out.append(Verdict(False, "Run", f"{report.status()}: the figures cover those games."))
    out += [seat_verdict(report), length_verdict(report)]
    if report.rules:
        out.append(_rules(report))
    if report.cards:
        kind = report.cards_bot if len(report.cards_by_bot) > 1 else ""
        out.append(cards_verdict(report.cards, "card designs", kind))
    out.append(_components(report))
    return out


def seat_verdict(r: Report) -> Verdict:
    """*Look* when a seat's widened interval (:func:`seats_off`) leaves out the even share."""
    topic = "Seat balance"
    if not r.completed:
        return Verdict(False, topic, "No game ended by the rules, so no seat won one.")
    even, off = 1 / r.players, seats_off(r)
    ci = seat_intervals(r)
    if not off:
        return Verdict(
            True,
            topic,
            f"Every seat wins within chance of the even {share(even)}: from "
            f"{share(min(r.win_rates))} to {share(max(r.win_rates))} over {r.completed:,} "
            f"games (balance {r.balance:.3f}; bots {r.mix()}).",
        )
    words = "; ".join(
        f"seat {s + 1} wins {share(r.win_rates[s])} ({share(ci[s][0])}–{share(ci[s][1])})"
        for s in off
    )
    return Verdict(
        False,
        topic,
        f"{words}, not the even {share(even)} (balance {r.balance:.3f}; bots {r.mix()}).",
    )


def length_verdict(r: Report) -> Verdict:
    """*Look* when a game hit the step cap (or none ended by the rules)."""
    topic = "Length"
    if not r.completed:
        return Verdict(
            False, topic, f"None of {r.games:,} games ended within {r.max_steps:,} decisions."
        )
    spread = f"{r.length_mean:.1f} ± {r.length_stdev:.1f} rounds"
    if len(r.lengths) > 1:
        spread += f" ({min(r.lengths)} to {max(r.lengths)})"
    if r.timeouts:
        return Verdict(
            False,
            topic,
            f"{r.timeouts:,} of {r.games:,} games hit the cap of {r.max_steps:,} decisions "
            f"without ending; the others lasted {spread}.",
        )
    return Verdict(True, topic, f"Every game ended by the rules, after {spread}.")


def _rules(r: Report) -> Verdict:
    topic = "Rules used"
    unused = [rule for rule, games in r.rules.items() if not games]
    rare = rare_rules(r.rules, r.games)
    if unused or rare:
        words = []
        if unused:
            words.append(
                f"{len(unused)} of {len(r.rules)} listed rules never came up in {r.games:,} "
                f"games: {listed(unused)}."
            )
        if rare:
            names = [f"{rule} ({r.rules[rule]:,})" for rule in rare]
            words.append(
                f"{len(rare)} came up in under {RARE * 100:g} % of the games: {listed(names)}."
            )
        return Verdict(False, topic, " ".join(words))
    rarest = min(r.rules, key=lambda rule: r.rules[rule])
    return Verdict(
        True,
        topic,
        f"All {len(r.rules)} listed rules came up; the rarest, {rarest}, in "
        f"{r.rules[rarest]:,} of {r.games:,} games.",
    )


def cards_verdict(cards: dict[str, CardStats], what: str, kind: str = "") -> Verdict:
    """Cards whose difference (improvement when drawn, or early against late for a card
    nearly every seat draws) lies outside chance, the largest first; ``kind`` names the
    bot whose seats these are, when several played."""
    topic = "Cards"
    seat = f"a {kind} seat's" if kind else "a seat's"
    flagged = sorted(
        (c for c, s in cards.items() if s.flagged), key=lambda c: -abs(_gain(cards[c]))
    )
    if flagged:
        names = [_named(card, cards[card]) for card in flagged]
        return Verdict(
            False,
            topic,
            f"{len(flagged)} of {len(cards)} {what} change {seat} win rate when drawn by "
            f"more than chance allows: {listed(names)}.",
        )
    return Verdict(
        True,
        topic,
        f"None of {len(cards)} {what} changes {seat} win rate when drawn by more than "
        "chance allows.",
    )


def _named(card: str, stats: CardStats) -> str:
    """``teapot (−8.8 %)``, or ``coffee (+4.0 % early against late)``."""
    return f"{card} ({change(_gain(stats))}{' early against late' if stats.late else ''})"


def _gain(stats: CardStats) -> float:
    return stats.gain or 0.0


def _components(r: Report) -> Verdict:
    topic = "Components"
    if r.ran_out:
        return Verdict(False, topic, f"Not enough in some games: {listed(r.ran_out)}.")
    uses = [
        (u.peak / u.printed, f"{g}: {i}")
        for g, items in r.components.items()
        for i, u in items.items()
        if u.printed
    ]
    if not uses:
        return Verdict(True, topic, "No deck ran dry and no component ran short.")
    closest = max(uses)
    return Verdict(
        True,
        topic,
        f"Every printed component was enough in every game; the closest, {closest[1]}, "
        f"needed {share(closest[0])} of its count at its peak.",
    )
