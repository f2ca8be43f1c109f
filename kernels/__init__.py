"""Numba kernels: arithmetic on NumPy arrays and nothing else (no sequences, no requests, no HTTP).

Importing this package chooses where Numba caches compiled kernels, before any kernel is defined:
`$NUMBA_CACHE_DIR/kernels-<digest>` when NUMBA_CACHE_DIR is set; else beside the sources
(`kernels/__pycache__/`), else the user's cache folder, else a per-user temporary folder (a
read-only install with a read-only home still works). <digest> hashes every kernel source file:
Numba only notices changes to the file of the function it caches, not to the kernels that
function calls, so a changed callee would otherwise be served stale from the cache.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

HERE = Path(__file__).parent


def _writable(path: Path) -> bool:
    while not path.exists() and path != path.parent:
        path = path.parent
    return os.access(path, os.W_OK)


def source_digest() -> str:
    digest = hashlib.sha256()
    for source in sorted(HERE.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:12]


def cache_dir() -> Path:
    if os.environ.get("NUMBA_CACHE_DIR"):
        base = Path(os.environ["NUMBA_CACHE_DIR"])
    elif _writable(HERE / "__pycache__"):
        base = HERE / "__pycache__"
    elif _writable(Path.home() / ".cache"):
        base = Path.home() / ".cache" / "miniserve"
    else:
        base = Path(tempfile.gettempdir()) / f"miniserve-numba-{os.getuid()}"
    return base / f"kernels-{source_digest()}"


def configure_cache() -> Path:
    import numba

    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    numba.config.CACHE_DIR = str(folder)
    return folder


configure_cache()
