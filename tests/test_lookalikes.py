"""Correct sentences written to look like the learner errors the rules that decide alone fix
(tests/data/lookalikes.tsv, 400 of them): none of those rules may change one. The one rule that only
offers (coordination.py, gated by the model) names its one look-alike."""

import csv

from miniserve.tutor.runtime import (complements, conditionals, coordination, offers, patterns, perfects, quantifiers,
                                     relatives, story, tense)
from miniserve.tutor.runtime.guard import tokens
from pathlib import Path

LOOKALIKES = Path(__file__).parent / "data" / "lookalikes.tsv"


def sentences() -> list[str]:
    with LOOKALIKES.open(encoding="utf-8") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t", quoting=csv.QUOTE_NONE)
        return [row["sentence"] for row in rows]


def decided(toks: list[str]) -> list:
    flips = offers.number_flips(toks)
    return (conditionals.edits(toks) + complements.edits(toks) + tense.decided_pasts(toks) + story.present_before_past(toks)
            + perfects.perfect_since(toks) + story.present_before_when(toks) + tense.perfect_to_past(toks) + patterns.offers(toks)
            + perfects.perfect_for(toks) + perfects.already_perfect(toks) + story.narrative_present(toks)
            + story.present_after_a_past_main_clause(toks)
            + [e for e in flips if quantifiers.decides(toks, e)]
            + [e for e in offers.misbuilt(toks) if offers.decides(toks, e)])


def test_the_lookalikes_are_many():
    assert len(sentences()) == 400


def test_no_rule_that_decides_alone_changes_a_lookalike():
    changed = [s for s in sentences() for t in [tokens(s)] if any(
        "".join(t[e.start:e.end]) != "".join(e.new) for e in decided(t))]
    assert changed == []


def test_the_offers_of_coordination_meet_one_lookalike():
    assert [s for s in sentences() if coordination.edits(tokens(s))] == [
        "I live in London and worked in Paris before that."]  # offered, and the model keeps it as written


def test_relative_clause_offers_meet_none():
    assert [s for s in sentences() for t in [tokens(s)] if any(relatives.corrects(t, e) for e in offers.number_flips(t))] == []
