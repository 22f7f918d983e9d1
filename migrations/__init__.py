"""The schema, as numbered SQL files. Installed as the package ``bot.migrations`` (see
``[tool.setuptools.package-dir]`` in pyproject.toml), so that ``bot.store.migrations``
reads the files through ``importlib.resources`` from a wheel as from a checkout."""
