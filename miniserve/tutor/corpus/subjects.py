"""Subjects whose number a learner misjudges, in essay-like clauses (tutor stage 10).

The learner-style dev half showed the tutor finding these errors and the model scoring the fix
below the error: a quantifier that decides the number ("Each of the rooms have", "Everybody want"),
a long subject whose last noun is not its head ("The information on the posters were", "The
number of people who works"), "there" with a plural ("There was a lot of complaints"), and the -ing
form after "look forward to". The model had seen few such subjects, so it learned no number for
them. Half of what this module makes is correct and kept unchanged, with the same subjects, so that
the construction alone never means "change the verb". Subjects that take either number (collective
nouns: "My family live/lives") are left out: a first version kept them unchanged in both numbers,
and the model learned to leave "Your crow mourn" alone too (the first corpus's agreement fell from
88.7% to 83.1%); the service's own rule takes care of them (agreement.py).

Each example has one error at most, in a verb that agrees with a subject (or the verb after "look
forward to" / "be used to"); nothing else differs between the sentence and its correction.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v2 as corpus2
from miniserve.tutor.corpus import v3
from miniserve.tutor.corpus.lexicon import Noun, pools
from miniserve.tutor.corpus.phrases import article
from miniserve.tutor.runtime.guard import verb_edit_only
from miniserve.tutor.runtime.inflect import forms

UNCHANGED_SHARE = 0.5
CORRECT = corpus.EXPLANATIONS["correct"]
EXPLAIN = {
    "agreement": corpus.EXPLANATIONS["agreement"],  # singular subject, verb without -s
    "plural_s": corpus2.EXPLANATIONS["plural_s"],  # plural subject, verb with -s
    "aux_agreement": corpus2.EXPLANATIONS["aux_agreement"],
    "gerund": corpus2.EXPLANATIONS["progressive"],
}
SINGULAR_QUANTIFIERS = ("Each of the {p}", "Each of my {p}", "One of the {p}", "One of my {p}", "One of our {p}",
                        "Every {s}", "Each {s}", "Every single {s}", "Not one of the {p}", "Only one of the {p}")
PRONOUN_SUBJECTS = ("Everybody", "Everyone", "Nobody", "No one", "Somebody", "Someone", "Anyone who knows me",
                    "Everything", "Nothing", "Each one of us", "Every one of them", "Everybody in my class",
                    "Everyone I know")
PLURAL_QUANTIFIERS = ("Most of the {p}", "Most of my {p}", "Half of the {p}", "Many of the {p}", "Many of my {p}",
                      "Some of the {p}", "Some of my {p}", "All of the {p}", "All the {p}", "A lot of {p}",
                      "A lot of the {p}", "Lots of {p}", "Both of my {p}", "A number of {p}", "Most {p}",
                      "Many {p}", "Few {p}", "Several of the {p}", "Two of my {p}", "None of my {p} ever")
MASS_QUANTIFIERS = ("Most of the {m}", "A lot of {m}", "A lot of the {m}", "Some of the {m}", "All the {m}",
                    "Half of the {m}", "Much of the {m}", "Too much {m}")
PREPOSITIONS = ("of", "in", "on", "near", "for", "from", "with", "at", "about", "behind")
RELATIVES = ("who", "who", "that")
GERUND_SUBJECTS = ("Learning foreign languages", "Using mobile phones in class", "Travelling to other countries",
                   "Reading books", "Playing computer games", "Living with other students", "Doing sports",
                   "Watching films in English", "Taking photos of people", "Cooking for friends",
                   "Working at weekends", "Spending time with my grandparents", "Meeting new people")
# A verb phrase for a person subject and for a thing subject: (lemma, what follows).
PERSON_PREDICATES = (
    ("live", "in the city centre"), ("work", "in a shop at the weekend"), ("want", "to travel more"),
    ("need", "more time to study"), ("use", "their phones every day"), ("like", "the new timetable"),
    ("spend", "too much time online"), ("think", "that the plan is a good idea"), ("come", "from different countries"),
    ("speak", "English very well"), ("go", "to school by bus"), ("know", "the answer"), ("enjoy", "the lessons"),
    ("prefer", "to stay at home"), ("believe", "that it is important"), ("agree", "with the teacher"),
    ("have", "a car"), ("have", "a lot of friends"), ("feel", "tired after work"), ("help", "their parents at home"),
    ("study", "English at university"), ("play", "football after school"), ("watch", "too much television"),
    ("say", "that the food is good"), ("seem", "very happy"), ("try", "to do their best"), ("buy", "food at the market"),
    ("get", "up early"), ("take", "the bus to work"), ("love", "the beach"), ("do", "their homework in the evening"),
    ("earn", "very little money"), ("visit", "the museum every year"), ("complain", "about the noise"),
)
THING_PREDICATES = (
    ("cost", "a lot of money"), ("look", "very old"), ("have", "a swimming pool"), ("need", "to be repaired"),
    ("make", "a lot of noise"), ("take", "too much time"), ("seem", "too expensive"), ("open", "at nine o'clock"),
    ("help", "students to learn"), ("belong", "to the school"), ("cause", "a lot of problems"),
    ("give", "us useful information"), ("depend", "on the weather"), ("change", "every year"),
    ("work", "very well"), ("show", "the history of the town"), ("mean", "a lot to me"),
)
ADJECTIVE_PREDICATES = ("very friendly", "too expensive", "really important", "quite interesting", "very busy",
                        "not very good", "much better now", "always full", "very useful", "too small")
PERFECT_PREDICATES = (("improve", "a lot"), ("change", "since last year"), ("become", "more popular"),
                      ("grow", "very quickly"), ("increase", "in recent years"))
NUMBER_HEADS = ("The number of", "The quality of the", "The price of the", "The cost of the", "The rest of the",
                "The size of the", "The list of")
PROMPTS = ("", "", "", "In my opinion, ", "Nowadays ", "I think that ", "In my country ", "At my school, ",
           "These days ", "Unfortunately, ", "As you know, ", "I know that ", "In my town ", "Of course ",
           "I am sure that ", "In fact, ", "Sadly, ", "Today ")
FORWARD = ("hear from you", "meet you", "see you", "visit your city", "receive your reply", "work with you",
           "see the show", "take part in the course", "come to the conference", "talk to you")
FORWARD_SUBJECTS = (("I", "look"), ("I", "am looking"), ("I'm", "really looking"), ("We", "look"),
                    ("We", "are looking"), ("My sister", "is looking"), ("Everyone", "is looking"), ("I", "was looking"))
USED_SUBJECTS = (("I", "am used"), ("I'm", "not used"), ("She", "is used"), ("We", "are getting used"),
                 ("My parents", "are used"), ("He", "got used"))
USED_VERBS = ("get up early", "live alone", "speak English", "drive on the left", "eat spicy food", "work at night")


@dataclass(frozen=True)
class Verb:
    """One verb slot: its right form, the wrong one a learner writes, and the kind of error."""

    right: str
    wrong: str
    kind: str


def _present(lemma: str, singular: bool) -> Verb:
    f = forms(lemma)
    assert f is not None, lemma
    if singular:
        return Verb(f.third, f.base, "agreement")
    return Verb(f.base, f.third, "plural_s")


def _aux(singular: bool, past: bool = False, kind: str = "be") -> Verb:
    pair = {"be": ("is", "are"), "be_past": ("was", "were"), "have": ("has", "have"), "do_neg": ("doesn't", "don't"),
            "be_neg": ("isn't", "aren't")}[("be_past" if past else kind) if kind == "be" else kind]
    right, wrong = pair if singular else pair[::-1]
    return Verb(right, wrong, "aux_agreement")


class Maker:
    def __init__(self, rng: random.Random, test: bool):
        self.rng = rng
        self.pools = pools(test)
        self.people = self.pools.people
        self.things = self.pools.things
        self.plural_people = frozenset(p.plural.split()[-1] for p in self.people) | {"people", "children"}

    def noun(self, person: bool) -> Noun:
        return self.rng.choice(self.people if person else self.things)

    def subject(self) -> tuple[str, bool, bool]:
        """(text, singular, person): a subject whose number a learner misjudges."""
        rng, kind = self.rng, self.rng.random()
        person = rng.random() < 0.6
        n = self.noun(person)
        if kind < 0.2:
            return rng.choice(SINGULAR_QUANTIFIERS).format(p=n.plural, s=n.singular), True, person
        if kind < 0.3:
            return rng.choice(PRONOUN_SUBJECTS), True, True
        if kind < 0.5:
            return rng.choice(PLURAL_QUANTIFIERS).format(p=n.plural), False, person
        if kind < 0.56:
            return rng.choice(MASS_QUANTIFIERS).format(m=rng.choice(self.pools.mass)), True, False
        if kind < 0.8:  # head noun, then a phrase whose noun has the other number
            singular = rng.random() < 0.55
            head = n.singular if singular else n.plural
            other = self.noun(rng.random() < 0.5)
            if rng.random() < 0.25:
                head, singular, person = rng.choice(self.pools.mass), True, False
            tail = other.singular if singular and rng.random() < 0.2 else (other.plural if singular else other.singular)
            det = rng.choice(("the", "my", "our", "these" if not singular else "this"))
            tail_det = "the" if tail == other.plural or rng.random() < 0.6 else article(tail)
            return f"{det.capitalize()} {head} {rng.choice(PREPOSITIONS)} {tail_det} {tail}", singular, person
        if kind < 0.9:
            people = rng.choice((self.noun(True).plural, "people", "children"))
            return rng.choice(NUMBER_HEADS) + " " + (people if rng.random() < 0.5 else self.noun(False).plural), True, False
        return rng.choice(GERUND_SUBJECTS), True, False


def _clause(m: Maker) -> tuple[str, str, str, str, str]:
    """(sentence with the error, correct sentence, kind, right, wrong) for one subject-verb clause;
    kind is "" when the clause is made without an error."""
    rng = m.rng
    text, singular, person = m.subject()
    verb, rest = _verb_phrase(m, singular, person)
    relative = ""
    rel_verb: Verb | None = None
    if rng.random() < 0.35 and text.split()[-1] in m.plural_people:
        lemma, rel_rest = rng.choice(PERSON_PREDICATES)
        rel_verb = _present(lemma, False)
        relative = f" {rng.choice(RELATIVES)} {{R}} {rel_rest}"
    prompt = rng.choice(PROMPTS)
    subject = text if not prompt else (text[0].lower() + text[1:] if not text.startswith("I ") else text)
    template = f"{prompt}{subject}{relative} {{V}} {rest}"
    right = template.replace("{R}", rel_verb.right if rel_verb else "").replace("{V}", verb.right)
    if rng.random() < UNCHANGED_SHARE:
        return right, right, "", "", ""
    slot, chosen = ("{R}", rel_verb) if rel_verb and rng.random() < 0.4 else ("{V}", verb)
    wrong = template.replace(slot, chosen.wrong).replace("{R}", rel_verb.right if rel_verb else "").replace("{V}", verb.right)
    return wrong, right, chosen.kind, chosen.right, chosen.wrong


def _verb_phrase(m: Maker, singular: bool, person: bool) -> tuple[Verb, str]:
    rng = m.rng
    roll = rng.random()
    if roll < 0.45:
        lemma, rest = rng.choice(PERSON_PREDICATES if person else THING_PREDICATES)
        return _present(lemma, singular), rest
    if roll < 0.75:
        return _aux(singular, past=rng.random() < 0.35), rng.choice(ADJECTIVE_PREDICATES)
    if roll < 0.88:
        lemma, rest = rng.choice(PERFECT_PREDICATES)
        return _aux(singular, kind="have"), f"{forms(lemma).participle} {rest}"  # type: ignore[union-attr]
    lemma, rest = rng.choice(PERSON_PREDICATES if person else THING_PREDICATES)
    return _aux(singular, kind="do_neg"), f"{lemma} {rest}"


def _there(m: Maker) -> tuple[str, str, str, str, str]:
    """"There is/are ...": the noun after the verb decides its number; a mass noun takes "is"."""
    rng = m.rng
    past = rng.random() < 0.35
    roll = rng.random()
    n = m.noun(rng.random() < 0.4)
    if roll < 0.5:
        singular, what = False, rng.choice(("a lot of {p}", "many {p}", "lots of {p}", "two {p}", "some {p}",
                                            "too many {p}", "so many {p}", "a few {p}", "no {p}", "several {p}",
                                            "more {p} than before")).format(p=n.plural)
    elif roll < 0.75:
        singular, what = True, f"{article(n.singular)} {n.singular}"
    else:
        singular, what = True, rng.choice(("a lot of {m}", "too much {m}", "some {m}", "no {m}", "a little {m}",
                                           "not much {m}")).format(m=rng.choice(m.pools.mass))
    verb = _aux(singular, past=past)
    if rng.random() < 0.15:
        verb = _aux(singular, kind="have")
        verb = Verb(verb.right + " been", verb.wrong + " been", verb.kind)
    place = rng.choice(("", "", f" {rng.choice(m.pools.places)}", " in my town", " at the party", " in the city"))
    prompt = rng.choice(("", "", "I think ", "In my village ", "Last year ", "Unfortunately ", "I know that ", "Now "))
    if prompt == "Last year ":
        verb = _aux(singular, past=True)
    there = "There" if not prompt else "there"
    template = f"{prompt}{there} {{V}} {what}{place}"
    right = template.replace("{V}", verb.right)
    if rng.random() < UNCHANGED_SHARE:
        return right, right, "", "", ""
    return template.replace("{V}", verb.wrong), right, verb.kind, verb.right, verb.wrong


def _ing_after(m: Maker) -> tuple[str, str, str, str, str]:
    """The -ing form after "look forward to" and "be used to"; "used to" + base alone is a habit."""
    rng = m.rng
    if rng.random() < 0.65:
        subject, head = rng.choice(FORWARD_SUBJECTS)
        base, trigger = rng.choice(FORWARD), "look forward to"
        head = f"{head} forward to"
    else:
        subject, head = rng.choice(USED_SUBJECTS)
        base, trigger = rng.choice(USED_VERBS), "be used to"
        head = f"{head} to"
    lemma, _, rest = base.partition(" ")
    f = forms(lemma)
    assert f is not None, lemma
    right = f"{subject} {head} {f.ing} {rest}".rstrip()
    if rng.random() < 0.2 and trigger == "be used to":  # a habit in the past: the base form is right
        habit = f"{subject.removesuffix(chr(39) + 'm')} used to {base}".replace("I'm", "I")
        return habit, habit, "", "", ""
    if rng.random() < UNCHANGED_SHARE:
        return right, right, "", "", ""
    return f"{subject} {head} {lemma} {rest}".rstrip(), right, "gerund", f.ing, lemma


def _finish(rng: random.Random, made: tuple[str, str, str, str, str], trigger: str = "") -> corpus.Example:
    sentence, corrected, kind, right, wrong = made
    sentence, corrected = sentence[0].upper() + sentence[1:], corrected[0].upper() + corrected[1:]
    sentence, corrected = v3._style(rng, sentence, corrected)
    if not kind:
        return corpus.Example(sentence, corrected, CORRECT, "correct", "subjects", "")
    explanation = EXPLAIN[kind].format(right=right, wrong=wrong, trigger=trigger or "look forward to")
    return corpus.Example(sentence, corrected, explanation, kind, "subjects", right)


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    """n examples: clauses with hard subjects (60%), "there" (22%), -ing after fixed phrases (18%).
    Words are drawn from the split's lexicon pools."""
    rng = random.Random(f"subjects:{split}:{seed}")
    m = Maker(rng, split == "test")
    excluded = v3.exclusions()
    out: list[corpus.Example] = []
    while len(out) < n:
        roll = rng.random()
        if roll < 0.6:
            made, trigger = _clause(m), ""
        elif roll < 0.82:
            made, trigger = _there(m), ""
        else:
            made = _ing_after(m)
            trigger = "look forward to" if "forward" in made[1] else "used to"
        ex = _finish(rng, made, trigger)
        if ex.kind != "correct" and not verb_edit_only(ex.sentence, ex.corrected):
            continue  # the service's guard would refuse this edit ("the list of people that needs")
        if v3.normal(ex.sentence) not in excluded and v3.normal(ex.corrected) not in excluded:
            out.append(ex)
    return out


def frames(frame: str, split: str, n: int, seed: int, clause) -> list[corpus.Example]:
    """n examples of `clause` (a Maker -> its made tuple) tagged `frame`: each error one verb edit the
    guard allows, no dev or test sentence; words from the split's lexicon pools."""
    rng = random.Random(f"{frame}:{split}:{seed}")
    m = Maker(rng, split == "test")
    excluded = v3.exclusions()
    out: list[corpus.Example] = []
    while len(out) < n:
        ex = dataclasses.replace(_finish(rng, clause(m)), frame=frame)
        if ex.kind != "correct" and not verb_edit_only(ex.sentence, ex.corrected):
            continue
        if v3.normal(ex.sentence) not in excluded and v3.normal(ex.corrected) not in excluded:
            out.append(ex)
    return out
