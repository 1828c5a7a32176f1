"""What the three command-line tools share: an argument parser whose usage errors are one-line
diagnostics with exit status 1, like every other user error (argparse prints the usage and exits
2, which the tools keep for internal errors)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from strata.diagnostics import StrataError


class ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise StrataError(f"{message} (see {self.prog} --help)")
