"""pnp's own component kinds made whole: the layout of each (pnp.plan.kind_layouts) and
its picture in the setup figure (pnp.layout.setup_table), bound to the declarations in
pnp.spec.kinds. Importing this module binds them; the plan stage imports it before it
plans or pictures anything."""

from __future__ import annotations

from pnp.layout import setup_table
from pnp.plan import kind_layouts
from pnp.spec.kinds import bind

bind("tokens", kind_layouts.tokens, None)
bind("track", kind_layouts.track, setup_table.track_picture)
bind("aid", kind_layouts.aid, setup_table.aid_picture)
bind("board", kind_layouts.board, setup_table.board_picture)
bind("screen", kind_layouts.screen, setup_table.screen_picture)
