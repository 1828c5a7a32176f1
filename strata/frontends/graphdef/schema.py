"""TensorFlow's GraphDef protobuf schema, declared in Python, and the message classes it yields.

Names and field numbers are TensorFlow's (`tensorflow/core/framework/*.proto`, package `tensorflow`)
so the .pb and .pbtxt files TensorFlow writes parse without `protoc`. Fields left out are kept as
unknown fields by the binary parser and skipped by the text parser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, MutableMapping, MutableSequence
from typing import Any, Protocol, Self, TypeVar

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_FILE_NAME = "strata/frontends/graphdef/tensorflow_graph.proto"
_PACKAGE = "tensorflow"

FieldProto = descriptor_pb2.FieldDescriptorProto

_SCALARS: dict[str, int] = {
    "double": FieldProto.TYPE_DOUBLE,
    "float": FieldProto.TYPE_FLOAT,
    "int64": FieldProto.TYPE_INT64,
    "uint64": FieldProto.TYPE_UINT64,
    "int32": FieldProto.TYPE_INT32,
    "uint32": FieldProto.TYPE_UINT32,
    "bool": FieldProto.TYPE_BOOL,
    "string": FieldProto.TYPE_STRING,
    "bytes": FieldProto.TYPE_BYTES,
}
_ENUMS = {"DataType"}

# tensorflow/core/framework/types.proto; each `DT_X_REF` is `DT_X + 100`.
DATA_TYPES: tuple[tuple[str, int], ...] = (
    ("DT_INVALID", 0),
    ("DT_FLOAT", 1),
    ("DT_DOUBLE", 2),
    ("DT_INT32", 3),
    ("DT_UINT8", 4),
    ("DT_INT16", 5),
    ("DT_INT8", 6),
    ("DT_STRING", 7),
    ("DT_COMPLEX64", 8),
    ("DT_INT64", 9),
    ("DT_BOOL", 10),
    ("DT_QINT8", 11),
    ("DT_QUINT8", 12),
    ("DT_QINT32", 13),
    ("DT_BFLOAT16", 14),
    ("DT_QINT16", 15),
    ("DT_QUINT16", 16),
    ("DT_UINT16", 17),
    ("DT_COMPLEX128", 18),
    ("DT_HALF", 19),
    ("DT_RESOURCE", 20),
    ("DT_VARIANT", 21),
    ("DT_UINT32", 22),
    ("DT_UINT64", 23),
    ("DT_FLOAT8_E5M2", 24),
    ("DT_FLOAT8_E4M3FN", 25),
    ("DT_FLOAT8_E4M3FNUZ", 26),
    ("DT_FLOAT8_E4M3B11FNUZ", 27),
    ("DT_FLOAT8_E5M2FNUZ", 28),
    ("DT_INT4", 29),
    ("DT_UINT4", 30),
    ("DT_INT2", 31),
    ("DT_UINT2", 32),
    ("DT_FLOAT4_E2M1FN", 33),
)

# Messages by name relative to the package (nested ones dotted), fields in .proto field syntax;
# type names are always written relative to the package.
# Only what reading frozen graphs needs; e.g. NodeDef.experimental_type is left out.
MESSAGES: dict[str, str] = {
    "TensorShapeProto": "repeated TensorShapeProto.Dim dim = 2; bool unknown_rank = 3;",
    "TensorShapeProto.Dim": "int64 size = 1; string name = 2;",
    "TensorProto": """
        DataType dtype = 1; TensorShapeProto tensor_shape = 2; int32 version_number = 3;
        bytes tensor_content = 4; repeated int32 half_val = 13; repeated float float_val = 5;
        repeated double double_val = 6; repeated int32 int_val = 7;
        repeated bytes string_val = 8; repeated float scomplex_val = 9;
        repeated int64 int64_val = 10; repeated bool bool_val = 11;
        repeated double dcomplex_val = 12; repeated uint32 uint32_val = 16;
        repeated uint64 uint64_val = 17; bytes float8_val = 18;
    """,
    "AttrValue": """
        oneof value {
          bytes s = 2; int64 i = 3; float f = 4; bool b = 5; DataType type = 6;
          TensorShapeProto shape = 7; TensorProto tensor = 8; AttrValue.ListValue list = 1;
          NameAttrList func = 10; string placeholder = 9;
        }
    """,
    "AttrValue.ListValue": """
        repeated bytes s = 2; repeated int64 i = 3; repeated float f = 4; repeated bool b = 5;
        repeated DataType type = 6; repeated TensorShapeProto shape = 7;
        repeated TensorProto tensor = 8; repeated NameAttrList func = 9;
    """,
    "NameAttrList": "string name = 1; map<string, AttrValue> attr = 2;",
    "NodeDef": """
        string name = 1; string op = 2; repeated string input = 3; string device = 4;
        map<string, AttrValue> attr = 5;
        NodeDef.ExperimentalDebugInfo experimental_debug_info = 6;
    """,
    "NodeDef.ExperimentalDebugInfo": """
        repeated string original_node_names = 1; repeated string original_func_names = 2;
    """,
    "VersionDef": "int32 producer = 1; int32 min_consumer = 2; repeated int32 bad_consumers = 3;",
    "OpDef": """
        string name = 1; repeated OpDef.ArgDef input_arg = 2;
        repeated OpDef.ArgDef output_arg = 3; repeated string control_output = 20;
        repeated OpDef.AttrDef attr = 4; string summary = 5; string description = 6;
        bool is_commutative = 18; bool is_aggregate = 16; bool is_stateful = 17;
        bool allows_uninitialized_input = 19; bool is_distributed_communication = 21;
    """,
    "OpDef.ArgDef": """
        string name = 1; string description = 2; DataType type = 3; string type_attr = 4;
        string number_attr = 5; string type_list_attr = 6; bool is_ref = 16;
    """,
    "OpDef.AttrDef": """
        string name = 1; string type = 2; AttrValue default_value = 3; string description = 4;
        bool has_minimum = 5; int64 minimum = 6; AttrValue allowed_values = 7;
    """,
    "FunctionDef": """
        OpDef signature = 1; map<string, AttrValue> attr = 5; repeated NodeDef node_def = 3;
        map<string, string> ret = 4; map<string, string> control_ret = 6;
        map<uint32, uint32> resource_arg_unique_id = 8;
    """,
    "GradientDef": "string function_name = 1; string gradient_func = 2;",
    "FunctionDefLibrary": "repeated FunctionDef function = 1; repeated GradientDef gradient = 2;",
    "GraphDef": """
        repeated NodeDef node = 1; VersionDef versions = 4; int32 version = 3;
        FunctionDefLibrary library = 2;
    """,
}

_FIELD = re.compile(r"(repeated\s+)?(map<\s*(\w+)\s*,\s*([\w.]+)\s*>|[\w.]+)\s+(\w+)\s*=\s*(\d+)")
_ONEOF = re.compile(r"oneof\s+(\w+)\s*\{([^}]*)\}")


def _set_type(field: descriptor_pb2.FieldDescriptorProto, type_name: str) -> None:
    if type_name in _SCALARS:
        field.type = _SCALARS[type_name]
        return
    field.type_name = f".{_PACKAGE}.{type_name}"
    field.type = FieldProto.TYPE_ENUM if type_name in _ENUMS else FieldProto.TYPE_MESSAGE


def _map_entry(
    message: descriptor_pb2.DescriptorProto, field_name: str, key: str, value: str
) -> str:
    """Adds the nested `<Name>Entry` message protoc generates for a map field; returns its name."""
    entry = message.nested_type.add()
    entry_name = "".join(part.capitalize() for part in field_name.split("_")) + "Entry"
    entry.name = entry_name
    entry.options.map_entry = True
    for number, (name, type_name) in enumerate((("key", key), ("value", value)), start=1):
        field = entry.field.add()
        field.name, field.number = name, number
        field.label = FieldProto.LABEL_OPTIONAL
        _set_type(field, type_name)
    return entry_name


def _add_fields(
    message: descriptor_pb2.DescriptorProto,
    full_name: str,
    text: str,
    oneof_index: int | None = None,
) -> None:
    """Adds the fields written in `text` (.proto syntax) to `message`."""
    for match in _FIELD.finditer(text):
        repeated, type_name, map_key, map_value, name, number = match.groups()
        field = message.field.add()
        field.name, field.number, field.json_name = name, int(number), _json_name(name)
        field.label = (
            FieldProto.LABEL_REPEATED if repeated or map_key else FieldProto.LABEL_OPTIONAL
        )
        if map_key:
            _set_type(field, f"{full_name}.{_map_entry(message, name, map_key, map_value)}")
        else:
            _set_type(field, type_name)
        if oneof_index is not None:
            field.oneof_index = oneof_index


def _json_name(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def build_file_descriptor() -> descriptor_pb2.FileDescriptorProto:
    """The schema as one proto3 FileDescriptorProto (what protoc would produce, minimally)."""
    file = descriptor_pb2.FileDescriptorProto(name=_FILE_NAME, package=_PACKAGE, syntax="proto3")
    enum = file.enum_type.add(name="DataType")
    for name, number in DATA_TYPES:
        enum.value.add(name=name, number=number)
    for name, number in DATA_TYPES[1:]:
        enum.value.add(name=f"{name}_REF", number=number + 100)

    messages: dict[str, descriptor_pb2.DescriptorProto] = {}
    for full_name in sorted(MESSAGES, key=lambda n: n.count(".")):
        parent, _, short = full_name.rpartition(".")
        container = messages[parent].nested_type if parent else file.message_type
        messages[full_name] = container.add(name=short)
    for full_name, text in MESSAGES.items():
        message = messages[full_name]
        for match in _ONEOF.finditer(text):
            message.oneof_decl.add(name=match.group(1))
            _add_fields(message, full_name, match.group(2), len(message.oneof_decl) - 1)
        _add_fields(message, full_name, _ONEOF.sub("", text))
    return file


def _message_classes() -> dict[str, Any]:
    # Any: protobuf makes these classes at run time; the *Message Protocols below are their types.
    # A private pool: TensorFlow's own classes may be loaded in the same process.
    pool = descriptor_pool.DescriptorPool()
    pool.Add(build_file_descriptor())
    return {
        name: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"{_PACKAGE}.{name}"))
        for name in MESSAGES
    }


# The message classes are built at run time, so their static types are Protocols, `<Name>Message`
# for message `<Name>` (nesting dots dropped): each declares fields of its message in MESSAGES
# (test_schema_types checks that they agree) and the protobuf methods Strata calls.

_M = TypeVar("_M", covariant=True)


class RepeatedMessages(Protocol[_M]):
    """A repeated message field: protobuf's container, read like a sequence, grown with `add`."""

    def add(self, **fields: object) -> _M: ...
    def __iter__(self) -> Iterator[_M]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> _M: ...


class Message(Protocol):
    """What every message class has (the part of protobuf's `Message` Strata uses)."""

    def __init__(self, **fields: object) -> None: ...
    def HasField(self, name: str) -> bool: ...
    def WhichOneof(self, oneof: str) -> str | None: ...
    def CopyFrom(self, other: Self) -> None: ...
    def ParseFromString(self, data: bytes) -> int: ...
    def SerializeToString(self) -> bytes: ...


class TensorShapeProtoDimMessage(Message, Protocol):
    size: int
    name: str


class TensorShapeProtoMessage(Message, Protocol):
    dim: RepeatedMessages[TensorShapeProtoDimMessage]
    unknown_rank: bool


class TensorProtoMessage(Message, Protocol):
    dtype: int
    tensor_shape: TensorShapeProtoMessage
    version_number: int
    tensor_content: bytes
    half_val: MutableSequence[int]
    float_val: MutableSequence[float]
    double_val: MutableSequence[float]
    int_val: MutableSequence[int]
    string_val: MutableSequence[bytes]
    scomplex_val: MutableSequence[float]
    int64_val: MutableSequence[int]
    bool_val: MutableSequence[bool]
    dcomplex_val: MutableSequence[float]
    uint32_val: MutableSequence[int]
    uint64_val: MutableSequence[int]
    float8_val: bytes


class AttrValueListValueMessage(Message, Protocol):
    s: MutableSequence[bytes]
    i: MutableSequence[int]
    f: MutableSequence[float]
    b: MutableSequence[bool]
    type: MutableSequence[int]
    shape: RepeatedMessages[TensorShapeProtoMessage]
    tensor: RepeatedMessages[TensorProtoMessage]
    func: RepeatedMessages[NameAttrListMessage]


class AttrValueMessage(Message, Protocol):
    s: bytes
    i: int
    f: float
    b: bool
    type: int
    shape: TensorShapeProtoMessage
    tensor: TensorProtoMessage
    list: AttrValueListValueMessage
    func: NameAttrListMessage
    placeholder: str


class NameAttrListMessage(Message, Protocol):
    name: str
    attr: MutableMapping[str, AttrValueMessage]


class NodeDefExperimentalDebugInfoMessage(Message, Protocol):
    original_node_names: MutableSequence[str]
    original_func_names: MutableSequence[str]


class NodeDefMessage(Message, Protocol):
    name: str
    op: str
    input: MutableSequence[str]
    device: str
    attr: MutableMapping[str, AttrValueMessage]
    experimental_debug_info: NodeDefExperimentalDebugInfoMessage


class OpDefArgDefMessage(Message, Protocol):
    name: str
    description: str
    type: int
    type_attr: str
    number_attr: str
    type_list_attr: str
    is_ref: bool


class OpDefMessage(Message, Protocol):
    name: str
    input_arg: RepeatedMessages[OpDefArgDefMessage]
    output_arg: RepeatedMessages[OpDefArgDefMessage]


class FunctionDefMessage(Message, Protocol):
    signature: OpDefMessage
    attr: MutableMapping[str, AttrValueMessage]
    node_def: RepeatedMessages[NodeDefMessage]
    ret: MutableMapping[str, str]
    control_ret: MutableMapping[str, str]


class GradientDefMessage(Message, Protocol):
    function_name: str
    gradient_func: str


class FunctionDefLibraryMessage(Message, Protocol):
    function: RepeatedMessages[FunctionDefMessage]
    gradient: RepeatedMessages[GradientDefMessage]


class VersionDefMessage(Message, Protocol):
    producer: int
    min_consumer: int
    bad_consumers: MutableSequence[int]


class GraphDefMessage(Message, Protocol):
    node: RepeatedMessages[NodeDefMessage]
    versions: VersionDefMessage
    version: int
    library: FunctionDefLibraryMessage


_CLASSES = _message_classes()
GraphDef: type[GraphDefMessage] = _CLASSES["GraphDef"]
NodeDef: type[NodeDefMessage] = _CLASSES["NodeDef"]
AttrValue: type[AttrValueMessage] = _CLASSES["AttrValue"]
TensorProto: type[TensorProtoMessage] = _CLASSES["TensorProto"]
TensorShapeProto: type[TensorShapeProtoMessage] = _CLASSES["TensorShapeProto"]
FunctionDefLibrary: type[FunctionDefLibraryMessage] = _CLASSES["FunctionDefLibrary"]
