"""The paragraph form of POST /correct: sentences split by a library, one sequence each in the same
batch, reviewed answers with offsets, the whole text with its spacing, and streaming per sentence."""

from __future__ import annotations

import json

import pytest

from engines import FailingEngine
from miniserve.service.paragraph import replace, sentences
from test_service import serving, wait_until
from test_streaming import JSON, events, read_all, send_body

TEXT = "He goed to school.  She has went home already!\n\nThe children can swims very well. Dr. Smith watched TV."


@pytest.mark.parametrize("text", [TEXT, "  One. Two?  Three!\n", "No final stop", "Mr. and Mrs. Jones was late. U.S. troops goed home."])
def test_sentences_keep_their_offsets_and_the_spacing_between_them(text):
    spans = sentences(text)
    assert all(text[s.start:s.end] == s.text == s.text.strip() for s in spans)
    assert replace(text, spans, [s.text for s in spans]) == text
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))


def test_abbreviations_do_not_end_a_sentence():
    assert [s.text for s in sentences("Dr. Smith have a cat. I met Mrs. Jones at 5 p.m. on Monday.")] == [
        "Dr. Smith have a cat.", "I met Mrs. Jones at 5 p.m. on Monday."]


async def test_each_sentence_is_its_own_sequence_in_one_batch(tutor_folder):
    async with serving(tutor_folder, max_batch=8) as (client, service):
        response = await client.post("/correct", json={"text": TEXT})
        body = await response.get_json()
        records = list(service.scheduler.records)
    assert response.status_code == 200, body
    got = body["sentences"]
    assert [s["index"] for s in got] == [0, 1, 2, 3]
    assert [s["original"] for s in got] == [TEXT[s["start"]:s["end"]] for s in got]
    assert got[0]["corrected"] == "He went to school." and got[0]["changed"] and not got[0]["withheld"]
    assert not got[3]["changed"] and got[3]["corrected"] == "Dr. Smith watched TV."
    assert body["corrected"] == replace(TEXT, sentences(TEXT), [s["corrected"] for s in got])
    assert "\n\n" in body["corrected"] and "  She" in body["corrected"]
    assert body["usage"]["prompt_tokens"] > 4 * 3
    assert len(records[0].items) == 4  # all four sentences shared a step


async def test_a_paragraph_streams_per_sentence(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        async with client.request("/correct?stream=true", method="POST", headers=JSON) as stream:
            await send_body(stream, {"text": TEXT})
            got = events(await read_all(stream))
        whole = await (await client.post("/correct", json={"text": TEXT})).get_json()
    final = got[-1]
    assert final["corrected"] == whole["corrected"] and final["sentences"] == whole["sentences"]
    verdicts = {e["sentence"]: e for e in got if "original" in e}
    assert sorted(verdicts) == [0, 1, 2, 3]
    for i, answer in enumerate(whole["sentences"]):
        assert verdicts[i] == {"sentence": i, **{k: v for k, v in answer.items() if k != "index"}}
        deltas = [e for e in got if e.get("sentence") == i and "delta" in e]
        assert got.index(deltas[-1]) < got.index(verdicts[i])  # a sentence's deltas come before its verdict
        if not answer["withheld"]:
            assert "".join(d["delta"] for d in deltas if d["field"] == "corrected") == answer["corrected"]


async def test_a_sentence_over_the_limit_is_named(tutor_folder):
    long = "He " + "really " * 45 + "goed."
    async with serving(tutor_folder) as (client, service):
        response = await client.post("/correct", json={"text": f"She have a cat. {long}"})
        body = await response.get_json()
        assert response.status_code == 422 and body["error"]["details"][0]["field"] == "text"
        assert "sentence 2" in body["error"]["message"] and "300" in body["error"]["message"]
        assert service.scheduler.n_waiting == 0 and service.engine.cache.used_slots == 0


async def test_more_sentences_than_the_queue_holds_is_400_not_503(tutor_folder):
    async with serving(tutor_folder, max_queue=4) as (client, service):
        response = await client.post("/correct", json={"text": "I go. " * 5})
        body = await response.get_json()
        assert response.status_code == 400 and body["error"]["type"] == "too_many_sequences"
        assert "5 sequences" in body["error"]["message"] and service.scheduler.n_waiting == 0
        assert (await client.post("/correct", json={"text": "I go. " * 4})).status_code == 200


async def test_the_withheld_counter_is_exported(tutor_folder):
    async with serving(tutor_folder) as (client, service):
        await client.post("/correct", json={"text": "table chair window door. He goed home."})
        metrics = (await (await client.get("/metrics")).get_data()).decode()
    assert "miniserve_tutor_withheld_total" in metrics
    withheld = float(next(line.split()[-1] for line in metrics.splitlines() if line.startswith("miniserve_tutor_withheld_total")))
    assert withheld == service.metrics.tutor_withheld._value.get()


async def test_the_paragraph_form_is_in_the_openapi_schema(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        spec = await (await client.get("/openapi.json")).get_json()
    op = spec["paths"]["/correct"]["post"]
    request = op["requestBody"]["content"]["application/json"]["schema"]
    assert {"sentence", "text"} <= set(request["properties"]) and request["properties"]["text"]["maxLength"] == 2000
    assert {"200", "400", "413", "415", "422", "429", "500", "503", "504"} <= set(op["responses"])
    assert "text/event-stream" in op["responses"]["200"]["content"]
    assert "Retry-After" in op["responses"]["503"]["headers"]
    assert any(p["name"] == "stream" for p in op["parameters"])
    assert json.dumps(spec).count("ParagraphResponse") >= 1


async def test_spacing_around_a_sentence_is_not_an_edit(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        padded = await (await client.post("/correct", json={"sentence": "  He goed to school.   "})).get_json()
        plain = await (await client.post("/correct", json={"sentence": "He goed to school."})).get_json()
    assert (padded["corrected"], padded["withheld"]) == (plain["corrected"], plain["withheld"]) == ("He went to school.", False)


async def test_a_line_break_inside_a_sentence_is_kept_and_not_shown_to_the_model(tutor_folder):
    text = "They played football\nin the park. He goed\tto school."
    async with serving(tutor_folder) as (client, _):
        body = await (await client.post("/correct", json={"text": text})).get_json()
    first, second = body["sentences"]
    assert first["original"] == first["corrected"] == "They played football\nin the park." and not first["changed"]
    assert second["corrected"] == "He went to school." and second["changed"]
    assert body["corrected"] == "They played football\nin the park. He went to school."


async def test_a_failure_mid_stream_is_one_error_event_then_done(tutor_folder):
    engine = FailingEngine.from_folder(tutor_folder, n_slots=32, max_step_tokens=256)
    async with serving(tutor_folder, engine) as (client, service):
        engine.failures = 1
        async with client.request("/correct?stream=true", method="POST", headers=JSON) as stream:
            await send_body(stream, {"text": "He goed home. She have a cat."})
            got = events(await read_all(stream))
        assert got[-1] == {"error": {"status": 500, "type": "step_failed", "message": got[-1]["error"]["message"], "details": []}}
        assert "injected" in got[-1]["error"]["message"]
        await wait_until(lambda: service.engine.cache.used_slots == 0, 5)


@pytest.mark.parametrize("scheduler", ["sync", "async", "static"])
async def test_every_scheduler_answers_a_paragraph_alike(tutor_folder, scheduler):
    async with serving(tutor_folder) as (client, _):
        want = await (await client.post("/correct", json={"text": TEXT})).get_json()
    async with serving(tutor_folder, scheduler=scheduler) as (client, _):
        got = await (await client.post("/correct", json={"text": TEXT})).get_json()
    assert (got["corrected"], got["sentences"]) == (want["corrected"], want["sentences"])


async def test_the_tutor_decodes_under_the_edit_constraint(tutor_folder):
    """The shipped model, left free, rewrites this correct sentence (one of WordNet's, its numbers the kind
    of text it copies worst; the guard then withholds it); edit-constrained it can only copy the input or
    change verb forms, and answers that it found no verb error."""
    sentence = "Hitler invaded Poland on September 1, 1939"
    async with serving(tutor_folder, edit_constraint=0) as (client, _):
        free = await (await client.post("/correct", json={"sentence": sentence})).get_json()
    async with serving(tutor_folder) as (client, service):
        assert service.edit_constraints is not None
        constrained = await (await client.post("/correct", json={"sentence": sentence})).get_json()
    assert free["withheld"] and free["corrected"] == sentence
    assert not constrained["withheld"] and constrained["corrected"] == sentence
    assert constrained["explanation"] == "No verb error found."
