"""An on-disk cache of compiled models: the object code (with the weights it links) and the entry
signature, keyed by everything that decides them.

    key = CacheKey.of(source=digest, target="cpu", opt_level=2, ...)
    entry = CompileCache.default().get(key)         # None on a miss or a corrupt entry
    CompileCache.default().put(key, signature_json, object_code)

Key: a content hash of the input (file bytes, IR text or a serialised GraphDef), the compile's
options, Strata's own source, the versions of xDSL, llvmlite and LLVM, and the host CPU. Entries
live under `$STRATA_CACHE_DIR`, else the user cache directory (`$XDG_CACHE_HOME/strata`,
`~/.cache/strata`; `~/Library/Caches/strata` on macOS; `%LOCALAPPDATA%\\strata\\Cache` on Windows).
Writers write a temporary file and rename it into place, so concurrent processes see a whole
entry or none; each entry ends with a SHA-256 of its bytes, and one that does not check is
deleted and recompiled; past `max_bytes` the least recently used entries are evicted.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

CACHE_DIR_ENV = "STRATA_CACHE_DIR"
DEFAULT_MAX_BYTES = 1 << 30
"""1 GiB: entries hold the weights, so a large model's entry is as large as its weights."""

_MAGIC = b"STRATA-CACHE-1\n"
_DIGEST = 32


def default_cache_dir() -> Path:
    override = os.environ.get(CACHE_DIR_ENV)
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "strata"
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else home / "AppData" / "Local") / "strata" / "Cache"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else home / ".cache") / "strata"


@cache
def toolchain_fingerprint() -> str:
    """A hash of Strata's own source and the versions of what it compiles with: a change to
    any lowering (or an upgrade) misses the cache instead of loading stale code."""
    import llvmlite
    import llvmlite.binding as llvm_binding

    h = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*.py")):
        h.update(str(path.relative_to(package)).encode())
        h.update(path.read_bytes())
    versions = {
        "xdsl": _version("xdsl"),
        "llvmlite": llvmlite.__version__,
        "llvm": ".".join(map(str, llvm_binding.llvm_version_info)),
        "python": sys.version.split()[0],
    }
    h.update(json.dumps(versions, sort_keys=True).encode())
    return h.hexdigest()


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


def source_digest(source: object) -> str | None:
    """SHA-256 of what a compile reads: a file's bytes (and its suffix, which picks the
    parser), IR text, a serialised GraphDef's bytes, or a GraphDef message serialised
    deterministically; None when `source` is
    none of these (then nothing is cached)."""
    h = hashlib.sha256()
    if isinstance(source, Path) or (isinstance(source, str) and _is_file(source)):
        path = Path(source)
        h.update(b"file" + path.suffix.encode() + b"\0")
        h.update(path.read_bytes())
    elif isinstance(source, str):
        h.update(b"text\0" + source.encode())
    elif isinstance(source, (bytes, bytearray)):
        h.update(b"bytes\0" + bytes(source))
    elif hasattr(source, "SerializeToString"):
        h.update(b"message\0" + source.SerializeToString(deterministic=True))
    else:
        return None
    return h.hexdigest()


def _is_file(text: str) -> bool:
    try:
        return "\n" not in text and Path(text).is_file()
    except OSError:  # a long IR text is no path
        return False


@dataclass(frozen=True)
class CacheKey:
    digest: str

    @staticmethod
    def of(**parts: object) -> CacheKey:
        """The key of a compile described by `parts` (JSON-able values) plus the toolchain."""
        text = json.dumps({**parts, "toolchain": toolchain_fingerprint()}, sort_keys=True)
        return CacheKey(hashlib.sha256(text.encode()).hexdigest())


@dataclass(frozen=True)
class CacheEntry:
    header: dict[str, object]
    """What the compile recorded beside the code (the entry signature's JSON, ...)."""
    payload: bytes
    """The object code, then the data it links in (`cpu.packed`; the header's `linked` list
    tells them apart)."""


class CompileCache:
    def __init__(self, root: Path, max_bytes: int = DEFAULT_MAX_BYTES):
        self.root = root
        self.max_bytes = max_bytes

    @staticmethod
    def default() -> CompileCache:
        return CompileCache(default_cache_dir())

    def path(self, key: CacheKey) -> Path:
        return self.root / key.digest[:2] / f"{key.digest}.strata-cache"

    def get(self, key: CacheKey) -> CacheEntry | None:
        path = self.path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        entry = _decode(data)
        if entry is None:  # corrupt or truncated: never trusted, recompiled
            path.unlink(missing_ok=True)
            return None
        try:
            os.utime(path)  # recently used: evicted last
        except OSError:
            pass
        return entry

    def put(self, key: CacheKey, header: dict[str, object], payload: bytes) -> None:
        """Store an entry; a cache that cannot be written (read-only, full disk) is skipped."""
        path = self.path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(_encode(header, payload))
                os.replace(tmp, path)  # atomic: readers see the old entry or the new one
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            self.evict()
        except OSError:
            return

    def evict(self) -> None:
        """Remove least recently used entries until the cache fits in `max_bytes`."""
        entries = []
        for p in self.root.glob("*/*.strata-cache"):
            try:
                st = p.stat()
            except OSError:
                continue
            entries.append((st.st_mtime, st.st_size, p))
        total = sum(size for _, size, _ in entries)
        for _, size, p in sorted(entries, key=lambda e: e[0]):
            if total <= self.max_bytes:
                break
            p.unlink(missing_ok=True)
            total -= size


def _encode(header: dict[str, object], payload: bytes) -> bytes:
    head = json.dumps(header, sort_keys=True).encode()
    body = _MAGIC + len(head).to_bytes(8, "little") + head + payload
    return body + hashlib.sha256(body).digest()


def _decode(data: bytes) -> CacheEntry | None:
    if len(data) < len(_MAGIC) + 8 + _DIGEST or not data.startswith(_MAGIC):
        return None
    body, digest = data[:-_DIGEST], data[-_DIGEST:]
    if hashlib.sha256(body).digest() != digest:
        return None
    start = len(_MAGIC) + 8
    size = int.from_bytes(body[len(_MAGIC) : start], "little")
    if start + size > len(body):
        return None
    try:
        header = json.loads(body[start : start + size])
    except ValueError:
        return None
    if not isinstance(header, dict):
        return None
    return CacheEntry(header, body[start + size :])
