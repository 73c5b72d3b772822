"""`pnp serve`: the designer's workbench, every piece of a game live in a browser.

The stage sits between the command line and the simulator: it reads a game as `validate`
and `build` do, asks `render` for each piece's picture, runs playtests through `sim` in
the background, and serves the lot to a page on 127.0.0.1 (docs/architecture.md §2).
"""
