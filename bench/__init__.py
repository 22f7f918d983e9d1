"""The benchmarks: each module runs as ``python -m bench.NAME``. They drive the service as the
bot does, so the formats are loaded here first, as every entry point loads them
(``bot.service.formats.loading``)."""

from bot.service.formats.loading import load_formats

load_formats()
