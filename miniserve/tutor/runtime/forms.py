"""Which words are verb forms: auxiliaries by table, other verbs by conjugation.py (the verb
tables' verbs, inflected by lemminflect).

Used by the guard (is this edit a verb-form edit?) and by the decoding constraint (which words may
stand at a verb position?). A word unknown to the tables still counts as a form of a known verb when
it looks like one ("taked", "builded", "swimmed", "wented").
"""

from __future__ import annotations

from functools import cache, lru_cache

import lemminflect

from miniserve.tutor.runtime.conjugation import KINDS, Conjugation, by_base, conjugate, conjugations
from miniserve.tutor.runtime.inflect import spellings, verb_lemmas
from miniserve.tutor.runtime.verbs import VOWELS, ing_form, misspellings, regular_past, third_person

BE = ("be", "am", "is", "are", "was", "were", "been", "being", "isn't", "aren't", "wasn't", "weren't",
      "ain't", "'m", "'s", "'re")
HAVE = ("have", "has", "had", "having", "haven't", "hasn't", "hadn't", "'ve", "'d")
DO = ("do", "does", "did", "doing", "done", "don't", "doesn't", "didn't")
MODALS = ("can", "could", "will", "would", "shall", "should", "must", "may", "might", "cannot", "can't",
          "couldn't", "won't", "wouldn't", "shan't", "shouldn't", "mustn't", "mightn't", "'ll")
TO = ("to",)
AUX_FAMILY = {w: fam for fam, words in (("be", BE), ("have", HAVE), ("do", DO), ("modal", MODALS), ("to", TO))
              for w in words}
NEGATIVE = frozenset(w for w in AUX_FAMILY if w.endswith("n't")) | {"cannot"}
# Words after which a verb-looking word is a noun ("the walks", "two books"): never a verb position.
NOUN_MARKERS = frozenset((
    "a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their",
    "some", "any", "many", "few", "several", "every", "each", "no", "one", "two", "three", "four", "five",
    "six", "seven", "eight", "nine", "ten", "of", "in", "on", "at", "with", "for", "from", "by", "about",
))


# Closed-class words: never a verb, whatever they look like.
FUNCTION_WORDS = NOUN_MARKERS | frozenset((
    "i", "you", "he", "she", "it", "we", "they", "me", "him", "us", "them", "myself", "yourself", "himself",
    "herself", "itself", "ourselves", "themselves", "and", "or", "but", "so", "because", "when", "while",
    "after", "before", "if", "than", "then", "who", "whom", "whose", "which", "what", "where", "why", "how",
    "not", "never", "always", "often", "also", "still", "just", "already", "very", "too", "there", "here",
    "yes", "no", "please", "as", "into", "onto", "over", "under", "up", "down", "out", "off", "near",
))


# learners' spellings of the relative words every clause rule reads ("the magazine wich my teacher gave me")
# the words that open a noun phrase and say whose or which ("the", "my", "these")
DETERMINERS = frozenset(("the", "a", "an", "my", "your", "his", "her", "its", "our", "their", "this", "these", "those"))
RELATIVE_SPELLINGS = {"wich": "which", "whitch": "which", "wihch": "which", "whick": "which"}
# a learner's spellings of "because", which opens a clause the rules must see ("becouse the weather in Ireland changes")
BECAUSE_SPELLINGS = {"becouse": "because", "becuase": "because", "beacause": "because", "beacuse": "because",
                     "becase": "because", "bacause": "because", "becaus": "because"}
SPELLINGS = RELATIVE_SPELLINGS | BECAUSE_SPELLINGS


def norm(word: str) -> str:
    """The word lower-cased, with a typographic apostrophe as a plain one ("Don’t" -> "don't"), and a
    learner's spelling of "which" or "because" read as the word."""
    low = word.lower().replace("\u2019", "'")
    return SPELLINGS.get(low, low)


@cache  # built once (about 20 ms): every lemmas() call reads it
def form_table() -> dict[str, frozenset[str]]:
    """Every form of every known verb (conjugation.py), and its over-regularised past ("taked"),
    -> the lemmas it can belong to ("found" -> find, found)."""
    table: dict[str, set[str]] = {}
    for verb in conjugations():
        for form in verb.forms() + (regular_past(verb.base),):
            table.setdefault(form, set()).add(verb.base)
    for family in ("be", "have", "do"):
        for word, fam in AUX_FAMILY.items():
            if fam == family and not word.startswith("'"):
                table.setdefault(word, set()).add(family)
    return {form: frozenset(lemmas) for form, lemmas in table.items()}


def load() -> None:
    """Read lemminflect's dictionaries and build the verb tables now (about a second), so that the
    first request does not wait for them."""
    form_table()
    kind_table()
    misspelling_table()
    verb_lemmas("went")  # its lemma dictionary, a second file, read on first use


def indexed_words(toks: list[str]) -> list[tuple[int, str]]:
    """(token index, normalised word) for each word of a tokenised sentence."""
    return [(i, norm(t)) for i, t in enumerate(toks) if t[:1].isalpha()]


def stems(word: str) -> list[str]:
    """Candidate stems of a word that looks inflected (-s, -es, -ies, -ed, -ied, -ing)."""
    stems = []
    if word.endswith("ies"):
        stems.append(word[:-3] + "y")
    if word.endswith("es"):
        stems.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss"):
        stems.append(word[:-1])
    if word.endswith("ied"):
        stems.append(word[:-3] + "y")
    if word.endswith("ed"):
        stems += [word[:-2], word[:-1]]
        if len(word) > 4 and word[-3] == word[-4] and word[-3] not in VOWELS:
            stems.append(word[:-3])
    if word.endswith("ing"):
        stems += [word[:-3], word[:-3] + "e"]
        if word.endswith("ying"):
            stems.append(word[:-4] + "ie")
        if len(word) > 5 and word[-4] == word[-5] and word[-4] not in VOWELS:
            stems.append(word[:-4])
    return [s for s in stems if len(s) >= 2]


@cache
def lemmas(word: str) -> frozenset[str]:
    """The verbs `word` may be a form of (empty for a word that is no verb form we know)."""
    word = word.lower().replace("\u2019", "'")
    table = form_table()
    if word in table:
        return table[word]
    found: set[str] = set()
    for stem in stems(word):
        found |= table.get(stem, frozenset())
    return frozenset((found | misspelled_lemmas(word)) - {"be", "have", "do"})  # "bed" is no form of "be"


def misspelled_lemmas(word: str, far: bool = True) -> frozenset[str]:
    """Known verbs of which `word` is a form learners misspell ("writting", "studing", "choosen",
    "forgoten", "complainned"), so the guard accepts their correction: by the verbs whose forms
    `word` is near (the rule v3's corpus was built with: it must not change), or any verb's for a word
    lemminflect does not know ("forgoten"; not "filed", a misbuilt "filled" but a word of its own)."""
    table = by_base()
    bases = {word[:-1], word[:-2], word[:-2] + "e", word[:-3] + "y", word[:-4] + "e", word[:-3], word[:-4]}
    near = frozenset(b for b in bases if b in table and word in _misspellings(table[b]))
    if near or not far or lemminflect.getAllLemmas(word):
        return near
    return misspelling_table().get(word, frozenset())


@cache
def near_lemmas(word: str) -> frozenset[str]:
    """`lemmas` as v3's corpus was built with: misspellings only of the verbs `word` is near."""
    word = norm(word)
    return form_table().get(word) or frozenset(
        (set().union(*(form_table().get(s, frozenset()) for s in stems(word))) | misspelled_lemmas(word, far=False))
        - {"be", "have", "do"})


@cache  # built once (about 0.2 s, with the form table), by load()
def misspelling_table() -> dict[str, frozenset[str]]:
    """The misbuilt forms `misspelled_lemmas` finds from no near verb -> the verbs they misspell: a
    participle's "tt" made one ("forgoten") and a final consonant doubled (`_overdoubled`). A "y" kept
    ("tryed") is found by `respelled` alone: in this table it would change the published corpus. Only
    these: v3's corpus draws on `lemmas` (more would change it), and the rest are near their verb."""
    table: dict[str, set[str]] = {}
    for verb in by_base().values():
        found = _all_misspellings(verb)
        for wrong in [w for w, (right, _) in found.items() if right.endswith("tten")] + list(_overdoubled(verb)):
            table.setdefault(wrong, set()).add(verb.base)
    return {wrong: frozenset(bases) for wrong, bases in table.items()}


def respelled(word: str) -> tuple[str, ...]:
    """The forms a learner's wrongly built `word` stands for ("choosen" -> "chosen", "planed" ->
    "planned"), by the spelling rules of `misspellings`; empty for any other word."""
    w = word.lower().replace("\u2019", "'")
    table = by_base()
    found = [_all_misspellings(table[lemma]).get(w) for lemma in sorted(lemmas(w)) if lemma in table]
    if w.endswith("yed") and w[:-2] in table:  # "tryed": not in `lemmas`, which the corpus draws on
        found.append(_y_kept(table[w[:-2]]).get(w))
    if w.endswith(("ied", "ies")) and w[:-3] + "y" in table:  # "enjoied", "plaies": a "y" after a vowel made "i"
        found.append(_y_made_i(table[w[:-3] + "y"]).get(w))
    return tuple(dict.fromkeys(right for right, _ in filter(None, found)))


def respelling(toks: list[str], edit) -> bool:
    """Does the edit replace one word no verb table knows with the form it misspells ("choosen" ->
    "chosen", "stoped" -> "stopped")? A lower-case word only: names are not respelled."""
    old = [t for t in toks[edit.start:edit.end] if not t.isspace()]
    new = [t for t in edit.new if not t.isspace()]
    if len(old) != 1 or len(new) != 1 or not old[0].isalpha() or not old[0].islower():
        return False
    return old[0] not in kind_table() and new[0].lower() in respelled(old[0])


def inflection(lemma: str, tag: str) -> str | None:
    """lemminflect's form of `lemma` for the Penn `tag` ("VBN", "VBG" ...), in British spelling where it lists
    both ("cancelled", "travelling"; it lists "canceled" first): the learners write British English."""
    found = lemminflect.getInflection(lemma, tag)
    return next((f for f in found if "ll" in f and f.replace("ll", "l", 1) in found), next(iter(found), None))


def participle_spellings(lemma: str) -> tuple[str, ...]:
    """The participle's spellings of a known verb ("choose": "chosen"), else none."""
    verb = by_base().get(lemma)
    return verb.participle[:1] if verb else ()


@cache
def _misspellings(verb: Conjugation) -> dict[str, tuple[str, str]]:
    """The corpus's misspellings of a verb (verbs.misspellings)."""
    return misspellings(verb.base, verb.past[0], verb.participle[0], verb.ing[0])


@cache
def _all_misspellings(verb: Conjugation) -> dict[str, tuple[str, str]]:
    """The corpus's misspellings of a verb, and a final consonant doubled where the spelling rules keep
    it single ("complainned", "visitted", "openning"), which the corpora never taught (they stay as
    published). No word lemminflect knows is a misspelling ("focussed")."""
    found = _misspellings(verb)
    return found | {wrong: right for wrong, right in (_overdoubled(verb) | _y_kept(verb)).items() if wrong not in found}


def _y_kept(verb: Conjugation) -> dict[str, tuple[str, str]]:
    """A final "y" after a consonant kept before "-ed" ("tryed", "studyed" for "tried", "studied")."""
    base = verb.base
    wrong = base + "ed"
    if len(base) < 3 or not base.endswith("y") or base[-2] in VOWELS or verb.past[0] != base[:-1] + "ied" \
            or lemminflect.getAllLemmas(wrong):
        return {}
    return {wrong: (verb.past[0], "past tense")}


def _y_made_i(verb: Conjugation) -> dict[str, tuple[str, str]]:
    """A final "y" after a vowel made "i" before "-ed" or "-es" ("enjoied", "plaies" for "enjoyed", "plays")."""
    base = verb.base
    if len(base) < 3 or not base.endswith("y") or base[-2] not in VOWELS or verb.past[0] != base + "ed":
        return {}
    wrong = {base[:-1] + "ied": (verb.past[0], "past tense"), base[:-1] + "ies": (base + "s", "third person")}
    return {w: right for w, right in wrong.items() if not lemminflect.getAllLemmas(w)}


def _overdoubled(verb: Conjugation) -> dict[str, tuple[str, str]]:
    base = verb.base
    if len(base) >= 4 and base[-1] == "e" and base[-2] not in VOWELS and base[-2] not in "lcswxyhrv" and base[-3] in VOWELS \
            and base[-4] not in VOWELS:  # "decidded", "comming", "writting": the e dropped, the consonant doubled
        stem = base[:-1]
        return {stem + stem[-1] + ending: (right, kind)
                for right, ending, kind in ((verb.past[0], "ed", "past tense"), (verb.ing[0], "ing", "-ing form"))
                if right == stem + ending and not lemminflect.getAllLemmas(stem + stem[-1] + ending)
                and (ending == "ing" or stem[-1] == "d")}  # "hatted" is a word of its own (wearing a hat)
    if len(base) < 4 or base[-1] in VOWELS or base[-1] in "lcswxyh" or base[-2] not in VOWELS:
        return {}  # the British "-lled" is right ("travelled"); "-cked", "-ssed" are other rules
    out = {}
    for right, ending, kind in ((verb.past[0], "ed", "past tense"), (verb.ing[0], "ing", "-ing form")):
        wrong = base + base[-1] + ending
        if right == base + ending and not lemminflect.getAllLemmas(wrong):
            out[wrong] = (right, kind)
    return out


def same_unknown_verb(a: str, b: str, dictionary: bool = True) -> bool:
    """Two lower-case words no table knows that are forms of one verb in lemminflect's dictionary
    ("performs" / "performed"; not with dictionary=False) or look like it ("smell" / "smells"): one
    is the other plus an inflection. Names (capitalised) never are."""
    if a == b or near_lemmas(a) or near_lemmas(b) or not (a.isalpha() and b.isalpha() and a.islower() and b.islower()):
        return False
    if a in FUNCTION_WORDS or b in FUNCTION_WORDS:
        return False
    if dictionary and set(verb_lemmas(a)) & set(verb_lemmas(b)):
        return True  # lemminflect's forms of one verb, no stem shared ("mislaid" / "mislay")
    short, long = sorted((a, b), key=len)
    return short in stems(long)


def unknown_forms(word: str) -> tuple[str, ...]:
    """Forms a word no table knows might have if it is a verb: lemminflect's forms of the verbs it
    may be a form of, or, for a word lemminflect does not know either, its possible bases inflected
    by the spelling rules."""
    known = [lemma for lemma in verb_lemmas(word) if spellings(lemma)]
    if known:
        forms = [word] + [f for lemma in known for f in conjugate(lemma).forms()]
    else:
        forms = []
        for base in [word] + [s for s in stems(word) if len(s) >= 3]:
            forms += [base, third_person(base), regular_past(base), ing_form(base)]
            if base.endswith("l"):  # British spelling doubles it: "travelled", "travelling"
                forms += [base + "led", base + "ling"]
    return tuple(f for f in dict.fromkeys(forms) if f == word or same_unknown_verb(word, f))


def aux_family(word: str) -> str | None:
    """"be", "have", "do", "modal" or "to" for an auxiliary (or "to"), else None."""
    return AUX_FAMILY.get(word.lower().replace("\u2019", "'"))


def negative(word: str) -> bool:
    return word.lower().replace("\u2019", "'") in NEGATIVE


def is_verb_form(word: str) -> bool:
    return aux_family(word) is not None or bool(lemmas(word))


# The forms an explanation may name ("the past tense 'went'"), for the auxiliaries by hand.
AUX_KINDS = {
    "be": ("base",), "am": ("present",), "is": ("third",), "are": ("present",), "was": ("past",), "were": ("past",),
    "been": ("participle",), "being": ("ing",), "isn't": ("third",), "aren't": ("present",), "wasn't": ("past",),
    "weren't": ("past",), "have": ("base",), "has": ("third",), "had": ("past", "participle"), "having": ("ing",),
    "haven't": ("base",), "hasn't": ("third",), "hadn't": ("past",), "do": ("base",), "does": ("third",),
    "did": ("past",), "done": ("participle",), "doing": ("ing",), "don't": ("base",), "doesn't": ("third",),
    "didn't": ("past",),
}


@cache
def kind_table() -> dict[str, frozenset[str]]:
    """Every form of every known verb -> which forms it is: base, third, past, participle, ing."""
    table: dict[str, set[str]] = {}
    for verb in conjugations():
        for kind in KINDS:
            for form in verb.spellings(kind):
                table.setdefault(form, set()).add(kind)
    for word, kinds in AUX_KINDS.items():
        table[word] = set(kinds)
    return {form: frozenset(kinds) for form, kinds in table.items()}


@lru_cache(maxsize=1 << 16)  # the vetoes ask it about the same words again and again; lemminflect copies its tables
def form_kinds(word: str) -> frozenset[str]:
    """Which forms `word` is ("went" -> past; "walked" -> past, participle), judged by its ending
    when no table knows it ("smelled" -> past, participle; "smell" -> base)."""
    word = word.lower().replace("\u2019", "'")
    known = kind_table().get(word)
    if known is not None:
        return known
    if word.endswith("ing"):
        return frozenset(("ing",))
    if word.endswith("ed"):
        # a base whose own spelling ends so ("succeed", "proceed", "shred") is no past
        own = lemminflect.getAllInflections(word, upos="VERB")
        if word in own.get("VB", ()) and word not in own.get("VBD", ()):
            return frozenset(("base",))
        return frozenset(("past", "participle"))
    if word.endswith("s") and not word.endswith("ss"):
        return frozenset(("third",))
    return frozenset(("base",))


# verbs followed by the -ing form and never by "to" + a verb (learner grammars' list; left out: "keep to"
# and "admit to", where "to" takes a noun, "risk" ("worth the risk to try"), and verbs after which "to" may
# say why: "I practise to improve", "she quit to study", "we delayed to avoid the traffic")
ONLY_ING = frozenset(("enjoy", "mind", "finish", "avoid", "suggest", "consider", "miss", "recommend", "fancy",
                      "appreciate", "discuss", "recall", "deny", "dislike", "detest", "imagine"))
# ... and with the verbs after which "to" may say why, every verb that takes the -ing form and never a bare infinitive
# ("stop talking", "keep trying", "quit smoking"; "stop talk" is the learner's slip)
ING_TAKING = ONLY_ING | {"keep", "practise", "practice", "quit", "stop"}
MIND_LEADS = frozenset(("i", "you", "we", "they", "he", "she", "would", "wouldn't", "do", "don't", "does", "doesn't",
                        "did", "didn't", "not", "never"))
_ONLY_ING_FORMS = ONLY_ING | {form for verb in ONLY_ING for forms in lemminflect.getAllInflections(verb, upos="VERB").values()
                              for form in forms}


# prepositions a learner puts "to" + a verb after ("against to ban", "after to eat"); not "about" ("about to leave")
ING_PREPOSITIONS = frozenset(("against", "after", "before", "without", "despite", "besides"))
TIME_AMOUNTS = frozenset(("minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year",
                          "years", "moment", "moments", "night", "evening", "morning", "while"))


def takes_only_ing(before: list[str]) -> bool:
    """Do the (lower-cased) words before a "to" end with a verb that takes only the -ing form ("I
    enjoy", "would you mind") or a preposition ("against", "after"), not a noun or adjective of the
    same spelling ("had in mind to see", "not minded to answer")? "mind" counts after a subject or an
    auxiliary only."""
    if before and before[-1] in ING_PREPOSITIONS:
        # not an adverb after an amount of time ("She had left an hour before to take a photo")
        return not (before[-1] in ("before", "after") and len(before) >= 2 and before[-2] in TIME_AMOUNTS)
    if not before or before[-1] not in _ONLY_ING_FORMS or before[-1] == "minded":
        return False
    be = ("is", "are", "was", "were", "be", "been", "being", "it's")
    if before[-1].endswith("ed") and len(before) >= 2 and (before[-2] in be or len(before) >= 3 and before[-3] in be
                                                           and (before[-2].endswith("ly") or before[-2] in ("not", "also", "often"))):
        return False  # a passive: "It is (highly) recommended to book early", "He was considered to be the best"
    return before[-1] not in ("mind", "minds") or (len(before) >= 2 and before[-2] in MIND_LEADS)


# adjectives of "it is ... to do": a verb after them in that frame needs "to" ("it is difficult find a flat")
TO_ADJECTIVES = frozenset(("important", "difficult", "easy", "hard", "possible", "impossible", "necessary", "better",
                           "best", "good", "nice", "interesting", "useful", "dangerous", "essential", "expensive",
                           "cheaper", "easier", "harder", "great", "boring", "exciting", "helpful", "safer"))
IT_LEADS = frozenset(("it", "this", "that"))
OBJECT_STARTS = frozenset(("a", "an", "the", "my", "your", "his", "her", "our", "their", "this", "these", "those",
                           "some", "any", "more", "new", "it", "them", "him", "us", "me", "people", "english"))


def needs_to(before: list[str], verb: str, after: str) -> bool:
    """Does a verb's base form between the (lower-cased) words `before` and the word `after` it need a
    "to" that is missing: "it is (very) difficult find a flat", "it would be better organise the
    workshops" (only where an object follows the verb, so that a noun of the same spelling, "it is
    hard work", is not read as one), or "they would prefer have lunch" (not a verb that is also a
    noun: "would you like help", "I would prefer water")?"""
    return _adjective_frame(before, after) or _wished(before, verb) or _how(before, verb, after) or _going(before, verb, after)


GOING_LEADS = frozenset(("am", "is", "are", "was", "were", "'m", "'re", "i'm", "we're", "you're", "they're", "he's",
                         "she's", "it's", "not"))


def _going(before: list[str], verb: str, after: str) -> bool:
    """A verb's base form right after "am/is/are/was/were going" ("We are going decorate the garden" -> "going to
    decorate"): a verb that is no noun or adverb, or any with a determiner or a pronoun after it ("going home" is a
    place)."""
    if before[-1:] != ["going"] or len(before) < 2 or before[-2] not in GOING_LEADS or verb in FUNCTION_WORDS:
        return False
    kinds = set(lemminflect.getAllLemmas(verb))
    if "ADV" in kinds or "ADJ" in kinds or "VERB" not in kinds:
        return False
    return after in OBJECT_STARTS or "NOUN" not in kinds


def _adjective_frame(before: list[str], after: str) -> bool:
    if after not in OBJECT_STARTS or not before or before[-1] not in TO_ADJECTIVES:
        return False
    lead = [w for w in before[-6:-1] if w not in ("very", "so", "really", "quite", "more", "much", "not", "too")]
    if lead[-1:] in (["it's"], ["that's"]):
        return True
    return len(lead) >= 2 and lead[-1] in ("is", "was", "be", "'s") and any(w in IT_LEADS for w in lead[-4:-1])


# verbs of knowing, learning and showing, before "how" and a verb ("learn how to swim")
HOW_VERBS = frozenset(f for verb in ("know", "learn", "teach", "show", "explain", "understand", "forget", "remember",
                                     "tell", "ask", "wonder", "decide", "discover", "see")
                      for forms in lemminflect.getAllInflections(verb, upos="VERB").values() for f in forms)
HOW_OBJECTS = frozenset(("me", "you", "him", "her", "us", "them", "people", "students", "children"))


def _how(before: list[str], verb: str, after: str) -> bool:
    """"how" and a verb's base form after a verb of knowing, learning or showing (and its object): "learn how organise
    their documents", "teaching me how make bread" -> "how to make". Only a verb that is no noun with a noun after it,
    or any with a determiner or a pronoun after it: "I know how work experience helps" has a noun after "how"."""
    if before[-1:] != ["how"] or len(before) < 2:
        return False
    lead = before[-2] if before[-2] not in HOW_OBJECTS or len(before) < 3 else before[-3]
    if lead not in HOW_VERBS or lemminflect.getAllLemmas(verb, upos="ADJ") or verb == "come":
        return False  # "show how close it is": an adjective; "I wonder how come the bus is late"
    if after in OBJECT_STARTS:
        return True
    a_noun = bool(lemminflect.getAllLemmas(verb, upos="NOUN"))
    return not a_noun and bool(lemminflect.getAllLemmas(after, upos="NOUN")) and not lemmas(after) and after not in FUNCTION_WORDS


WISH = frozenset(("like", "love", "prefer", "hate"))
WOULD = frozenset(("would", "'d", "i'd", "we'd", "you'd", "they'd", "he'd", "she'd"))
WISHERS = frozenset(("i", "you", "we", "they", "he", "she", "people"))


def _wished(before: list[str], verb: str) -> bool:
    lead = [w for w in before[-3:] if w not in ("really", "rather", "much", "not")]
    if not lead or lead[-1] not in WISH or lemminflect.getAllLemmas(verb, upos="NOUN"):
        return False
    return len(lead) >= 2 and lead[-2] in WOULD or len(lead) >= 3 and lead[-3] in ("would", "wouldn't") and lead[-2] in WISHERS


@cache
def adjective_tags(word: str) -> frozenset[str]:
    """Which of an adjective's forms `word` is, by lemminflect: "JJ" (as written), "JJR", "JJS"; empty if none."""
    tags = set()
    for lemma in lemminflect.getAllLemmas(word, upos="ADJ").get("ADJ", ()):
        if word == lemma:
            tags.add("JJ")
        inflections = lemminflect.getAllInflections(lemma, upos="ADJ")
        tags |= {tag for tag in ("JJR", "JJS") if word in inflections.get(tag, ())}
    return frozenset(tags)
