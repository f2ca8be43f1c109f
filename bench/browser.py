"""Headless Chromium for the browser tests and the screenshot: Debian's `chromium` package driven by
Playwright for Python. Playwright's own browser download is never used (`playwright install` would
fetch a build from the internet); `executable_path` points at the system browser instead."""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("MINISERVE_CHROMIUM", "/usr/bin/chromium"))
# No network side-traffic of its own (updates, sync, QUIC probes); no GPU, no sandbox (CI runs as root).
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def launch(playwright):
    """A Chromium browser; Playwright gives each launch a fresh temporary profile (user-data dir)."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"no browser at {CHROMIUM}: `apt-get install chromium` (see .ci/run)")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)


def is_local(url: str) -> bool:
    """Requests the page may make: to the server on loopback, or to in-page data."""
    return url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:"))
