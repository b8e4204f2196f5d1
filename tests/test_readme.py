"""The README's and the guide's promises: their Python examples run, CI runs the README's test command, and the
architecture pictures name every module."""

import re
import textwrap

from conftest import REPO

README = (REPO / "README.md").read_text()
GUIDE = REPO / "docs" / "guide"
ARCHITECTURE = (GUIDE / "architecture.rst").read_text()


def rst_blocks(text, directive):
    """The bodies of a reST page's blocks that start with `directive` (``.. code-block:: python`` or ``::``),
    their common indentation stripped."""
    blocks = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() != directive and not (directive == "::" and line.rstrip().endswith("::")
                                              and not line.lstrip().startswith("..")):
            continue
        indent = len(line) - len(line.lstrip())
        body = []
        for following in lines[i + 1:]:
            if following.strip() and len(following) - len(following.lstrip()) <= indent:
                break
            body.append(following)
        blocks.append(textwrap.dedent("\n".join(body)).strip("\n") + "\n")
    return blocks


def test_python_examples_run():
    """The README's python blocks, then each guide page's (by file name), in one namespace: a page's blocks build
    on the ones before them, as a reader's session would. None of them needs ../shared/data."""
    examples = [("README.md", block) for block in re.findall(r"```python\n(.*?)```", README, flags=re.S)]
    for page in sorted(GUIDE.glob("*.rst")):
        examples += [(page.relative_to(REPO).as_posix(), block)
                     for block in rst_blocks(page.read_text(), ".. code-block:: python")]
    assert len(examples) >= 2
    namespace = {}
    for name, block in examples:
        exec(compile(block, name, "exec"), namespace)
    assert namespace["top"].k == 100


def test_ci_runs_the_readme_test_command():
    commands = re.findall(r"```bash\n(.*?)```", README, flags=re.S)
    test_command = next(c.strip() for c in commands if "pytest" in c)
    install_and_test = test_command.split("&& ", 2)[-1]  # after creating and activating the venv
    assert install_and_test == "pip install -r requirements-dev.txt && python -m pytest"
    assert install_and_test in (REPO / ".ci" / "run").read_text()


def architecture_picture():
    """The full picture of docs/guide/architecture.rst: its first literal block, its indentation stripped."""
    return next(block for block in rst_blocks(ARCHITECTURE, "::") if "─── fsviz/, the library" in block)


def test_the_architecture_picture_names_every_module():
    """Every file of fsviz/, ui/ and pages/ has its line in the guide's architecture picture (each package's files
    indented under it), so the picture stays true as modules come and go."""
    full = architecture_picture()
    picture = full[full.index("─── fsviz/, the library"):]
    picture = picture[:picture.index("\n───")]
    app = full[:full.index("─── fsviz/, the library")]
    listed, folders = set(), []  # folders: the packages the current line is inside, by depth
    for line in picture.splitlines()[1:]:
        depth = (len(line) - len(line.lstrip(" "))) // 2
        if not line.strip() or depth >= 10:  # a description's second line starts at column 20
            continue
        name = line.split()[0]
        folders = folders[:depth]
        listed.add("".join(folders) + name)
        if name.endswith("/"):
            folders.append(name)
    missing = []
    for path in sorted((REPO / "fsviz").rglob("*.py")):
        if "__pycache__" in path.parts or path.name in ("__init__.py", "__main__.py"):
            continue
        if path.relative_to(REPO / "fsviz").as_posix() not in listed:
            missing.append(path.relative_to(REPO / "fsviz").as_posix())
    for folder in ("ui", "pages"):
        missing += [f"{folder}/{p.name}" for p in sorted((REPO / folder).glob("*.py"))
                    if p.name != "__init__.py" and p.name not in app]
    assert not missing, f"add these to the architecture picture in docs/guide/architecture.rst: {missing}"


def test_the_readme_picture_names_every_package_and_page():
    """The README's compact picture has a line for each package of fsviz/ (and its top-level modules) and names
    every file of ui/ and pages/."""
    picture = README[README.index("## Architecture"):]
    picture = picture[picture.index("```\n") + 4:]
    picture = picture[:picture.index("```")]
    first_words = {line.split()[0] for line in picture.splitlines() if line.strip()}
    fsviz = REPO / "fsviz"
    missing = [f"{p.name}/" for p in sorted(fsviz.iterdir())
               if p.is_dir() and p.name != "__pycache__" and f"{p.name}/" not in first_words]
    missing += [p.name for p in sorted(fsviz.glob("*.py"))
                if p.name not in ("__init__.py", "__main__.py") and p.name not in picture.split()]
    for folder in ("ui", "pages"):
        if f"{folder}/" not in first_words:
            missing.append(f"{folder}/")
        missing += [f"{folder}/{p.name}" for p in sorted((REPO / folder).glob("*.py"))
                    if p.name != "__init__.py" and p.name not in picture.split()]
    assert not missing, f"add these to the README's architecture picture: {missing}"
