"""Every link between the README and the guides in docs/ leads somewhere: the file exists,
and a `#anchor` names one of its headings (as GitHub makes them), so a reader following the
README's links finds each thing the README used to say."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings: lower case, punctuation dropped, spaces as
    hyphens, a repeated one numbered -1, -2 ... (GitHub's rule)."""
    found: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not re.match(r"#{1,6} ", line):
            continue
        slug = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        name, n = slug, 0
        while name in found:
            n += 1
            name = f"{slug}-{n}"
        found.add(name)
    return found


def test_every_link_between_the_documents_leads_somewhere() -> None:
    wrong = []
    for path in DOCUMENTS:
        for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            if not linked.exists():
                wrong.append(f"{path.relative_to(ROOT)}: {target}: no such file")
            elif anchor and anchor not in anchors(linked):
                wrong.append(f"{path.relative_to(ROOT)}: {target}: no such heading")
    assert not wrong, "\n".join(wrong)


def test_the_readme_links_every_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for guide in sorted((ROOT / "docs").glob("*.md")):
        assert f"](docs/{guide.name})" in readme, guide.name


def test_anchors_follow_githubs_rule(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("# The TD's guide\n## Settings and .env\n```sh\n# a comment\n```\n"
                   "## Backup and restore\n### Backup and restore\n")
    assert anchors(doc) == {"the-tds-guide", "settings-and-env", "backup-and-restore",
                            "backup-and-restore-1"}
