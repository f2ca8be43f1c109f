"""Decode-step speed: the Numba engine step against its peers, on the same weights, in one process.

    python -m bench.kernels [--model FOLDER] [--threads 1] [--steps 24] [--json out.json]

For batch sizes 1, 8, 32, 64 at cache lengths 32 and 128 it times a decode step (every sequence
adds one token) of: the Numba engine step (miniserve.engine, sampling and bookkeeping included);
the NumPy reference step with a cache (kernels/naive.py); Hugging Face GPT2LMHeadModel with its own
KV cache; and a hand-written torch GPT-2 step with an explicit KV cache. All with the same number of
compute threads. It prints tokens/s, ratios, achieved GFLOP/s beside NumPy sgemm on the same
matmul shapes, the batch-1 step beside one read of the weights from memory, and the warm start.
The machine is shared and noisy: compare ratios from one run, not absolute numbers across runs.
"""

from __future__ import annotations

import argparse
import os
import sys

if __name__ == "__main__":  # thread counts must be set before NumPy and torch load their runtimes
    _threads = sys.argv[sys.argv.index("--threads") + 1] if "--threads" in sys.argv else "1"
    for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
        os.environ[_name] = _threads

import json
import platform
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

from kernels import naive
from miniserve.engine import Engine, SamplingParams, Sequence, StepPlan
from miniserve.model.weights import load_model
from miniserve import console

BATCHES = (1, 8, 32, 64)
CACHE_LENGTHS = (32, 128)


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def flops_per_token(config, cache_length: int) -> float:
    d, L, V = config.n_embd, config.n_layer, config.vocab_size
    matmul = L * (3 * d * d + d * d + 4 * d * d + 4 * d * d) + V * d
    attention = L * 2 * d * (cache_length + 1)  # q.k and p.v over the cache
    return 2.0 * (matmul + attention / 2)


# -- the four step implementations; each returns a function that runs `steps` decode steps -----

def numba_engine(engine: Engine, batch: int, cache_length: int, rng):
    seqs = [Sequence(rng.integers(3, engine.config.vocab_size, cache_length).tolist(),
                     SamplingParams(max_new_tokens=10_000, stop_at_end=False)) for _ in range(batch)]
    for s in seqs:
        engine.admit(s)
    while any(s.uncomputed > 1 for s in seqs):  # prefill, untimed
        engine.step(StepPlan.within([s for s in seqs if s.uncomputed > 1], engine.max_step_tokens))

    def run(steps: int):
        for _ in range(steps):
            engine.step(StepPlan([(s, 1) for s in seqs]))

    def close():
        for s in seqs:
            engine.release(s)
    return run, close


def numpy_reference(engine: Engine, batch: int, cache_length: int, rng):
    keys = np.zeros_like(engine.cache.keys[:, :batch])
    values = np.zeros_like(keys)
    state = {"pos": cache_length}
    tokens = rng.integers(3, engine.config.vocab_size, batch)

    def run(steps: int):
        for _ in range(steps):
            pos = np.full(batch, state["pos"], np.int64)
            logits = naive.forward_step(engine.weights, tokens, pos, np.arange(batch), np.arange(batch), keys, values)
            tokens[:] = logits.argmax(axis=1)
            state["pos"] += 1
    return run, lambda: None


def hf_transformers(folder: Path, batch: int, cache_length: int, rng, model_cache={}):
    import torch
    from transformers import GPT2LMHeadModel

    if folder not in model_cache:
        model_cache[folder] = GPT2LMHeadModel.from_pretrained(folder).eval()
    model = model_cache[folder]
    ids = torch.tensor(rng.integers(3, model.config.vocab_size, (batch, cache_length)))
    with torch.inference_mode():
        out = model(input_ids=ids, use_cache=True)
    state = {"past": out.past_key_values, "next": out.logits[:, -1].argmax(-1, keepdim=True)}

    def run(steps: int):
        with torch.inference_mode():
            for _ in range(steps):
                out = model(input_ids=state["next"], past_key_values=state["past"], use_cache=True)
                state["past"], state["next"] = out.past_key_values, out.logits[:, -1].argmax(-1, keepdim=True)
    return run, lambda: None


class TorchStep:
    """A hand-written GPT-2 decode step in torch with an explicit, preallocated KV cache."""

    def __init__(self, config, weights, max_batch: int):
        import torch

        self.torch, self.config = torch, config
        t = lambda a: torch.from_numpy(np.ascontiguousarray(a))  # noqa: E731
        self.wte, self.wpe = t(weights.token_embedding), t(weights.position_embedding)
        self.layers = [{k: t(getattr(l, k)) for k in l.__dataclass_fields__} for l in weights.layers]
        self.lnf = (t(weights.lnf_gain), t(weights.lnf_bias))
        shape = (config.n_layer, max_batch, config.n_head, config.n_positions, config.head_dim)
        self.k, self.v = torch.zeros(shape), torch.zeros(shape)

    def step(self, tokens, pos: int):
        torch, c = self.torch, self.config
        F = torch.nn.functional
        B, H, hd = tokens.shape[0], c.n_head, c.head_dim
        x = self.wte[tokens] + self.wpe[pos]  # (B, d)
        for i, l in enumerate(self.layers):
            h = F.layer_norm(x, (c.n_embd,), l["ln1_gain"], l["ln1_bias"], c.layer_norm_epsilon)
            q, k, v = torch.addmm(l["qkv_bias"], h, l["qkv_weight"]).split(c.n_embd, dim=1)
            self.k[i, :B, :, pos] = k.view(B, H, hd)
            self.v[i, :B, :, pos] = v.view(B, H, hd)
            y = F.scaled_dot_product_attention(q.view(B, H, 1, hd), self.k[i, :B, :, : pos + 1], self.v[i, :B, :, : pos + 1])
            x = x + torch.addmm(l["attn_out_bias"], y.reshape(B, c.n_embd), l["attn_out_weight"])
            h = F.layer_norm(x, (c.n_embd,), l["ln2_gain"], l["ln2_bias"], c.layer_norm_epsilon)
            h = F.gelu(torch.addmm(l["fc_bias"], h, l["fc_weight"]), approximate="tanh")
            x = x + torch.addmm(l["mlp_out_bias"], h, l["mlp_out_weight"])
        x = F.layer_norm(x, (c.n_embd,), self.lnf[0], self.lnf[1], c.layer_norm_epsilon)
        return (x @ self.wte.T).argmax(-1)


def torch_handwritten(step: TorchStep, batch: int, cache_length: int, rng):
    torch = step.torch
    tokens = torch.tensor(rng.integers(3, step.config.vocab_size, batch))
    state = {"pos": cache_length, "tokens": tokens}

    def run(steps: int):
        with torch.inference_mode():
            for _ in range(steps):
                state["tokens"] = step.step(state["tokens"], state["pos"])
                state["pos"] += 1
    return run, lambda: None


# -- machine references ------------------------------------------------------------------------

def sgemm_gflops(config, batch: int) -> float:
    """NumPy (OpenBLAS) sgemm GFLOP/s on the step's matmul shapes at this batch size."""
    d, V = config.n_embd, config.vocab_size
    shapes = [(d, 3 * d), (d, d), (d, 4 * d), (4 * d, d)] * config.n_layer + [(d, V)]
    rng = np.random.default_rng(0)
    mats = [(rng.standard_normal((batch, k), dtype=np.float32), rng.standard_normal((k, n), dtype=np.float32)) for k, n in shapes]
    run = lambda: [a @ b for a, b in mats]  # noqa: E731
    run()
    seconds = median_time(run, 30)
    return sum(2 * batch * k * n for k, n in shapes) / seconds / 1e9


def memory_bandwidth() -> float:
    """Bytes/s of one thread reading an array much larger than the caches."""
    big = np.ones(64 * 2**20, dtype=np.float32)  # 256 MiB
    big.sum()
    return big.nbytes / median_time(big.sum, 5)


def warm_start_seconds(folder: Path) -> float:
    """A fresh process: import, load the model, warm up (kernels loaded from the Numba cache)."""
    code = ("import time; t = time.perf_counter(); from miniserve.engine import Engine;"
            f"e = Engine.from_folder({str(folder)!r}); e.warmup(); print(time.perf_counter() - t)")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)  # fills the cache
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def main(argv: list[str] | None = None) -> dict:
    from miniserve.tutor import model_folder as default_model_folder

    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", type=Path, default=None)
    p.add_argument("--threads", type=console.positive(int), default=1)
    p.add_argument("--steps", type=console.positive(int), default=24, help="decode steps per timing")
    p.add_argument("--repeat", type=console.positive(int), default=5)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    folder = args.model or default_model_folder()

    import torch

    torch.set_num_threads(args.threads)
    config, weights = load_model(folder)
    engine = Engine(config, weights, n_slots=max(BATCHES), max_step_tokens=max(BATCHES) * max(CACHE_LENGTHS))
    engine.warmup()
    torch_step = TorchStep(config, weights, max(BATCHES))
    rng = np.random.default_rng(0)
    rows = []
    for cache_length in CACHE_LENGTHS:
        for batch in BATCHES:
            row = {"batch": batch, "cache": cache_length}
            for name, make in (
                ("numba", lambda: numba_engine(engine, batch, cache_length, rng)),
                ("numpy", lambda: numpy_reference(engine, batch, cache_length, rng)),
                ("hf", lambda: hf_transformers(folder, batch, cache_length, rng)),
                ("torch", lambda: torch_handwritten(torch_step, batch, cache_length, rng)),
            ):
                steps = max(2, args.steps // 6) if name == "numpy" else args.steps
                run, close = make()
                run(2)  # warm
                seconds = median_time(lambda: run(steps), args.repeat if name != "numpy" else 2) / steps
                close()
                row[f"{name}_ms"] = round(seconds * 1e3, 3)
                row[f"{name}_tok_s"] = round(batch / seconds)
            row["vs_hf"] = round(row["numba_tok_s"] / row["hf_tok_s"], 2)
            row["vs_torch"] = round(row["numba_tok_s"] / row["torch_tok_s"], 2)
            row["vs_numpy"] = round(row["numba_tok_s"] / row["numpy_tok_s"], 1)
            row["numba_gflops"] = round(batch * flops_per_token(config, cache_length) / (row["numba_ms"] / 1e3) / 1e9, 1)
            row["sgemm_gflops"] = round(sgemm_gflops(config, batch), 1)
            row["of_sgemm"] = round(row["numba_gflops"] / row["sgemm_gflops"], 2)
            rows.append(row)
            print(json.dumps(row), flush=True)

    bandwidth = memory_bandwidth()
    weight_read_ms = engine.weights.nbytes / bandwidth * 1e3
    summary = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, {platform.python_version()}",
        "threads": args.threads, "model": str(folder), "weights_MB": round(engine.weights.nbytes / 1e6, 2),
        "memory_GB_s": round(bandwidth / 1e9, 1), "weight_read_ms": round(weight_read_ms, 3),
        "batch1_step_ms": [r["numba_ms"] for r in rows if r["batch"] == 1],
        "warm_start_s": round(warm_start_seconds(folder), 2), "rows": rows,
    }
    print_table(summary)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def print_table(summary: dict) -> None:
    print(f"\nmachine: {summary['machine']}; threads: {summary['threads']}; weights {summary['weights_MB']} MB")
    head = ("batch", "cache", "numba tok/s", "numpy", "HF", "torch", "vs HF", "vs torch", "GFLOP/s", "sgemm", "of sgemm")
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    for r in summary["rows"]:
        cells = (r["batch"], r["cache"], r["numba_tok_s"], r["numpy_tok_s"], r["hf_tok_s"], r["torch_tok_s"],
                 f"{r['vs_hf']}x", f"{r['vs_torch']}x", r["numba_gflops"], r["sgemm_gflops"], f"{r['of_sgemm']:.0%}")
        print("| " + " | ".join(map(str, cells)) + " |")
    print(f"\nbatch-1 step: {summary['batch1_step_ms']} ms; one read of the weights: {summary['weight_read_ms']} ms "
          f"at {summary['memory_GB_s']} GB/s; warm start: {summary['warm_start_s']} s")


if __name__ == "__main__":
    console.run(main)
