#!/usr/bin/env python3
"""Fails when a link in the README or docs/ names a file that is not there, or a heading that is
not in it: the guide is split across files, and a section moved breaks links silently.
`--self-test` shows it catching what it exists to catch."""
import pathlib, re, sys, tempfile

LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(title):
    """A heading's anchor as GitHub writes it."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def lines_outside_code(path):
    inside = False
    for number, line in enumerate(path.read_text().split("\n"), 1):
        if line.startswith("```"):
            inside = not inside
        elif not inside:
            yield number, line


def anchors(path):
    return {slug(m.group(1)) for _, line in lines_outside_code(path) if (m := re.match(r"^#{1,6} (.*)$", line))}


def broken(root):
    wrong = []
    for page in [root / "README.md", *sorted(root.glob("docs/**/*.md"))]:
        for number, line in lines_outside_code(page):
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                linked = (page.parent / path).resolve() if path else page
                if not linked.exists():
                    wrong.append(f"{page.relative_to(root)}:{number}: {target} (no such file)")
                elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                    wrong.append(f"{page.relative_to(root)}:{number}: {target} (no such heading)")
    return wrong


def self_test():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / "docs").mkdir()
        (root / "README.md").write_text("# Top\n\n[fine](docs/a.md#a-heading) [gone](docs/b.md) [moved](#elsewhere)\n")
        (root / "docs/a.md").write_text("# A heading\n\n```\n[in code](nowhere.md)\n```\n[back](../README.md#top)\n")
        found = broken(root)
        if len(found) != 2:
            sys.exit(f"check-doc-links self-test: expected 2 broken links, found {found}")
    print("check-doc-links self-test: caught both broken links, passed the fine ones")


if sys.argv[1:] == ["--self-test"]:
    self_test()
else:
    wrong = broken(pathlib.Path(__file__).resolve().parent.parent)
    if wrong:
        sys.exit("Links in the documentation lead nowhere:\n" + "\n".join(wrong))
    print("check-doc-links: every link in the README and docs/ finds its file and heading")
