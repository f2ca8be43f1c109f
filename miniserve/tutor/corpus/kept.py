"""Correct sentences in the frames stage 10's corrections share, kept unchanged (tutor stage 11).

Stage 10 taught "look forward to see" -> "seeing" and nothing that kept a "to" + base form right in
the same words, and the learner-style test half showed what the model learned from it: "it was great
to hear from you" -> "to hearing", "a car park" -> "car parking", "more free time" -> "freeing time",
"cafes or shops" -> "shop". So this module makes only correct, unchanged sentences of three kinds:
- "to" + a base form after the adjectives and verbs that take it ("It was great to hear from you",
  "I hope to see you soon"), and "look forward to" + a noun ("I look forward to your reply");
- nouns that can be read as verbs inside a compound or after an adjective ("the car park", "more
  free time", "a short walk");
- plural nouns that can be read as verbs, joined by "and" / "or" ("cafes or shops").
"""

from __future__ import annotations

import random

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v3
from miniserve.tutor.corpus.subjects import CORRECT, FORWARD, USED_VERBS

TO_HEADS = ("It was great to", "It was nice to", "It was so good to", "It would be lovely to", "I was happy to",
            "I am pleased to", "I would like to", "I'd love to", "I hope to", "I want to", "We are going to",
            "I can't wait to", "I decided to", "I would be glad to", "It is important to", "It is not easy to",
            "I forgot to", "We plan to", "I need to", "They promised to", "I was surprised to", "I'm sorry not to",
            "I would be delighted to", "My friends and I want to", "I am going to", "It will be a pleasure to",
            "I expect to", "I would prefer to", "We would be happy to", "I was lucky to")
TO_RESTS = FORWARD + USED_VERBS + ("ask you about the course", "tell you about my holiday", "stay in a hotel",
                                   "help you with the party", "write to you again", "invite you to my wedding",
                                   "join the club", "travel by train", "learn more about it", "visit my aunt",
                                   "go on the school trip", "have more free time", "find a job in the summer")
ENDINGS = ("", "", " soon", " again", " next week", " this summer")
FORWARD_NOUNS = ("your reply", "your answer", "the trip", "it", "the concert", "the weekend", "our meeting",
                 "the party", "your visit", "the course", "my holiday", "your letter")
FORWARD_HEADS = ("I look forward to", "I am looking forward to", "We are all looking forward to",
                 "I'm really looking forward to", "My family is looking forward to")
# nouns a reader could take for verbs, in a compound or after an adjective: (noun, countable)
PLACES = ("car park", "bus stop", "sports centre", "train station", "book shop", "swimming pool", "coffee shop",
          "youth hostel", "camp site", "ski resort", "play area", "market place", "lecture hall", "rest area")
THINGS = (("free time", False), ("hard work", False), ("work experience", False), ("room service", False),
          ("public transport", False), ("fast food", False), ("home cooking", False),
          ("school trip", True), ("phone call", True), ("football match", True), ("language course", True),
          ("dance class", True), ("city tour", True), ("boat trip", True), ("bike ride", True), ("short walk", True),
          ("long drive", True), ("quick look", True), ("warm welcome", True), ("big change", True),
          ("good start", True), ("summer job", True), ("day off", True), ("great help", False),
          ("nice surprise", True), ("cooking class", True), ("travel plan", True), ("price list", True),
          ("guided tour", True), ("night out", True), ("good rest", True), ("hot drink", True), ("fire drill", True))
MORE = ("more", "less", "much", "enough", "some", "no", "a lot of", "very little")
PLACE_FRAMES = ("There is a {n} next to the hotel", "The {n} is very close to my house",
                "We could meet at the {n}", "You can leave your bike at the {n}", "The new {n} opens at nine",
                "I usually wait at the {n} near the school", "Our town needs a bigger {n}",
                "Go straight on and you will see the {n} on your left")
COUNT_FRAMES = ("We had a {n} on Saturday", "The {n} was the best part of the day", "I think a {n} would be a good idea",
                "Thank you for the {n}", "There was a {n} after the lesson", "My favourite part was the {n}",
                "I will never forget the {n}", "A {n} is exactly what we need", "Everyone enjoyed the {n}")
MASS_FRAMES = ("I don't have {q} {n} at the moment", "Students should have {q} {n}", "We need {q} {n} in our town",
               "I would like to have {q} {n}", "There is {q} {n} in my village", "Young people today have {q} {n}")
# plural nouns a reader could take for a verb with -s
PLURALS = ("shops", "cafes", "parks", "markets", "clubs", "bars", "restaurants", "museums", "cinemas", "gyms",
           "shows", "concerts", "tours", "classes", "courses", "lessons", "games", "films", "plays", "matches",
           "trips", "walks", "rides", "parties", "dances", "events", "drinks", "snacks", "places", "stores")
JOINED_FRAMES = ("There are not many {a} or {b} in my village", "You can find {a} and {b} near the station",
                 "We visited {a}, {b} and beaches", "The town has lots of {a} and {b}",
                 "There were no {a} or {b} open on Sunday", "I like towns with {a} and {b}",
                 "Young people need more {a} and {b}", "In the centre there are {a}, {b} and hotels")
PROMPTS = ("", "", "", "Dear Sir, ", "Also, ", "In my opinion, ", "Anyway, ", "Finally, ", "I think that ")


def _to_base(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return f"{rng.choice(FORWARD_HEADS)} {rng.choice(FORWARD_NOUNS)}"
    return f"{rng.choice(TO_HEADS)} {rng.choice(TO_RESTS)}{rng.choice(ENDINGS)}"


def _compound(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(PLACE_FRAMES).format(n=rng.choice(PLACES))
    noun, countable = rng.choice(THINGS)
    if countable:
        return rng.choice(COUNT_FRAMES).format(n=noun).replace(" a a", " an a")
    return rng.choice(MASS_FRAMES).format(q=rng.choice(MORE), n=noun)


def _joined(rng: random.Random) -> str:
    a, b = rng.sample(PLURALS, 2)
    return rng.choice(JOINED_FRAMES).format(a=a, b=b)


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    """n correct sentences, unchanged: "to" + base (45%), compounds (35%), joined plurals (20%)."""
    rng = random.Random(f"kept:{split}:{seed}")
    excluded = v3.exclusions()
    out: list[corpus.Example] = []
    while len(out) < n:
        roll = rng.random()
        text = _to_base(rng) if roll < 0.45 else _compound(rng) if roll < 0.8 else _joined(rng)
        prompt = rng.choice(PROMPTS)
        if text.startswith("Go "):  # an imperative takes no opening
            prompt = ""
        if prompt and not text.startswith("I "):
            text = text[0].lower() + text[1:]
        text = prompt + text
        sentence, _ = v3._style(rng, text, text)
        if v3.normal(sentence) not in excluded:
            out.append(corpus.Example(sentence, sentence, CORRECT, "correct", "kept", ""))
    return out
