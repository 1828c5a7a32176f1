"""The compile cache (strata.compile_cache): hits, misses when any part of the key changes,
concurrent writers, corrupt entries, eviction, and the opt-outs."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import numpy as np
import pytest

import strata
from strata.compile_cache import CacheKey, CompileCache, _decode, source_digest

FIXTURES = Path(__file__).parent / "fixtures"
MLP = FIXTURES / "mlp.pb"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STRATA_CACHE_DIR", str(tmp_path))
    return tmp_path


def entries(root: Path) -> list[Path]:
    return sorted(root.glob("*/*.strata-cache"))


def mlp_inputs() -> dict[str, np.ndarray]:
    data = np.load(FIXTURES / "mlp.inputs.npz")
    return {k: data[k] for k in data.files}


def test_second_compile_loads_the_object(cache_dir: Path) -> None:
    cold = strata.compile(MLP)
    assert cold.module is not None and "cache-load" not in cold.stage_seconds
    assert len(entries(cache_dir)) == 1
    warm = strata.compile(MLP)
    assert warm.module is None and list(warm.stage_seconds) == ["cache-load"]
    np.testing.assert_array_equal(warm(**mlp_inputs()), cold(**mlp_inputs()))
    assert warm.signature == cold.signature
    # The 784x256 weight is linked data (not in the object): the entry carries it after the code.
    (path,) = entries(cache_dir)
    entry = _decode(path.read_bytes())
    assert entry is not None
    linked = entry.header["linked"]
    assert isinstance(linked, list) and [784 * 256 * 4] in [item[1:] for item in linked]


def test_entry_whose_layout_does_not_fit_is_a_miss(cache_dir: Path) -> None:
    strata.compile(MLP)
    (path,) = entries(cache_dir)
    entry = _decode(path.read_bytes())
    assert entry is not None
    too_long = [["__strata_linked.x", len(entry.payload) + 1]]
    objects = entry.header["objects"]
    assert isinstance(objects, list) and len(objects) >= 1
    changes: list[dict[str, object]] = [
        {"linked": too_long},
        {"linked": "not a list"},
        {"linked": [["__strata_linked.x", -1]]},
        {"objects": None},  # an entry from before objects were listed
        {"objects": []},
        {"objects": [0, *objects]},
        {"objects": [objects[0] + 1, *objects[1:]]},  # sizes that do not add up
        {"objects": ["x"]},
    ]
    for change in changes:
        path.unlink()
        CompileCache(cache_dir).put(
            CacheKey(path.stem.removesuffix(".strata-cache")),
            {k: v for k, v in {**entry.header, **change}.items() if v is not None},
            entry.payload,
        )
        assert strata.compile(MLP).module is not None, f"loaded with {change!r}"


@pytest.mark.parametrize(
    "change",
    [
        {"opt_level": 1},
        {"cpu": "x86-64"},
        {"check_bounds": True},
        {"outputs": ["Identity"]},
    ],
    ids=lambda c: next(iter(c)),
)
def test_any_option_change_misses(cache_dir: Path, change: dict[str, object]) -> None:
    strata.compile(MLP)
    other = strata.compile(MLP, **change)  # type: ignore[arg-type]
    assert other.module is not None, "a compile with other options must not load this entry"
    assert len(entries(cache_dir)) == 2


def test_source_bytes_are_the_key(cache_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.pb"
    copy.write_bytes(MLP.read_bytes())
    strata.compile(MLP)
    assert strata.compile(copy).module is None  # same bytes, another path: a hit
    assert source_digest(MLP) == source_digest(copy)
    assert source_digest(MLP) != source_digest(MLP.read_bytes().decode("latin-1"))
    assert CacheKey.of(source="a", opt_level=2) != CacheKey.of(source="b", opt_level=2)
    data = MLP.read_bytes()  # a GraphDef's bytes: a key of their own, hit by the same bytes
    assert strata.compile(data).module is not None
    assert strata.compile(bytearray(data)).module is None
    assert source_digest(data) != source_digest(data[:-1])


def test_cache_false_and_no_cache_flag_bypass(cache_dir: Path) -> None:
    assert strata.compile(MLP, cache=False).module is not None
    assert entries(cache_dir) == []


def test_corrupt_entry_is_recompiled(cache_dir: Path) -> None:
    strata.compile(MLP)
    (path,) = entries(cache_dir)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    again = strata.compile(MLP)
    assert again.module is not None, "a corrupt entry must not be loaded"
    np.testing.assert_allclose(
        again(**mlp_inputs()), np.load(FIXTURES / "mlp.outputs.npz")["Identity"], rtol=1e-4
    )
    (path,) = entries(cache_dir)
    assert _decode(path.read_bytes()) is not None, "the recompile stored a good entry"


def test_truncated_entry_is_a_miss(tmp_path: Path) -> None:
    cache = CompileCache(tmp_path)
    key = CacheKey.of(source="x")
    cache.put(key, {"signature": "{}"}, b"\x01" * 1000)
    path = cache.path(key)
    path.write_bytes(path.read_bytes()[:500])
    assert cache.get(key) is None
    assert not path.exists()


def test_least_recently_used_entries_are_evicted(tmp_path: Path) -> None:
    cache = CompileCache(tmp_path, max_bytes=3300)  # three ~1.06 kB entries fit, four do not
    keys = [CacheKey.of(source=str(i)) for i in range(3)]
    for i, key in enumerate(keys):
        cache.put(key, {}, bytes([i]) * 1000)
        os.utime(cache.path(key), (1000 + i, 1000 + i))
    cache.get(keys[0])  # used again: now the most recent
    cache.put(CacheKey.of(source="3"), {}, b"\x03" * 1000)
    assert cache.get(keys[1]) is None, "the least recently used entry goes first"
    assert cache.get(keys[0]) is not None


def test_unwritable_cache_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("STRATA_CACHE_DIR", str(blocker / "cache"))
    assert strata.compile(MLP).module is not None


def _writer(root: str, worker: int) -> None:
    cache = CompileCache(Path(root))
    for i in range(40):
        key = CacheKey.of(source=str(i % 5))
        cache.put(key, {"worker": worker, "i": i}, bytes([worker]) * (1000 + 37 * i))
        entry = cache.get(key)
        assert entry is None or entry.payload == bytes([entry.header["worker"]]) * len(
            entry.payload
        )


def test_concurrent_writers_leave_whole_entries(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_writer, args=(str(tmp_path), w)) for w in range(4)]
    for p in workers:
        p.start()
    for p in workers:
        p.join(120)
        assert p.exitcode == 0
    cache = CompileCache(tmp_path)
    for i in range(5):
        entry = cache.get(CacheKey.of(source=str(i)))
        assert entry is not None
        assert entry.payload == bytes([entry.header["worker"]]) * len(entry.payload)  # type: ignore[list-item]
    assert not list(tmp_path.glob("*/.tmp-*")), "no temporary file left behind"


def test_strata_run_no_cache(cache_dir: Path) -> None:
    import subprocess
    import sys

    run = [sys.executable, "-m", "strata.tools.strata_run", str(MLP), "--bench", "1"]
    out = subprocess.run([*run, "--no-cache"], capture_output=True, text=True, check=True).stdout
    assert entries(cache_dir) == [] and "llvm-jit" in out
    subprocess.run(run, capture_output=True, text=True, check=True)
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert len(entries(cache_dir)) == 1 and "cache-load" in out


def test_a_run_the_cache_serves_imports_no_ir(cache_dir: Path, tmp_path: Path) -> None:
    # A hit only loads object code: a fresh strata-run that finds its entry imports none of
    # xDSL's IR, parser, passes or dialects (their import is most of a fresh process's start),
    # only xDSL's exception types, which the diagnostics catch.
    import subprocess
    import sys

    inputs = FIXTURES / "mlp.inputs.npz"
    args = [str(MLP), "--inputs", str(inputs), "--save", str(tmp_path / "out.npz"), "--timing"]
    code = (
        "import sys\n"
        "from strata.tools import strata_run\n"
        f"status = strata_run.main({args!r})\n"
        "print('loaded:', *(m for m in sys.modules if m.startswith('xdsl')), file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    cold = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "xdsl.ir" in _loaded(cold.stderr) and "cache-load" not in cold.stderr
    warm = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "cache-load" in warm.stderr
    assert _loaded(warm.stderr) <= {"xdsl", "xdsl.utils", "xdsl.utils.exceptions"}
    np.testing.assert_allclose(
        np.load(tmp_path / "out.npz")["Identity"],
        np.load(FIXTURES / "mlp.outputs.npz")["Identity"],
        rtol=1e-4,
        atol=1e-5,
    )


def _loaded(stderr: str) -> set[str]:
    (line,) = [x for x in stderr.splitlines() if x.startswith("loaded:")]
    return set(line.split()[1:])
