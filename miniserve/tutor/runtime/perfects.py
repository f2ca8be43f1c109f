"""The present perfect and the past perfect a sentence's own words call for: learners put the simple
present or past where "since", "for ... now" or "already" after a past clause shows the time.

- `perfect_since`: a present that "since" and a point in the past reach back to ("I know Marta since we
  were six" -> "have known", "We didn't see each other since Christmas" -> "haven't seen");
- `perfect_for`: "know" or "be" with "for" and a span of time up to now ("I know Marco for ten years"), and
  a progressive with a span that "now" closes or of years ("I am working here for two years now");
- `already_perfect`: "already" and a past after a past "when" clause ("the train already left" ->
  "had already left");
- `perfect_after_an_opening_since`: a simple past after an opening "Since" and a point in time ("Since 2020 the
  price of a meal rose" -> "has risen").

Each decides alone (Turn.decided); none fires on WordNet's examples or the look-alikes (tests).
"""

from __future__ import annotations

import re

import lemminflect

from miniserve.tutor.runtime.agreement import _noun_forms, plural_subject
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, adjective_tags, aux_family, form_kinds, indexed_words, inflection, lemmas
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.subjects import PRONOUNS
from miniserve.tutor.runtime.tense import _DAYS, _MONTHS, JOINING_WORDS, NOW_VERBS, only_past, _participle_after, past_clauses
from miniserve.tutor.runtime.vetoes.words import singular_noun


SINCE_WHEN = re.compile(rf"^since\s+((1[89]\d\d|20\d\d)\b|(last|yesterday|then|childhood|i\s+was|we\s+were|he\s+was|"
                        rf"she\s+was|they\s+were|you\s+were|my|the|our|his|her|their|christmas|easter|{_DAYS}|{_MONTHS})\b)", re.I)
PERFECT_BE = {"am": "have been", "are": "have been", "is": "has been"}
# a point in time only ("since" before "my", "the" ... may also mean "because")
SINCE_A_POINT = re.compile(rf"^since\s+((1[89]\d\d|20\d\d)\b|(last|yesterday|then|childhood|christmas|easter|{_DAYS}|{_MONTHS})\b|"
                           r"the\s+(\d+(st|nd|rd|th)|first|second|third|beginning|start|end|summer|winter|spring|autumn)\b)", re.I)


# nouns of a change, which take a "since" of their own: "an improvement since", "the rise in prices since"
CHANGE_NOUNS = frozenset(w for noun in ("improvement", "increase", "change", "rise", "fall", "drop", "decrease", "growth",
                                        "difference", "progress", "decline", "reduction", "development", "jump")
                         for w in (noun, *lemminflect.getInflection(noun, "NNS")))


def perfect_since(toks: list[str]) -> list[Edit]:
    """A present that "since" and a point in the past reach back to: the present perfect ("I know Marta
    since we were six" -> "have known", "I live here since 2010" -> "have lived", "She is ill since
    Monday" -> "has been", "We didn't see each other since Christmas" -> "haven't seen"). The verb
    right after a subject pronoun or a determiner and a noun, "since" in its own clause (no comma
    between); not a progressive ("I am working here since": two words to add)."""
    words = indexed_words(toks)
    text = "".join(toks)
    found = []
    for k, (i, w) in enumerate(words):
        if w != "since" or not SINCE_WHEN.match(text[len("".join(toks[:i])):]):
            continue
        subject = next((j for j in range(max(0, k - 9), k) if words[j][1] in ("i", "we", "they", "you", "he", "she", "it")
                        or words[j][1] in ("my", "the", "our", "his", "her", "their") and j + 2 < k), None)
        if subject is None:
            continue
        if words[subject][1] not in ("i", "we", "they", "you", "he", "she", "it") and _adjective(words[subject + 1][1]):
            continue  # "The main change since the last inspection is", "the highest number since": an adjective, then the noun
        j = subject + 1 if words[subject][1] in ("i", "we", "they", "you", "he", "she", "it") else subject + 2
        v, verb = words[j]
        if any(t in (",", ";") for t in toks[v:i]) or any(c in JOINING_WORDS or aux_family(c) is not None
                                                            or c in ("i", "we", "they", "he", "she") for _, c in words[j + 1:k]):
            continue  # "the best player we have had since 2012": "since" is another verb's
        if any(c in CHANGE_NOUNS or _superlative(c) and words[m - 1][1] == "the" for m, (_, c) in enumerate(words[j + 1:k], j + 1)):
            continue  # "The figures show a big improvement since last year", "It is the highest number since
            # 2010": the change's or the superlative's own "since"
        kinds = form_kinds(verb)
        if verb in ("didn't", "don't", "doesn't") and j + 1 < k and toks[v + 1] == " " and "base" in form_kinds(words[j + 1][1]):
            lemma = words[j + 1][1]  # "We didn't see each other since Christmas" -> "haven't seen"
            participle = inflection(lemma, "VBN")
            third_person = verb == "doesn't" or verb == "didn't" and words[subject][1] in ("he", "she", "it")
            if participle is not None and words[j + 1][0] == v + 2:
                found.append(Edit(v, v + 3, ("hasn't" if third_person else "haven't", " ", participle)))
            continue
        if verb in ("have", "has") and not _participle_after(toks, v):
            new = verb + " had"  # "My parents have this car since I was born" -> "have had"
        elif verb in PERFECT_BE:
            if k > j + 1 and words[j + 1][1].endswith("ing") and not SINCE_A_POINT.match(text[len("".join(toks[:i])):]):
                continue  # "I am leaving since my mother is ill": "since" may say why
            new = PERFECT_BE[verb]  # "I am waiting since the 5th of May" -> "have been waiting" too
        elif {"base", "third"} & kinds and "past" not in kinds and aux_family(verb) is None and lemmas(verb) and verb not in FUNCTION_WORDS:
            lemma = next(iter(sorted(lemmas(verb))))
            participle = inflection(lemma, "VBN")
            if participle is None or lemma not in lemminflect.getAllLemmas(lemma, upos="VERB").get("VERB", ()):
                continue
            new = ("has " if "third" in kinds else "have ") + participle
        else:
            continue
        first, *rest = new.split()
        found.append(Edit(v, v + 1, (first, " ", *rest)))
    return found


def _adjective(word: str) -> bool:
    """An adjective as written, or its comparative or superlative ("main", "higher", "highest")."""
    tags = adjective_tags(word)
    return "JJ" in tags or bool(tags) and not lemminflect.getAllLemmas(word, upos="NOUN")  # "number" is no "numb"-er here


def _superlative(word: str) -> bool:
    """"highest", "best", "most": a superlative, whose "since" ranks against the time after it ("the highest
    since"; not "my best friend since", a learner's present for "have been")."""
    return word in ("most", "least") or "JJS" in adjective_tags(word)


DURATION = re.compile(r"^for\s+(?:(?:more\s+than|over|almost|nearly|about|at\s+least)\s+)?(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|many|several|a\s+few|so\s+many)"
                      r"\s+(long\s+)?(years?|months?|weeks?|days?|hours?|decades?|ages|time)\b(?!\s+(ago|from|when|before|after|in))", re.I)
STATES = {"know": "known", "knows": "known", "am": "been", "is": "been", "are": "been"}


def perfect_for(toks: list[str]) -> list[Edit]:
    """A state verb with "for" and a span of time up to now: the present perfect ("I know Marco for ten
    years" -> "have known", "She is ill for two weeks" -> "has been"). Only "know" and "be" (a plan
    may follow "for" with other verbs: "I stay for two weeks"); the span ends its clause."""
    words = indexed_words(toks)
    text = "".join(toks)
    found = []
    for k, (i, w) in enumerate(words):
        if w != "for" or k < 2 or not DURATION.match(text[len("".join(toks[:i])):]):
            continue
        subject = next((j for j in range(max(0, k - 6), k) if words[j][1] in ("i", "we", "they", "you", "he", "she", "it")), None)
        if subject is None or subject + 1 >= k:
            continue
        v, verb = words[subject + 1]
        progressive = _progressive_up_to_now(words, subject + 1, k, text[len("".join(toks[:i])):])
        if progressive is not None:
            found.append(progressive)
            continue
        if verb not in STATES or any(t in (",", ";") for t in toks[v:i]) or any(
                c in JOINING_WORDS or aux_family(c) is not None or c.endswith("ing") for _, c in words[subject + 2:k]):
            continue
        after = [c for _, c in words[k + 1:k + 6]]
        if {"ago", "next", "tomorrow", "when"} & set(after):
            continue
        third_person = verb in ("knows", "is")
        found.append(Edit(v, v + 1, ("has" if third_person else "have", " ", STATES[verb])))
    return found


GOINGS = frozenset(("going", "coming", "leaving", "staying", "travelling", "traveling", "visiting", "moving", "flying",
                    "planning", "starting", "returning", "meeting", "spending", "taking"))  # plans: "I am staying for two years"


def _progressive_up_to_now(words: list[tuple[int, str]], j: int, k: int, rest: str) -> Edit | None:
    """"I am working as a receptionist for two years now" -> "have been working": "am / is / are", an
    -ing form right after it, then "for" and a span that "now" closes, or a span of years (not of a
    plan: "I am staying here for two years")."""
    v, verb = words[j]
    if verb not in PERFECT_BE or j + 1 >= k or not words[j + 1][1].endswith("ing") or not form_kinds(words[j + 1][1]) & {"ing"} \
            or words[j + 1][0] != v + 2:
        return None
    if any(c in JOINING_WORDS or aux_family(c) is not None for _, c in words[j + 2:k]):
        return None
    span = DURATION.match(rest)
    after = rest[span.end():].lstrip().lower() if span else ""
    years = span is not None and span.group(3).lower().startswith(("year", "decade")) and words[j + 1][1] not in GOINGS
    if span is None or not (after.startswith("now") or years) or after.startswith(("ago", "from", "in", "when")):
        return None
    first, *others = PERFECT_BE[verb].split()
    return Edit(v, v + 1, (first, " ", *others))


STATE_VERBS = frozenset(("know", "want", "like", "love", "understand", "think", "believe", "own", "need", "hate", "seem"))


def already_perfect(toks: list[str]) -> list[Edit]:
    """A past "when" clause that opens the sentence, then "already" and a past in the clause after it:
    the past perfect ("When I got to the station, the train already left" -> "had already left"). The
    verb right after "already", a subject of at most three words before it."""
    clause = past_clauses(toks)
    if not clause:
        return []
    words = indexed_words(toks)
    after = [(i, w) for i, w in words if len("".join(toks[:i])) > clause[0][1]]  # the words after the clause
    k = next((n for n, (_, w) in enumerate(after[:5]) if w == "already"), None)
    if k is None or k == 0 or k + 1 >= len(after) or k > 3:
        return []
    (a, _), (v, verb) = after[k], after[k + 1]
    if not only_past(verb) or aux_family(verb) is not None or any(aux_family(w) is not None for _, w in after[:k]) \
            or next(iter(sorted(lemmas(verb))), "") in STATE_VERBS:
        return []  # "she already knew": a state goes on
    lemma = next(iter(sorted(lemmas(verb))), None)
    participle = inflection(lemma, "VBN") if lemma else None
    if participle is None or "".join(toks[a + 1:v]) != " ":
        return []
    return [Edit(a, v + 1, ("had", " ", "already", " ", participle))]


BECAUSE = frozenset(("because", "as", "since"))
PAST_MAIN = frozenset(("didn't", "wasn't", "weren't", "couldn't", "was", "were", "did", "could"))


def never_before_perfect(toks: list[str]) -> list[Edit]:
    """A past main clause, then "because" and "have never ... before": the past perfect ("I didn't
    recognise him because I have never met him before" -> "had never met"): "before" reaches back from
    that past moment, not from now. The main clause opens the sentence and has a past; "have" or "has"
    right after a subject pronoun, "never" right after it, the participle right after that, and
    "before" ending the clause."""
    words = indexed_words(toks)
    k = next((n for n, (_, w) in enumerate(words) if w in BECAUSE and n > 1), None)
    if k is None or k + 5 > len(words):
        return []
    main = [w for _, w in words[:k]]
    if not any(only_past(w) or w in PAST_MAIN for w in main) or any(w in ("now", "today", "still") for w in main):
        return []
    (_, subject), (h, have), (_, never), (_, participle) = words[k + 1:k + 5]
    rest = [w for i, w in words[k + 5:] if not any(t in (",", ";") for t in toks[words[k + 4][0]:i])]
    if subject not in ("i", "we", "they", "you", "he", "she") or have not in ("have", "has") or never != "never" \
            or form_kinds(participle) & {"participle"} != {"participle"} or "before" not in rest[-2:]:
        return []
    return [Edit(h, h + 1, ("had",))]


AGES = frozenset(("young", "little", "small", "born", "child", "children", "kid", "kids", "baby", "babies", "teenager",
                  "teenagers", "boy", "boys", "girl", "girls", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                  "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"))
OPENING_SINCE = re.compile(rf"^since\s+((1[89]\d\d|20\d\d)|last\s+(year|month|summer|winter|spring|autumn|week)|then|{_MONTHS})\b", re.I)
SINGULAR_SUBJECTS = frozenset(("he", "she", "it", "nobody", "everybody", "everyone", "someone", "somebody", "nothing",
                               "everything", "something"))
PLURAL_SUBJECTS = frozenset(("i", "we", "they", "you"))
# words that end the time "since" reaches back from now: "until 2015", "two years ago", a later time
YEAR = re.compile(r"\b(1[89]|20)\d\d\b")
NOT_UP_TO_NOW = frozenset(("until", "till", "ago", "when", "before", "after", "then", "later", "last", "yesterday"))


def perfect_after_an_opening_since(toks: list[str]) -> list[Edit]:
    """A simple past or present after a sentence that opens with "Since" and a point in time ("Since 2020 the price of
    a meal rose" -> "has risen", "Since September, nobody complained" -> "has complained", "Since I was twelve, I
    visit this museum many times" -> "have visited"): the time reaches up to now. The subject is a pronoun or a
    determiner, its noun and at most an "of" phrase, the past right after it; nothing in the clause after it names a
    time that ends earlier."""
    words = indexed_words(toks)
    text = "".join(toks)
    if len(words) < 4 or words[0][1] != "since":
        return []
    comma = next((j for j in range(1, min(len(words), 8)) if "," in toks[words[j - 1][0]:words[j][0]]), None)
    # "Since I was twelve," / "Since we were children,": an age, a point in time (not "Since I was ill": a reason)
    since_clause = comma is not None and comma >= 4 and words[1][1] in PLURAL_SUBJECTS | SINGULAR_SUBJECTS \
        and words[2][1] in ("was", "were") and (words[3][1] in AGES or words[3][1].isdigit()
                                                or words[3][1] in ("a", "an") and words[4][1] in AGES)
    if comma is not None and comma > 1 and (since_clause or not any(only_past(c) or aux_family(c) is not None or c in PRONOUNS
                                                                    for _, c in words[1:comma])):
        k = comma  # "Since the clean-up day, nobody": a phrase of time up to the comma, no verb in it; "Since I was twelve,"
    elif (point := OPENING_SINCE.match(text.lstrip())) is not None:  # "Since 2020 the price", "Since last summer my brother"
        end = point.end() + len(text) - len(text.lstrip())
        k = next((j for j, (i, _) in enumerate(words) if len("".join(toks[:i])) >= end), len(words))
    else:
        return []
    start = words[k][0] if k < len(words) else None
    if start is None:
        return []
    # the subject: a pronoun, or "the" / "our" ... + noun (+ "of" + at most three words)
    rest = words[k:]
    if rest and rest[0][1] in SINGULAR_SUBJECTS | PLURAL_SUBJECTS:
        number, verb_at = ("singular" if rest[0][1] in SINGULAR_SUBJECTS else "plural"), 1
    elif len(rest) >= 3 and rest[0][1] in ("the", "our", "my", "their", "his", "her", "your", "its"):
        noun = rest[1][1]
        verb_at = 2
        if len(rest) > 3 and rest[2][1] == "of":
            end = next((j for j in range(3, min(len(rest), 7)) if only_past(rest[j][1])), None)
            if end is None:
                return []
            verb_at = end
        number = "plural" if plural_subject(noun) else "singular" if singular_noun(noun) else None
        if number is None:
            return []
    else:
        return []
    if verb_at >= len(rest):
        return []
    v, verb = rest[verb_at]
    kinds = form_kinds(verb)
    present = {"base", "third"} & kinds and "past" not in kinds and ("third" in kinds) == (number == "singular") \
        and verb not in NOW_VERBS and not _noun_forms(verb)[1]  # not a plural noun ("lives")
    if not (only_past(verb) or present) or aux_family(verb) is not None or any(t in (",", ";") for t in toks[start:v]) \
            or any(c in NOT_UP_TO_NOW for _, c in rest[verb_at + 1:]) or YEAR.search("".join(toks[v + 1:])):
        return []  # "Since 2015 I lived in Rome until 2019", "... in 2019": a time that ends before now
    if rest[0][1] in PLURAL_SUBJECTS | SINGULAR_SUBJECTS and toks[rest[0][0] + 1:v] != [" "]:
        return []  # "Since then I often went": only the past right after its pronoun
    lemma = next(iter(sorted(lemmas(verb))), None)
    participle = inflection(lemma, "VBN") if lemma else None
    if participle is None:
        return []
    return [Edit(v, v + 1, ("has" if number == "singular" else "have", " ", participle))]


def edits(toks: list[str]) -> list[Edit]:
    return perfect_since(toks) + perfect_for(toks) + already_perfect(toks) + never_before_perfect(toks) \
        + perfect_after_an_opening_since(toks)


def explanation(toks: list[str], edit: Edit) -> str:
    old = "".join(toks[edit.start:edit.end])
    if edit in already_perfect(toks):
        return f"Something that happened before another past event takes the past perfect: 'had already {edit.new[-1]}', not '{old}'."
    if edit in never_before_perfect(toks):
        return "Something that had not happened before a past moment takes the past perfect: 'had never', not 'have never'."
    if edit in perfect_for(toks):
        return f"'for' and a span of time up to now take the present perfect: '{''.join(edit.new)}', not '{old}'."
    return f"'since' reaches back from now to a point in the past: use the present perfect '{''.join(edit.new)}', not '{old}'."
