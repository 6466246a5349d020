"""The shape of the code: every import allowed by the layering table (DEPS.toml), no
import cycle, small modules, small sub-packages.

Python imports are read from the source (``ast``), so the check sees every import the code
makes, lazy ones inside functions included; only ``if TYPE_CHECKING:`` blocks are left out,
since they never run.
"""

from __future__ import annotations

import ast
import functools
import posixpath
import re
import tomllib
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE_ROOT = REPO / "host" / "axsnap_host"
DEPS = tomllib.loads((REPO / "DEPS.toml").read_text(encoding="utf-8"))
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


@functools.cache
def _host_runtime_imports() -> dict[Path, list[ast.Import | ast.ImportFrom]]:
    """Every host module's runtime imports, its source parsed once for all the tests here."""
    return {path: _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
            for path in PACKAGE_ROOT.rglob("*.py")}


def import_graph() -> dict[str, set[str]]:
    """module → the package modules it imports (``from pkg import mod`` counts as ``pkg.mod``)."""
    files = {_module_name(p): p for p in _host_runtime_imports()}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        for node in _host_runtime_imports()[path]:
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


def room_of(name: str, rooms: dict[str, list[str]], sep: str = ".") -> str:
    """The room of ``name`` (a path inside its side, ``pipeline.ax.tree``): the longest room
    name that is ``name`` or a prefix of it ending at a separator; "" is the side's root."""
    best = ""
    for room in rooms:
        if room and (name == room or name.startswith(room + sep)) and len(room) > len(best):
            best = room
    return best


def disallowed(graph: dict[str, set[str]], rooms: dict[str, list[str]],
               relative: Callable[[str], str], sep: str = ".") -> list[str]:
    """Every import of ``graph`` from one room to another that ``rooms`` does not allow."""
    out = []
    for source, targets in sorted(graph.items()):
        here = room_of(relative(source), rooms, sep)
        for target in sorted(targets):
            there = room_of(relative(target), rooms, sep)
            if there != here and there not in rooms[here]:
                out.append(f"{source} -> {target} ({here or '(root)'} may not import "
                           f"{there or '(root)'})")
    return out


def _host_relative(module: str) -> str:
    return module.partition(".")[2]


EXTENSION = REPO / "extension"
# static imports (import ... from, export ... from, bare import) and dynamic import('...')
_ES_IMPORT = re.compile(r"""(?:\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?|\bexport\s*[\w*{}\s,$]+?"""
                        r"""\s*from\s*|\bimport\s*\(\s*)['"](\.{1,2}/[^'"]+)['"]""")


def es_import_graph() -> dict[str, set[str]]:
    """extension path → the extension paths it imports (relative specifiers resolved)."""
    files = [*EXTENSION.rglob("*.js"), *EXTENSION.rglob("*.mjs")]
    graph: dict[str, set[str]] = {}
    for path in files:
        name = path.relative_to(EXTENSION).as_posix()
        targets = graph.setdefault(name, set())
        for spec in _ES_IMPORT.findall(path.read_text(encoding="utf-8")):
            targets.add(posixpath.normpath(posixpath.join(posixpath.dirname(name), spec)))
    for targets in list(graph.values()):
        for target in targets:
            graph.setdefault(target, set())
    return graph


def _extension_room(name: str) -> str:
    return name


def test_the_layering_table_is_itself_layered() -> None:
    for side in ("host", "extension"):
        rooms = DEPS[side]
        assert all(dep in rooms for deps in rooms.values() for dep in deps), \
            f"{side}: a room may only name rooms of the table"
        assert find_cycle({room: set(deps) for room, deps in rooms.items()}) is None


def test_every_host_import_is_allowed_by_the_layering_table() -> None:
    assert disallowed(import_graph(), DEPS["host"], _host_relative) == []


def test_every_extension_import_is_allowed_by_the_layering_table() -> None:
    assert disallowed(es_import_graph(), DEPS["extension"], _extension_room, sep="/") == []


def test_every_extension_import_names_a_file_and_no_module_cycle() -> None:
    graph = es_import_graph()
    assert [name for name in graph if not (EXTENSION / name).is_file()] == []
    assert find_cycle(graph) is None


def test_the_es_import_reader_sees_every_form() -> None:
    source = ("import { a,\n b } from './x.js';\nimport './y.js';\n"
              "export { c } from '../z.js';\nconst d = await import('./w.js');")
    assert _ES_IMPORT.findall(source) == ["./x.js", "./y.js", "../z.js", "./w.js"]


def test_every_host_room_of_the_table_exists() -> None:
    modules = {_host_relative(name) for name in import_graph()}
    empty = [room for room in DEPS["host"] if room and not any(
        m == room or m.startswith(room + ".") for m in modules)]
    assert empty == []


def test_the_layering_check_finds_a_disallowed_import() -> None:
    rooms = {"": [], "models": [], "pipeline": ["models"]}
    graph = {"axsnap_host.models.x": {"axsnap_host.pipeline.y"},
             "axsnap_host.pipeline.y": {"axsnap_host.models.x"}}
    assert disallowed(graph, rooms, _host_relative) == [
        "axsnap_host.models.x -> axsnap_host.pipeline.y (models may not import pipeline)"]


def test_no_module_is_over_the_size_limit() -> None:
    too_long = {
        _module_name(p): n
        for p in PACKAGE_ROOT.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert too_long == {}


# generated or vendored, not written here: the walker's bundle (scripts/build_walker.mjs), the
# contract (native.contract --write), the vendored canonicalizer
_EXTENSION_NOT_WRITTEN = ("lib/walker/walker.js", "lib/generated/", "lib/vendor/")


def test_no_extension_module_is_over_the_size_limit() -> None:
    too_long = {
        name: n
        for path in [*EXTENSION.rglob("*.js"), *EXTENSION.rglob("*.mjs")]
        if not (name := path.relative_to(EXTENSION).as_posix()).startswith(_EXTENSION_NOT_WRITTEN)
        and "/test/" not in f"/{name}"
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
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
    for path, imports in _host_runtime_imports().items():
        for node in imports:
            if isinstance(node, ast.ImportFrom):
                offenders += [
                    f"{_module_name(path)}: {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    assert offenders == []
