"""lit configuration for the examples' tests (`lit -sv examples`): the suite's own settings
(test/lit.cfg.py), with the examples as the source root."""

import os

config.load_from_path(  # noqa: F821
    os.path.join(os.path.dirname(__file__), "..", "test", "lit.cfg.py"),
    lit_config,  # noqa: F821
)
config.name = "strata-examples"  # noqa: F821
config.test_source_root = os.path.dirname(__file__)  # noqa: F821
