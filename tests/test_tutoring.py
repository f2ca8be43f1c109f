"""One tutoring flow: `miniserve correct` answers exactly as POST /correct (the whole dev set), reads
stdin, corrects every sentence of a paragraph, and exits non-zero when an answer is cut off."""

import json
import subprocess
import sys

import trio

from miniserve.tutor.evaluation.devsets import dev_cases
from test_service import serving


def cli(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "miniserve.cli", "correct", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


async def post_in_batches(client, bodies, size=32):
    """Every body, `size` at a time (within the default queue), answers in order."""
    answers = [None] * len(bodies)

    async def one(i):
        response = await client.post("/correct", json=bodies[i])
        assert response.status_code == 200, await response.get_data()
        answers[i] = await response.get_json()

    for start in range(0, len(bodies), size):
        async with trio.open_nursery() as nursery:
            for i in range(start, min(start + size, len(bodies))):
                nursery.start_soon(one, i)
    return answers


async def test_the_cli_answers_as_the_service_on_the_whole_dev_set(tutor_folder):
    sentences = [c.sentence for c in dev_cases()]
    done = cli("-", "--json", stdin="\n\n".join(sentences))  # one paragraph, read from stdin
    assert done.returncode == 0, done.stderr
    by_cli = json.loads(done.stdout)["sentences"]
    assert [s["original"] for s in by_cli] == sentences
    async with serving(tutor_folder) as (client, _):
        by_service = await post_in_batches(client, [{"sentence": s} for s in sentences])
    differ = [(s, c, v) for s, c, v in zip(sentences, by_cli, by_service)
              if (c["corrected"], c["explanation"], c["withheld"]) != (v["corrected"], v["explanation"], v["withheld"])]
    assert not differ, differ[:5]
    assert any(c["changed"] for c in by_cli) and any(c["withheld"] for c in by_cli)  # the set exercises both


async def test_a_paragraph_answers_every_sentence_as_the_text_form(tutor_folder):
    text = "He goed to school. She have two cats.\nWe was late."
    done = cli(text, "--json")
    assert done.returncode == 0, done.stderr
    async with serving(tutor_folder) as (client, _):
        served = await (await client.post("/correct", json={"text": text})).get_json()
    served.pop("usage")
    assert json.loads(done.stdout) == served and len(served["sentences"]) == 3


def test_stdin_with_a_dash():
    done = cli("-", stdin="She have two cats.\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("corrected:   She has two cats.")


def test_a_cut_off_answer_exits_non_zero():
    done = cli("He walk to school.", "--max-new-tokens", "3")
    assert done.returncode == 3 and "did not finish" in done.stderr
    assert "corrected:   He walk to school." in done.stdout  # what was shown: the input, untouched


def test_a_cut_off_answer_still_shows_a_fix_a_rule_decides_alone():
    done = cli("He goed to school.", "--max-new-tokens", "3")  # a misbuilt past: its respelling needs no model
    assert done.returncode == 3 and "did not finish" in done.stderr
    assert "corrected:   He went to school." in done.stdout


def test_production_code_never_imports_evaluation_code():
    code = ("import sys, miniserve.http.app, miniserve.cli, miniserve.service.tutoring, miniserve.service.tutor_tickets; "
            "print(sorted(m for m in sys.modules if m.split('.')[-1] in ('evaluate', 'calibrate', 'devsets')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stderr


async def test_a_sentence_of_many_misbuilt_forms_costs_a_bounded_scoring(tutor_folder):
    """60 misbuilt forms in one sentence: the gate scores at most MAX_EDITS edits' variants or MAX_OFFERS offers
    (it cost 122 scoring sequences, 36,000 prompt tokens, before the bound), and a sentence of two slips is
    still corrected."""
    crafted = " ".join(["goed"] * 60)[:239]
    async with serving(tutor_folder) as (client, _):
        answer = await (await client.post("/correct", json={"sentence": crafted})).get_json()
        plain = await (await client.post("/correct", json={"sentence": "He goed to school and buyed a book."})).get_json()
    assert answer["usage"]["prompt_tokens"] < 6000, answer["usage"]
    assert plain["corrected"] == "He went to school and bought a book."
