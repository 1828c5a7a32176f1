"""The toy plugin: `strata-opt --load-plugin examples/toy/plugin.py ...`."""

from __future__ import annotations

from lower_toy_to_hlo import LowerToyToHloPass
from toy_dialect import Toy

from strata.plugins import Plugin


def register(plugin: Plugin) -> None:
    plugin.add_dialect(Toy)
    plugin.add_pass(LowerToyToHloPass)
    plugin.add_stage(
        "toy",
        ["func", "toy"],
        before="hlo",
        lowering="lower-toy-to-hlo",
        summary="toy ops on tensors (examples/toy)",
    )
