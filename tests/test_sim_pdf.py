"""`pnp simulate --report FILE.pdf`: the charted report says the run's own numbers, the
same seed gives the same bytes, and a failed or refused write leaves no half file."""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.render.charts import Row, RowChart, rows_fitting
from pnp.sim.ab_cards import CardVerdict
from pnp.sim.ab_pairing import Pairing
from pnp.sim.cards import CardStats, wilson
from pnp.sim.chart_report import report_document, write_report
from pnp.sim.forest import MOST_CARDS
from pnp.sim.results import ComponentUse, Report
from pnp.sim.runner import simulate
from pnp.sim.verdicts import change, report_verdicts, share, signed
from pnp.spec.game import Game
from pnp.spec.load import load_game

runner = CliRunner()


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("oldbiddy")


@pytest.fixture(scope="module")
def report(game: Game) -> Report:
    # Old Biddy: 20 games take a fraction of a second and use cards, rules and components
    return simulate("oldbiddy", game, games=20, seed=4, bots=["heuristic", "random"])


def pdf_lines(data: bytes) -> list[str]:
    """Every line of text on every page, as a PDF reader extracts it."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [line.strip() for page in reader.pages for line in page.extract_text().splitlines()]


def test_the_pdf_says_the_reports_numbers(tmp_path: Path, report: Report, game: Game) -> None:
    path = tmp_path / "ob.pdf"
    pages = write_report(path, report, game)
    data = path.read_bytes()
    lines = pdf_lines(data)
    assert len(pypdf.PdfReader(io.BytesIO(data)).pages) == pages >= 2
    assert "Old Biddy — simulation report" in lines
    assert "Original game: Ellie Dix. Old Biddy © Ellie Dix." in lines  # game.yaml credits
    for rate in report.win_rates:  # each seat: its rate and 95 % Wilson interval
        low, high = wilson(rate * report.completed, report.completed)
        assert f"{share(rate)}  ({share(low)}–{share(high)})" in lines
    assert f"mean {report.length_mean:.2f} rounds" in lines
    for seat, options in enumerate(report.options_per_decision):
        real = share(report.decision_share[seat])
        assert f"{options:.1f} options; {real} real choices" in lines
    for items in report.components.values():
        for use in items.values():
            assert f"{use.peak} of {use.printed}" in lines
    compared = [s for s in report.cards.values() if s.gain is not None and s.gain_ci95]
    assert 0 < len(compared) <= MOST_CARDS
    for s in compared:  # every card of the forest plot, with its interval and its win rates
        assert s.gain is not None and s.gain_ci95 is not None
        low, high = s.gain_ci95
        note = f"{change(s.gain)}  ({change(low)} to {change(high)}), drawn {s.drawn:,}"
        if s.when_played.win is not None:
            note += f", GP {s.when_played.win * 100:.0f} %"
        assert note in lines
    # the verdicts' words, topic by topic, as report_verdicts wrote them (wrapped lines
    # joined again), each tagged
    text = " ".join(lines)
    for verdict in report_verdicts(report):
        assert f"{'fine' if verdict.fine else 'look'} {verdict.topic} {verdict.text}" in text


def test_same_seed_same_bytes_other_seed_other_bytes(tmp_path: Path) -> None:
    def run(seed: int, name: str) -> bytes:
        out = tmp_path / name
        args = ["simulate", "oldbiddy", "--games", "8", "--seed", str(seed), "--report", str(out)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert f"wrote {out}" in result.stderr
        return out.read_bytes()

    first = run(3, "a.pdf")
    assert run(3, "b.pdf") == first
    assert run(4, "c.pdf") != first
    assert b"CreationDate" not in first or b"D:20000101000000" in first  # invariant=1


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("missing/r.pdf", "there is no folder"),
        ("r.txt", "does not end in .pdf"),
        ("folder.pdf", "is a folder"),
    ],
)
def test_a_report_path_that_cannot_be_written_is_a_usage_error(
    tmp_path: Path, name: str, words: str
) -> None:
    (tmp_path / "folder.pdf").mkdir()
    args = ["simulate", "oldbiddy", "--games", "1", "--report", str(tmp_path / name)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_a_failed_write_keeps_the_last_good_report(
    tmp_path: Path, report: Report, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.pdf"
    write_report(path, report, game)
    good = path.read_bytes()

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("pnp.render.report_pdf.renderPDF.draw", broken)
    with pytest.raises(OSError):
        write_report(path, report, game)
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["r.pdf"]  # no temporary file left


def test_a_write_that_fails_on_the_command_line_keeps_the_printed_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("pnp.render.report_pdf.renderPDF.draw", full)
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["simulate", "oldbiddy", "--games", "2", "--report", str(out)])
    assert result.exit_code == 1
    assert "oldbiddy: 2 games" in result.stdout  # printed before the PDF was tried
    assert "error: No space left on device" in result.stderr
    assert "Traceback" not in result.output and not list(tmp_path.iterdir())


def blank(**changes: object) -> Report:
    """A made-up report of 1,000 even four-seat games, changed as a test needs."""
    base = Report(
        engine="made-up",
        games=1000,
        players=4,
        seed=0,
        bots=["random"] * 4,
        completed=1000,
        timeouts=0,
        length_mean=6.0,
        length_stdev=1.0,
        win_rates=[0.25] * 4,
        balance=1.0,
        score_spread=10.0,
        decision_share=[0.9] * 4,
        decisions_per_game=[20.0] * 4,
        components={"coins": {"gold": ComponentUse(20, 12, 11, 0)}},
        rules={"draw": 1000, "trade": 40},
        cards={"ace": card(0.01, (-0.02, 0.04), False)},
        lengths={5: 300, 6: 400, 7: 300},
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def card(iwd: float, ci: tuple[float, float], outlier: bool) -> CardStats:
    return CardStats(400, 300, 0.25 + iwd / 2, 0.25 - iwd / 2, iwd, ci, 0.75, outlier)


def test_an_even_run_is_fine_on_every_count() -> None:
    verdicts = report_verdicts(blank())
    assert [v.topic for v in verdicts] == [
        "Seat balance",
        "Length",
        "Rules used",
        "Cards",
        "Components",
    ]
    assert all(v.fine for v in verdicts)
    words = {v.topic: v.text for v in verdicts}
    assert words["Rules used"] == (
        "All 2 listed rules came up; the rarest, trade, in 40 of 1,000 games."
    )
    assert words["Length"] == "Every game ended by the rules, after 6.0 ± 1.0 rounds (5 to 7)."
    # coins: 12 of 20 at the peak
    assert "the closest, coins: gold, needed 60.0 % of its count" in words["Components"]


def test_each_trouble_gets_a_look_line() -> None:
    # seat 1 wins 31 % of 988 four-seat games: Wilson's interval widened for four seats
    # (z = 2.50) is 27.4 %–34.9 %, clear of the even 25 %; the others' 23 % (19.9 %–26.4 %)
    # hold it. The verdict shows the plain 95 % interval.
    troubled = blank(
        win_rates=[0.31, 0.23, 0.23, 0.23],
        balance=0.85,
        timeouts=12,
        completed=988,
        rules={"draw": 1000, "trade": 0, "bluff": 0},
        cards={"ace": card(0.12, (0.08, 0.16), True), "two": card(0.0, (-0.03, 0.03), False)},
        ran_out=["coins gold: up to 22 needed at once, 20 printed; short in 3 of 1000 games"],
    )
    words = {v.topic: v for v in report_verdicts(troubled)}
    assert not any(v.fine for v in words.values())
    low, high = wilson(0.31 * 988, 988)
    assert words["Seat balance"].text == (
        f"seat 1 wins 31.0 % ({share(low)}–{share(high)}), not the even 25.0 % "
        "(balance 0.850; bots random)."
    )
    assert words["Length"].text.startswith("12 of 1,000 games hit the cap of 20,000 decisions")
    assert words["Rules used"].text == (
        "2 of 3 listed rules never came up in 1,000 games: trade, bluff."
    )
    assert words["Cards"].text.endswith("more than chance allows: ace (+12.0 %).")
    assert "coins gold: up to 22 needed" in words["Components"].text


def test_an_interrupted_run_says_so_first() -> None:
    verdicts = report_verdicts(blank(interrupted=True, requested=5000))
    assert (verdicts[0].topic, verdicts[0].fine) == ("Run", False)
    assert verdicts[0].text.startswith("interrupted after 1,000 of 5,000 games")


def test_signs_and_shares_are_written_the_way_a_reader_expects() -> None:
    assert (share(0.3123), change(0.021), change(-0.004)) == ("31.2 %", "+2.1 %", "−0.4 %")
    assert (change(-0.0004), signed(-0.001), signed(1.25)) == ("0.0 %", "0.00", "+1.25")


def test_many_cards_show_the_farthest_and_split_under_one_axis(tmp_path: Path, game: Game) -> None:
    # 150 cards, iwd from −7.4 % to +7.5 %; the two at the ends flagged
    cards = {
        f"card-{i:03}": card((i - 74) / 1000, ((i - 94) / 1000, (i - 54) / 1000), i in (0, 149))
        for i in range(150)
    }
    made = blank(cards=cards)
    doc = report_document(made, game)
    forest = doc.sections[1].charts[0]
    assert isinstance(forest, RowChart)
    assert len(forest.rows) == MOST_CARDS
    assert "The 100 of 150 cards farthest from zero are shown" in forest.caption
    shown = {row.label for row in forest.rows}
    assert {"card-000", "card-149"} <= shown and "card-074" not in shown
    assert [row.values[0] for row in forest.rows] == sorted(
        (row.values[0] for row in forest.rows), reverse=True
    )
    head, rest = forest.split(30)
    assert head.span == rest.span and len(head.rows) + len(rest.rows) == MOST_CARDS
    assert rest.title.endswith("(continued)")
    path = tmp_path / "many.pdf"
    pages = write_report(path, made, game)
    lines = pdf_lines(path.read_bytes())
    assert sum(1 for line in lines if line in shown) == MOST_CARDS  # each row once
    assert pages >= 3 and "Improvement when drawn (continued)" in lines


def test_rows_fitting_is_what_the_page_holds() -> None:
    chart = RowChart("t", "", tuple(Row(f"r{i}", (float(i),)) for i in range(80)))
    # one row is 13 pt; with 300 pt to fill, about 300 / 13 less the heading and axis
    n = rows_fitting(chart, 400, 300)
    assert 15 <= n <= 22


@dataclass
class FakeComparison:
    """Stands in for pnp.sim.ab_runs.Comparison: the attributes the pages read."""

    base: Report
    variant: Report
    expansion: str = "extra"
    win_rates: list[tuple[float, float, float]] = field(default_factory=list)
    length: tuple[float, float, float] = (0.5, 0.2, 0.8)
    peaks: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)
    new_cards: dict[str, CardStats] = field(default_factory=dict)
    cards: list[CardVerdict] = field(default_factory=list)
    pairing: Pairing | None = None
    effect: float = 0.05
    headline: str = "Joker is too strong"


def test_a_comparison_adds_its_pages(tmp_path: Path, game: Game) -> None:
    base, variant = blank(), blank(length_mean=6.5)
    fake = FakeComparison(
        base,
        variant,
        win_rates=[
            (0.06, 0.02, 0.10),
            (-0.02, -0.06, 0.02),
            (0.0, -0.04, 0.04),
            (-0.04, -0.08, 0.0),
        ],
        peaks={"coins": {"gold": (12, 21)}},
        new_cards={"joker": card(0.05, (0.01, 0.09), True)},
        cards=[
            CardVerdict("joker", "Joker", "new", card(0.05, (0.01, 0.09), True), True, 0.03, 380),
            CardVerdict("ace", "Ace", "removed", None, False, None, None),
        ],
        pairing=Pairing(
            same_winners=700, paired_games=1000, seat_narrowing=0.09, length_narrowing=0.3
        ),
    )
    path = tmp_path / "ab.pdf"
    write_report(path, fake, game)  # a comparison: its base run, then its own pages
    lines = pdf_lines(path.read_bytes())
    assert "With extra" in lines and "Cards of extra" in lines
    assert "+6.0 %  (+2.0 % to +10.0 %)" in lines  # seat 1's change and its interval
    assert "+0.50  (+0.20 to +0.80)" in lines  # the length's
    assert "12 → 21 of 20" in lines  # gold: base peak, peak with it, printed with it
    assert "+5.0 %  (+1.0 % to +9.0 %), drawn 400" in lines  # the new card
    assert "±3 points; ±5: about 380 games" in lines  # what the run could detect
    words = " ".join(lines)
    # the headline is the first verdict of the comparison, then the power and the pairing
    assert "look Cards Joker is too strong. fine Power" in words
    assert "beyond: Joker ±3 points (±5: about 380 games)." in words
    assert "the same winner on 700 of 1,000 seeds; pairing narrowed the seat intervals by 9%" in (
        words
    )
    assert "The expansion moves seat 1 +6.0 % (+2.0 % to +10.0 %)." in words
    assert "With the expansion, more than printed: coins gold (21 needed, 20 printed)." in words


def test_a_run_where_no_game_ended_still_reports(tmp_path: Path, game: Game) -> None:
    stuck = blank(
        games=3,
        completed=0,
        timeouts=3,
        win_rates=[0.0] * 4,
        lengths={},
        cards={},
        score_quantiles=[[], [], [], []],
        spread_quantiles=[],
    )
    path = tmp_path / "stuck.pdf"
    assert write_report(path, stuck, game) >= 1
    words = " ".join(pdf_lines(path.read_bytes()))
    assert "look Seat balance No game ended by the rules, so no seat won one." in words
    assert "look Length None of 3 games ended within 20,000 decisions." in words
    assert "no games to show" in words
