"""A relative clause's verb agrees with the noun the clause follows.

"The number of people who works from home" takes "work", "a friend who live in Rome" takes "lives":
the clause's subject is "who", and "who" is as many as the noun just before it. The model seldom
proposes these fixes (its corpus has few relative clauses with their own error), the word rules see
the relative word, not the noun, and the parser reads many of them either way. So, as for
quantifiers (quantifiers.py):
- `number_of(toks, i)`: "singular", "plural" or None for the verb at i, from the noun before "who";
- `corrects` / `contradicts`: does an edit put the verb in that number / take it out of it? The first
  is offered where the model proposed nothing (gated by the model as any offer), the second is
  ruled out.

Only "who" right after a noun or "someone", "anyone", "everyone", "those" (or after "X of" a noun, where X is an amount: "the number of people
who"), with no comma between ("Maria, who ..." may follow any word), and
"that" or "which" where the word after it can be no noun ("the claims that costs rise": "costs" is
the noun). A collective noun ("the family who live next door"), a noun of both numbers ("sheep") and a
preposition's noun before "who" ("people in our street who cross": the people may be meant) say nothing.
At most one adverb between the relative word and the verb ("who often visits").

And the main verb after a clause between commas agrees with the subject before it ("My brother, who
lives in London, have a dog" -> "has"): only where the sentence opens with that subject (a noun,
with at most a determiner and adjectives or nouns before it) and has no other comma before the verb.
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import ADVERBS, AGE_WORDS, COLLECTIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime import subjects
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.tense import only_past
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.vetoes.words import singular_noun

RELATIVES = ("who", "that", "which")
ONE_PERSON = frozenset(("someone", "somebody", "anyone", "anybody", "everyone", "everybody", "nobody", "no-one"))
DETERMINERS = frozenset(("the", "a", "an", "my", "your", "his", "her", "our", "their", "its", "this", "that", "these", "those"))
# "X of" that leaves the clause to the noun after it: "the number of people who work", "one of the
# students who were"; after any other X ("the leader of the workers who ...") either noun may be meant
AMOUNTS = frozenset(("number", "lot", "lots", "one", "some", "many", "most", "all", "half", "kind", "type", "sort",
                     "majority", "millions", "thousands", "hundreds", "rest", "none", "both", "few", "several"))


def number_of(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular" or "plural", the noun) that the verb at i agrees with, or None: a relative clause's
    own verb, or the main verb after a clause between commas (`after_a_clause`)."""
    return _in_the_clause(toks, i) or after_a_clause(toks, i) or after_its_object_clause(toks, i)


# what may open a stretch between commas after the subject: a relative clause, a phrase that adds to the
# subject without joining it ("The lake, with its gardens and temples, looks", "My uncle, together with his
# dogs, were"), an apposition ("The prize, a week in London, was")
BETWEEN_COMMAS = frozenset(("who", "which", "whose", "with", "including", "a", "an", "together", "along"))
# a word that may open the sentence before its subject ("Also the guided tour, which ...", "Also, the screens, ...")
SENTENCE_ADVERBS = frozenset(("also", "however", "unfortunately", "fortunately", "luckily", "sadly", "then", "besides",
                              "moreover", "finally", "suddenly", "and", "but", "so"))


def after_a_clause(toks: list[str], i: int) -> tuple[str, str] | None:
    """For the verb right after "The course, which lasts three weeks and costs 400 euros," (the
    sentence's subject, then a clause or phrase between commas): the subject's number ("seem" -> "seems")."""
    words = _without_an_opening_adverb([t for t in toks[:i] if not t.isspace()])
    if not words or words[-1] != "," or words.count(",") != 2:
        return None
    first = words.index(",")
    clause = [norm(w) for w in words[first + 1:-1]]
    if not clause or clause[0] not in BETWEEN_COMMAS:
        return None
    return _opening_subject(words[:first])


PERSONS = frozenset(("i", "we", "you", "they", "he", "she"))
OBJECT_RELATIVES = frozenset(("that", "which", "where", "who", "whom"))
INSIDE_BREAKS = frozenset(("and", "but", "or", "so", "because", "if", "when", "that", "which", "who", "where", "while",
                           "although", "than", "as"))


def after_its_object_clause(toks: list[str], i: int) -> tuple[str, str] | None:
    """For the verb at i in "The food that they sell in fast food restaurants are" (a sentence that opens
    with a determiner, at most one adjective and a noun, then a relative clause whose subject is a person
    and whose verb follows it, "that", "which", "where" or no word first, or after one of those words a
    noun phrase, "The bikes that the school bought last year is"; or "who" / "that" as the clause's subject with
    its verb and a noun phrase as the object, "The teachers who organised the day deserves"): the noun's number
    ("are" -> "is"). The clause holds no second clause, list or comparison, and at most eight words after its verb."""
    words = [norm(t) for t in toks[:i] if not t.isspace()]
    opener = max((k for k, w in enumerate(words[:-4]) if w in ("whether", "that", "because", "if", "when", "although")
                  and words[k + 1] in DETERMINERS - {"that"}), default=None)
    if opener is not None and words[0] not in DETERMINERS - {"that"}:
        words = words[opener + 1:]  # "... to know whether the volunteers who help with the parade have"
    if len(words) < 4 or words[0] not in DETERMINERS - {"that"} or any(not w.replace("'", "").isalnum() for w in words):
        return None
    k = 2 if words[1:2] and "ADJ" in lemminflect.getAllLemmas(words[1]) and not lemmas(words[1]) \
        and words[2] not in OBJECT_RELATIVES | PERSONS else 1
    head, rest = words[k], words[k + 1:]
    relative = bool(rest[:1]) and rest[0] in OBJECT_RELATIVES
    rest = rest[1:] if relative else rest
    if len(rest) < 2 or len(rest) > 10 or any(w in INSIDE_BREAKS for w in rest):
        return None
    subject = 1 if rest[0] in PERSONS else _noun_phrase_length(rest) if relative else 0
    if not subject and relative and words[k + 1] in ("who", "that") and _its_own_verb_and_object(rest, words[k + 1]):
        subject = 0  # "The teachers who organised the day deserves": "who" is the clause's subject
    elif not subject or subject >= len(rest):
        return None  # a person, or after "that" / "which" a noun phrase ("The bikes that the school bought")
    verb = rest[subject]
    if subject and not (lemmas(verb) or aux_family(verb) is not None):
        return None  # "The food they sell": a verb of theirs right after its subject
    later = [w for k, w in enumerate(rest[subject + 1:], subject + 1) if aux_family(w) not in (None, "to")
             or only_past(w) and aux_family(rest[k - 1]) is None]  # "we had booked": the clause's own
    if later or not subjects.plainly_a_verb(norm(toks[i])):
        return None  # the word at i is the first verb after the clause's own ("in her hand was my ... ring")
    return _number(head, in_a_noun_phrase=True)


# verbs whose object may take a bare infinitive after it ("The girl who helps the children learn"): no such clause
CAUSATIVES = frozenset(("help", "make", "let", "see", "watch", "hear", "have", "feel", "notice"))


PHRASE_PREPOSITIONS = frozenset(("with", "in", "at", "on", "for", "near", "from", "about"))


def _its_own_verb_and_object(rest: list[str], relative: str) -> bool:
    """Are `rest` (the words after "who" / "that") a finite verb and a noun phrase as its object ("organised
    the day", "runs the cafe"): a determiner, at most one adjective and a noun, nothing after it? After "that"
    the verb may be no noun or adjective too ("The claims that costs rise": "costs" is the noun)."""
    verb = rest[0]
    readings = lemminflect.getAllLemmas(verb)
    if not (lemmas(verb) or "VERB" in readings) or "ing" in form_kinds(verb):
        return False
    if relative == "who" and 3 <= len(rest) <= 5 and rest[1] in PHRASE_PREPOSITIONS:
        return _noun_phrase_length(rest[2:]) == len(rest) - 2  # "who help with the parade": a phrase, no object
    if lemmas(verb) & CAUSATIVES or relative == "that" and ("NOUN" in readings or "ADJ" in readings):
        return False
    return 2 <= len(rest) <= 4 and _noun_phrase_length(rest[1:]) == len(rest) - 1


def _noun_phrase_length(words: list[str]) -> int:
    """How many words a determiner, at most one adjective and a noun that open `words` take ("the school",
    "your new company"); 0 where they are no such phrase."""
    if not words or words[0] not in DETERMINERS - {"that", "those", "these"}:
        return 0
    k = 2 if len(words) > 2 and "ADJ" in lemminflect.getAllLemmas(words[1]) and not lemmas(words[1]) else 1
    noun = words[k] if k < len(words) else ""
    return k + 1 if noun.isalpha() and any(_noun_forms(noun)) and noun not in FUNCTION_WORDS else 0


def _without_an_opening_adverb(words: list[str]) -> list[str]:
    if words[:1] and norm(words[0]) in SENTENCE_ADVERBS:
        return words[2:] if words[1:2] == [","] else words[1:]
    return words


def _opening_subject(words: list[str]) -> tuple[str, str] | None:
    """The number of the subject that `words` (a sentence's first words, up to a comma) are: a noun with
    at most a determiner, a number and adjectives or nouns before it, "one of" a plural, or a name after
    one person ("My friend Kasia")."""
    subject = [norm(w) for w in words]
    if not subject or len(subject) > 5:
        return None
    if subject[:2] in (["one", "of"], ["each", "of"]) and len(subject) >= 3 and plural_subject(subject[-1]):
        return "singular", " ".join(words)  # "One of my classmates, who is vegetarian, eat"
    if not all(w.isalpha() or w.isdigit() or w.endswith("'s") for w in subject):
        return None
    placed = next((k for k, w in enumerate(subject) if w in PLACE_PREPOSITIONS | {"about", "of"}), None)
    if placed is not None:  # "The exhibition about the planets, which opened last spring, attracts": the head is before it
        return _opening_subject(words[:placed]) if placed >= 2 and subject[placed] != "of" else None
    if any(w not in DETERMINERS and not w.endswith("'s") and not w.isdigit() and w not in ("more", "than") and w not in NUMBERS
           and not _adjective_or_noun(w) for w in subject[:-1]):
        return None  # only "the", "my", "Kenji's", "200" ... and adjectives or nouns before the head
    head = words[-1]
    if len(subject) >= 2 and head[:1].isupper() and _number(subject[-2]) == ("singular", words[-2]):
        return "singular", head  # a name after one person ("My friend Kasia, who is a good skier, were")
    return _number(head, in_a_noun_phrase=len(subject) >= 2)


NUMBERS = frozenset(("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "both", "several"))


def _adjective_or_noun(word: str) -> bool:
    """A noun that is no verb of our tables ("bus", "sports"), or an adjective ("big")."""
    return not lemmas(word) and any(_noun_forms(word)) or "ADJ" in lemminflect.getAllLemmas(word)


def _in_the_clause(toks: list[str], i: int) -> tuple[str, str] | None:
    words = [(k, t) for k, t in enumerate(toks[:i]) if not t.isspace()][-4:]
    if words and (norm(words[-1][1]) in ADVERBS or norm(words[-1][1]) == "now"):
        words = words[:-1]  # "people who now work"
    if len(words) >= 2 and words[-2][1] == "," and norm(words[-1][1]) in ("who", "which"):
        # "My father, who work in a bank": after a comma, only the subject that opens the sentence
        opening = _without_an_opening_adverb([t for t in toks[:words[-2][0]] if not t.isspace()])
        return _opening_subject(opening) if "," not in opening and len(opening) >= 2 else None
    if len(words) < 2 or norm(words[-1][1]) not in RELATIVES or not toks[words[-1][0] - 1].isspace():
        return None
    relative, (n, noun) = norm(words[-1][1]), words[-2]
    aged = _noun_before_an_age(toks, n) if relative == "who" else None
    if aged is not None:
        return _number(aged)  # "People over seventy who use": the noun before the age
    if relative == "who" and norm(noun) == "old" and len(words) >= 3 and norm(words[-3][1]) in ("years", "months", "year"):
        return None  # "children between six and twelve years old who live": the age stands for no one
    head = _head_of(toks, n)
    if head is not None and head not in AMOUNTS:
        return None  # "the caste of priests that is": the clause may be the first noun's
    if relative == "who" and norm(noun) in ONE_PERSON:
        return "singular", noun  # "Someone who don't have" -> "doesn't"
    if relative == "who" and norm(noun) in ("those", "people"):
        return "plural", noun
    if not noun.isalpha() or norm(noun) in FUNCTION_WORDS:
        return None
    if _after_a_preposition(toks, n, PLACE_PREPOSITIONS if relative == "who" else WHERE_PREPOSITIONS):
        return None  # "people in our street who cross", "routes along the river which are": the first noun may be meant
    if relative != "who" and any(_noun_forms(norm(toks[i]))):
        return None  # "that costs rise": a noun after "that" is no verb of it
    before = norm(words[-3][1]) if len(words) >= 3 else ""
    return _number(noun, singular=before in ("a", "an", "every", "each", "one"))


def _noun_before_an_age(toks: list[str], n: int) -> str | None:
    """Where the word at n is a number after "over", "under" or "aged" ("people over seventy", "children
    under 5"): the word before that, the one "who" stands for; else None."""
    words = [t for t in toks[:n + 1] if not t.isspace()]
    if len(words) < 3 or not (words[-1].isdigit() or norm(words[-1]) in AGE_WORDS) \
            or norm(words[-2]) not in ("over", "under", "aged"):
        return None
    return words[-3]


PLACE_PREPOSITIONS = frozenset(("in", "on", "at", "from", "near", "behind", "across", "around", "with", "without",
                                "next", "opposite", "outside", "inside", "under", "above", "for"))
# before "which", "that": prepositions of place only ("routes along the river which are"; not "wait for a parcel that")
WHERE_PREPOSITIONS = frozenset(("in", "on", "at", "near", "behind", "across", "around", "next", "opposite", "outside",
                                "inside", "under", "above", "along", "beside", "through", "over", "between", "among"))


def _after_a_preposition(toks: list[str], n: int, prepositions: frozenset[str] = PLACE_PREPOSITIONS) -> bool:
    """Is the noun at n the object of a preposition other than "of", past its determiner and adjectives
    ("in our street", "with the red shoes")? Then the noun before it may be the one "who" stands for."""
    words = [t for t in toks[:n] if not t.isspace()]
    before = [norm(t) for t in words][-4:]
    if len(before) >= 2 and (before[-2] in prepositions or before[-2] in DETERMINERS) and before[-1] not in FUNCTION_WORDS \
            and (words[-1][:1].isupper() or any(_noun_forms(before[-1]))):
        before.pop()  # a noun before the noun: "on Sunday mornings which", "in the city centre who"
    while before and (before[-1] in DETERMINERS or "ADJ" in lemminflect.getAllLemmas(before[-1]) and not lemmas(before[-1])):
        before.pop()
    return bool(before) and before[-1] in prepositions and len(words) > 2


def _number(noun: str, singular: bool = False, in_a_noun_phrase: bool = False) -> tuple[str, str] | None:
    """The noun's number; `singular`: after "a", "every", "each", which make any noun singular ("a
    person", though lemminflect also lists "person" as a plural); `in_a_noun_phrase`: after a determiner
    or an adjective, where a word that is a verb too ("the market", "the coach") can only be the noun."""
    if norm(noun) in COLLECTIVE:
        return None
    if singular:
        return ("singular", noun) if any(_noun_forms(norm(noun))) and noun.islower() and not lemmas(noun) else None
    if plural_subject(noun):
        return "plural", noun
    singular_only, plural = _noun_forms(norm(noun))
    if singular_only and not plural and not lemmas(noun) and noun.islower():
        return "singular", noun
    if in_a_noun_phrase and noun.islower() and singular_noun(noun):
        return "singular", noun
    return None


def _head_of(toks: list[str], n: int) -> str | None:
    """The noun before "of" when the noun at n follows "X of (the)" ("caste" in "the caste of
    priests"), "" for a word that is no plain noun; None when no "of" comes before it."""
    before = [norm(t) for t in toks[:n] if not t.isspace()][-5:]
    while before and (before[-1] in ("the", "these", "those", "my", "your", "our", "their", "his", "her", "its", "all")
                      or "ADJ" in lemminflect.getAllLemmas(before[-1]) and not lemmas(before[-1])):
        before.pop()  # "the students of the first year who": "first" is the noun's adjective
    if len(before) < 2 or before[-1] != "of":
        return None
    return before[-2] if before[-2].isalpha() else ""


def agrees(toks: list[str], i: int, word: str) -> bool | None:
    found = number_of(toks, i)
    if found is None:
        return None
    return third(word) if found[0] == "singular" else non_third(word) and not third(word)


def corrects(toks: list[str], edit: Edit) -> bool:
    """Does the edit put the clause's verb in the number of the noun before "who"?"""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    return agrees(toks, edit.start, edit.new[0]) is True and agrees(toks, edit.start, toks[edit.start]) is False


def decides(toks: list[str], edit: Edit) -> bool:
    """Does the edit put the main verb after a clause between commas in the number of the subject that
    opens the sentence ("The museum, which was opened in 1998, attract" -> "attracts"), or the verb of a
    "who" right after that subject in its number ("People who works from home" -> "work")? The rule decides
    alone (the model scores these fixes 2-12 nats under the input): on the correct sentences of every
    learner-style set, the training text and WordNet's 41,477 usage examples it offers no change."""
    return corrects(toks, edit) and ((after_a_clause(toks, edit.start) or after_its_object_clause(toks, edit.start)) is not None
                                     or _who_after_the_opening_subject(toks, edit.start))


def _who_after_the_opening_subject(toks: list[str], i: int) -> bool:
    """Is the verb at i the verb of a "who" right after the subject that opens the sentence ("People who
    works from home", "In my opinion young people who lives here")? There the clause can be no other noun's."""
    words = [t for t in toks[:i] if not t.isspace()]
    if words and (norm(words[-1]) in ADVERBS or norm(words[-1]) == "now"):
        words = words[:-1]
    if len(words) < 2 or norm(words[-1]) != "who":
        return False
    opening, lowered = words[:-1], [norm(w) for w in words[:-1]]
    opener = next((len(phrase) for phrase in subjects.OPINION_OPENERS if tuple(lowered[:len(phrase)]) == phrase), 0)
    opening = _without_an_opening_adverb(opening[opener + (opening[opener:opener + 1] == [","]):])
    return bool(opening) and "," not in opening and _opening_subject(opening) is not None


def contradicts(toks: list[str], edit: Edit) -> bool:
    """Does the edit take the clause's verb out of that number ("people who work" -> "works")?"""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    return agrees(toks, edit.start, edit.new[0]) is False and agrees(toks, edit.start, toks[edit.start]) is True


def explanation(toks: list[str], edit: Edit) -> str:
    number, noun = number_of(toks, edit.start)
    if after_a_clause(toks, edit.start) or after_its_object_clause(toks, edit.start):
        return f"The subject is '{noun}', which is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
    relative = next(t for t in reversed(toks[:edit.start]) if norm(t) in RELATIVES)
    return (f"'{relative}' stands for '{noun}', which is {number}: use '{edit.new[0]}', "
            f"not '{toks[edit.start]}'.")
