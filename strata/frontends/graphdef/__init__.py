"""TensorFlow GraphDef (.pb / .pbtxt) -> `tf` dialect, without TensorFlow.

`load_graphdef` reads a file, `import_graphdef` builds the `tf` stage module. protobuf and the
schema load on first use: the tools import `options` from this package, which runs this file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from strata.diagnostics import StrataError

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

    from strata.frontends.graphdef.options import ImportOptions
    from strata.frontends.graphdef.schema import GraphDefMessage

TEXT_SUFFIXES = (".pbtxt", ".pbtext")
_TEXT_ERROR_LOCATION = re.compile(r"^(\d+):(\d+) : ")


def is_graphdef_message(obj: object) -> TypeGuard[GraphDefMessage]:
    """True for a GraphDef message: ours, or TensorFlow's own `tf.compat.v1.GraphDef`."""
    from google.protobuf import message as protobuf_message

    if not isinstance(obj, protobuf_message.Message):
        return False
    return bool(obj.DESCRIPTOR.full_name == "tensorflow.GraphDef")


def parse_graphdef_bytes(data: bytes, name: str = "<bytes>") -> GraphDefMessage:
    """A GraphDef from binary protobuf bytes; unknown fields are kept."""
    from google.protobuf import message as protobuf_message

    from strata.frontends.graphdef.schema import GraphDef

    graph = GraphDef()
    try:
        graph.ParseFromString(data)
    except (protobuf_message.DecodeError, RuntimeError, ValueError) as err:
        raise StrataError(
            f"{name}: not a valid GraphDef (binary protobuf): {str(err).strip() or 'truncated'}"
        ) from None
    return graph


def parse_graphdef_text(text: str, name: str = "<text>") -> GraphDefMessage:
    """A GraphDef from protobuf text format; unknown fields are skipped."""
    from google.protobuf import text_format

    from strata.frontends.graphdef.schema import GraphDef

    graph = GraphDef()
    try:
        text_format.Parse(text, graph, allow_unknown_extension=True, allow_unknown_field=True)
    except text_format.ParseError as err:
        message = str(err)
        where = _TEXT_ERROR_LOCATION.match(message)
        if where:
            name = f"{name}:{where.group(1)}:{where.group(2)}"
            message = message[where.end() :]
        raise StrataError(f"{name}: not a valid GraphDef (text format): {message}") from None
    return graph


def load_graphdef(path: str | Path) -> GraphDefMessage:
    """Read a GraphDef: text format for .pbtxt, binary protobuf otherwise."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise StrataError(f"{path}: no such file") from None
    except OSError as err:
        raise StrataError(f"{path}: {err.strerror or err}") from None
    if path.suffix not in TEXT_SUFFIXES:
        return parse_graphdef_bytes(data, str(path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise StrataError(
            f"{path}: not a valid GraphDef (text format): not UTF-8 text at byte {err.start}"
        ) from None
    return parse_graphdef_text(text, str(path))


def import_graphdef(
    source: Path | str | bytes | bytearray | GraphDefMessage, options: ImportOptions
) -> ModuleOp:
    """The `tf` stage module of a GraphDef given as a path, binary bytes or a message."""
    from strata.frontends.graphdef.schema import GraphDef

    if isinstance(source, (bytes, bytearray)):
        graph = parse_graphdef_bytes(bytes(source))
    elif isinstance(source, (str, Path)):
        graph = load_graphdef(source)
    elif is_graphdef_message(source):
        graph = source
        if not isinstance(source, GraphDef):
            # TensorFlow's own class (or another pool's): re-read it with our schema.
            graph = parse_graphdef_bytes(source.SerializeToString())
    else:
        raise StrataError(f"cannot import a {type(source).__name__} as a GraphDef")
    from strata.frontends.graphdef.importer import import_graph  # the tf dialect: on use

    return import_graph(graph, options)


__all__ = [
    "import_graphdef",
    "is_graphdef_message",
    "load_graphdef",
    "parse_graphdef_bytes",
    "parse_graphdef_text",
]
