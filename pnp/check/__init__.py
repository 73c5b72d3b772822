"""`pnp validate`: the rules engine's findings plus the print checks (greyscale, fit of
every face and component). Imports only the stages below it; the quick playtest, which
is the simulation stage's work, is handed in by the caller.
"""
