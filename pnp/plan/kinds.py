"""pnp's own component kinds made whole: the layout of each (pnp.plan.kind_layouts), its
picture in the setup figure (pnp.layout.setup_table) and a board's whole face (for the
start-here sheet), bound to the declarations in pnp.spec.kinds. Importing this module
binds them; the plan stage imports it before it plans or pictures anything."""

from __future__ import annotations

from pnp.layout import setup_table
from pnp.layout.board import board_face
from pnp.plan import kind_layouts
from pnp.spec.kinds import bind

bind("tokens", kind_layouts.tokens, None)
bind("track", kind_layouts.track, setup_table.track_picture)
bind("aid", kind_layouts.aid, setup_table.aid_picture)
bind("board", kind_layouts.board, setup_table.board_picture, board_face)
bind("screen", kind_layouts.screen, setup_table.screen_picture)
