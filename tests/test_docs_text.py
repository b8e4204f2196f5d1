"""The docs' reStructuredText is written as reStructuredText (issue 54: the page that explains the answer rendered
a section, "What else backs the answer", as Markdown inside a bash code block, and the warnings-as-errors build
passed it). Without building the site: a shell code block holds shell lines, not Markdown headings or bullets,
and prose outside literal blocks holds no Markdown `code` (single backticks are italic in reStructuredText)."""

import re

import pytest
from conftest import REPO

PAGES = sorted((REPO / "docs").rglob("*.rst"))
MARKDOWN_IN_SHELL = re.compile(r"^\s*(#{2,} |- \*\*|\* \*\*)")
SINGLE_BACKTICKS = re.compile(r"(?<![`:\w])`[^`\s][^`]*`(?![`_])")


def _blocks(lines):
    """Each line with the literal block it is in: None (prose), or the block's language ('' for ``::`` blocks)."""
    block, indent = None, 0
    for line in lines:
        stripped = line.strip()
        if block is not None and stripped and len(line) - len(line.lstrip()) <= indent:
            block = None
        if block is None:
            start = re.match(r"(\s*)\.\. (?:code-block|code|sourcecode)::\s*(\S*)", line)
            if start:
                yield line, None
                block, indent = start.group(2) or "", len(start.group(1))
                continue
            if stripped.endswith("::") and not stripped.startswith(".."):
                yield line, None
                block, indent = "", len(line) - len(line.lstrip())
                continue
        yield line, block


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_a_page_is_restructuredtext_throughout(page):
    wrong = []
    for number, (line, block) in enumerate(_blocks(page.read_text(encoding="utf-8").splitlines()), 1):
        if block in ("bash", "shell", "console", "sh") and MARKDOWN_IN_SHELL.match(line):
            wrong.append((number, "Markdown in a shell block", line.strip()[:80]))
        elif block is None and SINGLE_BACKTICKS.search(line):
            wrong.append((number, "Markdown `code` (use ``code``)", line.strip()[:80]))
    assert not wrong, wrong
