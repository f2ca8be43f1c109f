"""Raw per-request records, gzip JSON lines, small enough to commit: every figure in a results
folder can be redrawn from them (`python -m bench.standard --from-raw`).

One file per run: the first line is the run's header (what ran: repetition, workload, scheduler,
role, rate, seed; the server's view; the /stats samples), each further line one request as a
compact list in FIELDS order, times rounded to 10 microseconds.
"""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

# server_seconds and sequence_seconds are the answer's own usage (total_seconds, sequence_seconds):
# Little's law needs the second (a tutor sentence's gate scores beside it, an API call says only it).
# Files written before it have 10 fields; read gives them None (W then falls back, see littles_law).
FIELDS = ("planned", "sent", "first_byte", "end", "status", "error", "tokens", "kind", "sequences", "server_seconds",
          "sequence_seconds")


def _time(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else round(x, 5)


def write(path: Path, header: dict, records: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", compresslevel=9) as f:
        f.write(json.dumps(header, separators=(",", ":"), default=str) + "\n")
        for r in records:
            row = [_time(r["planned"]), _time(r["sent"]), _time(r["first_byte"]), _time(r["end"]),
                   r["status"], r["error"], r["tokens"], r["kind"], r["sequences"], _time(r.get("server_seconds")),
                   _time(r.get("sequence_seconds"))]
            f.write(json.dumps(row, separators=(",", ":")) + "\n")


def read(path: Path) -> tuple[dict, list[dict]]:
    """(header, records as dicts with the loadgen.Record fields)."""
    with gzip.open(path, "rt") as f:
        header = json.loads(f.readline())
        records = []
        for i, line in enumerate(f):
            r = dict(zip(FIELDS, json.loads(line)))
            r["index"] = i
            r["sent"] = math.nan if r["sent"] is None else r["sent"]
            records.append(r)
    return header, records
