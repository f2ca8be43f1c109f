"""Subjects whose number a quantifier decides, wherever the nearest noun is.

"Each of the rooms have" takes "has" whatever "rooms" says, "Nearly half of the students says" takes
"say", "Nowadays everybody want" takes "wants". The nearest-noun rules (agreement.py) see "rooms" and
"students", and the parser reads some of these as well either way, so a quantifier at the head of
the clause's subject decides instead:
- `number_before(toks, i)`: "singular", "plural" or None for the finite verb at i;
- `corrects(toks, edit)`: does an edit put such a verb in the number the quantifier calls for? Such
  an edit of the model's needs no parser (the gate asks SUPPORT_MARGIN less), and where the model
  proposed nothing the flips that do are offered (gated by the model as any offer, offers.py);
- `contradicts(toks, edit)`: does an edit take the verb out of that number? It is never offered, and
  the model's such edit is ruled out.
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import COLLECTIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit

SINGULAR_OF = frozenset(("each", "one", "either", "neither", "every one", "the number"))  # + "of": "each of the rooms",
# "the number of people ... has grown" ("none of": either; "a number of" is plural)
PLURAL_OF = frozenset(("half", "most", "all", "some", "many", "both", "few", "several", "a lot", "lots", "plenty",
                       "the majority", "a number", "a few"))  # + "of" + a plural noun: "half of the students"
SINGULAR_WORDS = frozenset(("everybody", "everyone", "nobody", "somebody", "someone", "anybody", "anyone",
                            "everything", "nothing", "something", "anything", "no one"))
# what may come before the quantifier in its clause: "Nowadays everybody", "Nearly half of", "And each of"
OPENERS = frozenset(("nowadays", "today", "now", "nearly", "almost", "about", "around", "only", "just", "and", "but",
                     "so", "also", "still", "then", "unfortunately", "luckily", "however", "sadly", "surprisingly"))
BREAKS = frozenset((",", ";", ":", ".", "!", "?", "(", ")", "\u2014"))
MAX_SUBJECT_WORDS = 8
RELATIVES = frozenset(("who", "that", "which", "whom", "whose", "where", "when"))
PLURAL_DETERMINERS = frozenset(("these", "those"))
PREPOSITIONS = frozenset(("of", "about", "in", "on", "at", "for", "from", "with", "near", "behind", "between", "under",
                          "inside", "outside", "around", "across", "without", "during"))
PRONOUNS = frozenset(("i", "you", "he", "she", "it", "we", "they"))
SINGULAR_ONLY = frozenset(("news", "physics", "mathematics", "economics", "athletics", "gymnastics", "measles"))
EITHER_NUMBER = frozenset(("data", "media", "dice", "criteria", "phenomena", "bacteria", "fish", "sheep", "deer"))
SUBJECT_ADVERBS = frozenset(("here", "there", "now", "today", "always", "never", "often", "usually", "sometimes",
                             "also", "still", "really", "just", "only", "already", "rarely", "seldom"))
HEAD_DETERMINERS = frozenset(("the", "a", "an", "this", "that", "my", "your", "his", "her", "its", "our", "their"))
# where a subject may open: after these, or at the clause's start
CLAUSE_WORDS = frozenset(("that", "because", "when", "if", "while", "although", "though", "since", "whether", "where",
                          "until", "unless", "before", "after"))
HEAD_OPENERS = frozenset(("nowadays", "today", "now", "unfortunately", "luckily", "however", "sadly", "surprisingly",
                          "also", "then"))
# singular nouns before "of" whose verb may still be plural ("a couple of friends are", "this kind of
# people are", "the rest of the students are")
NOT_HEADS = frozenset(("lot", "lots", "number", "couple", "kind", "sort", "type", "rest", "variety", "range", "pair",
                       "series", "bunch", "total", "percent", "per", "set", "host", "handful", "dozen", "half", "part",
                       "proportion", "percentage", "majority", "minority", "quarter", "third", "fraction", "mix",
                       "cream", "bulk", "best", "pick", "flower", "remainder", "balance", "one", "two", "three", "four",
                       "five", "six", "seven", "eight", "nine", "ten", "hundred", "thousand", "million", "dozen"))



def number_before(toks: list[str], i: int) -> str | None:
    """The number a quantifier at the head of the verb's clause calls for, or None."""
    found = quantifier(toks, i) or head_of(toks, i) or simple_subject(toks, i)
    return found[0] if found else None


def _raw_word_before(toks: list[str], i: int, word: str) -> str:
    return next((t for t in reversed(toks[:i]) if norm(t) == word), "")


def simple_subject(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular", "my mum") for the verb at i in "My mum don't let me": a clause that opens with a
    determiner and a noun of one number only, the verb right after it (an adverb between at most:
    "The people here is"). Not a collective noun ("The staff were"), nor a noun that may be a verb
    ("The fish swim")."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " ":
        return None
    words = []
    for t in reversed(toks[:i]):
        if t in BREAKS:
            break
        if not t.isspace():
            words.append(norm(t))
    words.reverse()
    while words and words[-1] in SUBJECT_ADVERBS:
        words.pop()
    if len(words) < 2 or words[-2] not in HEAD_DETERMINERS | PLURAL_DETERMINERS:
        return None
    if len(words) > 2 and words[-3] not in CLAUSE_WORDS and words[-3] not in HEAD_OPENERS:
        return None
    noun = words[-1]
    if noun in COLLECTIVE or noun in NOT_HEADS or noun in EITHER_NUMBER or lemmas(noun) or not noun.isalpha() \
            or words[-2] in ("the", "a", "an") and "ADJ" in lemminflect.getAllLemmas(noun) or not _raw_word_before(toks, i, noun).islower():
        return None  # "the blind are", "the data have", "the Times is"
    if plural_subject(noun) and words[-2] not in ("a", "an", "this", "that"):
        return "plural", " ".join(words[-2:])
    if _singular_noun(noun) and words[-2] not in PLURAL_DETERMINERS:
        return "singular", " ".join(words[-2:])
    return None


def head_of(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular", "the lack of") for the verb at i after "the lack of green spaces": a clause that
    opens with a determiner and a noun, then a preposition and a few words that are no verb, so the
    verb agrees with that first noun whatever the nouns after it ("The price of the tickets are" ->
    "is", "The news about the shops were" -> "was", "The children in the park was" -> "were"). Not
    an amount ("a lot of", "the rest of"), a kind ("this kind of") or a collective ("the group of"):
    their verb may be plural. The clause opens at its start or after "that", "because", "when" ..."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " ":
        return None  # a name ("the Freedom of Information Act"), or a word joined by a hyphen
    words = []
    for t in reversed(toks[:i]):
        if t in BREAKS:
            break
        if not t.isspace():
            words.append(norm(t))
    words.reverse()
    for start in range(len(words) - 3, -1, -1):
        if words[start] not in HEAD_DETERMINERS | PLURAL_DETERMINERS:
            continue
        if start > 0 and words[start - 1] not in CLAUSE_WORDS and words[start - 1] not in HEAD_OPENERS:
            continue
        head = start + 1 if words[start + 1:start + 2] and words[start + 2:start + 3] and words[start + 2] in PREPOSITIONS \
            else start + 2
        if head + 1 >= len(words) or words[head + 1] not in PREPOSITIONS:
            return None
        after = words[head + 2:]
        if not after or len(after) > 6 or any(w in RELATIVES or w in CLAUSE_WORDS or w in ("and", "or", "but")
                                              or w in PRONOUNS or (lemmas(w) and not any(_noun_forms(w))) for w in after):
            return None  # a verb, a clause or a second subject between: the verb may be theirs
        if not any(_noun_forms(after[-1])) and after[-1] not in SUBJECT_ADVERBS:
            return None  # the word at i follows no noun ("smuts the entire act"): it is no verb
        if any(lemmas(w) and w not in HEAD_DETERMINERS | PLURAL_DETERMINERS and not w.endswith("ing") for w in after[:-1]):
            return None  # no noun phrase: a verb of its own between ("in my class think the timetable")
        if head == start + 2 and (lemmas(words[start + 1]) or not words[start + 1].isalpha()):
            return None  # only an adjective between the determiner and the noun
        noun, phrase = words[head], " ".join(words[start:head + 2])
        if noun in COLLECTIVE or noun in NOT_HEADS or noun in PLURAL_OF or noun in EITHER_NUMBER:
            return None
        if plural_subject(noun) and words[start] not in ("a", "an", "this", "that"):
            return "plural", phrase
        if (noun in SINGULAR_ONLY or _singular_noun(noun)) and words[start] not in PLURAL_DETERMINERS:
            return "singular", phrase
        return None
    return None


def quantifier(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular" or "plural", the quantifier as written) for the finite verb at i, or None."""
    words = []
    for t in reversed(toks[:i]):
        if t in BREAKS:
            break
        if t[:1].isalpha():
            words.append(t)
    words.reverse()
    low = [norm(w) for w in words]
    relative = max((k for k, w in enumerate(low) if w in RELATIVES), default=None)
    if relative is not None and not any(lemmas(w) for w in low[relative + 1:]):
        return None  # the verb of a relative clause: "the number of people who work" (relatives.py)
    for k, word in enumerate(low):
        if word in SINGULAR_WORDS or " ".join(low[k:k + 2]) == "no one":
            return ("singular", words[k]) if len(low) - k <= 2 else None  # "everybody want", not "everyone I know"
        for size in (2, 1):
            lead = " ".join(low[k:k + size])
            if low[k + size:k + size + 1] != ["of"] or len(low) - k > MAX_SUBJECT_WORDS:
                continue
            if lead in SINGULAR_OF:
                return "singular", " ".join(words[k:k + size + 1])
            if lead in PLURAL_OF and plural_subject(low[-1]):
                return "plural", " ".join(words[k:k + size + 1])
        if word not in OPENERS:
            return None  # the clause starts with something else: its subject is no quantifier's
    return None


def _plainly_a_verb(word: str) -> bool:
    """An auxiliary ("is", "don't"), or a present form that is no noun, adjective, preposition or
    past ("the harsh sentence of an inclement judge", "a mind like a trap", "the child put")."""
    if aux_family(word) not in (None, "modal", "to"):
        return True
    known = lemminflect.getAllLemmas(word)
    return set(known) <= {"VERB"} and word not in FUNCTION_WORDS and "past" not in form_kinds(word) and bool(lemmas(word))


def _a_verb_after(toks: list[str], i: int) -> bool:
    """Is the word after a main verb at i a finite verb ("the news of the terrorist act broke"): then
    the word at i is a noun lemminflect does not list ("act")."""
    if aux_family(toks[i]) is not None:
        return False
    after = next((norm(t) for t in toks[i + 1:] if not t.isspace()), "")
    return bool({"past", "third"} & form_kinds(after)) and not any(_noun_forms(after))


def _singular_noun(word: str) -> bool:
    """A noun in its singular (lemminflect lists it as NN), not ending in -s ("news", "means",
    "series") and not "people" or "police"."""
    return _noun_forms(word)[0] and not word.endswith("s") and not plural_subject(word)


def agrees(toks: list[str], i: int, word: str) -> bool | None:
    """Does `word` at i agree with the quantifier's number? None where no quantifier decides."""
    number = number_before(toks, i)
    if number is None:
        return None
    return third(word) if number == "singular" else non_third(word) and not third(word)


def corrects(toks: list[str], edit: Edit) -> bool:
    """Does the edit put a verb the quantifier's number contradicts in the number it calls for? After
    "the lack of ..." (`head_of`) only a verb that can be no noun, or "is", "has", "does" ... ("the
    harsh sentence of an inclement judge": "judge" is the noun's)."""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    if quantifier(toks, edit.start) is None and not (_plainly_a_verb(norm(toks[edit.start]))
                                                     and not _a_verb_after(toks, edit.start)):
        return False
    return agrees(toks, edit.start, edit.new[0]) is True and agrees(toks, edit.start, toks[edit.start]) is False


def decides(toks: list[str], edit: Edit) -> bool:
    """Does the subject's own noun decide this fix alone, whatever the model scores ("the lack of
    green spaces worry" -> "worries", "The police was called" -> "were", "My mum don't" -> "doesn't")?
    The model scores such fixes up to 4-5 nats under the input ("police" and "people" it often takes
    for singular); neither rule offers a change on any of WordNet's 41,477 usage examples (a test). A
    quantifier's fix the model still gates."""
    return corrects(toks, edit) and quantifier(toks, edit.start) is None


def contradicts(toks: list[str], edit: Edit) -> bool:
    """Does the edit take a verb out of the number the quantifier calls for ("The number of people
    who work from home has grown" -> "have grown")? Such an edit is ruled out."""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    return agrees(toks, edit.start, edit.new[0]) is False and agrees(toks, edit.start, toks[edit.start]) is True


def explanation(toks: list[str], edit: Edit) -> str:
    number, phrase = quantifier(toks, edit.start) or head_of(toks, edit.start) or simple_subject(toks, edit.start)
    if simple_subject(toks, edit.start) and not head_of(toks, edit.start) and quantifier(toks, edit.start) is None:
        return f"The subject '{phrase}' is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
    if quantifier(toks, edit.start) is None:
        return f"The subject is '{' '.join(phrase.split()[:-1])}', which is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
    return f"The subject begins with '{phrase.lower()}', so the verb is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
