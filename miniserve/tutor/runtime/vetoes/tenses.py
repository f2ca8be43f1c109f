"""Vetoes of tense: a present made past (or a past made present) where the sentence's own words fix the
time: "now", a time clause of the future, a habit or a belief, what a text says, a relative clause,
a later clause's time."""

from __future__ import annotations

import re

import lemminflect

from miniserve.tutor.runtime.agreement import _noun_forms, plural_subject, third
from miniserve.tutor.runtime.forms import aux_family, form_kinds, indexed_words, lemmas, norm
from miniserve.tutor.runtime import tense
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.vetoes.words import (CLAUSE_OPENERS, NOUN_PHRASE_OPENERS, PERCEIVING, SUBJECT_PRONOUNS,
                                                 TIME_OPENERS, clause_after, clause_before, clause_before_any, main_verb_only_past,
                                                 PREPOSITIONS, one_word, only_a_verb, own_clause)


NOW = frozenset(("now", "nowadays", "today", "today's", "currently"))  # "but today's children stay"
FUTURE = frozenset(("will", "'ll", "won't", "can", "must", "should", "shall", "going"))
IMPERATIVES = frozenset(("remember", "please", "don't", "call", "let", "tell", "come", "send", "ask", "think", "try",
                         "make", "take", "check", "contact", "write", "bring", "wait", "keep", "be"))


def past_against_now(toks: list[str], edit: Edit) -> bool:
    """A present made past in a clause that says "now" or "today" before it, in a comparison's "than it is now" ("Ten
    years ago my city was much smaller than it is now" -> "was"), or in a letter's opening "I am writing" ("I am
    writting to complain about what happen last weekend" -> "I was")."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = clause_after(toks, edit.end)
    if norm(pair[0]) in ("am", "'m") and after[:1] and after[0].startswith("writ"):
        return True
    if len(before) >= 2 and before[-2] in ("than", "then") and before[-1] in SUBJECT_PRONOUNS and NOW & set(after[:3]):
        return True
    return bool(NOW & set(clause_before(toks, edit.start)))


def past_of_a_remark_about_now(toks: list[str], edit: Edit) -> bool:
    """A present made past in a clause after a comma that speaks of here and now: a question to the reader
    ("When I was a child I was afraid of cameras, isn't that funny?" -> "wasn't") or a clause with "here" and no past
    time phrase ("You were right about the weather, it is so hot here!" -> "was")."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    comma = next((k for k in range(edit.start - 1, -1, -1) if toks[k] in (",", ";", ":", ".", "!", "?")), None)
    if comma is None or toks[comma] != ",":
        return False
    end = next((k for k in range(edit.end, len(toks)) if toks[k] in (",", ";", ":", ".", "!", "?")), len(toks))
    after = [norm(t) for t in toks[edit.end:end] if t[:1].isalpha()]
    if comma == max(k for k in range(edit.start) if not toks[k].isspace()) and end < len(toks) and toks[end] == "?" \
            and after[:1] in (["that"], ["it"], ["this"]) and aux_family(norm(pair[0])) in ("be", "do"):
        return True  # "isn't that funny?", "doesn't it sound strange?"
    clause = [norm(t) for t in toks[comma + 1:end] if t[:1].isalpha()]
    start, stop = len("".join(toks[:comma + 1])), len("".join(toks[:end]))
    first = next((norm(t) for t in toks if t[:1].isalpha()), "")
    if first in ("before", "after", "when", "while", "until", "once", "as"):
        return False  # "Before the centre was built, there is a big parking here" -> "was": the clause dates it
    return "here" in clause and not any(start <= m.start() < stop for m in tense.past_phrases("".join(toks)))


SPEECH_VERBS = frozenset(("said", "shouted", "asked", "replied", "answered", "cried", "whispered", "told", "added",
                          "explained", "called", "screamed", "says", "asks", "shouts"))
QUOTE_MARKS = frozenset(('"', "\u201c", "\u201d"))
PAST_PHRASE_WORDS = frozenset(("yesterday", "ago", "last"))


def past_in_direct_speech(toks: list[str], edit: Edit) -> bool:
    """A present made past inside a quotation after a verb of speaking ('shouted, "Where do you want to
    go?"' -> "did"): direct speech keeps the speaker's own time, unless it names a past one."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    marks = [k for k, t in enumerate(toks[:edit.start]) if t in QUOTE_MARKS]
    if len(marks) % 2 == 0:
        return False  # not inside a quotation
    lead = [norm(t) for t in toks[:marks[-1]] if not t.isspace()]
    quoted = [norm(t) for t in toks[marks[-1]:] if t[:1].isalpha()]
    return len(lead) >= 2 and lead[-1] in (",", ":") and lead[-2] in SPEECH_VERBS \
        and not PAST_PHRASE_WORDS & set(quoted)


def past_in_direct_speech_before_its_tag(toks: list[str], edit: Edit) -> bool:
    """A present made past inside a quotation that its speech tag follows ('"Old people remember their childhood
    better than yesterday," he explained' -> "remembered"): direct speech keeps the speaker's own time, unless it
    names a past one ("than yesterday" compares; it dates nothing)."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    marks = [k for k, t in enumerate(toks) if t in QUOTE_MARKS]
    opened = [k for k in marks if k < edit.start]
    closing = [k for k in marks if k >= edit.end]
    if len(opened) % 2 == 0 or not closing:
        return False  # not inside a quotation that closes
    before = [norm(t) for t in toks[opened[-1] + 1:edit.start] if t[:1].isalpha()]
    if before[-1:] and (aux_family(before[-1]) is not None or before[-1] == "to"):
        return False  # a participle's or an infinitive's form ('"The engine needs to be repaired," said'), no tense
    tag = [norm(t) for t in toks[closing[0] + 1:] if t[:1].isalpha()][:3]
    quoted = [norm(t) for t in toks[opened[-1] + 1:closing[0]] if t[:1].isalpha()]
    named = [w for k, w in enumerate(quoted) if w in PAST_PHRASE_WORDS and (k == 0 or quoted[k - 1] not in ("than", "as"))]
    return bool(SPEECH_VERBS & set(tag)) and not named


def present_of_a_speech_tag(toks: list[str], edit: Edit) -> bool:
    """A verb of speaking right after a quotation's end made present ('... your birthday? said Claire'
    -> "say"): the tag of a story's dialogue keeps the story's past."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in SPEECH_VERBS or "past" in form_kinds(pair[1]):
        return False
    before = next((t for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    return before in ("?", "!", ",") or before in QUOTE_MARKS


def present_before_its_past_phrase(toks: list[str], edit: Edit) -> bool:
    """A past made present where a past time phrase follows it in its own clause ("the concert we went to
    in Moscow two years ago" -> "go"): the phrase dates that verb."""
    pair = one_word(toks, edit)
    if pair is None or not main_verb_only_past(pair[0]) or not {"base", "third"} & form_kinds(pair[1]) \
            or "past" in form_kinds(pair[1]):
        return False  # not a misbuilt past respelled ("was cutted" -> "cut")
    if governed_by_an_auxiliary(toks, edit.start):
        return False  # "When did your lazy goats lived in Beirut last spring" -> "live": the auxiliary's form
    return bool(_past_phrases_after(toks, edit))


def _past_phrases_after(toks: list[str], edit: Edit) -> list[re.Match]:
    """The past time phrases that follow the edit in its own clause."""
    first = next((k for k in range(edit.end, len(toks)) if not toks[k].isspace()), len(toks))
    # (a "that" right after the verb is its object's: "where we ate that amazing paella last summer")
    end = next((k for k in range(edit.end, len(toks)) if toks[k] in (",", ";", ":", ".", "!", "?")
                or norm(toks[k]) in ("and", "but", "because", "so", "when", "if", "that", "which", "who")
                and not (k == first and norm(toks[k]) == "that")), len(toks))
    start, stop = len("".join(toks[:edit.end])), len("".join(toks[:end]))
    return [m for m in tense.past_phrases("".join(toks)) if start <= m.start() < stop]


# words that take a time phrase as their object, where it need not date the verb ("talks about last summer")
OBJECT_LEADS = frozenset(("about", "of", "from", "since", "than", "until", "till", "like", "remember", "remembers", "forget",
                          "forgets", "miss", "misses", "describe", "describes", "mention", "mentions", "before", "after",
                          "and", "to"))
WH_WORDS = frozenset(("what", "where", "how", "who", "whom", "whose", "why", "whether", "as"))


def third_before_a_past_phrase(toks: list[str], edit: Edit) -> bool:
    """A base form made third person where a past time phrase follows it in its own clause and dates it ("the
    fair which take place in Manchester last Saturday" -> "takes"): the phrase asks for the past ("took"), and
    the present is as wrong as the base form was. Not a phrase a preposition takes ("compared to last year"), nor
    one after another past or a wh-word ("sell the cheese we tried in France last summer")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "third" not in form_kinds(pair[1]) \
            or aux_family(pair[0]) is not None:
        return False
    for phrase in _past_phrases_after(toks, edit):
        between = [norm(t) for t in tokens_between(toks, edit.end, phrase.start()) if t[:1].isalpha()]
        if not (between[-1:] and between[-1] in OBJECT_LEADS) and not any(tense.only_past(w) or w in WH_WORDS for w in between):
            return True
    return False


def past_perfect_for_a_perfect_before_a_later_past(toks: list[str], edit: Edit) -> bool:
    """A present perfect made past perfect where nothing before it and nothing in its own clause is past, only a
    later clause ("My grandfather is eighty-two and he has never used a computer, but last month he decided" ->
    "had"): the perfect reaches up to now; the later past does not date it."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in ("has", "have") or pair[1] != "had":
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    verb = next((w for w in after if w not in ("never", "ever", "already", "just", "not", "always", "recently")), "")
    if "participle" not in form_kinds(verb):
        return False
    end = next((k for k in range(edit.end, len(toks)) if toks[k] in (",", ";", ":", ".", "!", "?")
                or norm(toks[k]) in ("but", "so", "because", "when", "and")), len(toks))
    text = "".join(toks)
    stop = len("".join(toks[:end]))
    if any(m.start() < stop for m in tense.past_phrases(text)):
        return False  # a past phrase before it or in its clause: "Last year I have never" -> "had" is the rule's
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    later = [norm(t) for t in toks[end:] if t[:1].isalpha()]
    # a present before it that speaks of now ("is eighty-two and he has never"), and the later past after "but"
    return any(w in ("is", "are", "am") for w in before) and not {"if", "wish", "when", "after", "before"} & set(before) \
        and not any(tense.only_past(w) for w in before) and later[:1] == ["but"]


SAYING_VERBS = frozenset(("say", "state", "show", "explain", "mention", "claim", "suggest", "read", "tell"))


def third_where_a_phrase_asks_for_the_past(toks: list[str], edit: Edit) -> bool:
    """A base form made third person where a past time phrase puts its clause in the past and the tense rule offers
    the past ("Yesterday our history teacher tell us" -> "tells", "and finally he shout at me" -> "shouts"): the
    present is as wrong as the base form was. Not a verb of saying, whose subject may be a text that says it now ("the
    advertisement which I read last week say" -> "says")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "third" not in form_kinds(pair[1]) \
            or aux_family(pair[0]) is not None or lemmas(pair[0]) & SAYING_VERBS and not _told_to_someone(toks, edit):
        return False
    at = len("".join(toks[:edit.start]))
    if not any(m.start() < at for m in tense.past_phrases("".join(toks))) and not tense.past_clauses(toks):
        return False  # only a phrase after it ("talk about last summer"): third_before_a_past_phrase's to judge
    return any(e.start == edit.start for e in tense.to_past(toks))


def _told_to_someone(toks: list[str], edit: Edit) -> bool:
    """Is the verb of saying "tell" with a person after it ("tell us"): a person's act, not a text's?"""
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    return norm(toks[edit.start]) == "tell" and after in ("me", "us", "him", "her", "them", "you", "everyone", "everybody")


def tokens_between(toks: list[str], i: int, char: int) -> list[str]:
    """The tokens from the i-th up to the character offset `char` of the sentence."""
    at, out = len("".join(toks[:i])), []
    for t in toks[i:]:
        if at >= char:
            break
        out.append(t)
        at += len(t)
    return out


def past_from_a_dated_thing(toks: list[str], edit: Edit) -> bool:
    """A present made past where the sentence's only past time dates a thing, after "from" ("People here still
    talk about the giant kite from last year" -> "talked"), and no other verb is past: the phrase belongs to the
    noun before it, not to the verb. (Not after "of": "the whole of last summer" dates the verb.)"""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    text = "".join(toks)
    phrases = tense.past_phrases(text)
    if not phrases or not all(_dates_a_thing_from(text[:m.start()].split(), pair[0] in STATIVES) for m in phrases):
        return False
    return not any(main_verb_only_past(norm(t)) for k, t in enumerate(toks)
                   if t[:1].isalpha() and not edit.start <= k < edit.end)


def _dates_a_thing_from(before: list[str], stative: bool) -> bool:
    """Does the time phrase follow "from" ("the kite from last year"), or, after a verb of having or knowing,
    the noun phrase of a "from" ("I have some experience of dealing with tourists from my job at a hotel last
    summer": the job was last summer, the experience is now), with no verb between? Not after a verb of an
    event: "I receive a letter from my aunt last week" dates the receiving."""
    if before[-1:] == ["from"]:
        return True
    if not stative or "from" not in before[-7:]:
        return False
    phrase = [norm(w.strip(",.")) for w in before[len(before) - before[::-1].index("from"):]]
    return all(not only_a_verb(w) and aux_family(w) in (None, "to") for w in phrase)


def governed_by_an_auxiliary(toks: list[str], i: int) -> bool:
    """An auxiliary (or "to") earlier in the word's clause with no subject of another verb between them:
    "did" governs "lived" in "When did your lazy goats lived", not "went" in "Do you remember the concert
    we went to"."""
    clause = [norm(w) for w in own_clause(toks, i)]
    aux = max((k for k, w in enumerate(clause) if aux_family(w) is not None), default=None)
    return aux is not None and not SUBJECT_PRONOUNS.keys() & set(clause[aux + 2:])


STATIVES = frozenset(("have", "has", "know", "knows", "own", "owns", "understand", "understands"))


def past_of_what_one_already_has(toks: list[str], edit: Edit) -> bool:
    """A present of having or knowing after "already" made past in a clause of its own after ", so" or
    "and" ("Last year I helped at a similar event, so I already have some experience" -> "had"): what
    the earlier clause dates, this one draws from it for now."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in STATIVES or "past" not in form_kinds(pair[1]):
        return False
    written = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return len(written) >= 3 and written[-1] == "already" and written[-2] in SUBJECT_PRONOUNS \
        and written[-3] in ("so", "and")


def past_in_a_time_clause_of_the_future(toks: list[str], edit: Edit) -> bool:
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    words = indexed_words(toks)
    if not words or words[0][1] not in TIME_OPENERS | {"if", "unless"} and [w for _, w in words[:3]] != ["as", "soon", "as"]:
        return False  # ("If it rains again like last year, we will": a first conditional's present)
    comma = next((i for i, t in enumerate(toks) if t == ","), None)
    if comma is None or edit.start > comma:
        return False
    previous = [w for i, w in words if i < edit.start][-1:]
    if previous and aux_family(previous[0]) is not None:
        return False  # "had listen" -> "had listened": a participle, no tense
    main = [w for i, w in words if i > comma][:3]
    return bool(main) and (main[0] in IMPERATIVES or bool(FUTURE & set(main)) or any(w.endswith("'ll") for w in main))


HABIT_ADVERBS = frozenset(("mostly", "usually", "often", "always", "normally", "generally", "sometimes", "still",
                           "now", "nowadays", "rarely", "seldom", "regularly", "mainly"))


OPINION_VERBS = frozenset(("believe", "think", "hope", "feel", "know", "expect", "suppose", "guess", "am", "'m"))


def past_of_a_habit_or_a_belief(toks: list[str], edit: Edit) -> bool:
    """A present made past in a clause of its own that speaks of now: a habit ("I bought a laptop last
    month and I use it mostly for films" -> "used") or what the writer believes now ("..., and I believe
    that my experience" -> "believed"). Only "I" or "we" as the subject, and an adverb of habit right
    before or after the verb, or a verb of belief with "that" after it."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    subject = next((w for w in reversed(before[-2:]) if w in ("i", "we")), None)
    if subject is None:
        return False
    near = set(before[-2:]) | set(after[:3])
    return bool(HABIT_ADVERBS & near) or pair[0] in OPINION_VERBS and after[:1] == ["that"]


DOCUMENTS = frozenset(("advertisement", "advert", "ad", "article", "letter", "email", "e-mail", "website", "sign", "notice",
                       "book", "leaflet", "brochure", "report", "guide", "text", "message", "programme", "program", "poster",
                       "law", "rule", "rules", "contract", "menu", "label", "newspaper", "magazine", "survey", "study"))


SAYING = frozenset(("says", "say", "states", "mentions", "explains", "shows", "claims", "suggests", "warns", "promises"))


def past_of_what_a_text_says(toks: list[str], edit: Edit) -> bool:
    """"The advertisement ... says that" made "said": what a text says, it says now."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in SAYING or "past" not in form_kinds(pair[1]):
        return False
    clause = clause_before_any(toks, edit.start)
    opener = min((k for k, w in enumerate(clause) if w in CLAUSE_OPENERS), default=-1)
    return bool(DOCUMENTS & set(clause[:3])) or opener >= 0 and bool(DOCUMENTS & set(clause[opener + 1:][:3]))


SAME_PAST = frozenset(("cast", "put", "hit", "cut", "set", "let", "shut", "hurt", "cost", "quit", "spread", "split", "burst",
                       "broadcast", "forecast", "bet", "bid", "upset", "read"))


def present_of_a_past_like_the_base(toks: list[str], edit: Edit) -> bool:
    """"He cast a young woman in the role" made "casts": a verb whose past is its base may be the past."""
    pair = one_word(toks, edit)
    return pair is not None and pair[0] in SAME_PAST and third(pair[1])


RELATIVES = frozenset(("who", "which", "that", "whom", "whose", "where"))
REPORTING = frozenset(("said", "say", "says", "think", "thought", "believe", "believed", "know", "knew", "hope", "hoped",
                       "told", "tell", "feel", "felt", "realised", "realized", "found", "find", "heard", "read", "saw",
                       "explained", "mean", "meant", "sure", "afraid", "glad", "so", "such", "is", "was", "seems"))


TIME_WORDS = frozenset(("yesterday", "ago", "last", "tomorrow", "now", "nowadays", "today", "when", "then", "since",
                        "before", "after", "already", "yet", "still", "currently", "once", "tonight"))


def tense_in_a_relative_clause(toks: list[str], edit: Edit) -> bool:
    """A present made past or a past made present inside a relative clause that names no time ("a new
    stadium that nobody uses" -> "used", "The students who took part in the survey were" -> "take"): a
    relative clause keeps its own time."""
    pair = one_word(toks, edit)
    if pair is None or aux_family(pair[0]) is not None:
        return False
    old, new = form_kinds(pair[0]), form_kinds(pair[1])
    to_past = bool({"base", "third"} & old) and "past" in new and "past" not in old
    to_present = "past" in old and "base" not in old and bool({"base", "third"} & new) and "past" not in new
    if not (to_past or to_present):
        return False
    words = [norm(t) for t in toks[:edit.start] if t[:1].isalpha() or t in (",", ";", ":")]
    opener = max((k for k, w in enumerate(words) if w in RELATIVES), default=None)
    if opener is None or opener == 0 or words[opener - 1] in REPORTING | {",", ";", ":"} and words[opener] == "that":
        return False
    inside = words[opener + 1:]
    if not inside and "third" in old and "base" in new and plural_subject(words[opener - 1]):
        return False  # "Parents who lets" -> "let": the number of a verb whose past is its base ("let", "put")
    if any(w in (",", ";", ":") or w in CLAUSE_OPENERS or aux_family(w) is not None for w in inside) or len(inside) > 5:
        return False
    if any("past" in form_kinds(w) and not any(_noun_forms(w)) for w in inside):
        return False  # "the crows that Megan bothered shattered": the relative clause has its verb; this is the main one
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:6]
    if to_present and "when" in after and any(main_verb_only_past(w) for w in after[after.index("when") + 1:][:3]):
        return True  # "the flat where we lived when you visited us" -> "live": the "when" clause is past too
    if TIME_WORDS & set(inside + after):
        return False
    head = words[opener - 1]
    return words[opener] != "that" or any(_noun_forms(head)) and head not in REPORTING


def present_perfect_after_a_past(toks: list[str], edit: Edit) -> bool:
    """A past perfect made present perfect where a past comes before it in its clause ("Many people we
    spoke to had never visited" -> "have never visited"): the past perfect looks back from that past.
    Not with "since" or "for" in the sentence, which may ask for the present perfect."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] != "had" or pair[1] not in ("have", "has"):
        return False
    words = {norm(t) for t in toks if t[:1].isalpha()}
    clause = clause_before_any(toks, edit.start)
    return not {"since", "for", "now", "today"} & words and any(main_verb_only_past(w) for w in clause)


def past_from_a_later_relative_clause(toks: list[str], edit: Edit) -> bool:
    """A present made past where the only past the sentence shows is in a relative clause after it
    ("There is a problem with the invoice which I received yesterday" -> "was"): that time is the
    invoice's, not the problem's."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]) or not {"base", "third"} & form_kinds(pair[0]):
        return False
    relative = next((k for k in range(edit.end, len(toks)) if norm(toks[k]) in ("which", "that", "who", "where")
                     or _contact_relative(toks, k)), None)
    if relative is None or any(main_verb_only_past(norm(t)) for t in toks[:relative] if t[:1].isalpha()):
        return False
    text = "".join(toks)
    after_relative = len("".join(toks[:relative]))  # where the relative clause starts, in characters
    phrases = tense.past_phrases(text)
    return bool(phrases) and all(m.start() >= after_relative for m in phrases)


def _contact_relative(toks: list[str], k: int) -> bool:
    """Does a relative clause with no "that" start at k ("the programme you sent me last week"): a noun, a
    subject pronoun, a past?"""
    words = [(j, norm(t)) for j, t in enumerate(toks) if t[:1].isalpha()]
    at = next((n for n, (j, _) in enumerate(words) if j == k), None)
    if at is None or at == 0 or at + 1 >= len(words) or words[at][1] not in ("i", "you", "we", "they", "he", "she"):
        return False
    noun, verb = words[at - 1][1], words[at + 1][1]
    after_a_determiner = at >= 2 and words[at - 2][1] in NOUN_PHRASE_OPENERS
    return any(_noun_forms(noun)) and (after_a_determiner or not lemmas(noun)) and main_verb_only_past(verb)


REPORT_PRESENT = frozenset(("says", "say", "thinks", "think", "believes", "believe", "claims", "claim", "tells", "tell",
                            "agrees", "agree", "explains", "explain"))


def past_of_a_report_of_now(toks: list[str], edit: Edit) -> bool:
    """A verb that reports made past where what it reports is in the present ("My brother says it is
    the worst film", "say that they eat" -> "said"): the report is of now."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in REPORT_PRESENT or "past" not in form_kinds(pair[1]):
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:5]
    if after[:1] == ["that"]:
        after = after[1:]
    # a subject pronoun and its present ("Half of the students who answered say that they eat less than last year")
    pronoun_present = after[:1] != [] and after[0] in ("they", "we", "you", "he", "she", "it") and after[1:2] != [] \
        and {"base", "third"} & form_kinds(after[1]) and "past" not in form_kinds(after[1]) and bool(lemmas(after[1])) \
        and (after[0] in ("he", "she", "it")) == ("third" in form_kinds(after[1])) \
        and _only_compared_pasts("".join(toks))
    return pronoun_present or any(w in ("is", "are", "has", "have", "does", "do", "can", "will", "'s") for w in after[1:4])


def _only_compared_pasts(text: str) -> bool:
    """Is every past phrase of the text a comparison's ("less often than last year")?"""
    return all(tense._compares(text[:m.start()]) for m in tense.past_phrases(text))


REPORT_PAST = frozenset(("heard", "said", "told", "read", "thought", "knew", "learned", "learnt", "found", "realised",
                         "realized", "noticed", "saw", "felt", "understood", "explained", "wrote"))


def present_of_a_report_of_a_past(toks: list[str], edit: Edit) -> bool:
    """A verb that reports made present where what it reports is in the past ("I heard that the band played
    for three hours" -> "hear"): the report is of then."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in REPORT_PAST or not {"base", "third"} & form_kinds(pair[1]) \
            or "past" in form_kinds(pair[1]) or governed_by_an_auxiliary(toks, edit.start):
        return False  # not "I didn't knew that the workshops were" -> "know"
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:6]
    if after[:1] == ["that"]:
        after = after[1:]
    return any(main_verb_only_past(w) or w in ("was", "were", "had") for w in after[1:5])


# verbs whose "to" takes a person, not a verb: "the users I spoke to complained"
TO_SOMEONE = frozenset(("spoke", "talked", "listened", "wrote", "replied", "referred", "complained", "apologised",
                        "apologized", "belonged", "sent", "gave", "lent", "sold", "showed", "explained", "described",
                        "emailed", "lied", "waved", "said", "introduced", "mentioned", "chatted", "turned"))


def _stranded_to(before: list[str]) -> bool:
    """Does the "to" that ends `before` end a relative clause with no "who" ("the users I spoke to")?
    A noun, a subject pronoun, a past that takes "to" and a person."""
    return before[-1:] == ["to"] and len(before) >= 4 and before[-2] in TO_SOMEONE \
        and before[-3] in ("i", "we", "they", "he", "she", "you") and any(_noun_forms(before[-4]))


def present_of_a_finite_past(toks: list[str], edit: Edit) -> bool:
    """A finite past made present where nothing in its clause speaks of now ("several guests told us
    that" -> "tell", "The students who took part ... were" -> "take"): learners' tense slips go the
    other way; a past made base after "did", a modal, "to" or "let" ("didn't knew") is another edit."""
    pair = one_word(toks, edit)
    if pair is None or not main_verb_only_past(pair[0]) or not {"base", "third"} & form_kinds(pair[1]) or "past" in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before and (aux_family(before[-1]) is not None and not _stranded_to(before)
                   or before[-1] in ("let", "make", "made", "help", "must")):
        return False  # "refused to requested", "didn't knew": the infinitive's or the auxiliary's base form
    if set(before[-3:-1]) & (PERCEIVING | {"help", "helped"}):
        return False  # "let us went" -> "go": the bare infinitive after "let / make / see" and an object
    if _an_auxiliary_without_its_verb(_since_the_last_subordinator(toks, edit.start)):
        return False  # "Did the birds that Tom fed sang?" -> "sing", "Has she ran" -> "run": after an auxiliary
        # (not "Do you remember the trip we took" -> "take": that auxiliary has its verb)
    if pair[0].endswith("ed") and pair[0] not in lemminflect.getAllInflections(pair[1], upos="VERB").get("VBD", (pair[0],)):
        return False  # "costed" -> "cost": a misbuilt form
    return not NOW & set(clause_before_any(toks, edit.start) + [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:6])


SUBORDINATORS = frozenset(("when", "while", "because", "before", "after", "until", "although", "as", "since", "if"))


def _an_auxiliary_without_its_verb(clause: list[str]) -> bool:
    """Is there a "do", a modal or "have" in `clause` whose verb does not follow it as a subject pronoun and a base
    form, perhaps an adverb between ("Do you remember", "Do you still have": the auxiliary has its verb)?"""
    governed = set()
    for k, w in enumerate(clause):
        if k in governed or aux_family(w) not in ("do", "modal", "have"):
            continue
        verb = k + 2 + (clause[k + 2:k + 3] != [] and clause[k + 2] in ("still", "really", "ever", "never", "also", "always"))
        if clause[k + 1:k + 2] == [] or clause[k + 1] not in SUBJECT_PRONOUNS or verb >= len(clause) \
                or "base" not in form_kinds(clause[verb]) or aux_family(clause[verb]) == "modal":
            return True
        governed.add(verb)
    return False


def _since_the_last_subordinator(toks: list[str], i: int) -> list[str]:
    """The words of the clause before the token at i, after any quoted sentence ('"How did you know?" I asked')
    and any time or reason subordinator ("There must have been ... when the mayor began"); "that" does not
    cut ("Did the birds that Tom fed sang?")."""
    end = max((k for k, t in enumerate(toks[:i]) if t in ("?", "!", ".", '"', "\u201d")), default=-1)
    words = [norm(t) for t in toks[end + 1:i] if t[:1].isalpha()]
    cut = max((k for k, w in enumerate(words) if w in SUBORDINATORS), default=-1)
    return words[cut + 1:]


def past_from_an_earlier_relative_clause(toks: list[str], edit: Edit) -> bool:
    """A present made past whose only past time phrase sits in a relative clause before it ("The list that
    you sent last week does not include" -> "did not", "My friend, who did the course two years ago, says"
    -> "said"): the phrase dates the relative clause, not the verb."""
    pair = one_word(toks, edit)
    if pair is None or not {"base", "third"} & form_kinds(pair[0]) or "past" not in form_kinds(pair[1]) \
            or "past" in form_kinds(pair[0]):
        return False
    text = "".join(toks)
    at = len("".join(toks[:edit.start]))
    phrases = [m.span() for m in tense.past_phrases(text)]
    if not phrases or any(start >= at for start, _ in phrases):
        return False
    relative = [m.end() for m in re.finditer(r"\b(who|whose|which|that)\b", text[:at], re.I)
                if m.group(1).lower() != "that" or _a_noun_before(text[:m.start()])]  # "speakers that", not "told me that"
    return all(any(r <= start for r in relative) for start, _ in phrases)


def _a_noun_before(text: str) -> bool:
    """Does `text` end with a noun ("the speakers", "the report"; not "told me", "I think")?"""
    words = [norm(w) for w in text.split()]
    if not words or not any(_noun_forms(words[-1])):
        return False
    return not lemminflect.getAllLemmas(words[-1], upos="VERB") or words[-2:-1] != [] \
        and words[-2] in NOUN_PHRASE_OPENERS | {"that", "these", "those"}


def past_in_a_time_clause_after_a_future(toks: list[str], edit: Edit) -> bool:
    """A present made past in a time clause ("before", "until", "as soon as", "once") after a main clause that
    speaks of what is to come ("You'd better book the tickets now, before they sell out" -> "sold", "We will wait
    until you arrive"): the time clause takes the present."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]) or not {"base", "third"} & form_kinds(pair[0]):
        return False
    words = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    opener = max((k for k, w in enumerate(words) if w in ("before", "until", "till", "once") or words[k:k + 3] == ["as", "soon", "as"]),
                 default=None)
    if opener is None or edit.start - opener > 40 or len(words) - opener > 6:
        return False
    main = words[:opener]
    if any(w in ("when", "while", "because", "if") for w in main[-6:]):
        return False
    future = any(w in FUTURE or w.endswith("'ll") or w == "better" or w in ("would", "could", "might") for w in main)
    return future and not any(main_verb_only_past(w) for w in main)


PRESENTS = frozenset(("is", "are", "am", "has", "does", "isn't", "aren't", "doesn't", "don't"))


def past_from_its_subjects_relative_clause(toks: list[str], edit: Edit) -> bool:
    """A present made past where every past of the sentence, verb or phrase, sits in a relative clause of
    the verb's own subject ("The experience that I gained in my last two jobs makes me" -> "made"): the
    relative clause dates what the writer did with the subject, not the verb. The subject opens the
    sentence: a determiner, at most three words, the relative word and a person ("I", "we", "you",
    "they"), or the relative word as the clause's subject where a present follows the verb ("The teenagers
    who took part in last year's campaign deserve more respect than your article gives them" -> "deserved");
    "The man who stole my bag runs away" is a story's present, a learner's error."""
    pair = one_word(toks, edit)
    if pair is None or not {"base", "third"} & form_kinds(pair[0]) or "past" not in form_kinds(pair[1]) \
            or "past" in form_kinds(pair[0]):
        return False
    words = [(k, norm(t)) for k, t in enumerate(toks) if t[:1].isalpha()]
    before = [w for k, w in words if k < edit.start][-1:]
    if before and (aux_family(before[0]) is not None or before[0] == "to"):
        return False  # "was build" -> "built": a participle, no tense
    opening = [w for _, w in words[:6]]
    relative = next((n for n, w in enumerate(opening) if w in ("that", "which", "who", "whom")), None)
    if relative is None or not 2 <= relative <= 4 or opening[0] not in NOUN_PHRASE_OPENERS \
            or any(aux_family(w) is not None or only_a_verb(w) for w in opening[:relative]):
        return False
    if opening[relative + 1:relative + 2] not in (["i"], ["we"], ["you"], ["they"]) \
            and not any(k > edit.end and (w in PRESENTS or "third" in form_kinds(w) and only_a_verb(w)) for k, w in words):
        return False
    start, end = words[relative][0], edit.start
    pasts = [k for k, w in words if main_verb_only_past(w) or w in ("was", "were")]
    text = "".join(toks)
    phrases = [m.start() for m in tense.past_phrases(text)]
    chars = len("".join(toks[:start])), len("".join(toks[:end]))
    return bool(pasts) and all(start < k < end for k in pasts) and all(chars[0] < c < chars[1] for c in phrases)


def past_of_a_generic_habit(toks: list[str], edit: Edit) -> bool:
    """A present made past right after an adverb of habit whose subject is a bare plural that opens the
    sentence, with no past before it ("Footballers always say that a match lasts ninety minutes, and that
    night it was true" -> "said"): what a kind of people always do, they do now."""
    pair = one_word(toks, edit)
    if pair is None or not {"base", "third"} & form_kinds(pair[0]) or "past" not in form_kinds(pair[1]) \
            or "past" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(before) != 2 or before[1] not in HABIT_ADVERBS - {"now", "still"}:
        return False
    subject = before[0]
    return subject in ("people", "children") or subject.endswith("s") and any(_noun_forms(subject)) \
        and not lemminflect.getAllLemmas(subject, upos="VERB") and not tense.past_phrases("".join(toks[:edit.start]))


def past_before_a_present_time_clause(toks: list[str], edit: Edit) -> bool:
    """A present made past where a "when" / "whenever" / "if" clause right after it keeps a present with its own
    subject ("Kids get bored very quickly when the food takes so long, and my cousins started" -> "got"): what
    happens whenever it happens is said in the present, whatever the story around it."""
    pair = one_word(toks, edit)
    if pair is None or not {"base", "third"} & form_kinds(pair[0]) or "past" not in form_kinds(pair[1]) \
            or "past" in form_kinds(pair[0]):
        return False
    after = clause_after(toks, edit.end)
    k = next((k for k, w in enumerate(after[:6]) if w in ("when", "whenever", "if")), None)
    if k is None:
        return False
    clause = after[k + 1:k + 7]
    if any("past" in form_kinds(w) and "base" not in form_kinds(w) or w in ("was", "were") for w in clause):
        return False  # "my mother cries when she saw us": the clause itself is past
    return any(w in ("is", "are", "am", "does", "has", "doesn't", "isn't", "aren't")
               or "third" in form_kinds(w) and bool(lemmas(w)) and w not in SUBJECT_PRONOUNS and w != "us"
               and clause[j - 1] not in NOUN_PHRASE_OPENERS for j, w in enumerate(clause) if j >= 1)


def past_of_knowing_how_after_so(toks: list[str], edit: Edit) -> bool:
    """"so I know how to" or "so I know how tiring" made "knew" after a past ("Last summer I worked at a sports
    centre, so I know how to organise games"): what the past taught the writer, the writer knows now."""
    pair = one_word(toks, edit)
    if pair not in (("know", "knew"), ("knows", "knew")):
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:4]
    while after and after[0] in ("very", "well", "exactly", "now", "already", "perfectly", "really", "quite"):
        after = after[1:]  # "so I know very well how"
    return after[:1] == ["how"] and "so" in [norm(t) for t in toks[:edit.start] if not t.isspace()][-3:]


def past_perfect_for_a_perfect_since(toks: list[str], edit: Edit) -> bool:
    """"has/have" made "had" where "since" follows and no past comes before the edit ("There has been a big increase
    in complaints since the new bar opened last year" -> "had been"): "since" reaches back from now; only a past
    before it ("He told me he has been ill since Monday") would move its "now" into the past."""
    pair = one_word(toks, edit)
    if pair not in (("has", "had"), ("have", "had"), ("hasn't", "hadn't"), ("haven't", "hadn't")):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    return "since" in after and not any(main_verb_only_past(w) or w in ("was", "were", "had", "did") for w in before) \
        and not tense.past_phrases("".join(toks[:edit.start]))


def present_in_a_list_of_pasts(toks: list[str], edit: Edit) -> bool:
    """A past made present right after a comma, between pasts of the same subject ("we packed our things as fast as
    we could, ran to the car in the dark and waited there" -> "run"): a list of one subject's pasts."""
    pair = one_word(toks, edit)
    if pair is None or not main_verb_only_past(pair[0]) or "past" in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha() or t == ","]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha() or t in (",", ".")]
    if before[-1:] != [","]:
        return False
    earlier = next((w for w in reversed(before[:-1]) if main_verb_only_past(w) or w in ("was", "were")), None)
    joined = after.index("and") if "and" in after[:12] else None
    later = after[joined + 1] if joined is not None and joined + 1 < len(after) else ""
    return earlier is not None and main_verb_only_past(later) and "," not in after[:joined]


def past_in_a_report_of_now(toks: list[str], edit: Edit) -> bool:
    """A present made past in the "that" clause of a present verb of reporting ("The survey shows that reading is
    less popular then ten years ago" -> "was"), where no past phrase but a compared one dates the sentence: the
    report is of now, and so is what it reports."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]) or not {"base", "third"} & form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    at = max((k for k, w in enumerate(before) if w == "that"), default=None)
    if at is None or at < 1 or before[at - 1] not in REPORT_PRESENT | SAYING or len(before) - at > 5:
        return False
    return not any(aux_family(w) is not None or only_a_verb(w) and not w.endswith("ing") for w in before[at + 1:]) \
        and _only_compared_pasts("".join(toks)) \
        and not any(main_verb_only_past(w) or w in ("was", "were") for w in before[:at - 1])  # not "phoned and say that"


def past_in_the_reason_of_a_generic_present(toks: list[str], edit: Edit) -> bool:
    """A present made past in a "because" clause of a sentence that opens with a bare plural subject (at most two
    adjectives before it) and its present, with no past before the edit or in its own clause ("Libraries in small
    towns close because not enough people visit them, and in my village the only library closed two years ago" ->
    "visited"): why a kind of thing happens is said in the present; the later past is another clause's."""
    pair = one_word(toks, edit)
    if pair is None or not {"base", "third"} & form_kinds(pair[0]) or "past" not in form_kinds(pair[1]) \
            or "past" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if "because" not in before[2:] or any(main_verb_only_past(w) or w in ("was", "were", "had", "did") for w in before) \
            or tense.past_phrases("".join(toks[:edit.start])):
        return False
    clause = []
    for t in toks[edit.end:]:
        if t in (",", ";", ".", "!", "?", ":") or norm(t) in ("and", "but"):
            break
        clause.append(t)
    if tense.past_phrases("".join(clause)):
        return False  # "because not enough people visited them last year"
    k = 0
    while k < 2 and (before[k] in ("most", "many", "some") or "ADJ" in lemminflect.getAllLemmas(before[k]) and not lemmas(before[k])):
        k += 1  # "Small shops close because"
    subject = before[k]  # at the sentence's start an -s word is a plural noun, even one that is a verb too ("shops")
    return subject in ("people", "children") or subject.endswith("s") and _noun_forms(subject)[1]


CHANGE = frozenset(("change", "changes", "changed", "changing"))
NOW_MARKERS = frozenset(("still", "now", "always", "nowadays", "today"))  # right before the verb: it is now
HABIT_CLAUSE = re.compile(r"\b(every time|each time|whenever)\s+(\w+)\s+(\w+)", re.IGNORECASE)


def past_of_what_a_change_left(toks: list[str], edit: Edit) -> bool:
    """A present made past right after "changed the way" or "changed how" and a subject pronoun ("That weekend
    changed the way I see nature forever" -> "saw"): what the change left is now."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(before) < 3 or before[-1] not in SUBJECT_PRONOUNS:
        return False
    lead = before[:-3] if before[-3:-1] == ["the", "way"] else before[:-2] if before[-2] == "how" else None
    return lead is not None and bool(lead) and lead[-1] in CHANGE


def past_before_a_present_habit(toks: list[str], edit: Edit) -> bool:
    """A present made past after "still", "now", "always" ... and before a clause of habit in the present ("The
    friends I went with still talk about that night every time we meet" -> "talked"): "every time we meet" is now, and
    so is what happens then."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if not NOW_MARKERS & set(before[-2:]):
        return False  # "When I was young, I play outside every time it rains": the story's past, both verbs
    after = "".join(toks[edit.end:])
    return any(_a_present_of(norm(m.group(2)), norm(m.group(3))) for m in HABIT_CLAUSE.finditer(after))


def _a_present_of(pronoun: str, verb: str) -> bool:
    """Is `verb` a present that agrees with the subject pronoun ("we meet", "it takes"; not "it take")?"""
    person = SUBJECT_PRONOUNS.get(pronoun)
    if person is None or "past" in form_kinds(verb):
        return False
    return third(verb) if person == "singular" and pronoun != "i" else "base" in form_kinds(verb) and not third(verb)


POSSESSIVES = frozenset(("my", "your", "his", "its", "our", "their"))  # not "her": "I heard her phone him"


def past_of_a_noun_after_a_possessive(toks: list[str], edit: Edit) -> bool:
    """A word after a possessive made a verb's past ("While I was speaking, somebody's phone ring loudly" ->
    "phoned"): after "somebody's", "my", "their" ... comes a noun, never a verb."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    before = next((t for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    return norm(before) in POSSESSIVES or before.endswith(("'s", "\u2019s")) and before[:1].isalpha()


WOULD_WISHES = frozenset(("love", "like", "enjoy", "prefer", "hate"))


def will_for_a_wish_without_a_condition(toks: list[str], edit: Edit) -> bool:
    """"would love", "would like" ... made "will" where no "if", "unless", "when" or "once" sets a condition ("Next
    time we must go together, you would love it" -> "will"): "would" is what one would feel, not a future."""
    pair = one_word(toks, edit)
    if pair is None or pair != ("would", "will"):
        return False
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    words = {norm(t) for t in toks if t[:1].isalpha()}
    return after in WOULD_WISHES and not words & {"if", "unless", "when", "once"}


def past_of_be_before_a_dated_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """"is" / "are" made past where the sentence's only past time comes after the noun phrase that follows the verb
    and that noun's own phrase ("One of the reasons for my interest is my experience at home during last winter" ->
    "was"): the time dates the experience, not the reason, and no other verb is past. Not after "it", "this",
    "there" ... ("It is a great day at the beach yesterday" -> "was")."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in ("is", "are") or pair[1] not in ("was", "were"):
        return False
    subject = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(subject) < 2 or subject[-1] in ("it", "this", "that", "there", "these", "those", "he", "she", "they", "we", "i", "you"):
        return False
    at = len("".join(toks[:edit.end]))
    text = "".join(toks)
    phrases = tense.past_phrases(text)
    if not phrases or any(m.start() < at for m in phrases):
        return False
    between = text[at:phrases[0].start()].split()
    words = [norm(w.strip(",.")) for w in between]
    if len(words) < 4 or words[0] not in NOUN_PHRASE_OPENERS or "," in "".join(between):
        return False
    head = next((k for k, w in enumerate(words[1:4], 1) if any(_noun_forms(w))), None)
    if head is None or head + 1 >= len(words) or words[head + 1] not in PREPOSITIONS:
        return False  # "a disaster last week": the time right after the noun may date the verb
    if any(only_a_verb(w) or aux_family(w) not in (None, "to") for w in words):
        return False
    return not any(main_verb_only_past(norm(t)) for k, t in enumerate(toks) if t[:1].isalpha() and not edit.start <= k < edit.end)


def past_of_wish_before_its_clause(toks: list[str], edit: Edit) -> bool:
    """"wish" made "wished" where every past time phrase comes inside the wished clause, after its subject and verb
    ("I wish you are here last week" -> "wished"): the time is the wish's clause's ("had been here last week"), not the
    wishing."""
    pair = one_word(toks, edit)
    if pair is None or pair not in (("wish", "wished"), ("wishes", "wished")):
        return False
    at = len("".join(toks[:edit.end]))
    text = "".join(toks)
    phrases = tense.past_phrases(text)
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:2]
    if not phrases or len(after) < 2 or after[0] not in SUBJECT_PRONOUNS and after[0] not in ("you", "they", "we", "i"):
        return False
    verb = len("".join(toks[:edit.end])) + len("".join(toks[edit.end:]).split(after[1], 1)[0])
    return all(m.start() > verb > at for m in phrases)
