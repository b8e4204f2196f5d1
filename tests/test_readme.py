"""The README's promises: its Python examples run, and CI runs its test command."""

import re

from conftest import REPO

README = (REPO / "README.md").read_text()


def test_python_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert len(blocks) >= 2
    namespace = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["top"].k == 100


def test_ci_runs_the_readme_test_command():
    commands = re.findall(r"```bash\n(.*?)```", README, flags=re.S)
    test_command = next(c.strip() for c in commands if "pytest" in c)
    install_and_test = test_command.split("&& ", 2)[-1]  # after creating and activating the venv
    assert install_and_test == "pip install -r requirements-dev.txt && python -m pytest"
    assert install_and_test in (REPO / ".ci" / "run").read_text()


def test_the_architecture_picture_names_every_module():
    """Every file of fsviz/, ui/ and pages/ has its line in the README's picture (each package's files indented
    under it), so the picture stays true as modules come and go."""
    picture = README[README.index("─── fsviz/, the library"):]
    picture = picture[:picture.index("\n───")]
    app = README[:README.index("─── fsviz/, the library")]
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
    assert not missing, f"add these to the README's architecture picture: {missing}"
