"""The platform every use-case stands on: the unit of work, the outbox, the journal,
durable deadlines, button callbacks, the clock and the limits of what people type."""
