"""A small least-recently-used cache of rendered maps, keyed by (campaign id, seq).

A campaign's state only changes when `seq` does, so the same (campaign, seq) is always the
same picture: `/map` asked twice, or by several players, renders once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class LruCache:
    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("a cache holds at least one entry")
        self.capacity = capacity
        self._entries: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            if key not in self._entries:
                return None
            self._entries.move_to_end(key)
            return self._entries[key]

    def put(self, key: Hashable, value: bytes) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
