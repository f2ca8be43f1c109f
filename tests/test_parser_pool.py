"""The parser pool (tutor/runtime/parser_pool.py): the same parses as one worker, an answer's calls
side by side on its workers, each sentence parsed once while its parse is kept or under way."""

import threading

from helpers import HeldWorker

from miniserve.tutor.runtime import parser as link_grammar
from miniserve.tutor.runtime.parse_cache import ParseCache
from miniserve.tutor.runtime.parser_pool import ParserPool
from miniserve.tutor.runtime.parser_process import decoded

LONG = ("The teachers who has been working at the school which my brother attend since he were young says "
        "that the students that goes there doesn't knows why.")  # 28 words: a call of its own
A_PARSE = [0, 1.5, [[4, 0, 3]], [0], False, []]  # the JSON form of one parse (parser_process.decoded)


def held_pool(workers: int, cache: ParseCache | None = None, answer: list | None = A_PARSE) -> tuple[ParserPool, list[HeldWorker]]:
    pool = ParserPool(workers, cache)
    held = [HeldWorker(answer) for _ in range(workers)]
    for worker, stand_in in zip(pool.workers, held):
        worker.process = stand_in
    return pool, held


def in_thread(call, *args) -> tuple[threading.Thread, dict]:
    out: dict = {}
    thread = threading.Thread(target=lambda: out.update(result=call(*args)))
    thread.start()
    return thread, out


def test_the_pool_parses_as_the_parser_does_and_keeps_what_it_parsed():
    sentences = ["He go to school.", LONG, "He goes to school.", "The students who live there walk to school.", "He go to school.",
                 " ".join(["word"] * (link_grammar.MAX_WORDS + 1)) + "."]  # a repeat, and one too long to parse
    pool = ParserPool(2)
    try:
        expected = link_grammar.parse_all(sentences)
        assert pool.parse_all(sentences) == expected
        kept = {s for s, parse in zip(sentences, expected) if parse is not None}
        assert set(pool.cache.parses) == kept and len(kept) >= 3  # a missing parse (too long, too broken) is not
    finally:
        pool.close()
    assert pool.parse_all(sentences) == [p if s in kept else None for s, p in zip(sentences, expected)]  # closed: the cache
    assert all(worker.process is None for worker in pool.workers)  # and no worker started again for the rest


def test_an_answers_calls_run_side_by_side_on_the_workers():
    pool, held = held_pool(2)
    thread, out = in_thread(pool.parse_all, [LONG, LONG.replace("teachers", "cooks")])
    asked = [h.asked.get(timeout=30) for h in held]  # both workers asked before either answers
    assert sorted(asked) == sorted([[LONG], [LONG.replace("teachers", "cooks")]])
    for h in held:
        h.answers.release()
    thread.join(30)
    assert out["result"] == [decoded(A_PARSE)] * 2


def test_a_sentence_under_way_in_another_pool_is_waited_for_not_parsed_again():
    cache = ParseCache()
    reading, reading_held = held_pool(1, cache)
    gate, gate_held = held_pool(2, cache)
    early, early_out = in_thread(reading.parse_all, [LONG])
    assert reading_held[0].asked.get(timeout=30) == [LONG]  # under way
    asking, gate_out = in_thread(gate.parse_all, [LONG, "He go to school."])
    assert gate_held[0].asked.get(timeout=30) == ["He go to school."]  # only the sentence nobody parses
    gate_held[0].answers.release()
    reading_held[0].answers.release()
    early.join(30)
    asking.join(30)
    assert gate_out["result"] == early_out["result"] + [decoded(A_PARSE)]
    assert all(h.asked.empty() for h in gate_held)


def test_a_worker_that_gives_no_parse_is_asked_again_next_time():
    pool, held = held_pool(1, answer=None)  # as a worker that died mid-call, or a sentence it cannot link
    thread, out = in_thread(pool.parse_all, ["He go to school."])
    held[0].asked.get(timeout=30)
    held[0].answers.release()
    thread.join(30)
    assert out["result"] == [None] and not pool.cache.parses and not pool.cache.parsing
    thread, out = in_thread(pool.parse_all, ["He go to school."])
    assert held[0].asked.get(timeout=30) == ["He go to school."]
    held[0].answers.release()
    thread.join(30)


def test_the_cache_lets_the_least_recently_used_parses_go_first():
    cache = ParseCache(size=2)
    parse = decoded(A_PARSE)
    cache.finished({"a": parse, "b": parse}, {})
    assert cache.look_up(["a"]) == ({"a": parse}, {})  # "a" used: "b" is now the oldest
    cache.finished({"c": parse}, {})
    assert list(cache.parses) == ["a", "c"]


def test_a_call_takes_off_only_the_marks_it_put_on():
    cache = ParseCache()
    mine = cache.started(["a"])
    assert cache.started(["a", "b"]).keys() == {"b"}  # "a" is another call's
    cache.finished({"a": None}, {})  # a call that never reached a worker (a closed one) wakes nobody
    assert not mine["a"].is_set() and cache.look_up(["a"])[1] == mine
    cache.finished({"a": decoded(A_PARSE)}, mine)
    assert mine["a"].is_set() and cache.look_up(["a"]) == ({"a": decoded(A_PARSE)}, {})


class BrokenWorker(HeldWorker):
    def readline(self) -> str:
        super().readline()
        return "not json\n"


def test_a_lane_that_fails_raises_once_every_lane_has_ended_and_keeps_the_others_parses():
    pool, held = held_pool(2)
    pool.workers[1].process = broken = BrokenWorker(A_PARSE)
    thread, out = in_thread(lambda: _raised(pool.parse_all, [LONG, LONG.replace("teachers", "cooks")]))
    asked = [held[0].asked.get(timeout=30), broken.asked.get(timeout=30)]
    broken.answers.release()
    held[0].answers.release()
    thread.join(30)
    assert isinstance(out["result"], ValueError)  # the bad line's error, after the other lane's answer
    assert set(pool.cache.parses) == set(asked[0]) and not pool.cache.parsing


def _raised(call, *args):
    try:
        call(*args)
    except Exception as error:  # noqa: BLE001 (the test looks at it)
        return error
