"""The package as pip installs it: the SQL migrations ship inside it (as ``bot.migrations``,
read through importlib.resources), and pyproject.toml lists every package of the tree, since
the migrations' mapping rules out automatic discovery. ``make wheel-check`` (run by CI)
installs a real wheel outside the checkout and runs ``tdbot db migrate`` and ``tdbot demo``."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib.resources import files
from pathlib import Path

from bot.store.migrations import MIGRATIONS_DIR, load_migrations

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_lists_every_package_of_the_tree() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    in_tree = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("bot", "core")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert set(config["packages"]) == in_tree | {"bot.migrations"}
    assert config["package-dir"] == {"bot.migrations": "migrations"}
    assert config["package-data"]["bot.migrations"] == ["*.sql", "postgresql/*.sql"]


def test_the_migrations_are_read_as_package_resources() -> None:
    assert [p.name for p in (ROOT / "migrations").glob("*.sql")]  # the layout stays
    shipped = sorted(p.name for p in files("bot.migrations").iterdir() if p.name.endswith(".sql"))
    assert shipped == sorted(p.name for p in (ROOT / "migrations").glob("*.sql"))
    assert [m.name for m in load_migrations(MIGRATIONS_DIR)] == shipped


def test_an_install_without_the_sql_files_says_how_to_fix_it(tmp_path: Path) -> None:
    """An editable install made before the SQL files became package data has no
    bot.migrations: the import says to reinstall instead of 'No module named ...'."""
    hide = (
        "import sys\n"
        "class Hide:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'bot.migrations':\n"
        "            raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, Hide())\n"
        "import bot.store.migrations\n"
    )
    result = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True,
                            timeout=60, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        "bot.store.migrations.MigrationError: the schema's SQL files (package bot.migrations) "
        "are not installed; reinstall tdbot (in a checkout: pip install -e .)")
