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
