"""The guard checks the explanation against the edit it describes: a true one is kept, one that
names a verb not in the sentence or a form the edit does not show is written from the edit, and an
unchanged sentence is told "No verb error found." (the tutor only looks at verbs)."""

from __future__ import annotations

import re

import httpx
import pytest
from engines import ScriptedEngine
from helpers import real_server
from test_service import serving

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.corpus import v2 as corpus2
from miniserve.tutor.runtime.guard import NO_ERROR, review
from miniserve.tutor.runtime.prompt import TutorPrompt

LINK = 'Yesterday he <a href="https://example.com">goed</a> home'
LINK_FIXED = 'Yesterday he <a href="https://example.com">went</a> home'
GROW = "He grow up in Lagos in 2010."
GROWS = "He grows up in Lagos in 2010."

# (input, correction, the model's explanation, what the service shows)
UNTRUE = [
    # names a form the edit does not show: "grows" is no past tense
    (GROW, GROWS, "The time phrase is in the past: use the past tense 'grows', not 'grow'.",
     "Use the third-person singular 'grows', not 'grow'."),
    # names verbs that are not in the sentence (the shipped model's own answer to LINK)
    (LINK, LINK_FIXED, "The past tense of 'slill' is the irregular form 'slit'.",
     "Use 'went', not 'goed'."),
    # one explanation for two changes
    ("They was at the beach yesterday and they swim all afternoon.",
     "They were at the beach yesterday and they swam all afternoon.",
     "The verb must agree with its subject: 'were', not 'was'.",
     "Use 'were', not 'was'. Use the past tense 'swam', not 'swim'."),
    # the right form of the wrong change, then a made-up pair
    ("Can you to tell me where the keys was?", "Can you tell me where the keys were?",
     "After 'can', use the base form 'tell' without 'to'. The verb must agree with its subject: 'must', not 'has'.",
     "Leave out 'to'. Use 'were', not 'was'."),
    # right and wrong swapped
    ("She go home.", "She goes home.", "A third-person singular subject takes 'go', not 'goes'.",
     "Use the third-person singular 'goes', not 'go'."),
]


def test_true_explanations_are_kept():
    """Every explanation the corpora write (true by construction), one and two errors, is shown as is."""
    examples = [*corpus.generate("valid", 300, seed=7), *corpus2.generate("valid", 900, seed=7)]
    changed = [ex for ex in examples if ex.corrected != ex.sentence]
    assert len(changed) > 600 and any(". " in ex.explanation for ex in changed)  # two-change ones too
    shown = [(ex.explanation, review(ex.sentence, ex.corrected, ex.explanation).explanation) for ex in changed]
    assert [pair for pair in shown if pair[0] != pair[1]] == []


@pytest.mark.parametrize("sentence, corrected, said, shown", UNTRUE)
def test_an_untrue_explanation_is_written_from_the_edit(sentence, corrected, said, shown):
    got = review(sentence, corrected, said)
    assert (got.corrected, got.explanation, got.changed, got.withheld) == (corrected, shown, True, False)


@pytest.mark.parametrize("said", ["The sentence is correct.", "The verbs in this sentence are right.",
                                  "After 'has', use 'gone'.", "No verb error was found."])
def test_an_unchanged_sentence_has_no_verb_error_found(said):
    got = review("I seen him.", "I seen him.", said)
    assert (got.explanation, got.changed, got.withheld) == ("No verb error found.", False, False) == (NO_ERROR, False, False)


def scripted(tutor_folder, answers: dict[str, tuple[str, str]]) -> ScriptedEngine:
    """An engine whose answer to each sentence is the given (correction, explanation)."""
    prompt = TutorPrompt.from_folder(tutor_folder)
    engine = ScriptedEngine.from_folder(tutor_folder, n_slots=8, max_step_tokens=256)
    engine.scripts = {tuple(prompt.request(sentence, engine.config.n_positions)[0]): prompt.completion_ids(*answer)
                      for sentence, answer in answers.items()}
    return engine


async def test_both_examples_through_the_service(tutor_folder):
    answers = {s: (c, said) for s, c, said, _ in UNTRUE[:2]} | {"I seen him.": ("I seen him.", "The sentence is correct.")}
    # the gate off: these are the explanations of what the guard accepts (test_gate.py tests the gate)
    async with serving(tutor_folder, engine=scripted(tutor_folder, answers), speculate=False, gate=False) as (client, _):
        for sentence, corrected, _, shown in UNTRUE[:2]:
            got = await (await client.post("/correct", json={"sentence": sentence})).get_json()
            assert (got["corrected"], got["explanation"], got["withheld"]) == (corrected, shown, False), got
        unchanged = await (await client.post("/correct", json={"sentence": "I seen him."})).get_json()
        assert unchanged["explanation"] == "No verb error found."
        paragraph = await (await client.post("/correct", json={"text": f"{GROW} I seen him."})).get_json()
        assert [s["explanation"] for s in paragraph["sentences"]] == [UNTRUE[0][3], "No verb error found."]


def quoted_words_are_in(explanation: str, *sentences: str) -> bool:
    words = {w.lower() for s in sentences for w in re.findall(r"[\w']+", s)}
    return all(q.lower() in words for q in re.findall(r"'((?:[^\s']|'(?=\w))+)'", explanation))


def test_the_shipped_model_explains_only_what_it_changed_over_real_http(tutor_folder):
    """The shipped tutor's own explanation for LINK does not fit its edit (stage 8 named two made-up
    verbs, "The past tense of 'No' is the irregular form 'occot'."); what the server shows names
    words of the sentence only."""
    with real_server(tutor_folder, "--max-batch", "2", "--no-gate") as (_, port):  # a gate at the no-damage point (7.41) withholds it
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            got = client.post("/correct", json={"sentence": LINK}).json()
            unchanged = client.post("/correct", json={"sentence": "She has two cats."}).json()
    # which form of "go" the ungated model picks inside markup is its own (stage 15: "gone"); the point is
    # that the explanation names the words the edit shows, and the link stays as typed
    shown = {LINK_FIXED: "went", LINK_FIXED.replace("went", "gone"): "gone", LINK_FIXED.replace("went", "goes"): "goes"}
    assert got["withheld"] is False and got["corrected"] in shown, got
    assert quoted_words_are_in(got["explanation"], LINK, got["corrected"]), got
    assert f"'{shown[got['corrected']]}'" in got["explanation"] and "'goed'" in got["explanation"]
    assert unchanged["explanation"] == "No verb error found."
