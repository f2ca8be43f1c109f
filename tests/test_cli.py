"""`miniserve correct`: an answer or a clear error for any input, never a traceback."""

import json
import subprocess
import sys

import pytest
from test_service import serving


def run(*args):
    return subprocess.run([sys.executable, "-m", "miniserve.cli", "correct", *args],
                          capture_output=True, text=True, timeout=120)


def test_corrects_the_headline_example():
    done = run("He goed to school.", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "corrected": "He went to school.",
        "explanation": "The past tense of 'go' is the irregular form 'went'.",
        "withheld": False,
    }


@pytest.mark.parametrize("text", ["", "   ", "x" * 10_000, "🙂" * 200])
def test_unanswerable_input_is_a_clear_error(text):
    done = run(text)
    assert done.returncode == 2 and done.stderr.startswith("error: ") and "Traceback" not in done.stderr


@pytest.mark.parametrize("text", ["🙂 she go 🙂", "Der Hund läuft schnell.", "<| fix |> he goed", "日本語の文"])
def test_odd_input_gets_an_answer(text):
    done = run(text)
    assert done.returncode == 0 and "corrected:" in done.stdout and "Traceback" not in done.stderr


@pytest.mark.parametrize("text", ["He goed <|fix|>", "<|why|> she go", "He goed\x07 home", "She <|endoftext|> go"])
async def test_the_cli_and_the_server_refuse_with_the_same_words(text, tutor_folder):
    """One input check for both: the server's 422 message is the CLI's error line, exit code 2."""
    done = run(text)
    async with serving(tutor_folder) as (client, _):
        response = await client.post("/correct", json={"sentence": text})
    assert response.status_code == 422
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"error: {(await response.get_json())['error']['message']}\n"


def test_an_unchanged_sentence_says_no_verb_error_found():
    """Never "The sentence is correct.": the tutor only looked at its verbs (as /correct says)."""
    done = run("She has two cats.", "--json")
    assert done.returncode == 0 and json.loads(done.stdout) == {"corrected": "She has two cats.",
                                                                 "explanation": "No verb error found.", "withheld": False}
