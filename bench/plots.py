"""The standard run's figures (matplotlib, in the `bench` extra), all from the raw records:
latency CDFs per scheduler, goodput per scheduler (bars), the goodput probes with missed and never-answered points shown,
the spread of every ratio over the repetitions, and the server's step-time histograms."""

from __future__ import annotations

import math

import numpy as np

COLORS = {"continuous": "C0", "static": "C1", "async": "C2", "sync": "C3"}


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _plain_log(ax, axis: str = "x") -> None:
    """Log scale with plain numbers (0.05, not 5x10^-2) and no crowded minor labels."""
    from matplotlib.ticker import FormatStrFormatter, NullFormatter

    getattr(ax, f"set_{axis}scale")("log")
    target = ax.xaxis if axis == "x" else ax.yaxis
    target.set_major_formatter(FormatStrFormatter("%g"))
    target.set_minor_formatter(NullFormatter())


def latency(r: dict) -> float:
    return math.inf if r["error"] else r["end"] - r["planned"]


def per_token(r: dict) -> float:
    return math.inf if r["error"] or not r["tokens"] else (r["end"] - r["planned"]) / r["tokens"]


def draw(summary: dict, records: dict[str, list[dict]], out) -> None:
    cdfs(summary, records, out / "cdf.png")
    goodput(summary, out / "goodput.png")
    probes(summary, out / "probes.png")
    spread(summary, out / "spread.png")
    steps(summary, out / "steps.png")


def _cdf(ax, values: list[float], label: str, color: str) -> None:
    """A CDF that tops out below 1 when requests were never answered (they are not dropped)."""
    values = np.sort(np.asarray(values, dtype=float))
    if not len(values):
        return
    frac = np.arange(1, len(values) + 1) / len(values)
    finite = np.isfinite(values)
    never = (~finite).mean()
    ax.step(values[finite], frac[finite], where="post", color=color,
            label=label + (f" ({never:.0%} never answered)" if never else ""))
    for q, marker in ((50, "o"), (95, "s"), (99, "^")):
        x = np.percentile(values, q, method="inverted_cdf")
        if np.isfinite(x):
            ax.plot([x], [q / 100], marker=marker, color=color, markersize=5)


def cdfs(summary: dict, records: dict, path) -> None:
    """Pooled over the repetitions, at 50% of static's goodput: tutor-only latency, the tutor class
    inside the mix, and the mix's API calls in seconds per token."""
    plt = _plt()
    panels = [("tutor", "tutor", latency, "tutor-only workload: latency (s, log)"),
              ("mix", "tutor", latency, "mix, tutor class: latency (s, log)"),
              ("mix", "api", per_token, "mix, API calls: seconds per generated token (s/token, log)")]
    fig, axes = plt.subplots(1, len(panels), figsize=(15, 4.6))
    half = [r for r in summary["runs"] if r["role"] == "point" and abs(r["fraction"] - 0.5) < 1e-9]
    for ax, (wl, kind, measure, xlabel) in zip(axes, panels):
        for scheduler in summary["settings"]["schedulers"]:
            values = [measure(rec) for run in half if run["workload"] == wl and run["scheduler"] == scheduler
                      for rec in records.get(run["file"], []) if rec["kind"] == kind]
            _cdf(ax, values, scheduler, COLORS.get(scheduler, "k"))
        if not ax.has_data():
            ax.text(0.5, 0.5, "no requests of this class at this point", transform=ax.transAxes, ha="center")
        _plain_log(ax)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("fraction of requests")
        ax.grid(True, which="both", alpha=0.3)
        if ax.has_data():
            ax.legend(fontsize=8)
    fig.suptitle("Latency CDFs at the 50% point (of static's goodput, or continuous's where static has none), pooled "
                 "(markers p50 o, p95 s, p99 ^; never-answered requests keep the curve below 1)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def goodput(summary: dict, path) -> None:
    """Goodput per scheduler and workload: a bar at the median of the repetitions, a dot per
    repetition, the min-max range as a line; the scheduler(s) with the highest median are named."""
    plt = _plt()
    workloads = summary["settings"]["workloads"]
    schedulers = summary["settings"]["schedulers"]
    fig, axes = plt.subplots(1, len(workloads), figsize=(5.2 * len(workloads), 4.0), squeeze=False)
    for ax, wl in zip(axes[0], workloads):
        medians = {}
        for x, scheduler in enumerate(schedulers):
            values = [float(rep["goodput"][wl][scheduler]) for rep in summary["repetitions"] if wl in rep["goodput"]]
            if not values:
                continue
            medians[scheduler] = float(np.median(values))
            color = COLORS.get(scheduler, "k")
            ax.bar(x, medians[scheduler], color=color, alpha=0.55, width=0.6)
            ax.plot([x, x], [min(values), max(values)], color="k", linewidth=1)
            ax.plot([x] * len(values), values, "o", color=color, markersize=4, markeredgecolor="k", markeredgewidth=0.5)
            ax.text(x + 0.08, medians[scheduler], f"{medians[scheduler]:g}", ha="left", va="bottom", fontsize=8)
        top = max(medians.values(), default=0)
        best = [s for s in medians if medians[s] == top and top > 0]
        mark = " (best)" if len(best) == 1 else " (tied best)"
        ax.set_xticks(range(len(schedulers)), [s + (mark if s in best else "") for s in schedulers], fontsize=9)
        ax.set_ylabel("goodput (requests/s meeting the p95 objective)")
        ax.set_title(f"{wl}: goodput per scheduler over {len(summary['repetitions'])} runs\n"
                     "(bar: median, dots: each run, line: min to max)", fontsize=9)
        ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def probes(summary: dict, path) -> None:
    """Every goodput probe: p95 of the deciding class against the offered rate. Missed probes are
    hollow; a probe with never-answered requests is drawn at the top edge as x, not dropped."""
    plt = _plt()
    workloads = summary["settings"]["workloads"]
    fig, axes = plt.subplots(1, len(workloads), figsize=(6.5 * len(workloads), 4.6), squeeze=False)
    for ax, wl in zip(axes[0], workloads):
        runs = [r for r in summary["runs"] if r["role"] == "probe" and r["workload"] == wl]
        finite = [float(r["summary"]["classes"]["tutor"]["latency_s"]["p95"]) for r in runs]
        finite = [v for v in finite if math.isfinite(v)]
        top = max(finite, default=1.0) * 2
        for scheduler in summary["settings"]["schedulers"]:
            color = COLORS.get(scheduler, "k")
            mine = sorted((r for r in runs if r["scheduler"] == scheduler), key=lambda r: r["rate"])
            if not mine:
                continue
            for r in mine:
                p95 = float(r["summary"]["classes"]["tutor"]["latency_s"]["p95"])
                if math.isfinite(p95):
                    ax.plot([r["rate"]], [p95], "o", color=color, fillstyle="full" if r.get("met") else "none")
                else:
                    ax.plot([r["rate"]], [top], "x", color=color, markersize=8)
            ax.plot([], [], "o", color=color, label=scheduler)
        for rep in summary["repetitions"]:
            if wl in rep["objectives"]:
                ax.axhline(float(rep["objectives"][wl]["tutor"][1]), color="k", alpha=0.25, linestyle="--",
                           label="p95 objective (one per run)" if rep is summary["repetitions"][0] else None)
        ax.axhline(top, color="k", alpha=0.15)
        ax.text(0.01, 0.97, "x at the top: some requests never answered (p95 infinite)", transform=ax.transAxes,
                fontsize=8, va="top")
        _plain_log(ax, "x")
        _plain_log(ax, "y")
        ax.set_xlabel("offered rate (requests/s, log)")
        ax.set_ylabel("tutor-class p95 latency (s, log)")
        ax.set_title(f"{wl}: every goodput probe (filled: met the objective, hollow: missed)", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def spread(summary: dict, path) -> None:
    """Each ratio, one dot per repetition, the min-max range and the median, beside its target."""
    plt = _plt()
    names = ["tutor_only_p95_ratio", "mix_tutor_class_p95_ratio", "mix_tutor_class_per_token_p95_ratio",
             "mix_goodput_continuous_over_static", "mix_goodput_continuous_over_async"]
    targets = {t["target"]: float(t["rule"].split()[-1]) for t in summary["targets"] if t["rule"].startswith("min")}
    fig, ax = plt.subplots(figsize=(10, 4.6))
    for i, name in enumerate(names):
        values = [float(rep["ratios"][name]) for rep in summary["repetitions"]]
        shown = [v for v in values if math.isfinite(v)]
        ax.plot([i] * len(shown), shown, "o", color="C0", alpha=0.7)
        if shown:
            ax.plot([i, i], [min(shown), max(shown)], "-", color="C0", linewidth=3, alpha=0.4)
            ax.plot([i - 0.2, i + 0.2], [float(np.median(shown))] * 2, "-", color="C0")
        if len(shown) < len(values):
            ax.text(i, ax.get_ylim()[1] if ax.has_data() else 1, f"{len(values) - len(shown)} not finite", ha="center", fontsize=8)
        if name in targets:
            ax.plot([i - 0.3, i + 0.3], [targets[name]] * 2, "--", color="C3")
    ax.axhline(1.0, color="k", alpha=0.3)
    ax.set_xticks(range(len(names)), [n.replace("_", " ") for n in names], rotation=15, fontsize=8)
    ax.set_ylabel("ratio (static / continuous, or continuous / other; x)")
    ax.set_title("Spread over repetitions: dots per run, bar min-max, tick median, red dashes the minimum target", fontsize=10)
    ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def steps(summary: dict, path) -> None:
    """The server's step-time histogram (from /metrics) per scheduler at 50% of static's goodput, mix."""
    plt = _plt()
    half = [r for r in summary["runs"] if r["role"] == "point" and abs(r["fraction"] - 0.5) < 1e-9 and r.get("server")]
    workloads = summary["settings"]["workloads"]
    fig, axes = plt.subplots(1, len(workloads), figsize=(6.5 * len(workloads), 4.2), squeeze=False)
    for ax, wl in zip(axes[0], workloads):
        schedulers = [s for s in summary["settings"]["schedulers"] if s != "sync"]  # sync has no step loop
        width = 0.8 / max(1, len(schedulers))
        labels = None
        for j, scheduler in enumerate(schedulers):
            counts: dict[str, int] = {}
            for run in half:
                if run["workload"] == wl and run["scheduler"] == scheduler:
                    for le, n in run["server"].get("step_seconds_histogram", []):
                        counts[le] = counts.get(le, 0) + n
            if not counts:
                continue
            labels = list(counts)
            total = sum(counts.values()) or 1
            ax.bar(np.arange(len(labels)) + j * width, [counts[k] / total for k in labels], width,
                   color=COLORS.get(scheduler, "k"), label=scheduler)
        if labels:
            ax.set_xticks(np.arange(len(labels)) + 0.4 - width / 2,
                          [f"<={float(k) * 1e3:g}" if k != "+Inf" else ">last" for k in labels], fontsize=8)
            ax.legend(fontsize=8)
        ax.set_xlabel("engine step time, bucket upper bound (ms)")
        ax.set_ylabel("fraction of steps")
        ax.set_title(f"{wl}: server step-time histogram at the 50% point", fontsize=9)
        ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
