"""The charted report's pages on the course of the games, the rules and the engine's own
figures: game-quality measures with their intervals (:mod:`pnp.sim.quality`), how often
each listed rule came up (rare ones marked), and each measure the engine reports with its
minimum, mean and maximum."""

from __future__ import annotations

from pnp.render.charts import Row, RowChart
from pnp.render.report_pdf import Section
from pnp.sim.quality import QUALITY_NAMES, RARE, rare_rules
from pnp.sim.results import Report
from pnp.sim.verdicts import share

SHARES = ("drama", "decisiveness", "uncertainty")
"""The measures that are shares of something, drawn on one axis from 0 to 1."""


def quality_section(r: Report) -> Section | None:
    """Drama, decisiveness and uncertainty on one chart, branching on another, each with
    its 95 % interval; None when no game ended by the rules."""
    q = r.quality
    if not q or not q["decisiveness"]["games"]:
        return None
    lines = (
        "Measured per completed game from each seat's worth as the engine estimates it after "
        "every round (for most engines the running score; see docs/engines.md), and from "
        "who won by the rules.",
        "Drama: how far behind the winner was at its worst, as a share of the leader's worth "
        "(0: it never trailed). Decisiveness: the final margin of the first worth over the "
        "second, as a share of the first (0: level). Uncertainty: how late the winner took "
        "the lead for good, as a share of the rounds (0: it led from the first round). "
        "Branching: legal options per decision.",
        f"Lead changes {_mean(q, 'lead_changes', 2)} a game; the winner led for good from "
        f"round {_mean(q, 'led_from', 2)}.",
    )
    rows = tuple(
        Row(
            QUALITY_NAMES[key],
            (q[key]["mean"],),
            (q[key]["low"], q[key]["high"]),
            note=f"{_mean(q, key, 3)}, {q[key]['games']:,} games",
        )
        for key in SHARES
        if q[key]["games"]
    )
    shares = RowChart(
        "Drama, decisiveness and uncertainty",
        "Mean over the completed games (a game with shared winners has no drama and no "
        "uncertainty), with the normal 95 % interval of the mean.",
        rows,
        dots=True,
        span=(0.0, 1.0),
    )
    branching = RowChart(
        "Branching",
        "Legal options per decision in a game (a forced move counts one), mean over the "
        "completed games with its 95 % interval.",
        (
            Row(
                "options per decision",
                (q["branching"]["mean"],),
                (q["branching"]["low"], q["branching"]["high"]),
                note=_mean(q, "branching", 1),
            ),
        ),
    )
    return Section("Game quality", lines, charts=(shares, branching))


def _mean(q: dict[str, dict[str, float]], key: str, digits: int) -> str:
    s = q[key]
    return f"{s['mean']:.{digits}f} ({s['low']:.{digits}f}–{s['high']:.{digits}f})"


def rules_section(r: Report) -> Section | None:
    """Each listed rule: the share of games it came up in and its uses per game; marked
    when it never came up or came up in under :data:`RARE` of the games."""
    if not r.rules or not r.games:
        return None
    rare = set(rare_rules(r.rules, r.games))
    rows = tuple(
        Row(
            rule,
            (games / r.games,),
            flagged=rule in rare or not games,
            note=f"{share(games / r.games)} of games, {r.rule_uses.get(rule, 0.0):.2f} a game",
        )
        for rule, games in r.rules.items()
    )
    chart = RowChart(
        "Rules used",
        f"Share of the {r.games:,} games in which each rule the engine lists came up, and "
        f"its uses per game; marked when it never came up or came up in under "
        f"{RARE * 100:g} % of the games.",
        rows,
        unit="share",
        reference=RARE,
        reference_label=f"{RARE * 100:g} % of games",
        span=(0.0, 1.0),
    )
    return Section("Rules", charts=(chart,))


def measures_section(r: Report) -> Section | None:
    """The engine's own per-game figures, one line each: minimum, mean and maximum."""
    if not r.measures:
        return None
    lines = (
        f"The engine's own figures for each of the {r.games:,} games played: minimum, "
        "mean and maximum.",
        *(
            f"{name}: min {_number(s['min'])}, mean {s['mean']:,.2f}, max {_number(s['max'])}"
            for name, s in r.measures.items()
        ),
    )
    return Section("The game's own figures", lines)


def _number(value: float) -> str:
    return f"{value:,g}" if value != int(value) else f"{int(value):,}"


__all__ = ["measures_section", "quality_section", "rules_section"]
