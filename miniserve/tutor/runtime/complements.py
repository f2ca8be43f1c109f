"""The form a verb's complement takes, where a frame leaves one choice (learners' "verb form" errors
after the fixed patterns of patterns.py):

- `passive_participle`: a base form right after "is/was/were ..." is a passive's participle ("The
  castle was build in 1150" -> "built", "The roads were destroy by" -> "destroyed"). Only a word that
  is no noun and no adjective ("It was love at first sight", "The shop is open"), or one that is with
  "by" or "in" + a year right after it, or after "to be" / "will be" ("needs to be repair" -> "repaired"); never before an object ("They were build a house": the
  progressive may be meant).
- `object_to`: after "tell/ask/allow/encourage/want ..." and a pronoun object, "to" and the base form
  ("told us wait" -> "told us to wait", "encouraged us asking" -> "to ask", "told me don't open" ->
  "not to open"); and after the passive "be allowed / supposed / told ..." ("are not allowed use" ->
  "allowed to use").
- `spending_time`: "spend time / hours / money" + a base form takes the -ing form ("spend more time
  read books" -> "reading").
- `let_to`: "let their children to use" -> "let their children use" (with a pronoun: patterns.py).
- `missing_to`: a verb that takes "to" and the infinitive, then a base form with its object ("I
  really want visit the museum" -> "want to visit"); `worth_to`: "worth to spend" -> "worth spending".
- `infinitive_forms`: "used to worked" -> "work", "would rather to stay" -> "rather stay", "happy to
  helping" -> "help", "thinking of to buy" -> "of buying".
- `base_after_let_make`: "let us went" -> "let us go", "made us feeling" -> "made us feel".
- `base_after_a_modal`: "must learning" -> "must learn"; `infinitive_after_it`: "makes it possible
  working" -> "to work"; `infinitive_after_it_is`: "It is difficult imagine" -> "difficult to imagine".
(A base form after a verb that takes only the -ing form or after "instead of", "We recommend visit the castle"
-> "visiting": patterns.py, beside the other frames of the -ing form.)

Each finds the edit from the sentence's own words; none fires on WordNet's usage examples (tests).
"""

from __future__ import annotations

from functools import cache

import lemminflect

from miniserve.tutor.runtime.agreement import _noun_forms
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, NOUN_MARKERS, OBJECT_STARTS, aux_family, form_kinds, indexed_words, inflection, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.verbs import valences

BE_FINITE = frozenset(("is", "are", "was", "were", "be", "being", "isn't", "aren't", "wasn't", "weren't"))
BE_USED = BE_FINITE | {"am", "i'm", "you're", "we're", "they're", "he's", "she's", "been", "get", "got", "getting"}
BETWEEN = frozenset(("not", "also", "already", "never", "recently", "just", "often", "usually", "always", "still"))
TELLING = ("tell", "ask", "allow", "encourage", "advise", "invite", "persuade", "remind", "force", "warn", "order",
           "want", "expect", "permit", "beg", "urge", "instruct", "forbid", "would like")
TOLD = frozenset(("allowed", "supposed", "expected", "required", "forced", "asked", "told", "encouraged", "advised",
                  "invited", "permitted", "obliged", "meant"))
GIVING = ("allow", "permit", "offer", "deny", "grant", "promise")  # also take two objects ("allowed us access")
PRONOUN_OBJECTS = frozenset(("me", "you", "him", "her", "us", "them"))
SPAN_NOUNS = frozenset(("time", "hours", "minutes", "days", "weeks", "months", "years", "money", "evenings",
                        "weekends", "afternoons", "mornings", "day", "afternoon", "morning", "evening", "weekend"))
# what may follow a passive's participle: a preposition or a joining word ("was built in", "by")
PASSIVE_NEXT = frozenset(("by", "in", "on", "at", "during", "from", "with", "for", "into", "last", "yesterday",
                          "because", "after", "before", "when", "near", "under", "over", "through", "between", "to",
                          "ago", "every", "since", "so", "but", "again", "there", "here", "soon", "quickly",
                          "immediately", "now", "today", "tomorrow", "next", "as", "properly", "correctly", "easily"))
# adjectives lemminflect lists as verbs only ("The report is complete")
VERB_ADJECTIVES = frozenset(("complete", "finished", "separate", "correct", "perfect", "moderate", "approximate",
                             "deliberate", "elaborate", "intimate", "legitimate", "appropriate", "alternate"))
# nouns that follow "to be" or "will be" as they are ("It is going to be fun", "will be home")
BE_NOUNS = frozenset(("fun", "home", "work", "part", "use", "help", "love", "friends", "trouble", "change", "hope",
                      "cause", "need", "rest", "answer", "result", "show", "test", "study", "experience"))
TO_VERBS = ("want", "need", "decide", "plan", "hope", "try", "learn", "agree", "promise", "refuse", "manage", "expect",
            "would like", "'d like", "forget", "remember", "intend", "wish", "afford", "prepare", "offer")
# verbs after which "to" is only the infinitive's ("want to going" -> "go"; not "agree", "object", "look forward": "to" may be a preposition)
TO_ING_LEADS = frozenset(f for verb in ("want", "need", "decide", "plan", "hope", "learn", "promise", "refuse", "manage",
                                        "expect", "intend", "afford") for forms in lemminflect.getAllInflections(verb, upos="VERB").values()
                         for f in forms if not f.endswith("ing"))
CANT = frozenset(("can't", "cannot", "couldn't", "not"))  # "I can't wait to seeing you" -> "see"
SPEND = frozenset(("spend", "spends", "spent", "spending"))


@cache
def _forms_of(verbs: tuple[str, ...]) -> frozenset[str]:
    return frozenset(f for verb in verbs for forms in lemminflect.getAllInflections(verb, upos="VERB").values()
                     for f in forms) | frozenset(verbs)


def _plain_base(word: str) -> bool:
    """A verb's base form in lemminflect's dictionary, only that (not "cut", which is a past too), not an
    auxiliary nor a function word (form_kinds takes unknown words for verbs)."""
    return (form_kinds(word) == frozenset({"base"}) and aux_family(word) is None and word not in FUNCTION_WORDS
            and word in lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ()))


def _ing(word: str) -> str | None:
    return inflection(word, "VBG")


def _spaced(toks: list[str], a: int, b: int) -> bool:
    """Only one space between the tokens at a and b."""
    return "".join(toks[a + 1:b]) == " "


def passive_participle(toks: list[str]) -> list[Edit]:
    """"The castle was build in 1150" -> "built"."""
    words = indexed_words(toks)
    found = []
    for k in range(1, len(words)):
        (i, word) = words[k]
        j = k - 1
        while j > 0 and words[j][1] in BETWEEN:
            j -= 1
        if words[j][1] not in BE_FINITE or not _plain_base(word) or not _spaced(toks, words[k - 1][0], i):
            continue
        after = words[k + 1][1] if k + 1 < len(words) else ""
        ends = k + 1 == len(words) and words[j][1] == "be" and j > 0 and words[j - 1][1] == "to"
        if after not in PASSIVE_NEXT and not ends:
            continue  # "must be complete until", "was third.": an adjective or a noun may be meant
        if after in OBJECT_STARTS or after in PRONOUN_OBJECTS or k + 1 < len(words) and toks[words[k + 1][0] - 1] != " ":
            continue  # an object: the progressive may be meant ("were build a house")
        adjective = lemminflect.getAllLemmas(word, upos="ADJ") or word in VERB_ADJECTIVES
        infinitive = words[j][1] == "be" and j > 0 and (words[j - 1][1] == "to" or aux_family(words[j - 1][1]) == "modal")
        if adjective or any(_noun_forms(word)):
            framed = after == "by" or after == "in" and _a_time(toks, words[k + 1][0]) or infinitive and word not in BE_NOUNS
            if adjective or not framed or valences().get(word) not in ("T", "B"):
                continue  # "to be repair because" -> "repaired"; "It was love at first sight" stays
        participle = inflection(word, "VBN")
        if participle is not None and participle != word:
            found.append(Edit(i, i + 1, (participle,)))
    return found


def _a_time(toks: list[str], i: int) -> bool:
    """Does a year or a century follow the word at i ("in 1920", "in the twelfth century")?"""
    ahead = [norm(t) for t in toks[i + 1:i + 8] if not t.isspace()][:4]
    return bool(ahead) and ahead[0].isdigit() or "century" in ahead or "centuries" in ahead


NOT_VERBS_HERE = frozenset(("home", "back", "here", "there", "away", "out", "in", "up", "down", "alone", "well"))


def object_to(toks: list[str]) -> list[Edit]:
    """"told us wait" -> "told us to wait", "encouraged us asking" -> "to ask", "are not allowed use" -> "allowed to use"."""
    words = indexed_words(toks)
    telling = _forms_of(TELLING)
    found = []
    for k in range(1, len(words)):
        (i, word), (p, before) = words[k], words[k - 1]
        if not _spaced(toks, p, i) or i + 1 < len(toks) and toks[i + 1] == "-":
            continue  # "asked him point-blank"
        if before == "her" and any(_noun_forms(word)):
            continue  # "forced her diet on him": "her" may be the determiner
        after_object = before in PRONOUN_OBJECTS and k >= 2 and words[k - 2][1] in telling and words[k - 2][1] != "let"
        passive = before in TOLD and k >= 2 and words[k - 2][1] in BE_FINITE | BETWEEN | {"been", "get", "got"}
        if not (after_object or passive):
            continue
        if word in ("don't", "not") and after_object and k + 1 < len(words) and _plain_base(words[k + 1][1]):
            found.append(Edit(i, i + 1, ("not", " ", "to")))  # "told me don't open" -> "told me not to open"
        elif _plain_base(word) and word not in NOT_VERBS_HERE and not lemminflect.getAllLemmas(word, upos="ADJ") \
                and not (words[k - 2][1] in _forms_of(GIVING) and any(_noun_forms(word))):  # "allowed us access to"
            found.append(Edit(i, i, ("to", " ")))  # "told us wait" -> "told us to wait"
        elif word.endswith("ing") and after_object and words[k - 2][1] not in _forms_of(("want", "expect")):
            base = next(iter(lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ())), None)
            next_word = words[k + 1][1] if k + 1 < len(words) else ""
            if lemminflect.getAllLemmas(word, upos="ADJ") and any(_noun_forms(next_word)):
                continue  # "told us interesting stories": an adjective and the second object
            if base is not None and base != word:
                found.append(Edit(i, i + 1, ("to", " ", base)))  # "encouraged us asking" -> "to ask"
    return found


def spending_time(toks: list[str]) -> list[Edit]:
    """"spend more time read books" -> "reading"."""
    words = indexed_words(toks)
    found = []
    for k in range(2, len(words)):
        (i, word) = words[k]
        kinds = form_kinds(word)  # "read" is a past too; after "time" it is not
        if "base" not in kinds or "third" in kinds or aux_family(word) is not None or word in FUNCTION_WORDS \
                or word not in lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ()):
            continue
        if not _spaced(toks, words[k - 1][0], i) or words[k - 1][1] not in SPAN_NOUNS:
            continue
        lead = [w for _, w in words[max(0, k - 5):k - 1]]
        if not any(w in SPEND for w in lead) or any(w in ("to", "and", "that", "which") for w in lead[lead.index(next(w for w in lead if w in SPEND)):]):
            continue
        ing = _ing(word)
        if ing is not None:
            found.append(Edit(i, i + 1, (ing,)))
    return found


# adverbs lemminflect also lists as verbs ("to even out", "to back"): after "expect", "need" ... the adverb is meant
ADVERBS_AS_VERBS = frozenset(("even", "back", "right", "well", "still", "further", "just", "only", "really", "down", "up"))


def missing_to(toks: list[str]) -> list[Edit]:
    """"I really want visit the museum" -> "want to visit": a verb that takes "to" and the infinitive,
    then a base form with its object."""
    words = indexed_words(toks)
    to_verbs = _forms_of(TO_VERBS) - {"hoping", "trying", "wanting", "needing"}
    found = []
    for k in range(1, len(words) - 1):
        (i, word), (p, before), (_, after) = words[k], words[k - 1], words[k + 1]
        if before not in to_verbs or not _plain_base(word) or not _spaced(toks, p, i) or word in ("help", "let", "like"):
            continue
        if k >= 2 and (words[k - 2][1] in NOUN_MARKERS or words[k - 2][1].endswith(("'s", "\u2019s", "s'"))
                       or toks[words[k - 2][0] + 1:p].count("'") + toks[words[k - 2][0] + 1:p].count("\u2019")):
            continue  # "The council's plans include", "our hopes rest on", "Employees' needs vary": a noun, then the verb
        if any(lemma != word for lemma in lemminflect.getAllLemmas(word, upos="ADJ").get("ADJ", ())) \
                or word in ADVERBS_AS_VERBS:
            continue  # "I need better English", "expect even more people": a comparative or an adverb, not a verb
        if after == "more" and any(_noun_forms(word)) and _compared_with_a_noun(words, k + 1):
            continue  # "Teenagers need sleep more than money": a noun, compared
        if (after in OBJECT_STARTS or after in PRONOUN_OBJECTS) and _spaced(toks, i, words[k + 1][0]):  # "needs repair, some"
            found.append(Edit(i, i, ("to", " ")))
    return found


AMOUNTS = frozenset(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "fifty",
                     "hundred", "a", "an", "half", "few", "several"))


def _compared_with_a_noun(words: list[tuple[int, str]], k: int) -> bool:
    """Does "more" at k start "more than" and anything but an amount ("sleep more than money", "more than ever"), not
    "more than one museum", where "more" starts the verb's object?"""
    rest = [w for _, w in words[k + 1:k + 3]]
    return rest[:1] == ["than"] and len(rest) == 2 and rest[1] not in AMOUNTS


def let_to(toks: list[str]) -> list[Edit]:
    """"let their children to use" -> "let their children use": "let", a determiner and a noun (or a bare plural,
    "let students to choose"), "to"."""
    words = indexed_words(toks)
    found = []
    for k in range(3, len(words) - 1):
        (t, to), (i, word) = words[k], words[k + 1]
        lead = [w for _, w in words[max(0, k - 4):k]]
        let = next((n for n, w in enumerate(lead) if w in ("let", "lets")), None)
        if to != "to" or let is None or not _plain_base(word) and word != "be" or not _spaced(toks, t, i):
            continue
        object_words = lead[let + 1:]
        if any(_noun_forms(w) == (False, True) or w.endswith("s") and not lemminflect.getAllLemmas(w) for w in object_words[1:-1]):
            continue  # "let their children cycle to school" ("childs" as learners spell it): a plural ends the object, a verb follows
        bare_plural = len(object_words) == 1 and _noun_forms(object_words[0]) == (False, True)  # "let students to choose"
        if bare_plural or 2 <= len(object_words) <= 3 and object_words[0] in NOUN_MARKERS - {"of", "in", "on", "at", "with", "for", "from", "by", "about"} \
                and (any(_noun_forms(object_words[-1])) or not lemminflect.getAllLemmas(object_words[-1])):  # "childrens"
            found.append(Edit(t, i, ()))  # "to" and the space after it go
    return found


LET_MAKE = frozenset(("let", "lets", "letting", "make", "makes", "made", "making"))
# verbs whose -ing form lemminflect also lists as an adjective ("feeling", "going"), but which after
# "made me" can only be the verb
PLAIN_ACTIONS = frozenset(("feel", "go", "think", "cry", "laugh", "wait", "come", "leave", "stay", "sleep", "run", "walk",
                           "smile", "play", "talk", "speak", "work", "do", "get", "look", "sit", "stand", "try", "want",
                           "wonder", "realise", "realize", "believe", "forget", "remember", "stop", "start", "eat", "drink"))


def base_after_let_make(toks: list[str]) -> list[Edit]:
    """"let us went" -> "let us go", "made us feeling" -> "feel", "made me feels" -> "feel": after "let" or
    "make" and a pronoun object, the base form. Only a past that is no participle, an -ing form or a
    third person's form that is no adjective ("made me interested", "makes you boring") and no noun's
    plural ("made them cakes")."""
    words = indexed_words(toks)
    found = []
    for k in range(2, len(words)):
        (i, word), (_, obj), (_, lead) = words[k], words[k - 1], words[k - 2]
        if lead not in LET_MAKE or obj not in PRONOUN_OBJECTS or not _spaced(toks, words[k - 1][0], i):
            continue
        kinds = form_kinds(word)
        singular, plural = _noun_forms(word)
        if aux_family(word) is not None or "base" in kinds or plural and (word.endswith("s") or not singular) \
                or not (kinds == {"past"} or kinds & {"third"} or word.endswith("ing") and kinds):
            continue
        base = next(iter(sorted(lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ()))), None)
        if base is None or base == word or lemminflect.getAllLemmas(word, upos="ADJ") and base not in PLAIN_ACTIONS:
            continue  # "makes you boring", "made me interested": an adjective may be meant
        found.append(Edit(i, i + 1, (base,)))
    return found


def worth_to(toks: list[str]) -> list[Edit]:
    """"It is worth to spend" -> "worth spending"."""
    words = indexed_words(toks)
    found = []
    for k in range(2, len(words)):
        (i, word), (t, to), (_, worth) = words[k], words[k - 1], words[k - 2]
        if worth == "worth" and to == "to" and _spaced(toks, t, i) and "base" in form_kinds(word) and aux_family(word) is None:
            ing = _ing(word)
            if ing is not None:
                found.append(Edit(t, i + 1, (ing,)))
    return found


MODALS = frozenset(("can", "could", "will", "would", "should", "must", "might", "shall", "cannot", "can't", "couldn't",
                    "won't", "wouldn't", "shouldn't", "mustn't"))
IT_FRAMES = frozenset(("possible", "impossible", "easier", "easy", "difficult", "hard", "harder", "cheaper", "safer"))


QUESTION_LEADS = frozenset(("but", "and", "so", "then", "why", "how", "when", "where", "what", "which", "who", "or"))


def base_after_a_modal(toks: list[str]) -> list[Edit]:
    """"People must learning to protect" -> "must learn": a modal, then an -ing form (never "must be
    learning" without "be"). Not "May" or "Will" (a month, a name), nor "can" after a determiner."""
    words = indexed_words(toks)
    found = []
    for k in range(1, len(words)):
        (i, word), (m, modal) = words[k], words[k - 1]
        if modal not in MODALS or not toks[m][:1].islower() or not _spaced(toks, m, i) or not word.endswith("ing"):
            continue
        if k >= 2 and (words[k - 2][1] in NOUN_MARKERS or words[k - 2][1] in BE_FINITE):
            continue  # "the can opening", "a book that is must reading"
        if "?" in toks and all(w in QUESTION_LEADS for _, w in words[:k - 1]):
            continue  # "But should swimming lessons be compulsory?": a question's subject follows its modal
        base = next(iter(lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ())), None)
        if base is not None and base != word and word in lemminflect.getAllInflections(base, upos="VERB").get("VBG", ()):
            found.append(Edit(i, i + 1, (base,)))
    return found


def infinitive_after_it(toks: list[str]) -> list[Edit]:
    """"Technology makes it possible working from home" -> "to work": "make/find it possible" takes "to"."""
    words = indexed_words(toks)
    found = []
    for k in range(3, len(words)):
        (i, word), (_, frame), (_, it), (_, verb) = words[k], words[k - 1], words[k - 2], words[k - 3]
        if it != "it" or frame not in IT_FRAMES or verb not in _forms_of(("make", "find")) or not word.endswith("ing"):
            continue
        base = next(iter(lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ())), None)
        if base is not None and base != word:
            found.append(Edit(i, i + 1, ("to", " ", base)))
    return found


IT_BE = frozenset(("is", "was", "isn't", "wasn't", "be", "it's", "seems", "seemed"))
IT_BE_FRAMES = IT_FRAMES | {"important", "necessary", "essential", "dangerous", "useful", "better", "nice", "interesting",
                            "expensive", "boring", "exciting", "unusual", "normal", "common", "rare", "impolite", "rude"}


def infinitive_after_it_is(toks: list[str]) -> list[Edit]:
    """"It is difficult imagine life without electricity" -> "difficult to imagine": "it is" + an
    adjective of this kind takes "to" before a verb. Only a base form that is no adjective and no noun
    ("It is hard work", "It was easy money" are right) unless an object follows it ("difficult find a hotel")."""
    words = indexed_words(toks)
    found = []
    for k in range(2, len(words) - 1):
        (i, word), (_, frame), (_, be) = words[k], words[k - 1], words[k - 2]
        it = be == "it's" or k >= 3 and words[k - 3][1] == "it" or k >= 4 and words[k - 4][1] == "it" and words[k - 3][1] == "will"
        object_next = words[k + 1][1] in OBJECT_STARTS or words[k + 1][1] in PRONOUN_OBJECTS  # "difficult find a hotel"
        if not it or be not in IT_BE or frame not in IT_BE_FRAMES or not _plain_base(word) or aux_family(word) is not None \
                or any(_noun_forms(word)) and not object_next or lemminflect.getAllLemmas(word, upos="ADJ") or toks[i - 1] != " ":
            continue
        found.append(Edit(i, i, ("to", " ")))
    return found


GLAD = frozenset(("happy", "glad", "pleased", "ready", "able", "willing", "eager", "delighted", "sorry", "sad", "unable"))
THINKING_OF = frozenset(("thinking", "think", "thought", "interested", "fond", "capable", "tired", "keen", "afraid"))


def infinitive_forms(toks: list[str]) -> list[Edit]:
    """The infinitive's own forms: "used to worked" -> "used to work", "would rather to stay" -> "would
    rather stay", "happy to helping" -> "happy to help"; and an -ing form for "to" after "thinking
    of/about", "interested in" ("thinking of to buy" -> "thinking of buying")."""
    words = indexed_words(toks)
    found = []
    for k in range(2, len(words)):
        (i, word), (t, to), (at, lead) = words[k], words[k - 1], words[k - 2]
        if not _spaced(toks, t, i):
            continue
        if to == "to" and lead == "used" and k >= 3 and words[k - 3][1] not in BE_USED \
                and _only_past_or_participle(word):
            base = next(iter(lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ())), None)
            if base is not None and base != word:
                found.append(Edit(i, i + 1, (base,)))  # "used to worked" -> "work"
        elif to == "to" and lead == "rather" and k >= 3 and words[k - 3][1] in ("would", "'d") or \
                to == "to" and lead == "better" and k >= 3 and words[k - 3][1] in ("had", "'d"):
            if "base" in form_kinds(word):
                found.append(Edit(t, i, ()))  # "would rather to stay" -> "would rather stay"
        elif to == "to" and (lead in GLAD or lead in TO_ING_LEADS or lead == "wait" and k >= 3 and words[k - 3][1] in CANT) \
                and word.endswith("ing") and _spaced(toks, at, t):  # not "and, I hope, to meeting you": a comma between
            base = next(iter(lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ())), None)
            if base is not None and base != word and word in lemminflect.getAllInflections(base, upos="VERB").get("VBG", ()):
                found.append(Edit(i, i + 1, (base,)))  # "happy to helping" -> "help", "can't wait to seeing" -> "see"
        elif word == "to" and to in ("of", "about", "in", "on") and lead in THINKING_OF and k + 1 < len(words):
            j, verb = words[k + 1]
            ing = _ing(verb) if _plain_base(verb) else None
            if ing is not None and _spaced(toks, i, j):
                found.append(Edit(i, j + 1, (ing,)))  # "thinking of to buy" -> "of buying"
    return found


def _only_past_or_participle(word: str) -> bool:
    kinds = form_kinds(word)
    return bool(kinds) and kinds <= {"past", "participle"} and aux_family(word) is None


def edits(toks: list[str]) -> list[Edit]:
    """Every edit these frames call for."""
    return (passive_participle(toks) + object_to(toks) + spending_time(toks)
            + missing_to(toks) + worth_to(toks) + let_to(toks) + infinitive_forms(toks) + base_after_a_modal(toks) + infinitive_after_it(toks)
            + base_after_let_make(toks) + infinitive_after_it_is(toks))


def explanation(toks: list[str], edit: Edit) -> str:
    """Names the frame."""
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    old = "".join(toks[edit.start:edit.end]).strip()
    new = "".join(edit.new)
    if not edit.new and before[-1:] and before[-1] in ("rather", "better"):  # "would rather to stay"
        return f"After '{' '.join(before[-2:])}', use the verb without 'to': '{toks[edit.end]}', not 'to {toks[edit.end]}'."
    if not edit.new:  # "to" taken out
        return f"After 'let' and its object, use the verb without 'to': '{toks[edit.end]}', not 'to {toks[edit.end]}'."
    if len(before) >= 2 and before[-2] in LET_MAKE and before[-1] in PRONOUN_OBJECTS:
        return f"After '{before[-2]} {before[-1]}', use the base form: '{new}', not '{old}'."
    if before[-2:] == ["used", "to"] or before[-1:] == ["to"] and before[-2:-1] and (before[-2] in GLAD or before[-2] in TO_ING_LEADS
                                                                                     or before[-2] == "wait"):
        return f"After '{' '.join(before[-2:])}', use the base form: '{new}', not '{old}'."
    if edit.start == edit.end:  # "to" put in
        return f"After '{' '.join(before[-2:])}', use 'to' and the verb: 'to {toks[edit.start]}', not '{toks[edit.start]}'."
    if new.startswith("to ") or new.startswith("not to"):
        return f"After '{' '.join(before[-2:])}', use 'to' and the verb: '{new}', not '{old}'."
    if toks[edit.start].lower() == "to" and new.endswith("ing"):  # "of to buy" -> "of buying"
        return f"After '{before[-1]}', use the -ing form: '{new}', not '{old}'."
    if new.endswith("ing"):
        return f"After '{' '.join(before[-2:]) if before[-1] in SPAN_NOUNS else before[-1]}', use the -ing form: '{new}', not '{old}'."
    return f"In the passive, use the past participle: '{new}', not '{old}'."
