"""The benchmarks: each module runs as ``python -m bench.NAME``. They drive the service as the
bot does; an event's format is loaded when the service first asks about it
(``bot.service.formats.registry``)."""
