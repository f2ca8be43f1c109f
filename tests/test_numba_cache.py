"""Warm-up compiles once; NUMBA_CACHE_DIR is honoured; a read-only install falls back, not fails;
a changed kernel source never serves stale compiled code."""

import os
import subprocess
import sys
from pathlib import Path

import kernels

WARM = (
    "import sys, time; t = time.time();"
    "from miniserve.engine import Engine;"
    "e = Engine.from_folder(sys.argv[1], n_slots=2, max_step_tokens=16); e.warmup();"
    "print(time.time() - t)"
)


def run(folder, env):
    done = subprocess.run([sys.executable, "-c", WARM, str(folder)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return float(done.stdout.strip().splitlines()[-1])


def test_numba_cache_dir_is_used(tmp_path, random_gpt2_folder):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    run(random_gpt2_folder, env)
    cached = list((tmp_path / "cache" / f"kernels-{kernels.source_digest()}").rglob("*.nbi"))
    assert any("step" in p.name for p in cached), cached
    run(random_gpt2_folder, env)  # a second process loads what the first compiled


def test_read_only_install_falls_back_to_a_temporary_cache(monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(kernels, "_writable", lambda path: False)
    folder = kernels.cache_dir()
    assert folder.parent.name.startswith("miniserve-numba-") and str(folder).startswith(os.path.realpath("/tmp")[:4])


def test_cache_folder_follows_every_kernel_source(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    before = kernels.cache_dir()
    sources = tmp_path / "kernels"
    sources.mkdir()
    for source in Path(kernels.__file__).parent.glob("*.py"):
        (sources / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(kernels, "HERE", sources)
    assert kernels.cache_dir() == before
    (sources / "norms.py").write_text((sources / "norms.py").read_text() + "\n# changed\n")
    assert kernels.cache_dir() != before
