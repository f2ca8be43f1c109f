"""The subject's own noun, where it decides the verb's number whatever the nearest noun says.

- `head_of`: a clause that opens with a determiner and a noun, then a preposition and a noun phrase
  with no verb of its own ("The price of the tickets are" -> "is", "The news about the shops were");
- `simple_subject`: a determiner and a noun right before the verb ("The police was" -> "were", "My
  mum don't" -> "doesn't");
- `inverted`: a question's auxiliary before its subject ("What does your friends think" -> "do");
- `existential`: "there" + "be" before an amount and a plural noun ("There was a lot of students" ->
  "were"); `located`: a phrase of place before "be" and its plural subject ("Behind the fence was two
  dogs" -> "were", "Here is the photos" -> "are");
- `bare_plural`, `gerund_subject`, `name_subject`: a sentence that opens with a plural noun and its
  adjectives ("Big shopping centres attracts"), with a gerund and its object or phrase, or with a name
  ("Ramona teach"); a gerund's phrase decides the singular alone (`gerund_decides`);
- `coordinated_nouns`: two noun phrases joined by "and" (pairs.py).
Each returns ("singular" or "plural", the words that say so) or None; quantifiers.py weighs them with
the quantifiers. `plainly_a_verb` and `verb_after` say whether the word at a verb's place is one.
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime import pairs
from miniserve.tutor.runtime.agreement import COLLECTIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.verbs import valences
from miniserve.tutor.runtime.vetoes.words import PLURAL_ONLY, singular_noun

BREAKS = frozenset((",", ";", ":", ".", "!", "?", "(", ")", "\u2014"))
RELATIVES = frozenset(("who", "that", "which", "whom", "whose", "where", "when"))
PLURAL_DETERMINERS = frozenset(("these", "those"))
QUESTION_WORDS = frozenset(("what", "where", "when", "why", "how", "which"))
PLURAL_AMOUNTS = frozenset(("a lot of", "lots of", "many", "several", "a few", "few", "so many", "too many", "two", "three",
                            "four", "five", "hundreds of", "thousands of", "plenty of", "a number of", "some", "six",
                            "seven", "eight", "nine", "ten", "twelve", "fifteen", "twenty", "thirty", "forty", "fifty",
                            "a hundred", "hundreds", "thousands"))
PREPOSITIONS = frozenset(("of", "about", "in", "on", "at", "for", "from", "with", "near", "behind", "between", "under",
                          "inside", "outside", "around", "across", "without", "during"))
PRONOUNS = frozenset(("i", "you", "he", "she", "it", "we", "they"))
OBJECT_PRONOUNS = frozenset(("me", "us", "him", "them"))
# plural in form, singular in use: never a bare plural subject
PLURAL_FORM_SINGULARS = frozenset(("communications", "news", "means", "series", "species", "headquarters", "aids",
                                   "athletics", "gymnastics", "measles", "diabetes", "billiards", "darts", "maths",
                                   "physics", "mathematics", "economics", "politics", "statistics", "ethics", "genetics"))
SINGULAR_ONLY = frozenset(("news", "physics", "mathematics", "maths", "economics", "athletics", "gymnastics", "measles"))
EITHER_NUMBER = frozenset(("data", "media", "dice", "criteria", "phenomena", "bacteria", "fish", "sheep", "deer"))
SUBJECT_ADVERBS = frozenset(("here", "there", "now", "today", "always", "never", "often", "usually", "sometimes",
                             "also", "still", "really", "just", "only", "already", "rarely", "seldom"))
HEAD_DETERMINERS = frozenset(("the", "a", "an", "this", "that", "my", "your", "his", "her", "its", "our", "their"))
# "every"/"each" + a noun open a singular subject ("Every meeting start" -> "starts"), but not a time
# ("Every morning take a pill", "Each year more people come"): an adverbial, the subject comes after it
EACH_DETERMINERS = frozenset(("every", "each"))
ADVERBIAL_TIMES = frozenset(("day", "week", "month", "year", "morning", "afternoon", "evening", "night", "weekend",
                             "summer", "winter", "spring", "autumn", "time", "semester", "term", "hour", "minute",
                             "moment", "season", "decade", "century", "monday", "tuesday", "wednesday", "thursday",
                             "friday", "saturday", "sunday", "holiday", "christmas", "so"))
# where a subject may open: after these, or at the clause's start
CLAUSE_WORDS = frozenset(("that", "because", "when", "if", "while", "although", "though", "since", "whether", "where",
                          "until", "unless", "before", "after"))
JOINS = frozenset(("and", "but", "so", "or"))
HEAD_OPENERS = frozenset(("nowadays", "today", "now", "unfortunately", "luckily", "however", "sadly", "surprisingly",
                          "also", "then", "so", "but"))  # "..., so the first weeks of online lessons were"
# singular nouns before "of" whose verb may still be plural ("a couple of friends are", "this kind of
# people are", "the rest of the students are")
NOT_HEADS = frozenset(("lot", "lots", "number", "couple", "kind", "sort", "type", "rest", "variety", "range", "pair",
                       "series", "bunch", "total", "percent", "per", "set", "host", "handful", "dozen", "half", "part",
                       "proportion", "percentage", "majority", "minority", "quarter", "third", "fraction", "mix",
                       "cream", "bulk", "best", "pick", "flower", "remainder", "balance", "one", "two", "three", "four",
                       "five", "six", "seven", "eight", "nine", "ten", "hundred", "thousand", "million", "dozen",
                       "plenty", "most", "all", "some", "many", "both", "few", "several"))


def clause_before(toks: list[str], i: int) -> list[str]:
    """The clause's words before position i, lower-cased, back to the last punctuation."""
    words = []
    for t in reversed(toks[:i]):
        if t in BREAKS:
            break
        if not t.isspace():
            words.append(norm(t))
    return words[::-1]


def inverted(toks: list[str], i: int) -> tuple[str, str] | None:
    """("plural", "your friends") for the auxiliary at i in "What does your friends think": a
    question's "do", "have" or "be" before its subject (at the clause's start or after a question
    word), a determiner and a noun of one number after it, then a verb, adjective or the end. In a
    sentence that ends as a question also a plural after a word before it ("Why is the opening times
    different"), a bare plural ("Why does trains always leave", "Is teenagers able"), and after "be" any
    adjective that is no noun ("Is the people next door")."""
    words, after = clause_before(toks, i), [norm(t) for t in toks[i + 1:] if not t.isspace()][:4]
    words = [w for w in words if w not in QUOTES]  # a quoted question: 'The driver asked me, "Does these ..."'
    if aux_family(toks[i]) not in ("do", "have", "be") or len(words) > 1 or words and words[0] not in QUESTION_WORDS:
        return None
    # a question word that opens the sentence asks, whatever the last mark ("Where is the photos you took, I want ...!")
    asked = "?" in toks[i:] or words[:1] != [] and words[0] in QUESTION_WORDS and not any(t in BREAKS for t in toks[:i])
    be = aux_family(toks[i]) == "be"
    if asked and after[:1] and after[0] in ("you", "we", "they") and (after[1:2] == ["?"] or after[1:2] and _ends_a_subject(after[1], be)):
        return "plural", after[0]  # "Where was you?", "Has you ever tried": a plural pronoun
    if asked and after[:1] and after[0] in ("he", "she", "it") and not be and after[1:2] and _ends_a_subject(after[1], be):
        return "singular", after[0]  # "Do he like it?": not after "be" ("Were he to come" is right)
    # a noun that may be a verb's third person too ("trains") only after "do": "does" takes no such form
    bare = bool(after) and (plural_subject(after[0]) and not lemmas(after[0]) or aux_family(toks[i]) == "do"
                            and after[0].endswith("s") and _noun_forms(after[0]) == (False, True))
    if asked and len(after) >= 2 and bare and after[0].isalpha() and after[0] not in PRONOUNS | COLLECTIVE | EITHER_NUMBER | PLURAL_FORM_SINGULARS \
            and _ends_a_subject(after[1], be):
        return "plural", after[0]
    if len(after) < 3 or after[0] not in HEAD_DETERMINERS | PLURAL_DETERMINERS:
        return None
    head = 1
    if asked and len(after) == 4 and any(_noun_forms(after[2])) and after[2] not in FUNCTION_WORDS | PREPOSITIONS and (
            _plain_adjective(after[1]) or not _ends_a_subject(after[2], be) and (
            after[1].endswith("ing") or _noun_forms(after[1])[0] and not lemmas(after[1]))):
        head = 2  # "the new rules", "the opening times": the noun after the word before it
    placed = asked and after[head + 1] in ("in", "at", "for", "on", "near", "from", "with", "these", "this", "today", "that", "which", "who",
                                           ",", "you", "we", "they", "i", "he", "she")  # "Where is the photos you took"
    # "Has the people at the club", "How is your parents these days?", "Where is the tickets that I ordered?"
    if after[head] in COLLECTIVE | EITHER_NUMBER or not after[head].isalpha() \
            or not (placed or _ends_a_subject(after[head + 1], be and asked)):
        return None
    noun, phrase = after[head], " ".join(after[:head + 1])
    plural = plural_subject(noun) or head == 2 and noun.endswith("s") and _noun_forms(noun) == (False, True)
    if plural and after[0] not in ("a", "an", "this", "that"):
        return "plural", phrase
    if _singular_noun(noun) and after[0] not in PLURAL_DETERMINERS and (head == 1 or _plain_adjective(after[1])):
        return "singular", phrase
    return None


QUOTES = frozenset(('"', "'", "\u201c", "\u2018"))


def _ends_a_subject(word: str, be: bool) -> bool:
    """Can `word` follow a question's subject: a verb form, "?", an adverb of frequency, a few adjectives
    ("open", "ready") and, after "be", any adjective that is no noun ("able", "different")?"""
    return bool(lemmas(word)) or word in ("?", "ever") or word in SUBJECT_ADVERBS - {"here", "there", "now", "today"} \
        or word in ("open", "closed", "ready", "late", "expensive", "free") \
        or be and _plain_adjective(word) and not any(_noun_forms(word))


# plurals that are nouns only, no verb's form, no adjective ("There is people", "There was children")
BARE_PLURALS = frozenset(("people", "children", "men", "women", "teenagers", "students", "tourists", "cars", "buses"))


def existential(toks: list[str], i: int) -> tuple[str, str] | None:
    """("plural", "a lot of students") for "was" in "There was a lot of students": "there" right
    before a form of "be", then an amount that is plural with its noun, or "enough", "any", "no", and a
    plural noun within three words ("a lot of", "many", "several", "lots of", "a few", "two"...)."""
    words = clause_before(toks, i)
    if not words or words[-1] != "there" or norm(toks[i]) not in ("is", "was", "isn't", "wasn't"):
        return None
    after = [norm(t) for t in toks[i + 1:] if not t.isspace()]
    while after[:1] and after[0] in ("more", "than", "over", "about", "around", "almost", "nearly", "at", "least", "not"):
        after = after[1:]  # "There was more than five thousand people", "There is not enough places"
    while after[:1] and after[0] in ("also", "still", "always", "often", "usually", "sometimes", "never", "now"):
        after = after[1:]
    after = after[:6]
    if len(after) >= 2 and after[0] in BARE_PLURALS and not any(_noun_forms(after[1])):
        return "plural", after[0]  # "There is also people shouting": a plural with no -s and no other reading
    for size in (3, 2, 1):
        if " ".join(after[:size]) in PLURAL_AMOUNTS | {"enough", "any", "no"}:  # "there wasn't enough computers"
            nouns = [w for w in after[size:size + 3] if w.isalpha() and w not in ("hundred", "thousand", "million")]
            k = next((k for k, w in enumerate(nouns) if any(_noun_forms(w)) and not _plain_adjective(w)), None)
            noun = nouns[k] if k is not None else ""  # "two small holes"
            if k is not None and not plural_subject(noun) and nouns[k + 1:k + 2] and nouns[k + 1].endswith("s") \
                    and _noun_forms(nouns[k + 1]) == (False, True):
                noun = nouns[k + 1]  # "two bike racks": a compound's plural
            if plural_subject(noun) or _noun_forms(noun) == (False, True):  # after an amount, "places" is a noun
                return "plural", " ".join(after[:size] + nouns[:nouns.index(noun) + 1])
            return None
    return None


# what opens a sentence whose subject comes after "be" ("Behind the fence was two dogs"): a place, or
# what a letter sends with it ("Attached to this letter is", "Here is")
PLACE_OPENERS = tuple(tuple(phrase.split()) for phrase in (
    "in front of", "at the back of", "next to", "attached to", "enclosed with", "attached", "enclosed", "behind",
    "opposite", "beside", "above", "below", "among", "inside", "outside", "under", "near", "on", "in", "at", "around",
    "between", "along", "across"))
PLACE_LINKS = frozenset(("of", "to", "with", "in", "on", "at", "near", "from", "behind", "by"))
MORE_PLURAL_AMOUNTS = frozenset(("a dozen", "a dozen of", "dozens of", "a couple of"))


def located(toks: list[str], i: int) -> tuple[str, str] | None:
    """("plural", "two enormous speakers") for "was" in "Next to the stage was two enormous speakers": a
    sentence that opens with a phrase of place (or "Here", "Attached to this letter") and no other word,
    then "is" or "was" (and at most an -ing form or an adverb), then its subject, a plural noun phrase:
    an amount and its noun, or a determiner, at most two words and a plural noun ("the receipts for")."""
    if norm(toks[i]) not in ("is", "was", "isn't", "wasn't") or any(t in BREAKS for t in toks[:i]):
        return None
    if not _a_phrase_of_place(clause_before(toks, i)):
        return None
    after = [norm(t) for t in toks[i + 1:] if not t.isspace()][:8]
    while after[:1] and (after[0] in ("also", "still", "always", "usually", "often", "now", "only", "just", "even")
                         or after[0].endswith("ing") and lemmas(after[0])):
        after = after[1:]  # "In front of us was standing three men", "Around us was only trees"
    if after[:1] and after[0] in ("the", "my", "your", "his", "her", "our", "their", "these", "those") \
            and after[1:2] and after[1] in PLURAL_AMOUNTS:
        after = after[1:]  # "Here is the two things": the amount decides
    if after[:1] and after[0].isalpha() and after[0].endswith("s") and _noun_forms(after[0]) == (False, True) \
            and after[0] not in COLLECTIVE | EITHER_NUMBER | PLURAL_FORM_SINGULARS | NOT_HEADS \
            and _raw_word_before(toks, len(toks), after[0]).islower():
        return "plural", after[0]  # a bare plural noun: "Around us was only trees and rocks"
    for size in (3, 2, 1):
        if " ".join(after[:size]) in PLURAL_AMOUNTS | MORE_PLURAL_AMOUNTS:
            nouns = after[size:size + 3]
            k = next((k for k, w in enumerate(nouns) if w.isalpha() and any(_noun_forms(w)) and not _plain_adjective(w)), None)
            if k is not None and not _plural_noun(nouns[k]) and nouns[k + 1:k + 2] and _noun_forms(nouns[k + 1]) == (False, True):
                k += 1  # "two study rooms": a compound's plural
            counted = k is not None and nouns[k].endswith("s") and not nouns[k].endswith("ss") and _noun_forms(nouns[k][:-1])[0]
            if k is not None and (_plural_noun(nouns[k]) or counted) and nouns[k] not in COLLECTIVE | EITHER_NUMBER:
                return "plural", " ".join(after[:size] + nouns[:k + 1])  # ("two things": counted, whatever "things" may be)
            return None
    if len(after) < 2 or after[0] not in ("the", "my", "your", "his", "her", "our", "their", "these", "those", "some"):
        return None
    k = next((k for k in range(1, min(4, len(after))) if any(_noun_forms(after[k])) and not _plain_adjective(after[k])), None)
    if k is None:
        return None
    if not _plural_noun(after[k]) and after[k + 1:k + 2] and _noun_forms(after[k + 1]) == (False, True):
        k += 1  # "the bike racks": a compound's plural
    noun, then = after[k], after[k + 1:k + 2]
    if not _plural_noun(noun) or noun in COLLECTIVE | EITHER_NUMBER | PLURAL_FORM_SINGULARS | NOT_HEADS | PRONOUNS \
            or not _raw_word_before(toks, len(toks), noun).islower() or then and then[0] in ("'", "'s", "\u2019", "\u2019s") \
            or not all(w.isalpha() and w not in FUNCTION_WORDS for w in after[1:k]):
        return None  # "the Smiths' house", "the news"
    return "plural", " ".join(after[:k + 1])


def _plural_noun(word: str) -> bool:
    """A plural noun, where a noun's place is sure (after a determiner or an amount "shops" is no verb)."""
    return plural_subject(word) or word.endswith("s") and _noun_forms(word) == (False, True)


def _a_phrase_of_place(words: list[str]) -> bool:
    """Are `words` one phrase of place and nothing else: "here", or an opener and noun phrases joined by
    "of", "to", "with"..., each with at most a determiner at its start ("at the back of the library",
    "in front of us"; not "in my opinion the best thing")?"""
    if words == ["here"]:
        return True
    opener = next((phrase for phrase in PLACE_OPENERS if tuple(words[:len(phrase)]) == phrase), None)
    if opener is None:
        return False
    rest = words[len(opener):]
    if not rest:
        return opener[0] in ("attached", "enclosed")
    groups, group = [], []
    for w in rest:
        if w in PLACE_LINKS and group:
            groups.append(group)
            group = []
        else:
            group.append(w)
    groups.append(group)
    for group in groups:
        if not group or len(group) > 4:
            return False
        body = group[1:] if group[0] in HEAD_DETERMINERS | PLURAL_DETERMINERS else group
        if group == [group[0]] and group[0] in OBJECT_PRONOUNS | {"you", "it", "her"}:
            continue
        if not body or any(not w.isalpha() or w in FUNCTION_WORDS or w in HEAD_DETERMINERS | PLURAL_DETERMINERS
                           or lemmas(w) and not any(_noun_forms(w)) for w in body):
            return False
    return True


def simple_subject(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular", "my mum") for the verb at i in "My mum don't let me": a clause that opens with a
    determiner, at most one adjective ("My little brother watch") and a noun of one number only, the
    verb right after it (an adverb between at most: "The people here is"). Not a collective noun ("The staff were"), nor a noun that may be a verb
    ("The fish swim")."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " ":
        return None
    words = clause_before(toks, i)
    while words and words[-1] in SUBJECT_ADVERBS:
        words.pop()
    if norm(toks[i]) == "were" and {"if", "though", "wish", "wished"} & set(words):
        return None  # "as if his whole body were on fire": the subjunctive
    adjective = ""
    if len(words) >= 3 and words[-3] in HEAD_DETERMINERS | PLURAL_DETERMINERS and _plain_adjective(words[-2]):
        adjective = words.pop(-2)  # "My little brother watch"
    if len(words) < 2 or words[-2] not in HEAD_DETERMINERS | PLURAL_DETERMINERS | EACH_DETERMINERS \
            or words[-2] in EACH_DETERMINERS and (words[-1] in ADVERBIAL_TIMES or adjective):
        return None
    joined = words[-3:-2] and words[-3] in JOINS and (any(aux_family(w) is not None for w in words[:-3])
                                                      or a_pronoun_and_its_verb(words[:-3]))
    if len(words) > 2 and words[-3] not in CLAUSE_WORDS and words[-3] not in HEAD_OPENERS and not joined:
        return None  # "The drinks were cheap and the music was": a clause of its own after "and" (not "she and her husband are")
    if joined and words[-3] == "and" and _a_name_before_and(toks, i):
        return None  # "It was cold and Sara and her brother were walking": the name and the noun may be one subject
    noun = words[-1]
    if noun in COLLECTIVE or noun in NOT_HEADS or noun in EITHER_NUMBER or not noun.isalpha() \
            or lemmas(noun) and words[-2] not in EACH_DETERMINERS \
            or words[-2] in ("the", "a", "an") and "ADJ" in lemminflect.getAllLemmas(noun) or not _raw_word_before(toks, i, noun).islower():
        return None  # "the blind are", "the data have", "the Times is"
    phrase = " ".join([words[-2]] + ([adjective] if adjective else []) + [noun])
    if plural_subject(noun) and words[-2] not in ("a", "an", "this", "that", "every", "each"):
        return "plural", phrase
    if (_singular_noun(noun) or noun in SINGULAR_ONLY) and words[-2] not in PLURAL_DETERMINERS:
        return "singular", phrase  # "The news were terrible" -> "was"
    return None


def _a_name_before_and(toks: list[str], i: int) -> bool:
    """Is the word before the last "and" ahead of i a name (capitalised mid-sentence) that opens its clause
    ("... and Sara and her brother were"; not "I went to Rome and my sister were")?"""
    written = [t for t in toks[:i] if not t.isspace()]
    k = next((k for k in range(len(written) - 1, 0, -1) if norm(written[k]) == "and"), 0)
    if k < 2:
        return False
    before, opener = written[k - 1], norm(written[k - 2])
    return before[:1].isupper() and before.isalpha() and (opener in JOINS or opener in CLAUSE_WORDS or opener in (",", ";"))


def a_pronoun_and_its_verb(words: list[str]) -> bool:
    """A subject pronoun and a verb form that agrees with it right after it ("I enjoy", "she left"): the
    words hold a clause of their own, so "and" after them may open another ("I enjoy cooking and my
    brother enjoy")."""
    return any(k > 0 and lemmas(w) and (words[k - 1] in ("i", "we", "they") and {"base", "past"} & form_kinds(w)
                                         or words[k - 1] in ("he", "she", "it") and {"third", "past"} & form_kinds(w))
               for k, w in enumerate(words))


def _plain_adjective(word: str) -> bool:
    """An adjective in lemminflect's dictionary that is no verb ("little", "new", "old"; not "best")."""
    readings = lemminflect.getAllLemmas(word)
    return word.isalpha() and "ADJ" in readings and "VERB" not in readings and not lemmas(word)


CONTACT_SUBJECTS = frozenset(("i", "we", "you", "they", "he", "she"))
CONTACT_FILLERS = frozenset(("to", "with", "in", "at", "for", "about", "on", "from", "of", "last", "next", "this", "that",
                             "the", "a", "an", "my", "your", "our", "their", "his", "her", "week", "month", "year",
                             "summer", "weekend", "night", "there", "here", "yesterday", "ago", "two", "three", "days",
                             "years", "months", "weeks", "already", "just", "ever", "often", "always", "most"))


def contact_relative(toks: list[str], i: int) -> tuple[str, str] | None:
    """("plural", "the people") for the verb at i in "The people I work with is": a clause that opens
    with a determiner, at most one adjective and a noun, then a relative clause with no relative word (a
    subject pronoun, its verb and at most four words of a phrase: "with", "to", "last month"), the verb
    right after it."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " ":
        return None
    words = clause_before(toks, i)
    opener = max((k for k, w in enumerate(words[:-1]) if w in CLAUSE_WORDS | {"and", "but", "so"}
                  and words[k + 1] in HEAD_DETERMINERS | PLURAL_DETERMINERS), default=-1)
    words = words[opener + 1:]  # "because the course I attended ..."
    if not words or words[0] not in HEAD_DETERMINERS | PLURAL_DETERMINERS or words[0] in ("a", "an"):
        return None
    k = 2 if len(words) > 2 and _plain_adjective(words[1]) else 1  # the noun
    if len(words) < k + 3 or words[k + 1] not in CONTACT_SUBJECTS:
        return None
    noun, verb, rest = words[k], words[k + 2], words[k + 3:]
    if not lemmas(verb) or not {"base", "third", "past"} & form_kinds(verb) or aux_family(verb) is not None \
            and aux_family(verb) != "have" or len(rest) > 4 or any(w not in CONTACT_FILLERS and not (
                aux_family(verb) == "have" and "participle" in form_kinds(w)) for w in rest):
        return None
    if noun in COLLECTIVE or noun in NOT_HEADS or noun in EITHER_NUMBER or not noun.isalpha():
        return None
    phrase = " ".join(words[:k + 1])
    if plural_subject(noun) or words[0] in PLURAL_DETERMINERS and _noun_forms(noun)[1]:
        return "plural", phrase
    if _singular_noun(noun) and words[0] not in PLURAL_DETERMINERS:
        return "singular", phrase
    return None


# phrases that open a clause before its subject, which learners often write without a comma
OPINION_OPENERS = tuple(tuple(phrase.split()) for phrase in (
    "in my opinion", "in my view", "in my experience", "in general", "nowadays", "these days", "of course",
    "unfortunately", "fortunately", "luckily", "sadly", "personally", "in fact", "i think", "i believe"))


SINGULAR_AUXILIARIES = frozenset(("is", "was", "has", "does", "isn't", "wasn't", "hasn't", "doesn't"))


def bare_plural(toks: list[str], i: int) -> tuple[str, str] | None:
    """("plural", "big shopping centres") for the verb at i in "Big shopping centres attracts": a
    sentence that opens with a plural noun and at most three words before it that are no verbs and
    no determiners (adjectives, nouns, -ing words), the verb right after it."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " " or any(t in BREAKS for t in toks[:i]):
        return None
    words = clause_before(toks, i)
    while len(words) > 1 and (words[-1] in SUBJECT_ADVERBS or words[-1] in ("today", "nowadays", "nowdays")):
        words = words[:-1]  # "Young people today spends"
    opener = next((len(phrase) for phrase in OPINION_OPENERS if tuple(words[:len(phrase)]) == phrase), 0)
    words = words[opener:]  # "In my opinion people needs": the opener without its comma
    if not 1 <= len(words) <= 4 or not all(w.isalpha() for w in words):
        return None
    noun, before = words[-1], words[:-1]
    # before "is", "has", "does" ... a plural that may be a verb's form too is the noun ("Mobile phones is")
    plural = plural_subject(noun) or norm(toks[i]) in SINGULAR_AUXILIARIES and _plural_noun(noun)
    if not plural or noun.endswith("ics") or noun in PRONOUNS | COLLECTIVE | EITHER_NUMBER | PLURAL_FORM_SINGULARS \
            or _raw_word_before(toks, i, noun).isupper():
        return None  # "Politics is", "communications is his field", "AIDS has"
    if before and before[0].endswith("ing"):
        return None  # "Washing dishes was": a gerund's phrase is singular (`gerund_subject`)
    if before[:1] and before[0] in ("some", "many", "most", "several", "both", "other"):
        before = before[1:]  # "Some people says": an amount that is plural with its noun
    if any(w in HEAD_DETERMINERS | PLURAL_DETERMINERS | FUNCTION_WORDS or w in NOT_HEADS or (lemmas(w) and not w.endswith("ing"))
           or not {"NOUN", "ADJ"} & set(lemminflect.getAllLemmas(w)) for w in before):
        return None  # only adjectives and nouns before it: "defense against hurricanes" is no plural subject
    return "plural", " ".join(words)


def coordinated_nouns(toks: list[str], i: int) -> tuple[str, str] | None:
    """("plural", "the old fisherman and his dog") for the verb at i in "Every morning, the old fisherman
    and his dog walks": two noun phrases joined by "and" that open the clause, the verb right after
    (pairs.py says which phrases count)."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " ":
        return None
    found = pairs.pair_before(toks, i)
    return ("plural", " ".join(found[0] + ["and"] + found[1]).lower()) if found else None


def gerund_subject(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular", "learning languages") for the verb at i in "Learning languages are essential": a
    sentence that opens with the -ing form of a verb and its object or phrase, the verb right after it:
    - a verb that needs an object and a bare noun phrase of at most three words ("Learning languages");
    - any verb and a phrase of at most seven words that opens with a determiner, a preposition or an
      adjective ("Watching films in English", "Working in a team", "Eating fast food"), with no verb,
      joining word or comma of its own and not ending on a determiner ("Getting enough sleep is").
    Not an -ing form that may be an adjective before its noun ("Rising prices make", "Boring lessons"),
    nor a compound noun ("Changing rooms are", "Washing machines use": a bare noun after the -ing form
    needs a verb that takes an object), nor a preposition ("According to the survey students prefer")."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " " or any(t in BREAKS for t in toks[:i]):
        return None
    words = clause_before(toks, i)
    if not 2 <= len(words) <= 8 or not words[0].endswith("ing") or words[0] in PREPOSITION_LIKE:
        return None
    verbs = [lemma for lemma in lemmas(words[0]) if lemminflect.getInflection(lemma, "VBG")[:1] == (words[0],)]
    if not verbs or verb_after(toks, i) or words[-1] in FUNCTION_WORDS:
        return None
    phrase = words[1:]
    # "to" and the base form after it are the gerund's own ("Learning to drive in a big city", "Walking to school")
    infinitive = {k + 1 for k, w in enumerate(phrase[:-1]) if w == "to" and "base" in form_kinds(phrase[k + 1])}
    if any(not w.replace("'", "").replace("-", "").isalnum() or w in CLAUSE_WORDS or w in JOINS
           or aux_family(w) is not None and w != "to"
           or k not in infinitive and lemmas(w) and not any(_noun_forms(w)) and "ADJ" not in lemminflect.getAllLemmas(w)
           for k, w in enumerate(phrase)):
        return None  # a verb, a clause or a second subject of its own
    opener = phrase[0]
    if opener in FUNCTION_WORDS or opener == "to" or "ADJ" in lemminflect.getAllLemmas(opener):  # "Working in a", "Collecting old"
        adjective = "ADJ" in lemminflect.getAllLemmas(words[0]) and opener not in FUNCTION_WORDS and opener != "to"  # "Boring old films"
        return None if adjective else ("singular", " ".join(words))
    if len(verbs) != 1 or valences().get(verbs[0]) != "T" or len(words) > 4:
        return None
    if any(lemmas(w) and not w.endswith("ing") or w in FUNCTION_WORDS - HEAD_DETERMINERS for w in phrase) \
            or not any(_noun_forms(words[-1])):
        return None
    return "singular", " ".join(words)


# -ing forms that work as prepositions ("According to the survey students prefer")
PREPOSITION_LIKE = frozenset(("according", "including", "regarding", "concerning", "considering", "during", "following",
                              "excluding", "assuming", "depending", "speaking", "starting", "beginning", "notwithstanding"))


def gerund_decides(toks: list[str], edit: Edit) -> bool:
    """Does the edit put the verb after a gerund's phrase (`gerund_subject`) in the singular ("Working in a
    team teach" -> "teaches")? The rule decides alone: on the correct sentences of every learner-style set,
    the training text and WordNet's usage examples it offers no change."""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    old, new = norm(toks[edit.start]), norm(edit.new[0])
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    # the word is the verb: plainly one, or one with an object ("open many doors", "help you"); not a phrase's
    # last noun ("running at full stretch", "a motion picture show by")
    verb = plainly_a_verb(old) or after in OBJECT_STARTS
    return verb and third(new) and not third(old) and non_third(old) and gerund_subject(toks, edit.start) is not None


def gerund_explanation(toks: list[str], edit: Edit) -> str:
    _, phrase = gerund_subject(toks, edit.start)
    return (f"The subject '{phrase}' is one activity, so it is singular: use '{edit.new[0]}', "
            f"not '{toks[edit.start]}'.")


OBJECT_STARTS = frozenset(("a", "an", "the", "my", "your", "his", "her", "our", "their", "its", "this", "these", "those",
                           "me", "you", "him", "us", "them", "it", "people", "many", "much", "more", "lots", "some", "no",
                           "children", "kids", "students", "teenagers"))


def name_subject(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular", "Ramona") for the verb at i in "Ramona teach French": a sentence that opens with
    one capitalised word, a name no dictionary knows or a singular noun ("Grandma"), the verb right
    after it."""
    if i != 2 or toks[1] != " " or not toks[0].istitle() or not toks[0].isalpha() or not toks[i].islower():
        return None
    word = norm(toks[0])
    known = lemminflect.getAllLemmas(word)
    if word in PRONOUNS or word in FUNCTION_WORDS or word in COLLECTIVE or lemmas(word):
        return None
    if known and (set(known) != {"NOUN"} or not _singular_noun(word)):
        return None
    if word.endswith("s") and not word.endswith(("is", "ss", "os")):
        return None  # "Americans", "Pathans": a people's name in the plural ("Hindus"; "Idris", "Paris", "Carlos" stay)
    if word in PLURAL_ONLY:
        return None  # "Cattle produce": a plural with no -s
    if word.endswith("men") and len(word) > 5:
        return None  # "Englishmen", "Frenchwomen": a people in the plural
    return "singular", toks[0]


def _raw_word_before(toks: list[str], i: int, word: str) -> str:
    return next((t for t in reversed(toks[:i]) if norm(t) == word), "")


def head_of(toks: list[str], i: int) -> tuple[str, str] | None:
    """("singular", "the lack of") for the verb at i after "the lack of green spaces": a clause that
    opens with a determiner and a noun, then a preposition and a few words that are no verb, so the
    verb agrees with that first noun whatever the nouns after it ("The price of the tickets are" ->
    "is", "The news about the shops were" -> "was", "The children in the park was" -> "were"). Not
    an amount ("a lot of", "the rest of"), a kind ("this kind of") or a collective ("the group of"):
    their verb may be plural. The clause opens at its start or after "that", "because", "when" ..."""
    if not toks[i].islower() or i == 0 or toks[i - 1] != " ":
        return None  # a name ("the Freedom of Information Act"), or a word joined by a hyphen
    words = clause_before(toks, i)
    for start in range(len(words) - 3, -1, -1):
        if words[start] not in HEAD_DETERMINERS | PLURAL_DETERMINERS:
            continue
        if start > 0 and words[start - 1] not in CLAUSE_WORDS and words[start - 1] not in HEAD_OPENERS \
                and not (start == 1 and words[0] == "as"):  # "as" that opens the clause: "..., as my exams at university finish"
            continue
        head = start + 1 if words[start + 1:start + 2] and words[start + 2:start + 3] and words[start + 2] in PREPOSITIONS \
            else start + 2
        if head + 1 >= len(words) or words[head + 1] not in PREPOSITIONS:
            return None
        after = words[head + 2:]
        if after[-2:-1] and after[-1] == "there" and after[-2] not in PREPOSITIONS:
            return None  # "Since the start of the year there have been": the verb is the existential "there"'s
        if not after or len(after) > 6 or any(w in RELATIVES or w in CLAUSE_WORDS or w in ("and", "or", "but")
                                              or w in PRONOUNS or (lemmas(w) and not any(_noun_forms(w))) for w in after):
            return None  # a verb, a clause or a second subject between: the verb may be theirs
        if not any(_noun_forms(after[-1])) and after[-1] not in SUBJECT_ADVERBS and after[-1] not in OBJECT_PRONOUNS:
            return None  # the word at i follows no noun ("smuts the entire act"): it is no verb ("behind me" is)
        if any(lemmas(w) and w not in HEAD_DETERMINERS | PLURAL_DETERMINERS and not w.endswith("ing")
               and not _compound_plural(w, nxt) and before not in HEAD_DETERMINERS | PLURAL_DETERMINERS
               for before, w, nxt in zip([words[head + 1]] + after, after[:-1], after[1:])):
            return None  # no noun phrase: a verb of its own between ("in my class think the timetable"; "on the
            # cover of" is one: a word right after a determiner is a noun's)
        modifier = words[start + 1]
        if head == start + 2 and (lemmas(modifier) and not modifier.endswith("ing") or not modifier.isalpha()):
            return None  # only an adjective between the determiner and the noun ("the opening hours": a noun)
        if head == start + 2 and words[head].endswith("ing") and plural_subject(modifier) \
                and words[start] not in ("a", "an", "this", "that"):
            # a plural noun and its -ing phrase ("The people living in the flats near the factory complain"):
            # the noun is the head, not the -ing form
            return "plural", " ".join(words[start:head + 2])
        noun, phrase = words[head], " ".join(words[start:head + 2])
        if noun in COLLECTIVE or noun in NOT_HEADS or noun in EITHER_NUMBER:
            return None
        if plural_subject(noun) and words[start] not in ("a", "an", "this", "that"):
            return "plural", phrase
        if (noun in SINGULAR_ONLY or _singular_noun(noun)) and words[start] not in PLURAL_DETERMINERS:
            return "singular", phrase
        return None
    return None


def _compound_plural(word: str, after: str) -> bool:
    """A plural noun that names the kind of the noun after it ("the sports centre", "the arts festival")."""
    return word.endswith("s") and _noun_forms(word)[1] and _singular_noun(after)


def plainly_a_verb(word: str) -> bool:
    """An auxiliary ("is", "don't"), or a present form that is no noun, adjective, preposition or
    past ("the harsh sentence of an inclement judge", "a mind like a trap", "the child put")."""
    if aux_family(word) not in (None, "modal", "to"):
        return True
    known = lemminflect.getAllLemmas(word)
    return set(known) <= {"VERB"} and word not in FUNCTION_WORDS and "past" not in form_kinds(word) and bool(lemmas(word))


def verb_after(toks: list[str], i: int) -> bool:
    """Is the word after a main verb at i a finite verb ("the news of the terrorist act broke"): then
    the word at i is a noun lemminflect does not list ("act")."""
    if aux_family(toks[i]) is not None:
        return False
    after = next((norm(t) for t in toks[i + 1:] if not t.isspace()), "")
    return bool({"past", "third"} & form_kinds(after)) and not any(_noun_forms(after))


def verb_form_after(toks: list[str], i: int) -> bool:
    """Is the word after i a present or past form of a verb, noun too or not ("This vacuum pack locks in
    the flavor"): the clause may have its verb there, and the word at i be a noun's."""
    after = next((norm(t) for t in toks[i + 1:] if not t.isspace()), "")
    return bool({"past", "third"} & form_kinds(after)) or aux_family(after) not in (None, "to")


def _singular_noun(word: str) -> bool:
    """A noun in its singular (lemminflect lists it as NN), not ending in -s ("news", "means",
    "series") but in -ss or -us with a plural of its own ("boss", "bus"), and not "people" or "police"."""
    if not _noun_forms(word)[0] or plural_subject(word):
        return False
    return not word.endswith("s") or word.endswith(("ss", "us")) and singular_noun(word)
