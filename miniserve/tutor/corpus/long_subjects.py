"""Long subjects whose verb sits far from their head noun (tutor stage 12).

Stage 11 still scored the learner's verb above the right one where the noun next to the verb is not
the subject's head: "The information on the posters were", "The computers in the library, which are
old, is slow", "The people in my new town is", "Learning foreign languages open". subjects.py makes
such subjects with one phrase after the head; this module makes the longer ones essays have: a head
with two phrases, a relative clause (with commas or without), a participle phrase ("the students
living near the school"), "people" after a phrase, and -ing subjects with a plural object. The error
is the one an attracted learner writes: the verb takes the number of the nearest noun, or of the
relative clause's noun. Half of the examples are correct and kept unchanged, with the same subjects.
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus.subjects import (ADJECTIVE_PREDICATES, PERSON_PREDICATES, PREPOSITIONS, PROMPTS,
                                             UNCHANGED_SHARE, Maker, Verb, _aux, _present, _verb_phrase, frames)

# (-ing verb, plural objects it takes): "Learning foreign languages", "Visiting new places".
GERUNDS = (("Learning", ("foreign languages", "new words", "other cultures", "new skills")),
           ("Visiting", ("new places", "museums", "other countries", "old friends")),
           ("Using", ("mobile phones", "computers in class", "social networks", "public transport")),
           ("Playing", ("video games", "team sports", "board games with friends")),
           ("Reading", ("newspapers", "books in English", "the comments online")),
           ("Making", ("new friends", "mistakes", "plans for the future")),
           ("Having", ("good friends", "too many exams", "pets at home")),
           ("Writing", ("letters", "emails to friends", "stories")),
           ("Helping", ("old people", "other students", "your neighbours")),
           ("Watching", ("films with subtitles", "the news every day", "cartoons")))
PEOPLE_HEADS = ("The people in my {place}", "People in my {place}", "The people I met at the {event}",
                "Most people in my {place}", "Young people in my {place}", "The people who live in my {place}",
                "People from my {place}", "The people at the {event}", "Many people in my {place}",
                "The people who came to the {event}")
PLACES = ("town", "new town", "village", "city", "country", "street", "class", "office", "building", "school")
EVENTS = ("party", "conference", "festival", "concert", "meeting", "wedding", "camp")
PERSON_PARTICIPLES = ("living near the school", "working in the shop", "sitting next to me", "waiting for the bus",
                      "taking part in the course", "staying at the hotel", "invited to the party")
THING_PARTICIPLES = ("sold in the market", "made in my country", "shown on television", "written by students",
                     "used in the lessons", "built last year", "left in the classroom")
RELATIVE_ADJECTIVES = ADJECTIVE_PREDICATES + ("very old", "quite new", "really cheap")


def _phrase(m: Maker, singular: bool) -> str:
    """A prepositional phrase whose noun has the other number (the attractor), sometimes two."""
    rng = m.rng
    other = m.noun(rng.random() < 0.5)
    tail = other.singular if not singular else other.plural
    det = "the" if tail == other.plural or rng.random() < 0.7 else "my"
    text = f"{rng.choice(PREPOSITIONS)} {det} {tail}"
    if rng.random() < 0.3:
        place = rng.choice(m.pools.places)
        text += f" {place}" if place.split()[0] in ("in", "at", "on", "near") else f" in the {rng.choice(PLACES)}"
    return text


def _head(m: Maker) -> tuple[str, bool, bool, bool]:
    """(subject without its clause, singular, person, bare): bare heads are a noun alone."""
    rng = m.rng
    roll = rng.random()
    if roll < 0.2:
        text = rng.choice(PEOPLE_HEADS).format(place=rng.choice(PLACES), event=rng.choice(EVENTS))
        return text, False, True, False
    if roll < 0.35:
        verb, objects = rng.choice(GERUNDS)
        return f"{verb} {rng.choice(objects)}", True, False, False
    person = rng.random() < 0.5
    n = m.noun(person)
    if rng.random() < 0.2:
        head, singular, person = rng.choice(m.pools.mass), True, False
    else:
        singular = rng.random() < 0.5
        head = n.singular if singular else n.plural
    det = rng.choice(("The", "The", "My", "Our", "This" if singular else "These"))
    if roll < 0.5:
        return f"{det} {head} {rng.choice(PERSON_PARTICIPLES if person else THING_PARTICIPLES)}", singular, person, False
    if roll < 0.65:
        return f"{det} {head}", singular, person, True
    return f"{det} {head} {_phrase(m, singular)}", singular, person, False


def _relative(m: Maker, singular: bool, person: bool, bare: bool) -> tuple[str, Verb | None]:
    """A relative clause that agrees with the head: ", which are very old," or " who work here".
    Always one after a bare head, so that the clause's noun is the verb's only attractor."""
    rng = m.rng
    if not bare and rng.random() < 0.5:
        return "", None
    pronoun = "who" if person else "which"
    if rng.random() < 0.5:
        verb = _aux(singular, past=rng.random() < 0.3)
        rest = rng.choice(RELATIVE_ADJECTIVES)
    else:
        lemma, rest = rng.choice(PERSON_PREDICATES) if person else ("cost", "a lot of money")
        verb = _present(lemma, singular)
    if rng.random() < 0.5:
        return f", {pronoun} {{R}} {rest},", verb
    return f" {'that' if not person else pronoun} {{R}} {rest}", verb


def _clause(m: Maker) -> tuple[str, str, str, str, str]:
    rng = m.rng
    text, singular, person, bare = _head(m)
    gerund = any(text.startswith(g) for g, _ in GERUNDS)
    relative, rel_verb = ("", None) if gerund or text.startswith(("People", "The people who")) \
        else _relative(m, singular, person, bare)
    verb, rest = _verb_phrase(m, singular, person)
    prompt = rng.choice(PROMPTS)
    subject = text if not prompt else text[0].lower() + text[1:]
    template = f"{prompt}{subject}{relative} {{V}} {rest}"
    right = template.replace("{R}", rel_verb.right if rel_verb else "").replace("{V}", verb.right)
    if rng.random() < UNCHANGED_SHARE:
        return right, right, "", "", ""
    # after a phrase, "which"/"who" may belong to the phrase's noun: only a bare head's clause is wrong
    slot, chosen = ("{R}", rel_verb) if rel_verb and bare and rng.random() < 0.4 else ("{V}", verb)
    wrong = template.replace(slot, chosen.wrong).replace("{R}", rel_verb.right if rel_verb else "")
    return wrong.replace("{V}", verb.right), right, chosen.kind, chosen.right, chosen.wrong


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    """n examples, half of them correct and unchanged; words from the split's lexicon pools."""
    return frames("long_subjects", split, n, seed, _clause)
