"""What the server imports, the plain install (`pip install -e .`, the README's serve command) brings.

The `train`, `test` and `bench` extras are not there when a newcomer starts the server: a module the
serving path imports from one of them would make `/correct` fail on a fresh machine while every test
passes here, where all extras are installed.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Only the training command runs these; they may use the `train` extra.
TRAIN_ONLY = (ROOT / "miniserve" / "tutor" / "training", ROOT / "miniserve" / "tutor" / "corpus")
LOCAL = {"miniserve", "kernels", "bench", "tests"}


def distribution_name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def core_closure() -> set[str]:
    """The core dependencies and everything they require, by distribution name."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pending, seen = [distribution_name(r) for r in declared], set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requirements = metadata.requires(name) or ()
        except metadata.PackageNotFoundError:  # its marker excludes this Python ("exceptiongroup")
            continue
        for requirement in requirements:
            if "extra ==" not in requirement:
                pending.append(distribution_name(requirement))
    return seen


def top_level_imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_serving_code_imports_only_core_dependencies():
    providers = metadata.packages_distributions()
    closure = core_closure()
    missing = {}
    for path in sorted((ROOT / "miniserve").rglob("*.py")) + sorted((ROOT / "kernels").rglob("*.py")):
        if any(path.is_relative_to(folder) for folder in TRAIN_ONLY):
            continue
        for module in top_level_imports(path) - LOCAL - set(sys.stdlib_module_names) - {"__future__"}:
            distributions = {d.lower().replace("_", "-") for d in providers.get(module, [module])}
            if not distributions & closure:
                missing.setdefault(module, []).append(str(path.relative_to(ROOT)))
    assert not missing, f"imported by serving code but not a core dependency in pyproject.toml: {missing}"


def test_the_closure_sees_transitive_requirements():
    # werkzeug comes with quart: the check must not ask for what a core dependency already brings
    assert {"quart", "werkzeug", "trio"} <= core_closure()
