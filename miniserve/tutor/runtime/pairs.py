"""Two noun phrases joined by "and" that open a clause are a plural subject: "Tom and his dog was
walking" -> "were", "The chairs and the projector is very old" -> "are", "My skills and my experience
makes me" -> "make".

The model scores these fixes 2-5 nats under the input (its corpus has few joined subjects with their own
error), and the parser often reads "X and Y was" as well as "were". So `decides(toks, edit)`: the edit
puts the verb right after the pair (an adverb between or not) in the plural, and the clause, from the
sentence's start, a comma or a clause's opening word, is exactly the pair. Each phrase is a determiner or
a possessive ("my", "Jordi's") with at most three adjectives or nouns and its noun, a name, or "mine",
"yours" ...; the second has a determiner or a possessive of its own, so one thing with two names ("fish and
chips", "the bed and breakfast", "my friend and colleague") is no pair, and two names ("Tom and Jerry is
my favourite cartoon") are left to the model. Not after "each", "every", "no" ("Every boy and girl
is"), nor "either" / "neither". The rule decides alone (tutoring.Turn.number_decides): on the correct
sentences of all eighty-five learner-style sets, the training text and WordNet's 41,477 usage examples it
offers no change, and it offers the right fix for 67 of their agreement errors (WordNet: tests/test_pairs.py).

After "neither X nor Y" that opens a clause, the verb takes Y's number where it contradicts it
(`neither_nor_decides`: "Neither the manager nor the other employees was" -> "were", "Neither my husband nor
I has" -> "have"); the veto that leaves either number after "neither ... nor" stands for every other change.
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import ADVERBS, COLLECTIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.tense import only_past

DETERMINERS = frozenset(("the", "my", "your", "his", "her", "our", "their", "its", "this", "these", "those", "both"))
NO_HEADS = frozenset(("other", "others", "one", "ones", "same", "rest"))  # "the other guides": "guides" is the noun
OWN_PRONOUNS = frozenset(("mine", "yours", "his", "hers", "ours", "theirs"))
BOUNDARIES = frozenset((",", ";", ":", '"', "\u201c", "(", "-", "\u2014"))
CLAUSE_OPENERS = frozenset(("that", "if", "when", "because", "since", "while", "although", "though", "whether",
                            "where", "after", "before", "until", "as", "so", "but"))


def decides(toks: list[str], edit: Edit) -> bool:
    """Does the edit put the verb after a clause-opening pair of noun phrases in the plural?"""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    old, new = norm(toks[edit.start]), norm(edit.new[0])
    if not third(old) or not non_third(new) or third(new) or aux_family(old) not in (None, "be", "have", "do"):
        return False
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    if aux_family(old) is None and (aux_family(after) in ("be", "have", "modal") or only_past(after)):
        return False  # "the smoke and the cigarette ends are": "ends" is the second phrase's noun
    return pair_before(toks, edit.start) is not None


def pair_before(toks: list[str], i: int) -> tuple[list[str], list[str]] | None:
    """The two phrases of the pair that opens the clause of the verb at i, or None."""
    words, opener = _clause(toks, i)
    if any(not w[:1].isalpha() for w in words):
        return None  # "my grandparents' farm and the weather": no clause's start
    if opener in ALSO_PREPOSITIONS:
        return None  # "The parties last until the early morning and the noise wakes": "until" may end a phrase
    while words and norm(words[-1]) in ADVERBS:
        words = words[:-1]  # "Tom and his dog often walk"
    norms = [norm(w) for w in words]
    if norms.count("and") != 1:
        return None
    joint = norms.index("and")
    first, second = words[:joint], words[joint + 1:]
    both = first[:1] and norm(first[0]) == "both"
    first = first[1:] if both else first
    if not _a_phrase(first, own_determiner=not both) or not _a_phrase(second, own_determiner=not both):
        return None
    if _a_name(first) and _a_name(second):
        return None  # "Tom and Jerry is my favourite cartoon": a title, maybe
    return first, second


# clause openers that are prepositions too: the words after them may be its object, not a clause's subject
ALSO_PREPOSITIONS = frozenset(("after", "before", "until", "since", "as"))


def _clause(toks: list[str], i: int) -> tuple[list[str], str]:
    """The written words of the clause before the token at i, back to a boundary or a clause's opening word,
    and that opening word ("" where a boundary or the sentence's start opens the clause)."""
    words = []
    for t in reversed(toks[:i]):
        if t.isspace():
            continue
        if t in BOUNDARIES or norm(t) in CLAUSE_OPENERS:
            return words[::-1], "" if t in BOUNDARIES else norm(t)
        words.append(t)
    return words[::-1], ""


def _a_name(phrase: list[str]) -> bool:
    return len(phrase) == 1 and phrase[0][:1].isupper() and phrase[0].isalpha()


def _a_phrase(phrase: list[str], own_determiner: bool) -> bool:
    """A determiner or possessive, at most three adjectives or nouns, and a noun; a name; "mine" ...
    (`own_determiner`: a bare noun does not count; it does only after "both": "Both football and swimming")."""
    if not phrase or len(phrase) > 5:
        return False
    words = [norm(w) for w in phrase]
    if len(words) == 1:
        return words[0] in OWN_PRONOUNS - {"his"} or _a_name(phrase) or (
            not own_determiner and _a_noun(words[0]))  # "Both football and swimming"
    lead = words[0]
    if lead not in DETERMINERS and not lead.endswith("'s"):
        return False
    head, middle = words[-1], words[1:-1]
    if third(head) and lemmas(head) and any(_a_noun(w) and not w.endswith("ing") for w in middle):
        return False  # "My grandma cooks and my grandpa washes": a subject and its verb, no compound noun
    return _a_noun(head) and head not in COLLECTIVE | FUNCTION_WORDS | NO_HEADS and all(
        w.isalpha() and w not in FUNCTION_WORDS and (_a_noun(w) and not lemmas(w) or "ADJ" in lemminflect.getAllLemmas(w)
                                                     or w.endswith("ing") and _a_noun(w))  # "the swimming pool"
        for w in middle)


def _a_noun(word: str) -> bool:
    return any(_noun_forms(word)) and aux_family(word) is None


def nearer_of_neither_nor(toks: list[str], i: int) -> tuple[str, str] | None:
    """("plural", "the other employees") for the verb at i after "Neither the manager nor the other employees"
    that opens its clause: the verb agrees with the phrase after "nor" (a determiner or possessive and its
    noun, a name, or a pronoun)."""
    words = _clause(toks, i)[0]
    norms = [norm(w) for w in words]
    if not norms or norms[0] != "neither" or norms.count("nor") != 1:
        return None
    second = words[norms.index("nor") + 1:]
    if not _a_phrase(words[1:norms.index("nor")], own_determiner=True) and not _a_pronoun(words[1:norms.index("nor")]):
        return None
    if _a_pronoun(second):
        pronoun = norm(second[0])
        return ("singular" if pronoun in ("he", "she", "it") else "plural"), second[0]
    if not _a_phrase(second, own_determiner=True) or _a_name(second):
        return None
    head = norm(second[-1])
    if plural_subject(head):
        return "plural", " ".join(second)
    if _noun_forms(head) == (True, False):
        return "singular", " ".join(second)
    return None


def _a_pronoun(phrase: list[str]) -> bool:
    return len(phrase) == 1 and norm(phrase[0]) in ("i", "we", "you", "they", "he", "she", "it")


def neither_nor_decides(toks: list[str], edit: Edit) -> bool:
    """Does the edit put the verb after "neither X nor Y" in Y's number ("Neither my husband nor I has" ->
    "have", "Neither the manager nor the other employees was" -> "were")?"""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    old, new = norm(toks[edit.start]), norm(edit.new[0])
    found = nearer_of_neither_nor(toks, edit.start)
    if found is None or aux_family(old) not in (None, "be", "have", "do"):
        return False
    if found[1].lower() == "i" and old in ("is", "are", "was", "were", "am"):
        return False  # "nor I am" / "was": "be" after "I" has forms of its own; left to the model
    if found[0] == "plural":
        return third(old) and non_third(new) and not third(new)
    return non_third(old) and not third(old) and third(new)


def neither_nor_explanation(toks: list[str], edit: Edit) -> str:
    number, phrase = nearer_of_neither_nor(toks, edit.start)
    return (f"After 'neither ... nor', the verb agrees with the nearer subject, '{phrase}', which is {number}: "
            f"use '{edit.new[0]}', not '{toks[edit.start]}'.")


def explanation(toks: list[str], edit: Edit) -> str:
    first, second = pair_before(toks, edit.start)
    subject = " ".join(first + ["and"] + second)
    return (f"The subject '{subject}' is two things joined by 'and', so it is plural: "
            f"use '{edit.new[0]}', not '{toks[edit.start]}'.")
