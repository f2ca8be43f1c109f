"""Vetoes of mood: imperatives (also negative and paired), the subjunctive after "if" / "wish" and after
"suggest that", and an unreal condition's past."""

from __future__ import annotations

import itertools

import lemminflect

from miniserve.tutor.runtime.agreement import _noun_forms
from miniserve.tutor.runtime.forms import aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.vetoes.words import (SUBJECT_PRONOUNS, TIME_OPENERS, UNREAL, clause_before,
                                                 is_question, one_word, main_verb_only_past, own_clause)


def subjunctive(toks: list[str], edit: Edit) -> bool:
    pair = one_word(toks, edit)
    if pair not in (("were", "was"), ("weren't", "wasn't")):
        return False
    clause = clause_before(toks, edit.start)
    if not [t for t in toks[:edit.start] if t[:1].isalpha()]:  # an inverted condition: "Were the park larger, it could host"
        rest = [norm(t) for t in toks[edit.end:]]
        comma = rest.index(",") if "," in rest else None
        return comma is not None and any(w in ("would", "could", "might", "'d") for w in rest[comma:comma + 8])
    return bool(UNREAL & set(clause)) and clause[-1:] != [] and clause[-1] not in ("we", "you", "they")


def present_in_an_unreal_condition(toks: list[str], edit: Edit) -> bool:
    """A past made present in an "if" clause of a sentence with "would" ("Shops would attract more
    customers if they stayed open" -> "stay"): the unreal condition takes the past."""
    pair = one_word(toks, edit)
    if pair is None or not main_verb_only_past(pair[0]) or not {"base", "third"} & form_kinds(pair[1]):
        return False
    words = [norm(t) for t in toks if t[:1].isalpha()]
    return "if" in clause_before(toks, edit.start) and ("would" in words or any(w.endswith("'d") for w in words))


MODALS_MADE_PRESENT = frozenset((("would", "will"), ("could", "can"), ("might", "may"), ("'d", "'ll")))


def present_modal_after_a_past_condition(toks: list[str], edit: Edit) -> bool:
    """"would" made "will" ("could" -> "can", "might" -> "may") in a sentence whose "if" clause has a verb
    that may be past ("If people talked / read more, fewer fights would start" -> "will"): an unreal
    condition keeps "would"; only a plainly present one ("If it rains, we would stay") takes "will"."""
    if one_word(toks, edit) not in MODALS_MADE_PRESENT:
        return False
    start = max((k + 1 for k, t in enumerate(toks[:edit.start]) if t in (".", "!", "?", ";")), default=0)
    words = [norm(t) for t in toks[start:] if t[:1].isalpha() or t in (",", ".", "!", "?", ";")]
    if "if" not in words:
        return False
    condition = list(itertools.takewhile(lambda w: w not in (",", ".", "!", "?", ";"), words[words.index("if") + 1:]))
    for w in condition[1:5]:
        if w in PRESENT_FINITES:
            return False  # "If our proposal is accepted, we would" -> "will": the present's passive
        if "past" in form_kinds(w):
            return True
    return False


PRESENT_FINITES = frozenset(("is", "are", "am", "isn't", "aren't", "has", "have", "hasn't", "haven't", "does", "do",
                             "doesn't", "don't"))


IMPERATIVE_OPENERS = frozenset(("so", "just", "please", "then", "now", "and", "also", "first", "finally", "kindly",
                                "simply", "oh", "well", "but", "or", "never", "always"))


# phrases that open a sentence and leave its subject to come: an imperative may follow with or without a comma
OPENING_PHRASES = (("to", "sum", "up"), ("in", "conclusion"), ("to", "conclude"), ("in", "short"), ("first", "of", "all"),
                   ("for", "more", "information"), ("for", "more", "details"), ("for", "further", "information"),
                   ("in", "the", "meantime"), ("if", "possible"), ("in", "any", "case"), ("in", "that", "case"))


def imperative(toks: list[str], edit: Edit) -> bool:
    """A base form that opens its clause with no subject before it, made third person or past: an
    imperative ("said: 'Close your eyes'" -> "Closes", "So just relax" -> "relaxes", "Don't move and keep"
    -> "keeps", "To sum up, keep" -> "keeps"). The clause starts at the sentence's start, a quotation mark, a colon or a semicolon, or at a comma
    in a sentence an imperative opens ("Don't worry, just give it a try" -> "gives")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not ({"third", "past", "ing"} & form_kinds(pair[1])) \
            or aux_family(pair[0]) is not None:
        return False  # "Do our tutor ... tell?" -> "Does": a question's auxiliary, no imperative
    before = []
    for t in reversed(toks[:edit.start]):
        if t in ("'", '"', "\u201c", "\u2018", ":", ";", "!", "?", "."):
            break
        if t[:1].isalpha():
            before.append(norm(t))
    before.reverse()
    if "ing" in form_kinds(pair[1]):  # "Just tell me!" -> "telling"; not "Swim is healthy" -> "Swimming"
        return bool(before) and all(w in IMPERATIVE_OPENERS for w in before)
    if all(w in IMPERATIVE_OPENERS for w in before):
        return True
    if any(before[:len(p)] == list(p) and all(w in IMPERATIVE_OPENERS for w in before[len(p):]) for p in OPENING_PHRASES):
        return True  # "To sum up, keep the festival", "For more information ask at the desk"
    # "Don't worry about the club, just give it a try": after a comma, a clause of its own in a sentence an imperative opens
    after_a_comma = []
    for t in reversed(toks[:edit.start]):
        if t == ",":
            break
        if t[:1].isalpha():
            after_a_comma.append(norm(t))
    if len(after_a_comma) < len(before) and all(w in IMPERATIVE_OPENERS for w in after_a_comma) \
            and (opens_with_an_imperative(toks) or _after_an_opening_clause(toks, edit)):
        return True  # also after an opening time or "if" clause: "Before you move him, always check that"
    # "Don't move and keep": an imperative, then "and" and the next one
    return len(before) >= 3 and before[0] in ("don't", "do", "never", "always") and before[-1] == "and" \
        and all(w in IMPERATIVE_OPENERS or "base" in form_kinds(w) or w in ("don't", "not") for w in before[1:-1])


TIME_CLAUSE_OPENERS = frozenset(("before", "after", "when", "whenever", "if", "once", "until", "while", "unless"))


def _after_an_opening_clause(toks: list[str], edit: Edit) -> bool:
    """Is the edit in the clause after the sentence's first comma, where the sentence opens with a time or "if"
    word and a subject pronoun ("Before you move a injured person, always check")?"""
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha() or t == ","]
    return len(before) >= 3 and before[0] in TIME_CLAUSE_OPENERS and before[1] in ("you", "we", "they", "i", "he", "she", "it") \
        and before.count(",") == 1


def opens_with_an_imperative(toks: list[str]) -> bool:
    """Does the sentence open with an imperative ("Think about ...", "Make sure ...", "Please call")?"""
    words = [norm(t) for t in toks if t[:1].isalpha()]
    if words[:1] in (["and"], ["so"], ["but"]):  # "And remember, never drive when you are tired"
        words = words[1:]
    if words[:1] == ["please"]:
        words = words[1:]
    if words[:1] in (["let's"], ["lets"]):
        return len(words) >= 2  # "Let's meet at seven and then decide"
    if words[:1] in (["don't"], ["never"], ["always"]) and len(words) >= 2:
        return "base" in form_kinds(words[1]) and bool(lemmas(words[1])) and aux_family(words[1]) is None  # "Don't worry"
    if len(words) < 2 or form_kinds(words[0]) & {"third", "past"} or "base" not in form_kinds(words[0]) \
            or aux_family(words[0]) is not None or words[0] not in lemminflect.getAllLemmas(words[0], upos="VERB").get("VERB", ()):
        return False
    return not any(_noun_forms(words[0])) or words[1] in ("about", "sure", "the", "a", "your", "me", "us", "it", "up", "to") \
        or words[0] in ("keep", "stop", "start", "try", "avoid") and words[1].endswith("ing")  # "Keep writing and never give up"


COLON_OBJECTS = frozenset(("a", "an", "the", "your", "my", "his", "her", "our", "their", "it", "them", "me", "us", "him",
                           "this", "that", "these", "those", "one", "two", "three", "four", "five", "ten",
                           "hundred", "some", "all", "every", "each", "no"))


def ing_for_an_imperative_after_a_colon(toks: list[str], edit: Edit) -> bool:
    """A base form right after a colon, with an object after it, made the -ing form ("Her instructions were clear:
    write three hundred words by noon" -> "writing"): an instruction, an imperative."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "ing" not in form_kinds(pair[1]):
        return False
    before = next((t for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalnum()), "")
    return before == ":" and (after in COLON_OBJECTS or after.isdigit())


def like_after_an_imperative(toks: list[str], edit: Edit) -> bool:
    """"like" given a verb form in a clause that opens with an imperative ("Hold the knife like this" ->
    "likes"): the imperative is the clause's verb, "like" a preposition."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] != "like" or pair[1] == "like" or not opens_with_an_imperative(toks):
        return False
    return not any(t in (",", ";", ":", ".", "!", "?") or norm(t) in ("and", "but", "or", "because", "if", "when")
                   for t in toks[:edit.start])


def imperative_pair(toks: list[str], edit: Edit) -> bool:
    """In a sentence that opens with an imperative, a base form right after "and" or "and then" made third
    person or past ("Think about ... and then ask yourself" -> "asks", "Think about your grandparents and ask
    yourself when you last visited them" -> "asked"), or a present in a time clause made past
    ("Make sure ... before the new guests arrive" -> "arrived")."""
    pair = one_word(toks, edit)
    if pair is None or not opens_with_an_imperative(toks):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if "base" in form_kinds(pair[0]) and {"third", "past"} & form_kinds(pair[1]):
        return before[-1:] == ["and"] or before[-2:] in (["and", "then"], ["and", "never"], ["and", "always"], ["and", "just"])
    return "past" in form_kinds(pair[1]) and "past" not in form_kinds(pair[0]) \
        and bool(TIME_OPENERS & set(clause_before(toks, edit.start)))


MANDATIVE = frozenset(("recommend", "suggest", "insist", "propose", "demand", "request", "require", "urge", "advise",
                       "ask", "order", "essential", "important", "vital", "necessary", "crucial", "imperative",
                       "recommendation", "suggestion", "proposal", "requirement"))


def mandative_subjunctive(toks: list[str], edit: Edit) -> bool:
    """The base form in a "that" clause after "recommend", "suggest", "insist", "it is essential" ...
    made third person or past ("I suggest that the school provide" -> "provides", "recommend that every
    participant bring" -> "brings"): the mandative subjunctive is right (and "provides" is British usage
    too, so neither is changed)."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"third", "past"} & form_kinds(pair[1]) and pair[1] not in ("is", "are"):
        return False
    clause = clause_before(toks, edit.start)
    if "that" not in clause:
        return False
    k = len(clause) - 1 - clause[::-1].index("that")
    subject = clause[k + 1:]
    trigger = clause[k - 1] if k else ""
    lemma = {lemma for lemmas in lemminflect.getAllLemmas(trigger).values() for lemma in lemmas} | {trigger}
    return 0 < len(subject) <= 6 and bool(MANDATIVE & lemma) and not any(aux_family(w) or "third" in form_kinds(w)
                                                                       or "past" in form_kinds(w) for w in subject)


def negative_imperative(toks: list[str], edit: Edit) -> bool:
    """"Please don't interrupt me" made "doesn't": a "don't" that opens its clause (after "please", "so",
    "and" ...) with a base form after it is a negative imperative; a question has its subject there."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in ("don't", "do") or pair[1] not in ("doesn't", "does", "didn't", "did"):
        return False
    before = []
    for t in reversed(toks[:edit.start]):
        if t in ("'", '"', "\u201c", "\u2018", ":", ";", "!", "?", ".", ","):
            break
        if t[:1].isalpha():
            before.append(norm(t))
    written = [t for t in toks[edit.end:] if t[:1].isalpha()][:2]
    if pair[0] == "do" and written[:1] and norm(written[0]) == "not":
        written = written[1:]  # "Do not hesitate to contact me"
    written = written[:1]
    after = [norm(t) for t in written]
    question = is_question(toks)
    return all(w in IMPERATIVE_OPENERS for w in before) and bool(after) and not question and written[0].islower() \
        and after[0] in lemminflect.getAllLemmas(after[0], upos="VERB").get("VERB", ()) and after[0] not in SUBJECT_PRONOUNS


# who an imperative may be called to by name ("Everybody get off the bus, please!")
VOCATIVES = frozenset(("everybody", "everyone", "children", "kids", "guys", "boys", "girls", "class", "folks"))
QUOTES = frozenset(('"', "'", "\u201c", "\u2018", ":"))


def imperative_to_a_vocative(toks: list[str], edit: Edit) -> bool:
    """A base form right after "Everybody", "Children" ... that open a sentence or a quotation made third
    person, where the sentence asks ("please") or calls out ("!"): an imperative with its addressee
    ("Everybody get off the bus, please!" -> "gets")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "third" not in form_kinds(pair[1]):
        return False
    lead = []
    for t in reversed(toks[:edit.start]):
        if t in QUOTES:
            break
        if not t.isspace():
            lead.append(norm(t))
    return len(lead) == 1 and lead[0] in VOCATIVES and ("please" in (norm(t) for t in toks) or "!" in toks)


def present_after_would_rather(toks: list[str], edit: Edit) -> bool:
    """A past made present after "would rather" or "it's time" and a subject ("I would rather you just came"
    -> "come", "It's time we left" -> "leave"): that past speaks of now, as in an unreal condition."""
    pair = one_word(toks, edit)
    if pair is None or not main_verb_only_past(pair[0]) or not {"base", "third"} & form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and before[-1] in ("just", "only", "really", "all", "both", "not", "never"):
        before = before[:-1]
    k = len(before) - 2  # the word before the subject
    lead = before[k] if k >= 0 else ""
    return lead in ("rather", "time") and (before[-1] in SUBJECT_PRONOUNS or before[-1] in ("everyone", "everybody"))


def base_after_had_better(toks: list[str], edit: Edit) -> bool:
    """A base form after "had better" made past, third person, a participle or -ing ("You had better book" ->
    "booked", "I had better not eat anything else" -> "eaten")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"past", "third", "participle", "ing"} & form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and before[-1] in ("not", "really", "just", "all"):
        before.pop()
    return before[-1:] == ["better"] and len(before) >= 2 and before[-2] in ("had", "'d", "you'd", "we'd", "i'd", "they'd")


def base_after_an_inverted_auxiliary(toks: list[str], edit: Edit) -> bool:
    """A base form after a modal or "do" that opens its clause before the subject made past or third person
    ("Should the government decide to raise taxes" -> "decides", "Why does the bus stop here?" -> "stops")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"past", "third"} & form_kinds(pair[1]):
        return False
    clause = [w for w in own_clause(toks, edit.start) if w not in ("why", "how", "when", "where", "what", "which", "who")]
    return len(clause) >= 2 and aux_family(clause[0]) in ("modal", "do") \
        and not any(aux_family(w) is not None or w in SUBJECT_PRONOUNS for w in clause[2:])


def third_after_an_imperatives_or(toks: list[str], edit: Edit) -> bool:
    """A base form right after "or" or "and" made third person where the sentence, or its clause after an opening
    phrase and a comma, opens with an imperative ("For more information, visit the website or speak to the manager"
    -> "speaks"): the second verb is an imperative too."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "third" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[-1:] not in (["or"], ["and"]):
        return False
    comma = next((k for k, t in enumerate(toks[:edit.start]) if t == ","), None)
    # an opening phrase, not a clause with its subject ("My aunt cooks lunch, clean the house and feed"): it starts
    # with a preposition, "to", or a time or condition word
    opening = comma is not None and next((norm(t) for t in toks if t[:1].isalpha()), "") in OPENING_PHRASE_WORDS
    return opens_with_an_imperative(toks) or opening and opens_with_an_imperative(toks[comma + 1:])


OPENING_PHRASE_WORDS = frozenset(("for", "to", "if", "when", "in", "on", "at", "after", "before", "during", "once",
                                  "while", "with", "from", "unless", "whenever"))


def third_person_of_believe_me(toks: list[str], edit: Edit) -> bool:
    """"believe me" / "trust me" that ends its sentence or clause made third person ("... without your clothes
    believe me." -> "believes"): the speaker's imperative aside, whatever stands before it."""
    pair = one_word(toks, edit)
    after = [t for t in toks[edit.end:] if not t.isspace()][:2]
    return pair in (("believe", "believes"), ("trust", "trusts")) and after[:1] == ["me"] \
        and (len(after) == 1 or not after[1][:1].isalnum())



def third_before_yourself(toks: list[str], edit: Edit) -> bool:
    """A verb made third person right before "yourself" or "yourselves" ("Before you buy another cheap dress ask
    yourself" -> "asks"): only "you" or an imperative goes with them."""
    pair = one_word(toks, edit)
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    return pair is not None and after in ("yourself", "yourselves") and "third" in form_kinds(pair[1]) \
        and "third" not in form_kinds(pair[0])


def third_after_lets(toks: list[str], edit: Edit) -> bool:
    """A verb made third person or past right after "let's" ("let's repeat the challenge" -> "repeats"): "let's"
    takes the bare infinitive."""
    pair = one_word(toks, edit)
    before = next((norm(t) for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    return pair is not None and before in ("let's", "lets", "let\u2019s") and "base" in form_kinds(pair[0]) \
        and "base" not in form_kinds(pair[1])
