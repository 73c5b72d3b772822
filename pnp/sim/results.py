"""What a simulation run reports (:class:`Report`), and how it reads on a terminal."""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from typing import Any

from pnp.sim.cards import CardStats, Rate
from pnp.sim.quality import RARE, interval, quality_lines, rare_rules
from pnp.sim.strength import Strength

DEFAULT_MAX_STEPS = 20_000
"""Decisions after which a game stops as a timeout."""


@dataclass(frozen=True)
class ComponentUse:
    """How many of one printed component the games needed at once."""

    printed: int
    peak: int
    """Most needed at once in any game."""
    covering: int
    """Count that would have been enough in ``COVERAGE`` of the games."""
    short_games: int
    """Games that needed more than were printed."""


@dataclass
class Report:
    engine: str
    games: int
    players: int
    seed: int
    bots: list[str]
    """Bot name per seat."""
    completed: int
    """Games ended by the rules."""
    timeouts: int
    """Games stopped at the step cap."""
    length_mean: float
    length_stdev: float
    """Game length in rounds, over completed games."""
    win_rates: list[float]
    """Share of completed games each seat won (a tie splits the win)."""
    balance: float
    """1 − the largest gap between two seats' win rates."""
    score_spread: float
    """Mean of (winner's − last player's final score) over completed games."""
    decision_share: list[float]
    """Per seat: share of its decisions that had more than one legal option."""
    decisions_per_game: list[float]
    """Per seat: mean number of decisions with more than one legal option."""
    components: dict[str, dict[str, ComponentUse]] = field(default_factory=dict)
    short_games: dict[str, int] = field(default_factory=dict)
    """Per component group: games in which any of its components ran short."""
    measures: dict[str, dict[str, float]] = field(default_factory=dict)
    """Other per-game numbers from the engine: min, mean and max."""
    ran_out: list[str] = field(default_factory=list)
    """Components needed beyond their printed number, and decks that ran dry."""
    requested: int = 0
    """Games asked for; more than ``games`` when the run was interrupted."""
    interrupted: bool = False
    max_steps: int = DEFAULT_MAX_STEPS
    strength: Strength | None = None
    """Each bot against the others, when more than one bot played (seats rotated)."""
    lineup: list[str] = field(default_factory=list)
    """The bots named, in order; with more than one they rotate through the seats."""
    rules: dict[str, int] = field(default_factory=dict)
    """Each rule the engine lists (``RULES``) → games in which it was used."""
    cards: dict[str, CardStats] = field(default_factory=dict)
    """Per card design: how a seat fares when it draws it (pnp.sim.cards)."""
    game_lengths: list[int | None] = field(default_factory=list)
    """Per game played, in seed order: its length in rounds, None for a timeout; what
    pairs the games of two runs on the same seeds (pnp.sim.ab_runs). Not in the JSON."""
    winners: list[tuple[int, ...]] = field(default_factory=list)
    """Per completed game, in seed order: the seats that won (several in a tie). Not in
    the JSON."""
    options_per_decision: list[float] = field(default_factory=list)
    """Per seat: mean legal options over all its decisions (1 for a forced one)."""
    lengths: dict[int, int] = field(default_factory=dict)
    """Rounds → completed games that lasted that long."""
    score_quantiles: list[list[float]] = field(default_factory=list)
    """Per seat: its final score's minimum, quartiles and maximum, over completed games."""
    spread_quantiles: list[float] = field(default_factory=list)
    """The same five numbers of the winner's minus the last player's final score."""
    lead_changes: dict[int, int] = field(default_factory=dict)
    """Times the lead changed hands → completed games (pnp.sim.tally.lead_story)."""
    led_from: dict[int, int] = field(default_factory=dict)
    """Round from which the winner led for good → completed games with one winner."""
    decisions_per_second: dict[str, float] = field(default_factory=dict)
    """Per bot kind: decisions with a real choice / seconds inside its calls, when the run
    was timed; timing, so the one figure the same seed does not repeat."""
    ratings: dict[str, dict[str, float]] | None = None
    """Per bot kind, strongest first: its OpenSkill rating (``mu``, ``sigma``, ``ordinal``),
    when more than one kind played (pnp.sim.ratings)."""
    quality: dict[str, dict[str, float]] = field(default_factory=dict)
    """Game-quality measures (pnp.sim.quality): each one's games, mean and 95 % interval."""
    rule_uses: dict[str, float] = field(default_factory=dict)
    """Each rule the engine lists → its uses per game played."""
    cards_bot: str = ""
    """The bot kind whose seats ``cards`` describes: the strongest that played
    (pnp.sim.card_kinds)."""
    cards_by_bot: dict[str, dict[str, CardStats]] = field(default_factory=dict)
    """Per bot kind, strongest first: its seats' card statistics, never pooled."""
    seats_by_bot: dict[str, list[Rate]] = field(default_factory=dict)
    """With more than one bot kind: per kind, its win rate in each seat it took."""

    @property
    def first_seat_edge(self) -> float:
        """Seat 1's win rate minus an even share: the first player's advantage."""
        return self.win_rates[0] - 1 / self.players if self.win_rates else 0.0

    @property
    def completion(self) -> float:
        return self.completed / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["completion"] = self.completion
        del data["game_lengths"], data["winners"]
        for empty in ("decisions_per_second", "ratings"):
            if not data[empty]:
                del data[empty]
        return data

    def status(self) -> str:
        """``interrupted after 1,234 of 1,000,000 games`` for a stopped run, else ``""``."""
        if not self.interrupted:
            return ""
        return f"interrupted after {self.games:,} of {self.requested:,} games"

    def lines(self) -> list[str]:
        """The report as short lines of text for a terminal."""
        pct = "{:.1%}".format
        out = [
            f"{self.engine}: {self.games} games, {self.players} players, seed {self.seed}, "
            f"bots {self.mix() if self.strength else ', '.join(self.bots)}",
            f"completion {pct(self.completion)}, timeouts {self.timeouts}",
            f"length {self.length_mean:.2f} ± {self.length_stdev:.2f} rounds",
            f"win rates {' '.join(pct(w) for w in self.win_rates)}; balance {self.balance:.3f}; "
            f"first seat {self.first_seat_edge:+.1%} ({self.mix()})",
            f"score spread {self.score_spread:.1f}",
            f"decision share {' '.join(pct(d) for d in self.decision_share)}",
        ]
        out.extend(self.course_lines())
        out.extend(quality_lines(self.quality))
        for group, items in self.components.items():
            uses = ", ".join(f"{item} {u.peak}/{u.printed}" for item, u in items.items())
            out.append(f"{group} (peak/printed): {uses}")
        for name, stats in self.measures.items():
            out.append(
                f"{name}: min {stats['min']:g}, mean {stats['mean']:.2f}, max {stats['max']:g}"
            )
        out.extend(f"ran out: {line}" for line in self.ran_out)
        if self.rules:
            unused = [rule for rule, games in self.rules.items() if not games]
            out.append(
                f"rules: {len(self.rules) - len(unused)} of {len(self.rules)} used"
                + (f"; never used: {', '.join(unused)}" if unused else "")
            )
            rare = rare_rules(self.rules, self.games)
            if rare:
                out.append(
                    f"rules used in under {RARE * 100:g} % of games: "
                    + ", ".join(f"{rule} ({self.rules[rule]})" for rule in rare)
                )
        out.extend(self.card_lines())
        if self.strength is not None:
            out.extend(self.strength.lines(self.players))
        out.extend(self.bot_lines())
        return [*out, self.status()] if self.interrupted else out

    def bot_lines(self) -> list[str]:
        """The bots' ratings and their decisions per second, when the run has them."""
        out = []
        if self.ratings:
            rated = self.ratings.items()
            each = ", ".join(f"{k} {r['mu']:.1f} ± {r['sigma']:.1f}" for k, r in rated)
            out.append(f"ratings (OpenSkill Plackett-Luce): {each}")
        if self.decisions_per_second:
            rates = ", ".join(f"{k} {n:,.0f}" for k, n in self.decisions_per_second.items())
            out.append(f"decisions per second: {rates}")
        return out

    def course_lines(self) -> list[str]:
        """Legal options per decision, lead changes and when the winner took the lead."""
        out = []
        if self.options_per_decision:
            options = " ".join(f"{o:.1f}" for o in self.options_per_decision)
            out.append(f"legal options per decision {options}")
        if self.lead_changes:
            q = self.quality  # with it, each mean has its 95 % interval
            changes = interval(q, "lead_changes", 2) if q else f"{mean_of(self.lead_changes):.2f}"
            line = f"lead changes {changes} per game"
            if self.led_from:
                led = interval(q, "led_from", 2) if q else f"{mean_of(self.led_from):.2f}"
                line += f"; winner led for good from round {led}"
            out.append(line)
        return out

    def card_lines(self) -> list[str]:
        """How many designs were tracked, and each flagged one with its interval; with
        several bot kinds, the strongest kind's (the others' counts after it)."""
        if not self.cards:
            return []
        flagged = flagged_lines(self.cards)
        several = len(self.cards_by_bot) > 1
        who = f"cards, {self.cards_bot} seats" if several else "cards"
        head = f"{who}: {len(self.cards)} designs tracked, {len(flagged)} flagged"
        if several:
            others = [
                f"{bot} seats: {sum(s.flagged for s in cards.values())} flagged"
                for bot, cards in self.cards_by_bot.items()
                if bot != self.cards_bot
            ]
            head += f" ({'; '.join(others)})"
        return [head, *flagged]

    def mix(self) -> str:
        """The bots at the table, e.g. ``search+heuristic, seats rotated``."""
        names = list(dict.fromkeys(self.lineup or self.bots))
        if len(self.lineup) > len(names):  # a line-up: how many seats each bot takes
            names = [
                f"{self.lineup.count(n)} {n}" if self.lineup.count(n) > 1 else n for n in names
            ]
        return "+".join(names) + (", seats rotated" if len(names) > 1 else "")

    def legend(self) -> list[str]:
        """What each figure of :meth:`lines` means, one line each."""
        out = [
            "completion: share of games that ended by the rules; a timeout is a game "
            f"stopped after {self.max_steps:,} decisions",
            "length: mean ± standard deviation of the rounds a completed game lasted",
            "win rates: share of completed games each seat won, seat 1 first (a tie "
            "splits the win)",
            "balance: 1 − the largest gap between two seats' win rates (1.000 = even); first "
            "seat: seat 1's win rate minus an even share, for this mix of bots",
            "score spread: mean of the winner's minus the last player's final score",
            "decision share: per seat, share of its decisions with more than one legal choice",
        ]
        if self.options_per_decision:
            out.append("legal options per decision: per seat, mean choices it was offered")
        if self.lead_changes:
            out.append(
                "lead changes: times the top worth (the engine's estimate of a seat's worth) "
                "passed from one seat to another, looked at after every round (a tie holds no "
                "lead); winner led for good from: the mean round after which the winner was "
                "never behind or level again"
            )
        if quality_lines(self.quality):
            out.append(
                "quality: per completed game, from each seat's worth as the engine estimates "
                "it after every round; drama: the winner's worst deficit as a share of the "
                "leader's worth; decisiveness: the final margin of the first over the second "
                "as a share of the first; uncertainty: how late the winner took the lead for "
                "good, as a share of the rounds; branching: legal options per decision"
            )
        if self.components:
            out.append(
                "peak/printed: most of a component needed at once in any game / how many "
                "are printed"
            )
        if self.measures:
            out.append("min, mean, max: the game's own figures, over all games played")
        if self.ran_out:
            out.append("ran out: components or decks that were not enough in some games")
        if self.rules:
            out.append("rules: the engine's listed rules that came up in at least one game")
            if rare_rules(self.rules, self.games):
                out.append(
                    f"rules used in under {RARE * 100:g} % of games: those that came up, but "
                    "that rarely (the games they came up in)"
                )
        if self.cards:
            out.append(
                "cards: improvement when drawn = a seat's win rate in games it drew the card "
                "minus in games it did not, with a 95 % interval; flagged when the interval, "
                "widened for the number of cards, leaves out zero"
            )
            out.append(
                "cards drawn in 90 % of games or more: judged instead by the win rate when "
                "got early minus late (late: after the card's median place among the seat's "
                "cards, not in the opening hand); opening hand, played: win rates with the "
                "card dealt at the start, played at least once; (n): games behind each"
            )
            if len(self.cards_by_bot) > 1:
                out.append(
                    f"cards, {self.cards_bot} seats: figures of the seats that bot played, the "
                    "strongest at the table; each bot's seats are counted apart, never pooled"
                )
        if self.strength is not None:
            out.append(
                "bot strength: games each bot won per seat it took, seats rotated; a "
                "two-sided sign test per pair of bots (p below 0.05: the first is stronger "
                "with 95 % confidence)"
            )
        if self.ratings:
            out.append(
                "ratings: each bot's OpenSkill Plackett-Luce rating mu ± sigma over the "
                "completed games in order, seats ranked by final score (25 ± 8.3 at the start)"
            )
        if self.decisions_per_second:
            out.append(
                "decisions per second: each bot's decisions with a real choice per second "
                "spent choosing (timing: it varies from run to run)"
            )
        return out


TIMING = ("decisions_per_second",)
"""The keys of a report's JSON that are timing: the one part that a seeded run does not
repeat exactly."""


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    """A report's JSON (:meth:`Report.to_dict`) without its timing: what the seed decides."""
    return {key: value for key, value in data.items() if key not in TIMING}


def flagged_lines(cards: dict[str, CardStats]) -> list[str]:
    """A line for each flagged design with its interval, the largest difference first,
    and its other win rates: in the opening hand and when played."""
    flagged = [(card, s) for card, s in cards.items() if s.flagged]
    out = []
    for card, s in sorted(flagged, key=lambda item: -abs(item[1].gain or 0.0)):
        low, high = s.gain_ci95 or (0.0, 0.0)
        if s.late:
            early, late = s.drawn_early, s.drawn_late
            line = (
                f"  {card}: win when got early {early.win or 0.0:.1%} ({early.n}), late "
                f"{late.win or 0.0:.1%} ({late.n}), difference {s.gain or 0.0:+.1%} "
                f"[{low:+.1%}, {high:+.1%}], drawn {s.drawn}"
            )
        else:
            line = (
                f"  {card}: win when drawn {s.win_when_drawn:.1%}, improvement "
                f"{s.iwd:+.1%} [{low:+.1%}, {high:+.1%}], drawn {s.drawn}"
            )
        out.append(line + "".join(_rate_words(s)))
    return out


def _rate_words(s: CardStats) -> list[str]:
    """``; opening hand 30.1% (120), played 35.2% (400)``: the rates that have games."""
    rates = (("opening hand", s.in_opening), ("played", s.when_played))
    words = [f"{name} {r.win:.1%} ({r.n})" for name, r in rates if r.win is not None]
    return ["; " + ", ".join(words)] if words else []


def mean_of(counts: dict[int, int]) -> float:
    """The mean of a histogram (value → how often)."""
    n = sum(counts.values())
    return sum(value * k for value, k in counts.items()) / n if n else 0.0


def five_numbers(values: list[float]) -> list[float]:
    """Minimum, lower quartile, median, upper quartile and maximum (a box plot's numbers)."""
    if not values:
        return []
    if len(values) == 1:
        return [float(values[0])] * 5
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return [float(min(values)), q1, q2, q3, float(max(values))]
