"""pnp's version, where any stage may read it without importing the package's front door
(``pnp/__init__.py`` names modules of every stage)."""

__version__ = "0.1.0"
