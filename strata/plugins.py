"""Plugins: dialects, passes and pipeline stages of the user's own, in every tool and the API.

A plugin is a Python file or an importable module with a `register` function:

    def register(plugin: strata.plugins.Plugin) -> None:
        plugin.add_dialect(Toy)                       # parses in every tool
        plugin.add_pass(LowerToyToHloPass)            # `-p lower-toy-to-hlo`, --list-passes
        plugin.add_stage(                             # `--emit=toy`; a toy module lowers on
            "toy", ["func", "toy"], before="hlo",     # through `hlo` and the rest
            lowering="lower-toy-to-hlo", summary="toy ops on tensors",
        )

It is loaded by `--load-plugin path.py` (or a module name) in strata-opt, strata-translate and
strata-run, by `strata.compile(..., plugins=[...])`, and, for installed packages, from the
`strata.plugins` entry-point group (its value: a module, or its `register` function).

A stage is placed before an existing one (`before`): its dialects are what a module at it may
hold, and `lowering` (a `-p` pipeline) takes such a module to the stage `before`; it runs first
when that stage is entered, so a module of the ordinary pipeline goes through it unchanged.

xDSL and the registries are imported when a plugin registers something: looking for installed
plugins and finding none (every tool start, and a compile the compile cache serves) imports
neither.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from strata import lazy_formats, pipeline
from strata.diagnostics import StrataError

if TYPE_CHECKING:
    from xdsl.ir import Dialect
    from xdsl.passes import ModulePass

ENTRY_POINT_GROUP = "strata.plugins"

_loaded: set[str] = set()
_entry_points_loaded = False


class Plugin:
    """What a plugin's `register` is handed: the tables it may add to. `name` names the plugin
    in diagnostics."""

    def __init__(self, name: str):
        self.name = name

    def add_dialect(self, dialect: Dialect | Callable[[], Dialect]) -> None:
        """A dialect (or a function returning it, to import it on first use) for every tool."""
        from xdsl.ir import Dialect
        from xdsl.utils.exceptions import PyRDLOpDefinitionError

        from strata import registry

        loaded = dialect if isinstance(dialect, Dialect) else dialect()
        if not isinstance(loaded, Dialect):
            raise StrataError(f"plugin {self.name}: add_dialect expects a Dialect")
        try:
            lazy_formats.check(loaded)  # a bad assembly format is this plugin's error, now
        except PyRDLOpDefinitionError as err:
            raise StrataError(f"plugin {self.name}: dialect {loaded.name}: {err}") from err
        registry.PLUGIN_DIALECTS[loaded.name] = lambda: loaded

    def add_pass(self, pass_class: type[ModulePass]) -> None:
        """A ModulePass subclass, under its `name`; a name Strata already has is an error."""
        from xdsl.passes import ModulePass

        from strata import registry

        if not (isinstance(pass_class, type) and issubclass(pass_class, ModulePass)):
            raise StrataError(f"plugin {self.name}: add_pass expects a ModulePass subclass")
        name = pass_class.name
        if name in registry.all_passes() and name not in registry.PLUGIN_PASSES:
            raise StrataError(f"plugin {self.name}: pass '{name}' is already Strata's")
        registry.PLUGIN_PASSES[name] = lambda: pass_class

    def add_stage(
        self,
        name: str,
        dialects: Iterable[str],
        before: str,
        lowering: str,
        summary: str = "",
    ) -> None:
        """A stage `name` whose modules hold ops of `dialects`, placed before the stage `before`;
        `lowering` is the pipeline from it to `before`."""
        from strata import registry

        names = pipeline.STAGE_NAMES
        if name in names:
            raise StrataError(f"plugin {self.name}: stage '{name}' exists already")
        if before not in names:
            raise StrataError(
                f"plugin {self.name}: no stage '{before}' to place '{name}' before "
                f"(stages: {', '.join(names)})"
            )
        registry.parse_pass_pipeline(lowering)  # unknown passes fail here, not at use
        index = names.index(before)
        after = pipeline.STAGES[index]
        stage = pipeline.Stage(
            name,
            frozenset(("builtin", *dialects)),
            "",
            summary or f"{name} (plugin {self.name})",
            after.target,
        )
        entering = f"{lowering},{after.passes}" if after.passes else lowering
        stages = list(pipeline.STAGES)
        stages[index : index + 1] = [stage, replace(after, passes=entering)]
        pipeline.set_stages(tuple(stages))


def load_plugin(spec: str) -> None:
    """Load the plugin `spec`: a path to a .py file, or a module name; once per process."""
    key = str(Path(spec).resolve()) if spec.endswith(".py") else spec
    if key in _loaded:
        return
    module = _import(spec)
    register = getattr(module, "register", None)
    if not callable(register):
        raise StrataError(f"plugin {spec}: defines no register(plugin) function")
    _loaded.add(key)
    _register(spec, register)


def _import(spec: str) -> ModuleType:
    if spec.endswith(".py") or "/" in spec:
        path = Path(spec)
        if not path.is_file():
            raise StrataError(f"plugin {spec}: no such file")
        # The plugin's own modules (its dialect, its passes) import as siblings.
        folder = str(path.resolve().parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        name = f"strata_plugin_{path.stem}"
        loader_spec = importlib.util.spec_from_file_location(name, path)
        if loader_spec is None or loader_spec.loader is None:
            raise StrataError(f"plugin {spec}: cannot be loaded as Python")
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[name] = module
        try:
            loader_spec.loader.exec_module(module)
        except Exception as err:
            del sys.modules[name]
            raise StrataError(f"plugin {spec}: {type(err).__name__}: {err}") from err
        return module
    try:
        return importlib.import_module(spec)
    except ImportError as err:
        raise StrataError(f"plugin {spec}: {err}") from err


def _register(name: str, register: Callable[[Plugin], object]) -> None:
    try:
        register(Plugin(name))
    except StrataError:
        raise
    except Exception as err:
        raise StrataError(f"plugin {name}: register failed: {type(err).__name__}: {err}") from err


def load_plugins(specs: Sequence[str] = ()) -> None:
    """The installed `strata.plugins` entry points (once), then each of `specs`."""
    global _entry_points_loaded
    if not _entry_points_loaded:
        _entry_points_loaded = True
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            if entry.value in _loaded:
                continue
            try:
                target = entry.load()
            except Exception as err:
                raise StrataError(
                    f"plugin {entry.name} ({entry.value}): {type(err).__name__}: {err}"
                ) from err
            register = getattr(target, "register", target)
            if not callable(register):
                raise StrataError(f"plugin {entry.name}: defines no register(plugin) function")
            _loaded.add(entry.value)
            _register(entry.name, register)
    for spec in specs:
        load_plugin(spec)


def any_loaded() -> bool:
    """Whether a plugin has been registered in this process."""
    return bool(_loaded)


def plugin_args(argv: Sequence[str]) -> list[str]:
    """The values of `--load-plugin X` / `--load-plugin=X` in `argv` (read before the tool's
    parser is built, so that plugin stages and passes are among its choices)."""
    found: list[str] = []
    for i, arg in enumerate(argv):
        if arg == "--load-plugin" and i + 1 < len(argv):
            found.append(argv[i + 1])
        elif arg.startswith("--load-plugin="):
            found.append(arg.split("=", 1)[1])
    return found
