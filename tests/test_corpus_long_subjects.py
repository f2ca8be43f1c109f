"""Stage 12's long subjects (corpus/long_subjects.py): one verb edit at most, made in agreement with
the head noun and never with the noun next to the verb, half kept unchanged; v6 mixes a share."""

import pytest

from miniserve.tutor.corpus import lexicon, long_subjects, subjects, v3, v6
from miniserve.tutor.runtime.guard import verb_edit_only


@pytest.fixture(scope="module")
def made():
    return long_subjects.generate("train", 2000, seed=0)


def test_errors_are_one_agreement_edit_and_half_is_kept(made):
    one_agreement_edit_each_and_half_kept(made)


def one_agreement_edit_each_and_half_kept(made) -> None:
    kept = [ex for ex in made if ex.kind == "correct"]
    assert 0.4 < len(kept) / len(made) < 0.6
    for ex in made:
        if ex.kind == "correct":
            assert ex.sentence == ex.corrected, ex
            continue
        assert ex.kind in ("agreement", "plural_s", "aux_agreement"), ex
        changed = [(a, b) for a, b in zip(ex.sentence.split(), ex.corrected.split()) if a != b]
        assert len(changed) == 1 and verb_edit_only(ex.sentence, ex.corrected), ex


def test_the_subjects_stage_11_missed_are_made(made):
    text = [ex.corrected.lower() for ex in made]
    assert any(", which " in t for t in text) and any(", who " in t for t in text)
    assert any("the people in my " in t for t in text)
    assert any(t.startswith(("learning foreign languages", "using mobile phones")) for t in text)


def test_the_verb_agrees_with_the_head_noun_not_the_nearest_one(made):
    """"The information on the posters is": a noun's number, read off the lexicon, decides the fix."""
    pools = lexicon.pools(False)
    singular = {n.singular for n in pools.people + pools.things} | set(pools.mass)
    plural = {n.plural for n in pools.people + pools.things} - singular
    checked = 0
    for ex in made:
        if ex.kind == "correct":
            continue
        text = ex.corrected
        prompt = next((p for p in sorted(subjects.PROMPTS, key=len, reverse=True)
                       if p and text.lower().startswith(p.lower())), "")
        words = text[len(prompt):].rstrip(".").replace(",", "").split()
        at = next(i for i, w in enumerate(words) if w.lower() in ("the", "my", "our", "this", "these")
                  or w.lower().startswith(tuple(g.lower() for g, _ in long_subjects.GERUNDS)) or w.lower() == "people")
        rest = " ".join(words[at + 1:]) + " "
        head = max((n for n in singular | plural if rest.startswith(n + " ")), key=len, default=words[at + 1]) \
            if words[at].lower() in ("the", "my", "our", "this", "these") else None
        if head in singular or head in plural:
            checked += 1
            wants_singular = ex.kind == "agreement" or ex.target in ("is", "was", "has", "doesn't")
            assert wants_singular == (head in singular), ex
        else:
            assert head in (None, "people"), ex
    assert checked > 300
    for ex in made:
        assert v3.normal(ex.sentence) not in v3.exclusions()


def test_v6_mixes_its_share_and_the_same_seed_gives_the_same_list():
    mix = v6.generate("valid", 400, seed=1)
    assert sum(ex.frame == "long_subjects" for ex in mix) == round(400 * v6.LONG_SUBJECTS_SHARE)
    assert mix == v6.generate("valid", 400, seed=1)
