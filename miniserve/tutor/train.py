"""Train the tutor: corpus -> tokenizer -> GPT-2 (torch) -> a Hugging Face model folder.

    python -m miniserve.tutor.train --out runs/stage1                      # the shipped model: stage 1,
    python -m miniserve.tutor.train --out runs/stage2 --init runs/stage1 --seed 1 --lr 1e-3   # stage 2,
    python -m miniserve.tutor.train --out miniserve/tutor/model --init runs/stage2 --seed 2 --lr 5e-4 \
        --steps 3000 --max-minutes 22                                      # stage 3 (docs/model.md)
    python -m miniserve.tutor.train --out /tmp/tiny --examples 2000 --steps 20 --n-embd 32 --n-layer 1

Seeded and single-process; the loss covers the completion only (the prompt is given).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer
from transformers import GenerationConfig, GPT2Config, GPT2LMHeadModel

from miniserve.tutor import corpus
from miniserve.tutor.prompt import END, TutorPrompt
from miniserve.tutor.tokenizer_train import VOCAB_SIZE, train_tokenizer

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


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--examples", type=int, default=240_000)
    p.add_argument("--steps", type=int, default=3600)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--n-layer", type=int, default=4)
    p.add_argument("--n-embd", type=int, default=192)
    p.add_argument("--n-head", type=int, default=6)
    p.add_argument("--n-positions", type=int, default=256)
    p.add_argument("--vocab-size", type=int, default=VOCAB_SIZE)
    p.add_argument("--max-minutes", type=float, default=30.0, help="stop early at this wall time")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--init", type=Path, help="continue from this model folder (and keep its tokenizer)")
    args = p.parse_args(argv)

    started = time.time()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    train_examples = corpus.generate("train", args.examples, seed=args.seed)
    valid_examples = corpus.generate("valid", 2000, seed=args.seed)
    if args.init:
        tokenizer = Tokenizer.from_file(str(args.init / "tokenizer.json"))
    else:
        texts = (t for ex in train_examples[:60_000] for t in (ex.sentence, ex.corrected, ex.explanation))
        tokenizer = train_tokenizer(texts, args.vocab_size)
    tokenizer.save(str(out / "tokenizer.json"))
    prompt = TutorPrompt(tokenizer)
    train_rows = encode(prompt, train_examples, args.n_positions)
    valid_rows = encode(prompt, valid_examples, args.n_positions)
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
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}],
        lr=args.lr, betas=(0.9, 0.98),
    )
    rng = random.Random(args.seed)
    log, step, epoch = [], 0, 0
    deadline = started + args.max_minutes * 60
    train_started = time.time()
    while step < args.steps and time.time() < deadline:
        for ids, labels, mask in batches(train_rows, args.batch_size, rng):
            if step >= args.steps or time.time() >= deadline:
                break
            progress = max(step / args.steps, (time.time() - train_started) / (deadline - train_started))
            for group in optimizer.param_groups:
                warmup = min(50 if args.init else 200, args.steps // 10 + 1)
                group["lr"] = learning_rate(progress, step, args.lr, warmup=warmup)
            loss = model(input_ids=ids, attention_mask=mask, labels=labels).loss
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            step += 1
            if step % 100 == 0 or step == args.steps:
                entry = {"step": step, "epoch": epoch, "train_loss": round(loss.item(), 4), "lr": round(optimizer.param_groups[0]["lr"], 6),
                         "minutes": round((time.time() - started) / 60, 2)}
                if step % 500 == 0 or step == args.steps:
                    entry["valid_loss"] = round(mean_loss(model, valid_rows, 256), 4)
                log.append(entry)
                print(json.dumps(entry), flush=True)
        epoch += 1

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
        "final_valid_loss": round(valid_loss, 4), "minutes": round((time.time() - started) / 60, 2),
        "torch": torch.__version__, "log": log,
    }
    (out / "training.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps({k: v for k, v in summary.items() if k != "log"}), flush=True)


if __name__ == "__main__":
    main()
