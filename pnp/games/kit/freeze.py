"""Deeply read-only values for configs and views: what a bot is given cannot be changed."""

from __future__ import annotations

import types
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(Mapping[K, V]):
    """A read-only mapping that pickles and hashes (``types.MappingProxyType`` does
    neither); its values are whatever it was given, so build it with :func:`freeze`."""

    __slots__ = ("_map",)
    _map: types.MappingProxyType[K, V]

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        object.__setattr__(self, "_map", types.MappingProxyType(dict(items or {})))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} cannot be changed")

    def __getitem__(self, key: K) -> V:
        return self._map[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._map)

    def __hash__(self) -> int:
        return hash(frozenset(self._map.items()))

    def __eq__(self, other: object) -> bool:
        return dict(self._map) == other if isinstance(other, Mapping) else NotImplemented

    def __repr__(self) -> str:
        return f"FrozenDict({dict(self._map)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self._map),))


def freeze(value: Any) -> Any:
    """``value`` with every dict made a :class:`FrozenDict`, every list a tuple and every
    set a frozenset, all the way down (keys and values alike); anything else as it is."""
    if isinstance(value, Mapping):
        return FrozenDict({freeze(k): freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, tuple):  # a named tuple keeps its class
        return type(value)(*(freeze(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    return value
