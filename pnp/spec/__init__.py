"""Reading a game folder: hardened YAML, the typed model and its schema, components,
fields, paths, card-layout files, scaffolds for new games. The lowest stage: imports
nothing else of pnp but the package-root helpers.
"""
