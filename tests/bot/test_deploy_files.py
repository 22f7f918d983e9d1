"""deploy/: the files Docker, compose and systemd read, checked without running them.

Docker cannot run here ("deploy/"), so this checks what can go stale: the
image's command is a real `tdbot` command, the database sits in the /data volume,
every COPY source exists, the unit runs `tdbot run` with Restart=on-failure as a
dedicated user, and every key of .env.example is a real setting (bot/settings.py).
"""

from __future__ import annotations

import configparser
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def test_dockerfile_runs_tdbot_with_the_database_in_a_volume() -> None:
    text = (DEPLOY / "Dockerfile").read_text()
    lines = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert lines[0] == "FROM python:3.11-slim"
    assert "ENV TDBOT_DB=/data/tdbot.sqlite3" in lines
    assert 'VOLUME ["/data"]' in lines
    assert re.search(r"^USER tdbot$", text, re.M)
    cmd = next(line for line in lines if line.startswith("CMD "))
    assert json.loads(cmd.removeprefix("CMD ")) == ["tdbot", "run"]
    for line in lines:
        if line.startswith("COPY "):
            *sources, _ = line.split()[1:]
            for source in sources:
                assert (ROOT / source).exists(), f"Dockerfile copies missing {source}"


def test_compose_builds_from_the_root_and_keeps_the_database_volume() -> None:
    text = (DEPLOY / "compose.yaml").read_text()
    assert "\t" not in text, "YAML forbids tabs for indentation"
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        yaml = None
    if yaml is not None:
        data = yaml.safe_load(text)
        service = data["services"]["tdbot"]
        assert (DEPLOY / service["build"]["context"] / service["build"]["dockerfile"]).is_file()
        assert "tdbot-data:/data" in service["volumes"]
        assert "tdbot-data" in data["volumes"]
        return
    # No PyYAML here: check the few lines that matter by their indentation.
    assert re.search(r"^services:\n  tdbot:\n", text, re.M)
    context = re.search(r"^      context: (\S+)$", text, re.M)
    dockerfile = re.search(r"^      dockerfile: (\S+)$", text, re.M)
    assert context and dockerfile
    assert (DEPLOY / context.group(1) / dockerfile.group(1)).is_file()
    assert re.search(r"^      - tdbot-data:/data$", text, re.M)
    assert re.search(r"^volumes:\n  tdbot-data:", text, re.M)
    assert re.search(r"^      TDBOT_DB: /data/tdbot.sqlite3$", text, re.M)


def test_systemd_unit_runs_tdbot_as_its_own_user() -> None:
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string((DEPLOY / "tdbot.service").read_text())
    service = unit["Service"]
    assert service["ExecStart"].split()[:2] == ["/opt/tdbot/.venv/bin/tdbot", "run"]
    assert service["Restart"] == "on-failure"
    # exit 2 is a refusal (settings, an unusable database, a second poller): no restart loop
    assert service["RestartPreventExitStatus"] == "2"
    assert service["User"] == "tdbot" and service["EnvironmentFile"].startswith("/")
    db = service["ExecStart"].split("--db", 1)[1].strip()
    assert db.startswith("/var/lib/" + service["StateDirectory"] + "/")
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_the_unit_and_image_command_exist() -> None:
    from bot.cli import app

    result = CliRunner().invoke(app, ["run", "--help"])
    assert result.exit_code == 0, result.output
    assert "--db" in result.output


@pytest.mark.parametrize(
    "key",
    [
        "TDBOT_TOKEN",
        "TDBOT_DB",
        "TDBOT_BASE_URL",
        "TDBOT_WEBHOOK_URL",
        "TDBOT_WEBHOOK_SECRET",
        "TDBOT_LISTEN",
        "TDBOT_PORT",
        "TDBOT_BOT_USERNAME",
    ],
)
def test_env_example_documents_each_setting(key: str) -> None:
    text = (DEPLOY / ".env.example").read_text()
    assert re.search(rf"^(# )?{key}=", text, re.M), f"{key} missing from .env.example"


def test_env_example_names_only_real_settings() -> None:
    from bot.settings import Settings

    fields = {f"TDBOT_{name.upper()}" for name in Settings.model_fields}
    keys = re.findall(r"^(?:# )?(TDBOT_[A-Z_]+)=", (DEPLOY / ".env.example").read_text(), re.M)
    assert keys and set(keys) <= fields, f"unknown settings: {set(keys) - fields}"


def test_the_fleet_runs_three_webhook_workers_on_postgresql_behind_caddy() -> None:
    """deploy/fleet/: the workers share one PostgreSQL URL, each with its own name, all
    listening where Caddy hands the updates (the webhook URL's path, the workers' port)."""
    fleet = DEPLOY / "fleet"
    text = (fleet / "compose.yaml").read_text()
    assert "\t" not in text, "YAML forbids tabs for indentation"
    workers = re.findall(r"^  (worker-\d):\n    <<: \*worker\n    environment:\n"
                         r"      <<: \*worker-env\n      TDBOT_WORKER: (\S+)$", text, re.M)
    assert [w for w, _ in workers] == ["worker-1", "worker-2", "worker-3"]
    assert [name for w, name in workers] == [w for w, _ in workers]
    assert re.search(r"^  TDBOT_DB: postgresql://tdbot:.+@postgres/tdbot$", text, re.M)
    assert re.search(r"^  postgres:\n    image: postgres:\d+$", text, re.M)
    hook = re.search(r"^  TDBOT_WEBHOOK_URL: https://.+?(/\w+)$", text, re.M)
    port = re.search(r'^  TDBOT_PORT: "(\d+)"$', text, re.M)
    assert hook and port
    context = re.search(r"^    context: (\S+)$", text, re.M)
    dockerfile = re.search(r"^    dockerfile: (\S+)$", text, re.M)
    assert context and dockerfile
    assert (fleet / context.group(1) / dockerfile.group(1)).is_file()
    caddy = (fleet / "Caddyfile").read_text()
    route = re.search(r"^\thandle (\S+) \{\n\t\treverse_proxy (.+) \{$", caddy, re.M)
    assert route and route.group(1) == hook.group(1)
    assert route.group(2).split() == [f"{w}:{port.group(1)}" for w, _ in workers]
    # Caddy orders bare directives by kind (respond before reverse_proxy), so at the top
    # of the site only handle blocks keep the written routes apart
    top = re.findall(r"^\t(\w+)", caddy, re.M)
    assert top and set(top) == {"handle"}
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in text


def test_a_webhook_on_postgresql_needs_a_shared_secret(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each worker sets the webhook as it starts; a secret of its own would make the
    workers started before it refuse every update, so none is made up on PostgreSQL."""
    from bot.cli import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TDBOT_TOKEN", "123:abc")
    result = CliRunner().invoke(app, ["run", "--db", "postgresql://tdbot@127.0.0.1:9/x",
                                      "--webhook-url", "https://bot.example.org/tg"])
    assert result.exit_code == 2
    assert "--webhook-secret" in result.stderr and "share one secret" in result.stderr
