"""The host package's shape: no import cycles, small modules, small sub-packages.

Imports are read from the source (``ast``), so the check sees every import the code makes,
lazy ones inside functions included; only ``if TYPE_CHECKING:`` blocks are left out, since
they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2] / "host" / "axsnap_host"
MAX_MODULE_LINES = 460  # absolute imports: a wrapped import list costs a few lines
MAX_MODULES_PER_SUBPACKAGE = 10


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def import_graph() -> dict[str, set[str]]:
    """module → the package modules it imports (``from pkg import mod`` counts as ``pkg.mod``)."""
    files = {_module_name(p): p for p in PACKAGE_ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _resolve(name, is_package, node)
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            for target in targets:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target and target != name and target.startswith("axsnap_host"):
                    graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done
    for start in sorted(graph):
        if state.get(start):
            continue
        path: list[str] = [start]
        iters = [iter(sorted(graph[start]))]
        state[start] = 1
        while iters:
            nxt = next(iters[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                iters.pop()
                continue
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                iters.append(iter(sorted(graph[nxt])))
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_host_package_has_no_import_cycle() -> None:
    assert find_cycle(import_graph()) is None


def test_sub_packages_do_not_import_each_other_in_a_circle() -> None:
    def package_of(module: str) -> str:
        """The unit of layering: a top-level package (``models``, ``render``), a pipeline
        channel (``pipeline.ax``), or a shared pipeline module (``pipeline.redaction``)."""
        parts = module.split(".")
        if parts[1:2] == ["pipeline"]:
            return ".".join(parts[:3])
        return ".".join(parts[:2])

    packages: dict[str, set[str]] = {}
    for module, targets in import_graph().items():
        source = package_of(module)
        packages.setdefault(source, set())
        for target in targets:
            if package_of(target) != source:
                packages[source].add(package_of(target))
    for deps in list(packages.values()):
        for dep in deps:
            packages.setdefault(dep, set())
    assert find_cycle(packages) is None


def test_no_module_is_over_the_size_limit() -> None:
    too_long = {
        _module_name(p): n
        for p in PACKAGE_ROOT.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert too_long == {}


def test_pipeline_sub_packages_stay_small() -> None:
    pipeline = PACKAGE_ROOT / "pipeline"
    subpackages = [d for d in pipeline.iterdir() if (d / "__init__.py").exists()]
    assert subpackages, "the pipeline is grouped by channel"
    sizes = {
        d.name: len([p for p in d.glob("*.py") if p.name != "__init__.py"]) for d in subpackages
    }
    assert all(n <= MAX_MODULES_PER_SUBPACKAGE for n in sizes.values()), sizes


def test_no_private_name_is_imported_across_modules() -> None:
    offenders = []
    for path in PACKAGE_ROOT.rglob("*.py"):
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                offenders += [
                    f"{_module_name(path)}: {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    assert offenders == []
