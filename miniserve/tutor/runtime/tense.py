"""Tense from the sentence's own time phrases: what the parser cannot check.

Tense is the learners' largest error kind, and most tense errors show only in a phrase that sets
the time. Its uses:
- `to_past`: where a phrase puts a clause in the past ("Three years ago my family moves"), each
  present verb of that clause in its past form: offers the model's scores gate (offers.py);
  `decided_pasts`: those of them a phrase or a past clause that opens the sentence decides alone;
- `perfect_to_past`: a present perfect in a clause a finished time sets, as the past (decided);
- `leaves_the_perfect`: where a phrase calls for the present perfect ("There have been many
  inventions in the last hundred years"), an edit to a past is doubtful;
- `unsupported_past`: where nothing in the sentence speaks of the past (no phrase, no other past
  verb), an edit of a present verb to its past is ruled out ("... if the price includes the dinner on
  the last evening" -> "included").
A story's tense across clauses is story.py's; the perfects "since", "for" and "already" call for,
perfects.py's.
A clause ends at a comma or a joining word ("..., but we throw", "after you launch"). A phrase that
is a clause of its own sets the clause after it ("Last year, we go"), or the one before when it ends
the sentence ("I have lived here since 2010"). A past verb before the phrase owns it ("Everything I
learned last year helps me"), and a phrase after "from", "than" or "since" compares, it does not set
("The town looks different from ten years ago").
"""

from __future__ import annotations

import re
from datetime import date

import lemminflect

from miniserve.tutor.runtime.agreement import AGE_WORDS, PERSONAL_PRONOUNS, _noun_forms
from miniserve.tutor.runtime.constraint import alternatives
from miniserve.tutor.runtime.forms import DETERMINERS, FUNCTION_WORDS, NOUN_MARKERS, adjective_tags, aux_family, form_kinds, indexed_words, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.guard import role

_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_HOW_LONG = r"((\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|a\s+few|few|several|many|some)\s+)?"
_UNITS = r"(years?|months?|weeks?|days?|hours?|minutes?|decades?|centuries|ages|moments?|while|time)"
# A phrase that puts a clause in the past; a year counts when it is before this one. ("over last year" is a
# learner's "over the last year": a span up to now; "in last year of school" the final year, no time.)
PAST_TIME = re.compile(
    rf"\b(yesterday|(?<!the\s)(?<!this\s)(?<!over\s)last\s+(night|week|weekend|month|year|summer|winter|spring|autumn|christmas|{_DAYS}|{_MONTHS})(?!\s+of\b)"
    rf"|{_HOW_LONG}{_UNITS}\s+ago|long\s+ago|earlier\s+(today|this\s+(morning|week|month|year))|in\s+(?P<year>1[89]\d\d|20\d\d)"
    r"|when\s+I\s+was\s+(a\s+child|a\s+kid|a\s+teenager|young|younger|little|at\s+school|a\s+student)"
    r"|^that\s+(day|night|morning|afternoon|evening|weekend|summer|winter)"
    r"|^in\s+the\s+past(?!\s+(few|\d|two|three|four|five|ten|several|many|years?|months?|weeks?|decades?|centur)))\b(?!['\u2019]s)", re.I)
# A phrase that calls for the present perfect: a span of time up to now.
PERFECT_TIME = re.compile(r"\b((in|over|during|for)\s+(the\s+)?(last|past)\s+(\w+\s+){0,2}(years?|months?|weeks?|days?|"
                          r"decades?|centur(y|ies))|in\s+recent\s+years|since\s+(1[89]\d\d|20\d\d|then)|so\s+far"
                          r"|up\s+to\s+now|until\s+now)\b", re.I)
PERFECT = frozenset(("have", "has", "'ve", "haven't", "hasn't"))
# phrases of habit or of today: where one stands and nothing else shows the past, the present was meant
HABIT = re.compile(rf"\b(every\s+(day|morning|afternoon|evening|night|week|weekend|month|year|summer|winter|"
                   rf"time|{_DAYS})|on\s+({_DAYS})s|on\s+weekdays|at\s+weekends|on\s+weekends|usually|normally|"
                   rf"nowadays|these\s+days|generally|most\s+days|twice\s+a\s+\w+|once\s+a\s+\w+)\b", re.IGNORECASE)
# the past of the forms lemminflect's verb tables do not give one for
PAST_OF = {"is": "was", "am": "was", "are": "were", "isn't": "wasn't", "aren't": "weren't",
           "don't": "didn't", "doesn't": "didn't", "have": "had", "has": "had", "can": "could", "can't": "couldn't"}
CLAUSE_BREAKS = frozenset((",", ";", ":", "(", ")", "\u2014"))
JOINING_WORDS = frozenset(("and", "but", "so", "or", "because", "while", "after", "before", "when", "if", "although",
                           "though", "until", "since", "who", "which", "that", "where", "whereas"))
COMPARING = frozenset(("from", "than", "since", "until", "till"))  # "different from ten years ago"
FINAL_LEADS = frozenset(("the", "my", "his", "her", "our", "their", "your", "its", "this", "that", "at"))
PAST_LEADS = frozenset(("when", "after", "while", "before"))
# verbs before a participle that is an adjective, no past ("When people feel stressed, they buy")
LINKING = frozenset(("feel", "feels", "get", "gets", "seem", "seems", "look", "looks", "become", "becomes", "stay",
                     "stays", "remain", "remains", "keep", "keeps", "appear", "appears", "sound", "sounds"))
PLACE_PREPOSITIONS = frozenset(("at", "in", "on", "during", "near", "with"))  # "Last year at the forum, ..."
MAX_OFFERS = 6  # a sentence gets at most this many (each costs a scored sequence)



def past_phrases(text: str) -> list[re.Match]:
    this_year = date.today().year
    return [m for m in PAST_TIME.finditer(text) if m.group("year") is None or int(m.group("year")) < this_year]


def past_clauses(toks: list[str]) -> list[tuple[int, int, str]]:
    """A clause that opens the sentence with "when", "after", "while", "before", "as soon as" or "by the time" and
    has a verb only the past has, outside any auxiliary or linking verb ("When I woke up, ...", not
    "When people feel stressed, ..."): it sets the clause
    after it, as "Last year," would. (start, end) in characters, and its words."""
    words = [t for t in toks if not t.isspace()]
    lead = " ".join(norm(w) for w in words[:3])
    if not (norm(words[0]) in PAST_LEADS if words else False) and not lead.startswith(("as soon as", "by the time")):
        return []
    comma = next((k for k, t in enumerate(toks) if t == ","), None)
    if comma is None:
        return []
    inside = [(k, norm(t)) for k, t in enumerate(toks[:comma]) if t[:1].isalpha()]
    past = any(only_past(w) and not (j and (aux_family(inside[j - 1][1]) in ("have", "be", "do", "modal", "to")
                                             or inside[j - 1][1] in LINKING))
               for j, (_, w) in enumerate(inside))
    if not past:
        return []
    return [(0, len("".join(toks[:comma])), "".join(toks[:comma]))]


# the past of another verb, which the forms' tables give as a base only ("The sick man lay in bed", "She saw")
ALSO_A_PAST = frozenset(("lay", "saw", "found", "wound", "fell", "bore", "ground", "rose"))


TITLES = frozenset(("mr", "mrs", "ms", "miss", "dr", "professor", "sir", "aunt", "uncle"))  # tokens() splits off the "."


def _a_name(toks: list[str], i: int) -> bool:
    """Is the word at i a capitalised word right after a title ("Mr Peters", "Dr. Hill")?"""
    before = [t for t in toks[:i] if not t.isspace()]
    if before and before[-1] == ".":
        before = before[:-1]
    return toks[i][:1].isupper() and bool(before) and norm(before[-1]) in TITLES


def _after_a_number(toks: list[str], i: int) -> bool:
    """Is the word at i a noun's plural or "am"/"pm" right after a number ("twelve boxes", "300 reports", "at 8 am";
    not "room 14 continues", "in 1969 make": a number that ends a name or a date, the verb after it)?"""
    before = next((t for t in reversed(toks[:i]) if not t.isspace()), "")
    if not (before.isdigit() or norm(before) in AGE_WORDS | {"several", "many", "few", "thousand", "million", "dozen"}):
        return False
    w = norm(toks[i])
    plural = w.endswith("s") and any(w != lemma for lemma in lemminflect.getAllLemmas(w, upos="NOUN").get("NOUN", ())) \
        and not lemmas(w) & {"go", "do", "have", "be", "say", "make", "take", "come", "get", "give", "see", "know"}
    return plural or w in ("am", "pm")


def to_past(toks: list[str]) -> list[Edit]:
    """Each present verb of a clause a phrase puts in the past, in its past form, where the guard allows it."""
    phrases = [m.span() for m in past_phrases("".join(toks))] + [(a, b) for a, b, _ in past_clauses(toks)]
    if not phrases:
        return []
    found = []
    for i in clause_words(toks, phrases):
        word, w = toks[i], norm(toks[i])
        past = PAST_OF.get(w)
        if w in ALSO_A_PAST or _after_a_past_like_its_base(toks, i):
            continue  # "we lay on the sand": already the past of "lie"; "the council cut the budget for road repairs"
        if _a_name(toks, i):
            continue  # "Mr Peters said": a capital inside the sentence, after a title, is a name
        if _after_a_number(toks, i):
            continue  # "I bought twelve boxes of eggs": a noun's plural after a number
        if w in ("have", "has") and (_participle_after(toks, i) or _after_auxiliary(toks, i)):
            continue  # "have met ... in 2015" wants "met", a two-word change, not "had met"; "don't have"
        # a verb the tables lack that lemminflect knows, and no noun ("organises"): the guard has no view of it
        unknown = (not lemmas(w) and aux_family(w) is None and w.endswith("s") and not any(_noun_forms(w))
                   and bool(lemminflect.getAllLemmas(w, upos="VERB")))
        if past is None:
            kinds = form_kinds(w)
            if role(toks, i) == "other" and not unknown or _after_auxiliary(toks, i) or "past" in kinds \
                    or not {"base", "third"} & kinds:
                continue
            known = lemmas(w) or frozenset(lemminflect.getAllLemmas(w, upos="VERB").get("VERB", ()))
            past = next((p for lemma in sorted(known) for p in lemminflect.getInflection(lemma, "VBD")), None)
        if past is not None and norm(past) != w:
            past = past[:1].upper() + past[1:] if word[:1].isupper() else past
            if past in alternatives(toks, i) or w in ("can", "can't") or unknown:  # the guard's table has no modal's past
                found.append(Edit(i, i + 1, (past,)))
    return found[:MAX_OFFERS]


# verbs whose present may speak of now about a past time ("Last summer I remember as hot")
NOW_VERBS = frozenset(("remember", "think", "believe", "know", "guess", "suppose", "mean", "hope", "agree", "feel",
                       "understand", "admit", "wonder", "miss", "regret", "doubt", "imagine", "say"))
NOW_WORDS = frozenset(("now", "today", "currently", "nowadays", "anymore"))


def _adjectives_joined(toks: list[str], j: int) -> bool:
    """Is toks[j] an adjective as written, joined by "and" or "or" to another ("warm and dry", "tired or
    hungry")?"""
    after = [norm(t) for t in toks[j + 1:] if not t.isspace()][:2]
    return "JJ" in adjective_tags(norm(toks[j])) and len(after) == 2 and after[0] in ("and", "or") \
        and "JJ" in adjective_tags(after[1])


def _like_a_person(toks: list[str], j: int) -> bool:
    """Is the word at j "like" before an object pronoun ("most of them students like me"): a preposition as often as
    a verb, so no frame decides its past?"""
    after = next((norm(t) for t in toks[j + 1:] if not t.isspace()), "")
    return norm(toks[j]) == "like" and after in ("me", "us", "you", "him", "her", "them")


def decided_pasts(toks: list[str]) -> list[Edit]:
    """The past forms `to_past` offers that the sentence's frame decides alone: the main verb right
    after a past phrase or a past "when" clause that opens the sentence ("Last night there is a storm"
    -> "was", "Two years ago the school start" -> "started", "When the bell rang, Ahmed run" -> "ran"),
    with at most a subject of seven words between (no clause break, no joining word). Not a verb that
    may speak of now ("Last summer I remember"), nor a clause with "now" or "today"."""
    offered = {edit.start: edit for edit in to_past(toks)}
    first = next((i for i, t in enumerate(toks) if not t.isspace()), None)
    text = "".join(toks)
    phrase = next((m for m in past_phrases(text) if m.start() == 0), None)
    clause = past_clauses(toks)
    if phrase is not None:
        end = phrase.end()
    elif clause:
        end = clause[0][1] + 1  # after the comma
    else:
        return []
    at, i = 0, first
    for i, t in enumerate(toks):  # the first token after the phrase or clause
        if at >= end:
            break
        at += len(t)
    words = 0
    for j in range(i, len(toks)):
        t, w = toks[j], norm(toks[j])
        if j in offered and not _noun_here(toks, j) and not _before_its_clause_perfect(toks, j) and not _like_a_person(toks, j):
            lemma = next(iter(sorted(lemmas(w))), w)
            if lemma in NOW_VERBS or w in NOW_VERBS or NOW_WORDS & _own_clause_words(toks, i, j):
                return []
            if aux_family(w) is not None and next((norm(t) for t in toks[j + 1:] if t[:1].isalpha()), "") == "you" \
                    and "?" in toks[j:]:
                return []  # ", can you imagine?": a question to the reader, now
            if words == 0 and _adjectives_joined(toks, j):
                return []  # ", warm and dry at last, I realised": no subject, a verbless phrase before the clause
            return [offered[j]] + _and_its_next_verb(toks, j, offered, i)
        if t == "," and words == 0:
            continue  # "Last night, there is"
        if t in CLAUSE_BREAKS or w in JOINING_WORDS or t in (".", "!", "?", '"'):
            return []
        if t[:1].isalpha():
            words += 1
            nxt = next((norm(x) for x in toks[j + 1:] if x[:1].isalpha()), "")
            if not lemmas(w) and aux_family(w) is None and w not in FUNCTION_WORDS and not w.endswith("ing") \
                    and set(lemminflect.getAllLemmas(w)) == {"VERB"} and aux_family(nxt) is None and not lemmas(nxt):
                # "Last month the school organise a photo walk": a verb the tables lack, no verb after it, is the
                # clause's own (not "the salad bar is", "a vet comes": a noun lemminflect lists as a verb only)
                return []
            if only_past(w) and lemminflect.getAllLemmas(w, upos="VERB") and aux_family(w) is None:
                return _and_its_next_verb(toks, j, offered, i)  # "Yesterday I woke up late and miss the bus" -> "missed"
            if words > 1 and w in PAST_IS_BASE:
                return []  # "Last year the council cut the budget for road repairs": "cut" is the clause's past
            if words > 7 or aux_family(w) not in (None, "to"):
                return []  # "my father told me don't open": the phrase's verb was "told"
    return []


def _after_a_past_like_its_base(toks: list[str], i: int) -> bool:
    """Is there a verb whose past is its base ("cut", "put") after a subject earlier in the clause of the word at
    i ("Last year the council cut the budget for road repairs")? Then the clause has its past verb."""
    words = []
    for t in reversed(toks[:i]):
        if t in CLAUSE_BREAKS or t in (",", ";", ".", "!", "?") or norm(t) in JOINING_WORDS:
            break
        if t[:1].isalpha():
            words.append(norm(t))
    words.reverse()
    return any(w in PAST_IS_BASE and k >= 1 and words[k - 1] not in ("to", "will", "would", "can", "could", "must",
                                                                    "should", "may", "might", "did", "do", "does")
               for k, w in enumerate(words))


# verbs whose past is their base: after a subject, the clause's verb, already past
PAST_IS_BASE = frozenset(("cut", "put", "set", "hit", "let", "hurt", "cost", "shut", "spread", "quit", "split", "burst",
                          "cast", "upset", "bet"))

STATES_NOW = (NOW_VERBS - {"miss"}) | {"love", "like", "enjoy", "hate", "prefer", "want", "need", "own", "live", "work",
                                       "study", "teach", "have", "be", "use", "wear", "play"}


AND_ADVERBS = frozenset(("then", "even", "also", "finally", "suddenly", "later", "immediately", "quickly"))


def _and_its_next_verb(toks: list[str], j: int, offered: dict[int, Edit], i: int) -> list[Edit]:
    """The verb right after "and" (or "and then") that shares the subject of the verb at j, where the
    phrase's past reaches it too ("Yesterday we visited the castle and take photos" -> "took"): the
    words between are no verb, no clause break and no subject of their own."""
    words = 0
    for k in range(j + 1, len(toks)):
        t, w = toks[k], norm(toks[k])
        if t in CLAUSE_BREAKS or t in (".", "!", "?", '"') or w in JOINING_WORDS - {"and"}:
            return []
        if not t[:1].isalpha():
            continue
        words += 1
        if w == "and":
            rest = [(n, norm(x)) for n, x in enumerate(toks[k + 1:], k + 1) if x[:1].isalpha()][:2]
            n, nxt = rest[0] if rest else (None, "")
            if nxt in AND_ADVERBS and len(rest) > 1:
                n, nxt = rest[1]  # "and then took", "and even found"
            edit = offered.get(n) if n is not None else None
            if edit is None and n is not None and {"base", "third"} & form_kinds(nxt) and "past" not in form_kinds(nxt) \
                    and aux_family(nxt) is None and lemmas(nxt):
                past = PAST_OF.get(nxt) or next((p for lemma in sorted(lemmas(nxt)) for p in lemminflect.getInflection(lemma, "VBD")), None)
                edit = Edit(n, n + 1, (past,)) if past is not None and past in alternatives(toks, n) else None
            lemma = next(iter(sorted(lemmas(nxt))), nxt)
            if edit is None or _noun_here(toks, n) or lemma in STATES_NOW or NOW_WORDS & _own_clause_words(toks, i, n):
                return []  # "and enjoy it very much" may speak of now; "and miss the bus" is an event
            return [edit]
        if words > 6 or aux_family(w) not in (None, "to") or k in offered or only_past(w):
            return []
    return []


def _own_clause_words(toks: list[str], i: int, j: int) -> set[str]:
    """The words from i to the end of the clause the word at j is in ("In the past people write
    letters, but now they send": "now" is the next clause's)."""
    end = next((k for k in range(j + 1, len(toks)) if toks[k] in CLAUSE_BREAKS or norm(toks[k]) in JOINING_WORDS), len(toks))
    return {norm(x) for x in toks[i:end] if x[:1].isalpha()}


def _before_its_clause_perfect(toks: list[str], j: int) -> bool:
    """Does "had"/"has"/"have" and a participle follow the word at j in its clause, with no subject pronoun,
    joining or relative word between ("the old market in the main square had disappeared", "the little ring
    bearer had disappeared")? Then the clause's verb is that perfect, and the word is in its subject."""
    words = [norm(t) for t in toks[j + 1:] if t[:1].isalpha() or t in CLAUSE_BREAKS or t in (",", ".", "!", "?", ";")]
    for k, w in enumerate(words[:7]):
        if not w[:1].isalpha() or w in JOINING_WORDS or w in PERSONAL_PRONOUNS:  # JOINING_WORDS holds the relatives
            return False
        if aux_family(w) is not None:
            return w in ("had", "has", "have") and k > 0 and k + 1 < len(words) and "participle" in form_kinds(words[k + 1])
    return False


PLACE_ADVERBS_AFTER = frozenset(("abroad", "here", "there", "overseas", "outside", "inside", "nearby", "downtown"))


def _noun_here(toks: list[str], j: int) -> bool:
    """Is the word at j a noun here ("the last train had left": after a determiner or an adjective's
    "last", or right before an auxiliary)?"""
    if aux_family(norm(toks[j])) is not None:
        return False  # "doesn't have"
    before = next((norm(t) for t in reversed(toks[:j]) if t[:1].isalpha()), "")
    # the next word, past an adverb that is nothing else ("school trips abroad are": "trips" is the subject)
    after = next((norm(t) for t in toks[j + 1:] if t[:1].isalpha() and norm(t) not in PLACE_ADVERBS_AFTER), "")
    if before in NOUN_MARKERS or before in ("last", "first", "next", "whole") or aux_family(after) not in (None, "to"):
        return True
    two_before = [norm(t) for t in toks[:j] if t[:1].isalpha()][-2:]
    readings = lemminflect.getAllLemmas(before)
    adjective = before in ("best", "worst", "most", "least") or before.endswith("est") and "ADJ" in readings \
        or set(readings) == {"ADJ"}  # not "the council promise": a noun, lemminflect's adjective too
    if len(two_before) == 2 and two_before[0] in NOUN_MARKERS and adjective:
        return True  # "the best places for the tents": a determiner and an adjective before it
    # the subject of a past right after it ("a cold wind blew", "the sea lion show already started": no verb there)
    after = next((norm(t) for t in toks[j + 1:] if t[:1].isalpha() and norm(t) not in ("already", "just", "never", "also",
                                                                                     "still", "finally", "suddenly")), "")
    return only_past(after) and bool(lemminflect.getAllLemmas(after, upos="VERB")) and any(_noun_forms(norm(toks[j])))


def perfect_to_past(toks: list[str], of_the_subject: bool = True) -> list[Edit]:
    """A present perfect in a clause a phrase puts in the past, as the simple past ("I have attended
    the conference two weeks ago" -> "attended", "In 2020 the council has built" -> "built", "has been"
    -> "was"). Only "have"/"has" right before the participle; not before "yet" or "so far". `of_the_subject=False`:
    not where the phrase sits in the subject, right before the perfect ("The concert last night has been amazing"
    wants "was", "The rise in prices last year has had an effect" does not: the model's scores tell)."""
    text = "".join(toks)
    phrases = [m.span() for m in past_phrases(text) if not _compares(text[:m.start()])]
    if not phrases:
        return []
    found = []
    for i in clause_words(_that_as_a_determiner(toks), phrases, comparing=False):  # the participle may come before the phrase
        w = norm(toks[i])
        before = next((norm(t) for t in reversed(toks[:i]) if t[:1].isalpha()), "")
        if aux_family(before) in ("modal", "to"):
            continue  # "it must have hung there years ago": a modal perfect is right
        if w not in ("have", "has") or i + 2 >= len(toks) or toks[i + 1] != " ":
            continue
        if _perfect_word_after(toks, i) or not of_the_subject and _phrase_of_the_subject(text, phrases, len("".join(toks[:i]))):
            continue  # "None of those presented last week has been accepted yet", "The rise in prices last year has had"
        if _phrase_of_a_later_past(toks, i, phrases):
            continue  # "no answer to the two emails I sent you on last week": the phrase is "sent"'s
        participle = norm(toks[i + 2])
        if participle == "been" and next((norm(t) for t in toks[i + 3:] if not t.isspace()), "") == "to":
            past = "went"  # "I have been to Paris last year" -> "went to Paris", not "was to"
        elif participle == "been":
            subject = next((norm(t) for t in reversed(toks[:i]) if t[:1].isalpha()), "")
            past = "was" if w == "has" or subject == "i" else "were"
        elif "participle" in form_kinds(participle):
            # the verbs it may be a form of: ours, else lemminflect's ("organised": no verb of our tables)
            verbs = lemmas(participle) or lemminflect.getAllLemmas(participle, upos="VERB").get("VERB", ())
            pasts = {p for lemma in verbs for p in lemminflect.getInflection(lemma, "VBD")
                     if participle in lemminflect.getInflection(lemma, "VBN")}
            # a regular verb's past is its participle ("stayed"; lemminflect also lists the archaic "staid")
            past = participle if participle in pasts else next(iter(pasts)) if len(pasts) == 1 else None
        else:
            past = None
        if past is not None:
            past = past[:1].upper() + past[1:] if toks[i][:1].isupper() else past
            found.append(Edit(i, i + 3, (past,)))
    return found


def _phrase_of_a_later_past(toks: list[str], i: int, phrases: list[tuple[int, int]]) -> bool:
    """Do all the phrases come after the perfect at i, with a past verb and the word before it as its subject
    between ("There has been no answer to the emails I sent you last week", "the film my friend recommended
    last week")? Then the phrase may be that verb's, and the perfect is left alone."""
    at = len("".join(toks[:i + 3]))
    if any(a < at for a, _ in phrases):
        return False
    first = min(a for a, _ in phrases)
    words = [(k, norm(t)) for k, t in enumerate(toks[:i + 3]) if t[:1].isalpha()]
    pos = at
    for k in range(i + 3, len(toks)):
        if pos >= first:
            break
        w = norm(toks[k])
        if toks[k][:1].isalpha():
            before = words[-1][1] if words else ""
            kinds = form_kinds(w)
            if "past" in kinds and not {"base", "third"} & kinds and aux_family(w) in (None, "have", "be", "do") \
                    and (before in PERSONAL_PRONOUNS or before not in FUNCTION_WORDS and before not in DETERMINERS
                         and any(_noun_forms(before))):
                return True
            words.append((k, w))
        pos += len(toks[k])
    return False


def _phrase_of_the_subject(text: str, phrases: list[tuple[int, int]], at: int) -> bool:
    """Is the only past phrase of the perfect at character `at` right before it, after words of its
    clause ("The rise in ticket prices last year has had"): the phrase tells when the subject's noun
    happened, not when the perfect did. Not a phrase that opens its clause ("Last year I have been")."""
    if any(a > at for a, _ in phrases):
        return False
    a, b = max(phrases)
    if text[b:at].strip():
        return False
    lead = text[:a].rstrip()
    return bool(lead) and lead[-1].isalpha()


def _perfect_word_after(toks: list[str], i: int) -> bool:
    """A word of the perfect's own ("yet", "so far", "ever since") after it in its clause."""
    rest = []
    for t in toks[i + 3:]:
        if t in (",", ";", ".", "!", "?"):
            break
        if t[:1].isalpha():
            rest.append(norm(t))
    joined = " ".join(rest)
    return "yet" in rest or "so far" in joined or "ever since" in joined


def _that_as_a_determiner(toks: list[str]) -> list[str]:
    """The tokens with "that" before a singular noun (and no verb right after it) read as "this", so that it
    starts no clause ("I have seen that film last week"; "I think that music is" keeps its clause)."""
    out = list(toks)
    words = indexed_words(toks)
    for (i, w), (_, noun), (_, after) in zip(words, words[1:], words[2:] + [(0, "")]):
        if w == "that" and _noun_forms(noun)[0] and not noun.endswith("s") and noun != "people" and aux_family(after) is None \
                and not {"third", "past"} & form_kinds(after):
            out[i] = "this"  # as long as "that": the phrases' character offsets still hold
    return out


def _compares(before: str) -> bool:
    """Does the text before a phrase end with "since", "from", "than" ... ("since last year")?"""
    words = re.findall(r"[a-z']+", before.lower())
    if words[-1:] == ["then"] and any(w in ("more", "less", "fewer", "better", "worse") or w.endswith("er") and len(w) > 4
                                      for w in words[-4:-1]):
        return True  # a learner's "than" after a comparative: "less popular then ten years ago"
    return bool(words) and (words[-1] in COMPARING or words[-2:-1] in (["comparison"], ["compared"], ["comparing"]))
    # ("in comparison of / with last year", "compared to last year")


def explanation(toks: list[str], edit: Edit) -> str:
    """Names the phrase nearest the edit."""
    at = len("".join(toks[:edit.start]))
    found = [(m.start(), m.group(0)) for m in past_phrases("".join(toks))] + [(a, text) for a, _, text in past_clauses(toks)]
    old = "".join(toks[edit.start:edit.end])
    phrase = min(found, key=lambda f: abs(f[0] - at))[1]
    if edit.end - edit.start > 1:  # "have attended" -> "attended"
        return f"The sentence speaks of a finished time ('{phrase}'): use the past '{edit.new[0]}', not the present perfect '{old}'."
    return f"The sentence speaks of the past ('{phrase}'): use '{edit.new[0]}', not '{old}'."


def leaves_the_perfect(toks: list[str], edit: Edit) -> bool:
    """Does the edit take a present perfect ("have been") to a past in a clause where a phrase calls
    for the perfect ("There have been many inventions in the last hundred years" -> "had been")?"""
    old = {norm(t) for t in toks[edit.start:edit.end] if t[:1].isalpha()}
    new = {norm(t) for t in edit.new if t[:1].isalpha()}
    if not old & PERFECT or new & PERFECT:
        return False
    phrases = [m.span() for m in PERFECT_TIME.finditer("".join(toks))]
    return bool(phrases) and edit.start in clause_words(toks, phrases, comparing=False)


def unsupported_past(toks: list[str], edit: Edit) -> bool:
    """Does the edit put one present verb in the past where no phrase and no other verb of the
    sentence is in the past? A learner's tense error shows in the sentence; where nothing shows
    it, the present was most likely meant."""
    old = [norm(t) for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    new = [norm(t) for t in edit.new if t[:1].isalpha()]
    if len(old) != 1 or len(new) != 1 or not (PAST_OF.get(old[0]) == new[0] or (
            {"base", "third"} & form_kinds(old[0]) and only_past(new[0]))):
        return False
    if past_phrases("".join(toks)) or _last_something(toks):
        return False
    words = indexed_words(toks)
    return not any(only_past(w) and w not in PARTICIPLE_WORDS and not _after_be_or_have(words, n)
                   and not (n and words[n - 1][1] in ADJECTIVE_LEADS)  # "the more experienced players": an adjective
                   and not _opening_adjective(words, n)  # "Retired people use": an adjective
                   and not _after_a_prepositions_noun(toks, words, n)  # "about the courses advertised in": a participle
                   for n, (k, w) in enumerate(words) if not edit.start <= k < edit.end)  # "are cleaned": a passive, no past


def _opening_adjective(words: list[tuple[int, str]], n: int) -> bool:
    """Is word n a participle that opens the sentence before a noun ("Retired people", "Used tickets")?"""
    return n == 0 and len(words) > 1 and "participle" in form_kinds(words[0][1]) \
        and words[1][1] not in FUNCTION_WORDS and any(_noun_forms(words[1][1]))


def _after_be_or_have(words: list[tuple[int, str]], n: int) -> bool:
    """Does word n follow "be" or "have", with at most two adverbs between ("are cleaned", "have just
    arrived", "has not yet left")? A passive's or a perfect's participle: no past of the sentence's."""
    k = n - 1
    while k >= 0 and n - k <= 2 and words[k][1] in PERFECT_ADVERBS:
        k -= 1
    return k >= 0 and aux_family(words[k][1]) in ("be", "have")


PERFECT_ADVERBS = frozenset(("just", "already", "not", "never", "ever", "recently", "also", "always", "yet", "only",
                             "finally", "really", "often", "still", "certainly", "probably", "completely"))


def _after_a_prepositions_noun(toks: list[str], words: list[tuple[int, str]], n: int) -> bool:
    """Is word n a participle after a noun phrase that a preposition opens, in a clause that has its verb
    already ("I am writing to ask about the evening courses advertised in yesterday's newspaper")? A
    preposition's noun is no verb's subject there, so the word is no past of the sentence's. The phrase
    is a determiner and nouns or adjectives; "Everyone in the hospital cheered" has no verb before."""
    if "participle" not in form_kinds(words[n][1]):
        return False
    k = n - 1
    while k > 0 and words[k][1] not in DETERMINERS:
        w = words[k][1]
        if w in FUNCTION_WORDS or form_kinds(w) & {"past", "base", "third"} and not any(_noun_forms(w)) or n - k > 4:
            return False
        k -= 1
    if not (0 < k < n - 1 and words[k - 1][1] in PREPOSITIONS_OF_A_NOUN):
        return False
    clause = []  # the clause's words before the preposition
    for t in reversed(toks[:words[k - 1][0]]):
        if t in CLAUSE_BREAKS or norm(t) in JOINING_WORDS or norm(t) in ("why", "how", "what", "whether", "whose", "as", "than"):
            break  # "which is why your advert for the job caught": the clause opens at "why"
        if t[:1].isalpha():
            clause.append(norm(t))
    return any(aux_family(w) in ("be", "have", "do", "modal") or form_kinds(w) & {"third", "past"} and not any(_noun_forms(w))
               for w in clause)


PREPOSITIONS_OF_A_NOUN = frozenset(("about", "for", "of", "with", "in", "on", "at", "from", "to", "by", "into", "through"))


ADJECTIVE_LEADS = frozenset(("the", "a", "an", "more", "most", "less", "least", "very", "so", "too", "quite", "highly",
                             "well", "badly", "fully", "newly", "recently"))


# participles that work as prepositions or adjectives: no past of the sentence's ("compared with", "based on")
PARTICIPLE_WORDS = frozenset(("compared", "based", "given", "provided", "located", "situated", "called", "named",
                              "included", "supposed", "used", "interested", "tired", "bored", "excited", "worried"))


def habitual_present(toks: list[str], edit: Edit) -> bool:
    """Does the edit put a present in the past (`unsupported_past`) where a phrase of habit or of today
    ("on Tuesdays", "every day", "nowadays") speaks for the present? "The children from the school comes
    to the pool on Tuesdays" wants "come", never "came"."""
    return unsupported_past(toks, edit) and HABIT.search("".join(toks)) is not None


def _last_something(toks: list[str]) -> bool:
    """A "last" that points back in time ("during last year's trip", "last term"), not one that
    means final ("the last evening", "my last letter"): evidence enough to doubt nothing."""
    words = [norm(t) for t in toks if t[:1].isalpha()]
    return any(w == "last" and (k == 0 or words[k - 1] not in FINAL_LEADS) and k + 1 < len(words)
               and (any(_noun_forms(words[k + 1])) or words[k + 1].endswith("'s"))  # "does the course last and": a verb
               and not (words[k + 1].isdecimal() or words[k + 1] in NUMBERS)  # "walk the last two kilometres": a span
               and words[k + 1] not in LAST_AS_A_VERB_AFTER
               and (k == 0 or words[k - 1] not in LAST_AS_A_VERB_BEFORE and aux_family(words[k - 1]) != "modal")
               for k, w in enumerate(words))


# "the repairs never last long", "it will last for years": "last" the verb (so after any modal)
LAST_AS_A_VERB_AFTER = frozenset(("long", "longer", "forever", "for", "until", "till", "through", "about", "only"))
LAST_AS_A_VERB_BEFORE = frozenset(("never", "always", "not", "usually", "often", "still", "only", "to", "don't", "doesn't", "didn't"))


NUMBERS = frozenset(("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "few", "couple", "several"))


def only_past(word: str) -> bool:
    kinds = form_kinds(word)
    return "past" in kinds and not {"base", "third"} & kinds


def clause_words(toks: list[str], phrases: list[tuple[int, int]], comparing: bool = True) -> list[int]:
    """The words of the clauses the phrases set, outside the phrases (see the module's rules)."""
    clauses: list[list[tuple[int, int]]] = [[]]  # per clause: (token index, its first character)
    at = 0
    for i, word in enumerate(toks):
        if word in CLAUSE_BREAKS or norm(word) in JOINING_WORDS:
            clauses.append([])
        if word[:1].isalnum():
            clauses[-1].append((i, at))
        at += len(word)
    clauses = [c for c in clauses if c]
    inside = lambda start: any(a <= start < b for a, b in phrases)  # noqa: E731

    def sets(clause: list[tuple[int, int]]) -> bool:
        for k, (i, start) in enumerate(clause):
            if not inside(start):
                continue
            before = [norm(toks[j]) for j, s in clause[:k] if not inside(s)]
            if comparing and before and before[-1] in COMPARING:
                return False  # "different from ten years ago"
            if comparing and any("past" in form_kinds(w) and not {"base", "third"} & form_kinds(w) for w in before):
                return False  # "Everything I learned last year helps": the phrase is the past verb's
            return True
        return False

    def alone(clause: list[tuple[int, int]], first: bool) -> bool:
        """Only the phrase; or, opening the sentence, the phrase and where ("Last year at the forum in
        Hamburg, ..."): a preposition and at most five words, none a verb form but a noun's."""
        rest = clause[1:] if norm(toks[clause[0][0]]) in JOINING_WORDS else clause
        after = [norm(toks[i]) for i, start in rest if not inside(start)]
        if first and after and inside(rest[0][1]) and after[0] in PLACE_PREPOSITIONS and len(after) <= 6:
            return all(aux_family(w) is None and not (lemmas(w) and not any(_noun_forms(w))) for w in after[1:])
        return bool(rest) and all(inside(start) for _, start in rest)

    chosen = set()
    for k, clause in enumerate(clauses):
        if not sets(clause):
            continue
        chosen.add(k)
        if alone(clause, k == 0):
            chosen.add(k + 1 if k + 1 < len(clauses) else k - 1)
    return [i for k in sorted(chosen) if 0 <= k < len(clauses) for i, start in clauses[k] if not inside(start)]


def _participle_after(toks: list[str], i: int) -> bool:
    """Is a participle (or a past) the next word after the one at i, adverbs skipped ("have finally got")?"""
    after = next((norm(t) for t in toks[i + 1:] if t[:1].isalpha() and norm(t) not in ("not", "never", "already", "just")
                  and not (norm(t).endswith("ly") and lemminflect.getAllLemmas(norm(t), upos="ADV"))), "")
    return "participle" in form_kinds(after) or "past" in form_kinds(after) or after in ("been", "had")


def _after_auxiliary(toks: list[str], i: int) -> bool:
    """A do-form, modal or "to" among the three words before ("will go", "Did we bite", "to go")."""
    before = [norm(t) for t in toks[:i] if t[:1].isalpha()][-3:]
    return any(aux_family(w) in ("do", "modal", "to") for w in before) or bool(before) and aux_family(before[-1]) is not None
