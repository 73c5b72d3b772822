"""Simulations: the runner (one process, a pool), its report, bot strength and tallies."""
