"""Text before it is drawn: the Jinja sandbox, template text, rich text (**bold**, :icon:),
icons, fonts and glyph metrics. Imports only pnp.spec below it.
"""
