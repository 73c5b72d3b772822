"""The names of pnp's own component kinds, cheap to import: the command line lists them
in its help before it loads anything. pnp.spec.kinds declares what each one is."""

BUILT_IN = ("tokens", "board", "screen", "track", "aid")
"""pnp's own component kinds, in the order `--only` lists them."""
