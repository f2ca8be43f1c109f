"""Where a result came from: the command, the commit (and whether the tree was dirty), the model's
sha256 and the machine. docs/ numbers need all of them (COMMON rules)."""

from __future__ import annotations

import hashlib
import os
import platform
import subprocess
import sys
from pathlib import Path


def git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                              cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    return {"cpu": cpu, "cores": os.cpu_count(), "affinity": sorted(os.sched_getaffinity(0)),
            "python": platform.python_version(), "system": f"{platform.system()} {platform.release()}",
            "load_average_at_start": load}


def provenance(argv: list[str]) -> dict:
    from miniserve.tutor import model_folder

    status = git("status", "--porcelain", "--untracked-files=no")
    return {
        "command": " ".join(["python", "-m", "bench.standard", *argv]),
        "commit": git("rev-parse", "HEAD"),
        "dirty": status not in ("", "unknown"),
        "model_sha256": sha256(model_folder() / "model.safetensors"),
        "machine": machine(),
        "executable": executable(),
    }


def executable() -> str:
    """The interpreter, relative to the repository when it lives there: no machine's path in docs/."""
    try:
        return str(Path(sys.executable).relative_to(Path(__file__).resolve().parents[1]))
    except ValueError:
        return Path(sys.executable).name


def publish(result: dict, module: str, json_path: str | None) -> dict:
    """A short run's ending: its provenance (the command as typed) added, the whole result printed,
    and written to `json_path` if given."""
    import json

    result["provenance"] = {**provenance([]), "command": " ".join(["python", "-m", module, *sys.argv[1:]])}
    print(json.dumps(result, indent=1))
    if json_path:
        with open(json_path, "w") as f:
            json.dump(result, f, indent=1)
    return result
