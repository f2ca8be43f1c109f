"""Warm-up compiles once; NUMBA_CACHE_DIR is honoured; a read-only install falls back, not fails."""

import os
import subprocess
import sys
from pathlib import Path

import kernels

WARM = (
    "import time; t = time.time();"
    "from miniserve.engine import Engine;"
    "e = Engine.from_folder(sys.argv[1], n_slots=2, max_step_tokens=16); e.warmup();"
    "print(time.time() - t)"
)


def run(folder, env):
    code = "import sys;" + WARM
    done = subprocess.run([sys.executable, "-c", code, str(folder)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return float(done.stdout.strip().splitlines()[-1])


def test_numba_cache_dir_is_used(tmp_path, random_gpt2_folder):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    run(random_gpt2_folder, env)
    cached = list((tmp_path / "cache").rglob("*.nbi"))
    assert any("step" in p.name for p in cached), cached
    run(random_gpt2_folder, env)  # second process loads what the first compiled


def test_read_only_install_falls_back_to_a_temporary_cache(monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(kernels, "_writable", lambda path: False)
    import numba

    before = numba.config.CACHE_DIR
    try:
        folder = kernels.ensure_cache_dir()
        assert folder and Path(folder).is_dir() and numba.config.CACHE_DIR == folder
    finally:
        numba.config.CACHE_DIR = before
