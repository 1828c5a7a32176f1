"""The static view of the GraphDef messages (the `*Message` Protocols in schema.py) agrees with the
message classes built at run time: every declared field exists, with the declared Python type."""

from __future__ import annotations

import typing
from collections.abc import MutableMapping, MutableSequence
from typing import Any

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from strata.frontends.graphdef import schema

_PYTHON_TYPES: dict[int, type] = {
    FieldDescriptor.CPPTYPE_INT32: int,
    FieldDescriptor.CPPTYPE_INT64: int,
    FieldDescriptor.CPPTYPE_UINT32: int,
    FieldDescriptor.CPPTYPE_UINT64: int,
    FieldDescriptor.CPPTYPE_ENUM: int,
    FieldDescriptor.CPPTYPE_FLOAT: float,
    FieldDescriptor.CPPTYPE_DOUBLE: float,
    FieldDescriptor.CPPTYPE_BOOL: bool,
}


def _protocol_name(message_name: str) -> str:
    return message_name.replace(".", "") + "Message"


def _descriptors() -> dict[str, Descriptor]:
    """Every message of the schema by its Protocol's name."""
    pool_message = schema.GraphDef.DESCRIPTOR
    file = pool_message.file
    found: dict[str, Descriptor] = {}
    stack = list(file.message_types_by_name.values())
    while stack:
        message = stack.pop()
        if message.GetOptions().map_entry:
            continue
        relative = message.full_name.removeprefix(f"{file.package}.")
        found[_protocol_name(relative)] = message
        stack.extend(message.nested_types)
    return found


def _protocols() -> list[type]:
    return [
        value
        for name, value in vars(schema).items()
        if name.endswith("Message")
        and name != "Message"
        and isinstance(value, type)
        and schema.Message in value.__mro__
    ]


def _expected(field: FieldDescriptor) -> Any:
    """The annotation a Protocol must give `field`."""
    message = field.message_type
    if message is not None and message.GetOptions().map_entry:
        key, value = message.fields_by_name["key"], message.fields_by_name["value"]
        return MutableMapping[_scalar(key), _element(value)]
    if field.is_repeated:
        if message is not None:
            return schema.RepeatedMessages[_element(field)]
        return MutableSequence[_scalar(field)]
    return _element(field)


def _element(field: FieldDescriptor) -> Any:
    if field.message_type is None:
        return _scalar(field)
    relative = field.message_type.full_name.removeprefix("tensorflow.")
    return getattr(schema, _protocol_name(relative))


def _scalar(field: FieldDescriptor) -> type:
    if field.cpp_type == FieldDescriptor.CPPTYPE_STRING:
        return bytes if field.type == FieldDescriptor.TYPE_BYTES else str
    return _PYTHON_TYPES[field.cpp_type]


def test_every_message_class_has_a_protocol() -> None:
    names = {protocol.__name__ for protocol in _protocols()}
    for class_name in ("GraphDef", "NodeDef", "AttrValue", "TensorProto", "TensorShapeProto"):
        assert _protocol_name(class_name) in names


@pytest.mark.parametrize("protocol", _protocols(), ids=lambda p: p.__name__)
def test_protocol_fields_match_the_schema(protocol: type) -> None:
    descriptors = _descriptors()
    assert protocol.__name__ in descriptors, f"{protocol.__name__} names no message of the schema"
    message = descriptors[protocol.__name__]
    hints = typing.get_type_hints(protocol, globalns=vars(schema))
    assert hints, f"{protocol.__name__} declares no fields"
    for name, annotation in hints.items():
        assert name in message.fields_by_name, f"{message.full_name} has no field '{name}'"
        assert annotation == _expected(message.fields_by_name[name]), (
            f"{protocol.__name__}.{name}: declared {annotation}"
        )
