"""Train the tutor's byte-level BPE tokenizer on the corpus and save a standard tokenizer.json."""

from __future__ import annotations

from collections.abc import Iterable

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from miniserve.tutor.runtime.prompt import SPECIAL_TOKENS

# 2048 ids: every verb form and frequent word of the corpus becomes one token, rarer names split
# into 2-3 pieces; the embedding and logits stay under a fifth of the model's compute.
VOCAB_SIZE = 2048


def train_tokenizer(texts: Iterable[str], vocab_size: int = VOCAB_SIZE) -> Tokenizer:
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=2,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),  # all 256 bytes: any input encodes
        show_progress=False,
    )
    tokenizer.train_from_iterator(texts, trainer)
    return tokenizer
