"""Numba kernels: arithmetic on NumPy arrays and nothing else (no sequences, no requests, no HTTP).

Importing this package makes sure Numba has somewhere to cache compiled kernels: NUMBA_CACHE_DIR
if set; else beside the sources or in the user's cache (Numba's own choices); else, on a read-only
install with a read-only home, a per-user temporary folder, rather than failing at import.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _writable(path: Path) -> bool:
    while not path.exists() and path != path.parent:
        path = path.parent
    return os.access(path, os.W_OK)


def ensure_cache_dir() -> str | None:
    """The folder Numba will use when neither of its defaults is writable, or None."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    if _writable(Path(__file__).parent) or _writable(Path.home() / ".cache"):
        return None
    folder = Path(tempfile.gettempdir()) / f"miniserve-numba-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    import numba

    numba.config.CACHE_DIR = str(folder)
    return str(folder)


ensure_cache_dir()
