"""What a build makes, planned as data: its files, their sheets and pieces, and the
options that shape them. pnp.render draws what the plan names; pnp.build writes it."""
