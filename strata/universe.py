"""Plugs Strata's dialects and passes into `xdsl-opt` through the `xdsl.universe` entry point.

xDSL refuses two universes that register one name, so where Strata's name is xDSL's too:
- passes: Strata's version is exported as `strata-<name>` (`strata-convert-linalg-to-loops`,
  Strata's tiled lowering; plain `convert-linalg-to-loops` in xdsl-opt is xDSL's own);
- dialects: `llvm` and `gpu` are xDSL's in xdsl-opt. Strata's are those dialects extended (more
  llvm ops; MLIR's custom syntax for gpu), so gpu- and nvvm-stage files print custom forms
  xdsl-opt cannot parse: use strata-opt for them, or print them with --mlir-print-op-generic.

Strata's own tools use Strata's versions under the plain names.
"""

from collections.abc import Callable

from xdsl.dialects import get_all_dialects
from xdsl.passes import ModulePass
from xdsl.transforms import get_all_passes
from xdsl.universe import Universe

from strata.registry import OWN_DIALECTS, OWN_PASSES, XDSL_DIALECTS

XDSL_NAME_PREFIX = "strata-"

_XDSL_PASS_NAMES = set(get_all_passes())
_XDSL_DIALECT_NAMES = set(get_all_dialects())


def _renamed(factory: Callable[[], type[ModulePass]], name: str) -> Callable[[], type[ModulePass]]:
    """The pass `factory` gives, under `name` (xDSL checks a spec's name against the class)."""

    def load() -> type[ModulePass]:
        cls = factory()
        return type(cls.__name__, (cls,), {"name": name, "__doc__": cls.__doc__})

    return load


STRATA_UNIVERSE = Universe(
    all_dialects={
        k: v for k, v in {**XDSL_DIALECTS, **OWN_DIALECTS}.items() if k not in _XDSL_DIALECT_NAMES
    },
    all_passes={
        (XDSL_NAME_PREFIX + k if k in _XDSL_PASS_NAMES else k): (
            _renamed(v, XDSL_NAME_PREFIX + k) if k in _XDSL_PASS_NAMES else v
        )
        for k, v in OWN_PASSES.items()
    },
)
