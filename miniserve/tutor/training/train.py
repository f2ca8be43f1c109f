"""Train the tutor: corpus -> tokenizer -> GPT-2 (torch) -> a Hugging Face model folder.

    python -m miniserve.tutor.training.train --out runs/stage1                      # one stage
    python -m miniserve.tutor.training.stages                                       # the shipped model's stages
    python -m miniserve.tutor.training.train --out runs/tiny --examples 2000 --steps 20 --n-embd 32 --n-layer 1

`--out` never names the shipped model folder (refused): a stage writes under runs/ and the shipped
model is replaced only by copying on purpose. `--corpus v2` (corpus2.py),
`--grow-layers N` (append N layers that start as the identity to an --init model), a checkpoint in
OUT/checkpoint.pt every --checkpoint-every steps that the same command resumes from after a kill,
and `--pid-file` for the benchmarks that pause training (SIGSTOP/SIGCONT: paused time is not
counted against --max-minutes).

Seeded and single-process; the loss covers the completion only (the prompt is given).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
import time
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer
from transformers import GenerationConfig, GPT2Config, GPT2LMHeadModel

from miniserve.tutor import model_folder

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.corpus import v2 as corpus2
from miniserve.tutor.runtime.prompt import END, TutorPrompt
from miniserve.tutor.training.tokenizer_train import VOCAB_SIZE, train_tokenizer
from miniserve import console

IGNORE = -100


def encode(prompt: TutorPrompt, examples: list[corpus.Example], limit: int) -> list[tuple[list[int], int]]:
    """(ids, prompt length) per example; examples longer than the context are dropped."""
    rows = []
    for ex in examples:
        head = prompt.prompt_ids(ex.sentence)
        ids = head + prompt.completion_ids(ex.corrected, ex.explanation)
        if len(ids) <= limit:
            rows.append((ids, len(head)))
    return rows


def pack(rows: list[tuple[list[int], int]], name: str) -> dict[str, np.ndarray]:
    """Rows as three flat arrays (ids, lengths, prompt lengths): quick to save and load."""
    return {f"{name}_ids": np.array([t for ids, _ in rows for t in ids], dtype=np.int32),
            f"{name}_lengths": np.array([len(ids) for ids, _ in rows], dtype=np.int32),
            f"{name}_heads": np.array([head for _, head in rows], dtype=np.int32)}


def unpack(saved, name: str) -> list[tuple[list[int], int]]:
    ids, lengths, heads = saved[f"{name}_ids"].tolist(), saved[f"{name}_lengths"], saved[f"{name}_heads"]
    ends = np.cumsum(lengths).tolist()
    starts = [0] + ends[:-1]
    return [(ids[a:b], int(h)) for a, b, h in zip(starts, ends, heads.tolist())]


def batches(rows, batch_size: int, rng: random.Random):
    """Length-bucketed batches (little padding), in random order."""
    order = sorted(range(len(rows)), key=lambda i: (len(rows[i][0]), rng.random()))
    chunks = [order[i:i + batch_size] for i in range(0, len(order), batch_size)]
    rng.shuffle(chunks)
    for chunk in chunks:
        width = max(len(rows[i][0]) for i in chunk)
        ids = torch.zeros((len(chunk), width), dtype=torch.long)
        labels = torch.full((len(chunk), width), IGNORE, dtype=torch.long)
        mask = torch.zeros((len(chunk), width), dtype=torch.long)
        for r, i in enumerate(chunk):
            seq, head = rows[i]
            ids[r, : len(seq)] = torch.tensor(seq)
            labels[r, head: len(seq)] = torch.tensor(seq[head:])
            mask[r, : len(seq)] = 1
        yield ids, labels, mask


@torch.no_grad()
def mean_loss(model, rows, batch_size: int) -> float:
    model.eval()
    total, count = 0.0, 0
    for ids, labels, mask in batches(rows, batch_size, random.Random(0)):
        n = int((labels[:, 1:] != IGNORE).sum())
        total += float(model(input_ids=ids, attention_mask=mask, labels=labels).loss) * n
        count += n
    model.train()
    return total / max(count, 1)


def learning_rate(progress: float, step: int, peak: float, warmup: int) -> float:
    """Linear warm-up, then cosine to 5% of the peak. Progress is the larger of steps done and
    wall time used, so that a run cut short by --max-minutes still ends annealed."""
    if step < warmup:
        return peak * (step + 1) / warmup
    return peak * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(1.0, progress))))


def grow(model: GPT2LMHeadModel, n: int) -> GPT2LMHeadModel:
    """Append n blocks whose output projections are zero: each adds nothing to the residual stream
    at first, so the grown model computes what the old one did and training starts from there."""
    for _ in range(n):
        block = copy.deepcopy(model.transformer.h[-1])
        for linear in (block.attn.c_proj, block.mlp.c_proj):
            torch.nn.init.zeros_(linear.weight)
            torch.nn.init.zeros_(linear.bias)
        model.transformer.h.append(block)
    model.config.n_layer = len(model.transformer.h)
    for i, block in enumerate(model.transformer.h):
        block.attn.layer_idx = i
    return model


def _is_training(pid: str) -> bool:
    try:
        return b"miniserve.tutor.training.train" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def register(pid_file: Path) -> None:
    """Add this process to the file benchmarks pause; drop ids of killed runs (an id can be reused)."""
    lines = pid_file.read_text().split() if pid_file.exists() else []
    alive = [pid for pid in lines if pid != str(os.getpid()) and _is_training(pid)]
    pid_file.write_text("".join(f"{pid}\n" for pid in alive + [str(os.getpid())]))


def save_checkpoint(path: Path, state: dict) -> None:
    """Write to a temporary file first: a kill mid-write leaves the previous checkpoint intact."""
    tmp = path.with_suffix(".tmp")
    torch.save(state, tmp)
    os.replace(tmp, path)


class ActiveClock:
    """Seconds of training, not counting pauses (a SIGSTOP from a benchmark): a step that took far
    longer than the recent ones counts as a recent one."""

    def __init__(self, spent: float = 0.0):
        self.spent, self.typical, self.last = spent, None, time.time()

    def tick(self) -> float:
        now = time.time()
        dt, self.last = now - self.last, now
        if self.typical is not None and dt > max(5.0, 5 * self.typical):
            dt = self.typical
        self.typical = dt if self.typical is None else 0.9 * self.typical + 0.1 * dt
        self.spent += dt
        return self.spent


def main(argv: list[str] | None = None) -> None:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--examples", type=console.positive(int), default=240_000)
    p.add_argument("--steps", type=console.positive(int), default=3600)
    p.add_argument("--batch-size", type=console.positive(int), default=64)
    p.add_argument("--lr", type=console.positive(float), default=2e-3)
    p.add_argument("--n-layer", type=console.positive(int), default=4)
    p.add_argument("--n-embd", type=console.positive(int), default=192)
    p.add_argument("--n-head", type=console.positive(int), default=6)
    p.add_argument("--n-positions", type=console.positive(int), default=256)
    p.add_argument("--vocab-size", type=console.positive(int), default=VOCAB_SIZE)
    p.add_argument("--max-minutes", type=console.positive(float), default=30.0, help="stop early at this wall time")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=console.positive(int), default=2)
    p.add_argument("--init", type=Path, help="continue from this model folder (and keep its tokenizer)")
    p.add_argument("--corpus", choices=("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14"), default="v1",
                   help="corpus.py, the widened corpus2.py, or corpus3.py (WordNet's real sentences with "
                        "learner verb errors, mixed with corpus2; needs Debian's wordnet-base), v4 (v3 with hard subjects: subjects.py), v5 (v4 with correct look-alikes kept: kept.py), v6 (v5 with long subjects: long_subjects.py), v7 (v6 with subjects the nearest words hide: far_heads.py), v8 (v6 with learner-style sentences: written.py) v9 (v8 with the second learner-style text, built around the kinds the tutor damaged) v10 (v9 with the third: long subjects, shares, questions and clauses), v11 (v10 with agreement errors at far subjects: parsed.py) v12 (v11 with the fourth: right verbs the tutor flipped), v13 (v12 with the fifth: tense across clauses, imperatives mid-sentence, 'do' questions) or v14 (v13 with the learner-style sets' dev halves: sets.py)")
    p.add_argument("--grow-layers", type=int, default=0, help="append this many identity-initialised layers")
    p.add_argument("--warmup", type=int, default=None)
    p.add_argument("--checkpoint-every", type=console.positive(int), default=200)
    p.add_argument("--valid-examples", type=console.positive(int), default=2000)
    p.add_argument("--pid-file", type=Path, help="append this process id here while training")
    args = p.parse_args(argv)
    if Path(args.out).resolve() == model_folder().resolve():
        p.error(f"--out {args.out} is the shipped model: train into runs/ and copy the result on purpose")
    if args.pid_file:
        register(args.pid_file)

    started = time.time()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    rows_file = out / "rows.npz"  # the encoded corpus, so that a resumed stage need not make it again
    key = f"{args.corpus}|{args.examples}|{args.valid_examples}|{args.seed}|{args.n_positions}"
    if rows_file.exists() and (out / "tokenizer.json").exists() and str(np.load(rows_file)["key"]) == key:
        tokenizer = Tokenizer.from_file(str(out / "tokenizer.json"))
        saved = np.load(rows_file)
        train_rows, valid_rows = unpack(saved, "train"), unpack(saved, "valid")
    else:
        if args.corpus in ("v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14"):  # imported here: v1 and v2 need neither lemminflect nor WordNet's files
            from miniserve.tutor.corpus import v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14
            source = {"v3": v3, "v4": v4, "v5": v5, "v6": v6, "v7": v7, "v8": v8, "v9": v9, "v10": v10, "v11": v11, "v12": v12, "v13": v13,
                      "v14": v14}[args.corpus]
        else:
            source = corpus2 if args.corpus == "v2" else corpus
        train_examples = source.generate("train", args.examples, seed=args.seed)
        valid_examples = source.generate("valid", args.valid_examples, seed=args.seed)
        if args.init:
            tokenizer = Tokenizer.from_file(str(args.init / "tokenizer.json"))
        else:
            texts = (t for ex in train_examples[:60_000] for t in (ex.sentence, ex.corrected, ex.explanation))
            tokenizer = train_tokenizer(texts, args.vocab_size)
        tokenizer.save(str(out / "tokenizer.json"))
        train_rows = encode(TutorPrompt(tokenizer), train_examples, args.n_positions)
        valid_rows = encode(TutorPrompt(tokenizer), valid_examples, args.n_positions)
        np.savez(rows_file, key=key, **pack(train_rows, "train"), **pack(valid_rows, "valid"))
    prompt = TutorPrompt(tokenizer)
    print(f"data: {len(train_rows)} train, {len(valid_rows)} valid examples, "
          f"{sum(len(r[0]) for r in train_rows) / len(train_rows):.1f} tokens each "
          f"({time.time() - started:.0f}s)", flush=True)

    config = GPT2Config(
        vocab_size=tokenizer.get_vocab_size(), n_positions=args.n_positions, n_embd=args.n_embd,
        n_layer=args.n_layer, n_head=args.n_head, activation_function="gelu_new",
        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, tie_word_embeddings=True,
        bos_token_id=prompt.end_id, eos_token_id=prompt.end_id, pad_token_id=prompt.end_id,
    )
    model = GPT2LMHeadModel.from_pretrained(args.init) if args.init else GPT2LMHeadModel(config)
    if args.grow_layers:
        model = grow(model, args.grow_layers)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}],
        lr=args.lr, betas=(0.9, 0.98),
    )
    log, step, epoch, skip = [], 0, 0, 0
    checkpoint = out / "checkpoint.pt"
    clock = ActiveClock()
    if checkpoint.exists():  # resume: same command, same data; continue where the last save left off
        state = torch.load(checkpoint, weights_only=False)
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        log, step, epoch, skip = state["log"], state["step"], state["epoch"], state["batch"]
        clock = ActiveClock(state["active_seconds"])
        print(f"resumed at step {step} (epoch {epoch}, batch {skip})", flush=True)
    budget = args.max_minutes * 60
    warmup = args.warmup if args.warmup is not None else min(50 if args.init else 200, args.steps // 10 + 1)
    model.train()
    while step < args.steps and clock.spent < budget:
        # One order per epoch from (seed, epoch): a resumed run skips the batches it already did.
        for index, (ids, labels, mask) in enumerate(batches(train_rows, args.batch_size, random.Random(f"{args.seed}:{epoch}"))):
            if index < skip:
                continue
            if step >= args.steps or clock.spent >= budget:
                break
            progress = max(step / args.steps, clock.spent / budget)
            for group in optimizer.param_groups:
                group["lr"] = learning_rate(progress, step, args.lr, warmup=warmup)
            loss = model(input_ids=ids, attention_mask=mask, labels=labels).loss
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            step += 1
            clock.tick()
            if step % 100 == 0 or step == args.steps:
                entry = {"step": step, "epoch": epoch, "train_loss": round(loss.item(), 4), "lr": round(optimizer.param_groups[0]["lr"], 6),
                         "minutes": round(clock.spent / 60, 2)}
                if step % 500 == 0 or step == args.steps:
                    entry["valid_loss"] = round(mean_loss(model, valid_rows, 256), 4)
                log.append(entry)
                print(json.dumps(entry), flush=True)
            if step % args.checkpoint_every == 0:
                save_checkpoint(checkpoint, {"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                                             "log": log, "step": step, "epoch": epoch, "batch": index + 1,
                                             "active_seconds": clock.spent})
        else:
            epoch, skip = epoch + 1, 0
            continue
        break

    valid_loss = mean_loss(model, valid_rows, 256)
    model.save_pretrained(out, safe_serialization=True)
    GenerationConfig(
        bos_token_id=prompt.end_id, eos_token_id=prompt.end_id, pad_token_id=prompt.end_id,
        do_sample=False, max_new_tokens=96,
    ).save_pretrained(out)
    (out / "tokenizer_config.json").write_text(json.dumps({
        "tokenizer_class": "PreTrainedTokenizerFast", "bos_token": END, "eos_token": END,
        "pad_token": END, "model_max_length": args.n_positions, "add_prefix_space": False,
    }, indent=2) + "\n")
    previous = json.loads((args.init / "training.json").read_text()) if args.init else None
    summary = {
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}, "previous_stage": previous, "parameters": sum(p.numel() for p in model.parameters()),
        "steps": step, "epochs_started": epoch, "train_examples": len(train_rows),
        "final_valid_loss": round(valid_loss, 4), "minutes": round(clock.spent / 60, 2),
        "torch": torch.__version__, "log": log,
    }
    (out / "training.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps({k: v for k, v in summary.items() if k != "log"}), flush=True)
    if args.pid_file and args.pid_file.exists():
        mine = str(os.getpid())
        lines = [line for line in args.pid_file.read_text().splitlines() if line.strip() != mine]
        args.pid_file.write_text("".join(f"{line}\n" for line in lines))


if __name__ == "__main__":
    console.run(main)
