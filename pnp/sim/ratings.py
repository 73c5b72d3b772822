"""A rating per bot kind from the games of a run: OpenSkill's Plackett–Luce model.

Every completed game, in game order, is one match: each seat is a player of its own,
ranked by its final score (seats on the same score share a rank).  A kind that sits in
several seats of one game plays each of them with the rating it had before the game;
its new rating is the mean of its seats' new ratings (mean ``mu``, mean ``sigma``), so a
game counts once for every kind at the table, however many seats it took.  A game with
one kind at the table says nothing of kinds against each other and is left out.  The
same games in the same order give the same ratings.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from openskill.models import PlackettLuce


def rate_kinds(
    tables: Sequence[Sequence[str]], scores: Sequence[Sequence[float]]
) -> dict[str, dict[str, float]]:
    """Per bot kind: ``mu``, ``sigma`` and ``ordinal`` (mu − 3 sigma, OpenSkill's
    cautious figure), over the games whose seats held ``tables`` and scored ``scores``;
    the strongest kind first."""
    model = PlackettLuce()
    start = model.rating()
    ratings = {kind: (start.mu, start.sigma) for table in tables for kind in table}
    for table, score in zip(tables, scores, strict=True):
        if len(set(table)) < 2:
            continue
        teams = [[model.rating(*ratings[kind])] for kind in table]
        ranks = [1.0 + sum(other > mine for other in score) for mine in score]
        after = model.rate(teams, ranks=ranks)
        for kind in dict.fromkeys(table):
            seats = [seat for seat, sat in enumerate(table) if sat == kind]
            ratings[kind] = (
                statistics.fmean(after[seat][0].mu for seat in seats),
                statistics.fmean(after[seat][0].sigma for seat in seats),
            )
    ordered = sorted(ratings.items(), key=lambda item: (-item[1][0], item[0]))
    return {
        kind: {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma} for kind, (mu, sigma) in ordered
    }


__all__ = ["rate_kinds"]
