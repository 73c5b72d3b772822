"""Typer: the commands and their options. Nothing else in pnp imports this package or Typer."""
