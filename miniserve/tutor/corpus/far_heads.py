"""Subjects whose number the nearest words hide (tutor stage 13).

Stage 12 still fails agreement where the words between the head noun and its verb hold another
subject, or where the head's own form misleads: a place, time or reason with a clause of its own
("The house where my grandparents lived is", "The reason why people buy these phones is"), an
uncountable noun that ends in -s ("The news about the new buses is"), and a generic plural with an
adjective and no determiner ("Big shopping centres attract"). The error is the one a learner writes:
the verb takes the clause subject's number, the -s of "news" read as a plural, the -s of a third
person added to a plural. Half of the examples are correct and kept unchanged, with the same subjects.
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus.subjects import (ADJECTIVE_PREDICATES, PROMPTS, UNCHANGED_SHARE, Maker, frames,
                                             _verb_phrase)

# (head singular, head plural, the word that opens its clause)
CLAUSE_HEADS = (("house", "houses", "where"), ("town", "towns", "where"), ("village", "villages", "where"),
                ("school", "schools", "where"), ("hotel", "hotels", "where"), ("restaurant", "restaurants", "where"),
                ("street", "streets", "where"), ("beach", "beaches", "where"), ("shop", "shops", "where"),
                ("flat", "flats", "where"), ("park", "parks", "where"), ("city", "cities", "where"),
                ("day", "days", "when"), ("year", "years", "when"), ("summer", "summers", "when"),
                ("moment", "moments", "when"), ("weekend", "weekends", "when"),
                ("reason", "reasons", "why"))
# (clause subject, singular?) whose number is the attractor
CLAUSE_SUBJECTS = (("my uncle and aunt", False), ("my parents", False), ("we", False), ("they", False),
                   ("the students", False), ("my friends", False), ("people", False), ("the tourists", False),
                   ("my cousins", False), ("the children", False),
                   ("my brother", True), ("my grandmother", True), ("he", True), ("she", True),
                   ("the teacher", True), ("my best friend", True), ("our guide", True))
CLAUSE_VERBS = ("lived", "grew up", "stayed", "met", "worked", "studied", "spent the summer", "used to go",
                "had lunch", "went", "were born", "played", "arrived", "first came")
REASON_CLAUSES = ("buy expensive phones", "choose this school", "come to our town", "like the festival",
                  "use the internet so much", "move to big cities", "prefer public transport", "learn English")
SINGULAR_FORM = {"were born": "was born"}  # the one clause verb that itself agrees with its subject
S_UNCOUNTABLES = ("The news", "The latest news", "Physics", "Economics", "Mathematics", "Maths", "Athletics",
                  "Gymnastics", "The news from home", "The good news")
S_TAILS = ("", "", " about the new buses", " from the other students", " on the radio", " about the exams",
           " at school", " for beginners")
ADJECTIVES = ("Huge", "Small", "Modern", "Young", "Old", "Cheap", "Expensive", "New", "Local", "Foreign", "Large",
              "Good", "Private", "Public", "Online", "Long", "Short", "Busy", "Traditional", "Electric")


def _clause_head(m: Maker) -> tuple[str, bool, bool]:
    """("The day when my parents arrived", singular, False): the clause's subject has the other
    number, most of the time."""
    rng = m.rng
    singular_head, plural_head, opener = rng.choice(CLAUSE_HEADS)
    singular = rng.random() < 0.65
    attractors = [s for s in CLAUSE_SUBJECTS if s[1] != singular] if rng.random() < 0.85 else list(CLAUSE_SUBJECTS)
    who, who_singular = rng.choice(attractors)
    if opener == "why":
        verb = rng.choice(REASON_CLAUSES)
        if who_singular:  # "why he learns English": the clause agrees with its own subject
            first, _, rest = verb.partition(" ")
            verb = f"{first}s {rest}"
        clause = f"why {who} {verb}"
    else:
        verb = rng.choice(CLAUSE_VERBS)
        if who_singular:
            verb = SINGULAR_FORM.get(verb, verb)
        clause = f"{opener} {who} {verb}"
    det = rng.choice(("The", "The", "The", "This" if singular else "These", "My" if opener == "where" else "The"))
    head = singular_head if singular else plural_head
    return f"{det} {head} {clause}", singular, False


def _uncountable(m: Maker) -> tuple[str, bool, bool]:
    head = m.rng.choice(S_UNCOUNTABLES)
    return head + (m.rng.choice(S_TAILS) if "news" in head else ""), True, False


def _adjective_plural(m: Maker) -> tuple[str, bool, bool]:
    """"Local shops" (generic, no determiner) or its singular with "A" / "This" / "Every"."""
    rng = m.rng
    person = rng.random() < 0.5
    n = m.noun(person)
    adjective = rng.choice(ADJECTIVES)
    if rng.random() < 0.7:
        return f"{adjective} {n.plural}", False, person
    det = "An" if adjective[0] in "AEIOU" else "A"
    return f"{rng.choice((det, 'This', 'Every'))} {adjective.lower()} {n.singular}", True, person


def _clause(m: Maker) -> tuple[str, str, str, str, str]:
    rng = m.rng
    roll = rng.random()
    text, singular, person = (_clause_head(m) if roll < 0.5 else _uncountable(m) if roll < 0.7
                              else _adjective_plural(m))
    verb, rest = _verb_phrase(m, singular, person)
    if text.startswith(tuple(S_UNCOUNTABLES)) and rng.random() < 0.5:
        rest = rng.choice(ADJECTIVE_PREDICATES)
    prompt = rng.choice(PROMPTS)
    subject = text if not prompt else text[0].lower() + text[1:]
    template = f"{prompt}{subject} {{V}} {rest}"
    right = template.replace("{V}", verb.right)
    if rng.random() < UNCHANGED_SHARE:
        return right, right, "", "", ""
    return template.replace("{V}", verb.wrong), right, verb.kind, verb.right, verb.wrong


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    """n examples, half of them correct and unchanged; nouns from the split's lexicon pools."""
    return frames("far_heads", split, n, seed, _clause)
