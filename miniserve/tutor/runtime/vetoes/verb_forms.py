"""Vetoes of verb form: a form that the word before it calls for, changed (an -ing after "enjoy", a
base after a modal, a participle after "be" or "get", an adjective after "be", a noun after "take")."""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import PLURAL_PRONOUNS, _noun_forms, plural_subject, third
from miniserve.tutor.runtime.forms import BE, DO, FUNCTION_WORDS, ING_TAKING, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.vetoes.words import (NOUN_PHRASE_OPENERS, PERCEIVING, PREPOSITIONS, THE_ADJECTIVE_PEOPLE, clause_after, clause_before_any,
                                                  main_verb_only_past,
                                                  one_word, only_a_verb, s_added_or_taken, singular_noun)


ING_VERBS = ING_TAKING | {"risk"}
# verbs that also take "to" but whose -ing after them is never another form ("started going" -> "went")
BOTH_TAKERS = frozenset(("start", "begin", "continue", "like", "love", "hate", "prefer", "go"))


def base_after_an_ing_verb(toks: list[str], edit: Edit) -> bool:
    """An -ing form after "stop", "enjoy", "finish" ... made any other form ("stop talking" -> "stop talk", "had
    already finished eating" -> "finished eaten", "stop buying" -> "stop buys"); also after "start", "like", "go" ...,
    which take "to" too ("Ben started going to a new gym" -> "started went")."""
    pair = one_word(toks, edit)
    if pair is None or not pair[0].endswith("ing") or not {"base", "participle", "past", "third"} & form_kinds(pair[1]) \
            or "ing" in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    takers = ING_VERBS | BOTH_TAKERS
    return bool(before) and (any(before[-1] == f or before[-1] in (f + "s", f + "ed", f + "ped", f + "ing") for f in takers)
                             or bool(lemmas(before[-1]) & takers))  # "kept", "quit"


def gerund_subject_after_do(toks: list[str], edit: Edit) -> bool:
    """An -ing form right after "do", "does", "did" and before a verb's base form, made a base form ("Not only
    does walking save money" -> "does walk save", "Does swimming help?"): the -ing form is the subject."""
    pair = one_word(toks, edit)
    if pair is None or not pair[0].endswith("ing") or "ing" not in form_kinds(pair[0]) or "base" not in form_kinds(pair[1]):
        return False
    before = next((norm(t) for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    return before in ("do", "does", "did") and "base" in form_kinds(after) and bool(lemmas(after)) \
        and aux_family(after) is None and after not in FUNCTION_WORDS


FEELINGS = frozenset(("bored", "tired", "interested", "excited", "worried", "surprised", "scared", "frightened",
                      "disappointed", "annoyed", "amazed", "pleased", "satisfied", "confused", "embarrassed", "relaxed",
                      "shocked", "exhausted", "delighted", "stressed", "frustrated", "impressed", "amused", "terrified",
                      "thrilled", "relieved", "depressed", "fascinated", "horrified", "astonished"))


def another_verbs_form_for_a_feeling(toks: list[str], edit: Edit) -> bool:
    """An adjective of feeling in -ed made a form of another verb ("I would be bored at home" -> "borne", as if
    "bored" were a misbuilt form of "bear", as `forms.lemmas` also reads it): the word is right as written."""
    pair = one_word(toks, edit)
    if pair is None or norm(pair[0]) not in FEELINGS:
        return False
    own = set(lemminflect.getAllLemmas(norm(pair[0]), upos="VERB").get("VERB", ()))
    return not own & set(lemminflect.getAllLemmas(norm(pair[1]), upos="VERB").get("VERB", ()))


def participle_after_get(toks: list[str], edit: Edit) -> bool:
    """A participle after "get" made another form ("we got lost" -> "got lose", "may get bored" -> "get bore")."""
    pair = one_word(toks, edit)
    if pair is None or "participle" not in form_kinds(pair[0]) or "participle" in form_kinds(pair[1]) or pair[1].endswith("ing"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return bool(before) and before[-1] in ("get", "gets", "got", "getting", "gotten")


def ing_after_a_subject(toks: list[str], edit: Edit) -> bool:
    """A finite verb right after a subject pronoun made an -ing form ("anything you want me to" ->
    "you wanting"): with no "be" before it, never a verb of its clause."""
    pair = one_word(toks, edit)
    ing = pair is not None and "ing" in form_kinds(pair[1]) and "base" not in form_kinds(pair[1])  # not "bring", "sting"
    if pair is None or not ing or pair[0].endswith("ing") or aux_family(pair[0]) is not None:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    inverted = len(before) >= 2 and aux_family(before[-2]) == "be"  # "Is he jump" -> "Is he jumping" is right
    return bool(before) and before[-1] in ("i", "you", "we", "they", "he", "she") and not inverted


SUBORDINATORS = frozenset(("where", "when", "because", "if", "although", "though", "while", "since", "as", "whenever",
                           "unless", "until"))


OPENING_ADVERBS = frozenset(("nowadays", "today", "now", "these", "days", "sometimes", "often", "usually", "also", "still"))
CLAUSE_ENDS = frozenset(("which", "wich", "who", "that", "where", "when", "because", "and", "but", "so", "if", "while"))


def _no_verb_after(toks: list[str], end: int) -> bool:
    """No word that is only a verb after `end` in its clause (up to a comma, a relative or a joining word)."""
    for t in toks[end:]:
        w = norm(t)
        if t in (",", ";", ":", ".", "!", "?") or w in CLAUSE_ENDS:
            return True
        if t[:1].isalpha() and (aux_family(w) not in (None, "to") or lemmas(w) and not any(_noun_forms(w))):
            return False
    return True


def ing_after_a_subordinate_subject(toks: list[str], edit: Edit) -> bool:
    """A present right after the noun subject of a clause that opens with "where", "when", "because" ...
    made an -ing form ("forty stands where local producers sell their wine" -> "producers selling"), or of
    a sentence with no other verb ("Nowadays women work in jobs which" -> "women working"): with no "be"
    before it the clause would have no verb."""
    pair = one_word(toks, edit)
    if pair is None or "ing" not in form_kinds(pair[1]) or not {"base", "third"} & form_kinds(pair[0]) \
            or pair[0].endswith("ing") or aux_family(pair[0]) is not None:
        return False
    clause = clause_before_any(toks, edit.start)
    opener = max((k for k, w in enumerate(clause) if w in SUBORDINATORS), default=None)
    if opener is None:
        opener = next((k for k, w in enumerate(clause) if w not in OPENING_ADVERBS), len(clause)) - 1
        subject = clause[opener + 1:]
        # a bare plural that opens the sentence ("Nowadays women work"), and no verb after it: "Women work in
        # factories earn less" -> "working" is a fix
        return len(subject) == 1 and plural_subject(subject[0]) and _no_verb_after(toks, edit.end)
    subject = clause[opener + 1:]
    return 1 <= len(subject) <= 4 and any(_noun_forms(subject[-1])) and not any(aux_family(w) is not None for w in subject)


def like_as_a_preposition(toks: list[str], edit: Edit) -> bool:
    """"like" made "liking" where no "be" comes before it ("nothing like the photo" -> "nothing liking")."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair == ("like", "liking") and not (before and aux_family(before[-1]) == "be")


def like_before_a_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """"like" given a verb form between an adverb or a comma and a noun phrase ("waiting again, exactly like the
    day before" -> "likes"): there it is a preposition."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] != "like" or pair[1] == "like":
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    return bool(before) and (before[-1] == "," or before[-1] in LIKE_ADVERBS) \
        and after[:1] != [] and after[0] in ("the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that")


LIKE_ADVERBS = frozenset(("exactly", "just", "rather", "quite", "more", "much", "bit", "nothing", "anything",
                          "something", "little"))


def verb_form_of_an_adjective_after_a_linking_verb(toks: list[str], edit: Edit) -> bool:
    """An adjective right after "stay", "remain", "seem", "become", "appear" given a verb form ("stays open"
    -> "stays opens", "remained closed" -> "remained close"): the linking verb takes an adjective."""
    pair = one_word(toks, edit)
    if pair is None or not lemminflect.getAllLemmas(pair[0], upos="ADJ"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return bool(before) and lemmas(before[-1]) & LINKING and not lemminflect.getAllLemmas(pair[1], upos="ADJ")


LINKING = frozenset(("stay", "remain", "seem", "become", "appear"))


QUESTION_SUBJECT_DETERMINERS = frozenset(("the", "your", "my", "his", "her", "our", "their", "its", "these", "those"))


def ing_for_an_auxiliary_before_its_subject(toks: list[str], edit: Edit) -> bool:
    """A question's auxiliary right before its subject pronoun made -ing ("or have you found" -> "having you"): an
    auxiliary that opens a question is finite."""
    pair = one_word(toks, edit)
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    if pair is None or aux_family(pair[0]) not in ("have", "do", "be") or not pair[1].endswith("ing") or not after:
        return False
    if after[0] in ("you", "we", "they", "i", "he", "she", "it"):
        return True
    # "or have your plans changed?": a determiner's noun phrase, then the participle, in a question
    return "?" in toks[edit.end:] and after[0] in QUESTION_SUBJECT_DETERMINERS \
        and any("participle" in form_kinds(w) for w in after[2:4])


def a_plural_only_noun(toks: list[str], edit: Edit) -> bool:
    """A noun that has no singular of its own given another form ("all your clothes on" -> "clothe", "my glasses" ->
    "glass"): the tutor leaves nouns as written."""
    pair = one_word(toks, edit)
    return pair is not None and pair[0] in PLURAL_ONLY_NOUNS


PLURAL_ONLY_NOUNS = frozenset(("clothes", "trousers", "jeans", "shorts", "pyjamas", "pajamas", "scissors", "glasses",
                               "sunglasses", "belongings", "surroundings", "outskirts", "premises", "goods", "earnings",
                               "savings", "headquarters", "congratulations", "stairs", "groceries"))


def finite_after_to(toks: list[str], edit: Edit) -> bool:
    """A base form after "to" made a participle, a past or a third person ("time to write" -> "to
    written", "To reach the museum, take" -> "To reaches"); or after "please" ("please tell us" -> "tells")."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and before[-1:] in (["to"], ["please"]) and "base" in form_kinds(pair[0]) \
        and bool({"participle", "past", "third"} & form_kinds(pair[1])) and "base" not in form_kinds(pair[1])


def base_after_go(toks: list[str], edit: Edit) -> bool:
    """"go sailing" made "go sail" or "go swam", "come sailing with us" made "come sail"."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair[0].endswith("ing") and before[-1:] != [] \
        and before[-1] in ("go", "goes", "went", "going", "gone", "come", "comes", "came", "coming") \
        and bool({"base", "past"} & form_kinds(pair[1]))


def finite_after_be_going(toks: list[str], edit: Edit) -> bool:
    """A verb right after "am/is/are/was/were going" made third person or past ("We are going decorate" ->
    "going decorates"): "going" wants "to" and the base form, never a finite verb."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and before[-1:] == ["going"] and len(before) >= 2 \
        and before[-2] in ("am", "is", "are", "was", "were", "'m", "'re", "'s", "i'm", "we're", "you're", "they're",
                           "he's", "she's", "it's", "not") \
        and bool({"third", "past"} & form_kinds(pair[1])) and "ing" not in form_kinds(pair[1])


def ing_for_a_passive_with_its_agent(toks: list[str], edit: Edit) -> bool:
    """A base form after "be" made -ing where an adjective follows it and "by" later in its clause ("Cycling is
    consider dangerous by many parents" -> "considering"): a passive with its agent, whose verb is the participle."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "ing" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if not before or aux_family(before[-1]) != "be":
        return False
    after = clause_after(toks, edit.end)
    return len(after) >= 2 and set(lemminflect.getAllLemmas(after[0])) == {"ADJ"} and "by" in after[1:]


def word_of_a_name(toks: list[str], edit: Edit) -> bool:
    """A capitalised word after another capitalised word inside the sentence, changed ("was called 'Paradise View'" ->
    "Viewed", "the Green Park Run" -> "Runs"): the words of a name or a title, which the tutor leaves as written."""
    if one_word(toks, edit) is None or not toks[edit.start][:1].isupper():
        return False
    alpha = [k for k in range(edit.start) if toks[k][:1].isalpha()]
    if len(alpha) < 2:
        return False  # the sentence's first word, or the second after it ("Mum Says" aside)
    prev = toks[alpha[-1]]
    return prev[:1].isupper() and prev != "I" and alpha[-1] != alpha[0]


def third_before_a_joined_past(toks: list[str], edit: Edit) -> bool:
    """A base form made third person where "and" joins it to a past in the same clause ("The keeper, a tall man with a
    beard, look around and picked up a stick" -> "looks"): the pair is told in the past ("looked")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "third" not in form_kinds(pair[1]) or aux_family(pair[0]):
        return False
    words = clause_after(toks, edit.end)
    if "and" not in words[:5]:
        return False
    k = words.index("and")
    nxt = [w for w in words[k + 1:k + 3] if w not in ("then", "also", "quickly", "suddenly", "slowly")]
    adjectives = "ADJ" in lemminflect.getAllLemmas(nxt[0]) if nxt else False
    adjectives = adjectives or k > 0 and "ADJ" in lemminflect.getAllLemmas(words[k - 1]) and "ADV" not in lemminflect.getAllLemmas(words[k - 1])
    return bool(nxt) and main_verb_only_past(nxt[0]) and not adjectives \
        and not any(aux_family(w) for w in words[:k])  # not "make students tired and bored": adjectives


def past_of_a_subject_before_its_verb(toks: list[str], edit: Edit) -> bool:
    """A word in -s made past where the next word, past an adverb, is an auxiliary ("school trips abroad are much
    cheaper" -> "tripped"): the word is a plural noun, the subject of that auxiliary."""
    pair = one_word(toks, edit)
    if pair is None or not pair[0].endswith("s") or "past" not in form_kinds(pair[1]) or "NOUN" not in lemminflect.getAllLemmas(pair[0]):
        return False
    prev = next((norm(t) for t in reversed(toks[:edit.start]) if t[:1].isalpha()), "")
    if prev in ("who", "that", "which", "what", "and", "or") or prev in PLURAL_PRONOUNS or prev in ("he", "she", "it", "i"):
        return False  # a relative's or a pronoun's verb: "Teenagers who reads regularly are" -> "read"
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha() and set(lemminflect.getAllLemmas(norm(t))) != {"ADV"}), "")
    return aux_family(after) in ("be", "have", "modal")


def thanks_as_a_noun(toks: list[str], edit: Edit) -> bool:
    """"Thanks" with no subject before it made a verb's past or base ("Thanks for your visit last week" -> "Thanked"):
    it is the noun of thanking, a sentence of its own."""
    pair = one_word(toks, edit)
    if pair is None or norm(pair[0]) != "thanks":
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return not before or before[-1] in ("many", "special", "big", "huge", "and", "so", "but", "oh", "again", "also")


PERFECT_AUXILIARIES = frozenset(("have", "has", "had", "'ve", "'s", "'d", "haven't", "hasn't", "hadn't", "having"))
LATER_CLAUSE_OPENERS = frozenset(("where", "when", "because", "if", "while", "since", "until"))  # not "and", "who": the same clause


def participle_for_a_past_in_a_later_clause(toks: list[str], edit: Edit) -> bool:
    """A past made the participle where a clause opens between it and the "have" before it ("Have you ever been on a
    trip where everything went wrong?" -> "gone"): that "have" is another clause's; this verb has its own subject."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[0]) or "participle" in form_kinds(pair[0]) \
            or form_kinds(pair[1]) != frozenset({"participle"}):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    have = max((k for k, w in enumerate(before) if w in PERFECT_AUXILIARIES), default=None)
    if have is None:
        return False
    between = before[have + 1:]
    opener = next((k for k, w in enumerate(between) if w in LATER_CLAUSE_OPENERS), None)
    if opener is None or opener + 1 >= len(between):
        return False  # a subject of its own after the opener
    return not any(aux_family(w) in ("be", "have", "get") for w in between[opener + 1:])  # "the radio was broke" -> "broken"


def participle_after_a_subject(toks: list[str], edit: Edit) -> bool:
    """"we ate" made "we eaten": a participle only, right after a subject pronoun, is never a verb of its clause."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while len(before) > 1 and before[-1] in ("all", "both", "each"):
        before.pop()  # "if they all wore" -> "worn"
    inverted = len(before) >= 2 and aux_family(before[-2]) == "have"  # "Have you ate" -> "Have you eaten" is right
    return pair is not None and before[-1:] != [] and before[-1] in ("i", "you", "we", "they", "he", "she") \
        and form_kinds(pair[1]) == frozenset({"participle"}) and not inverted


ING_PREPOSITIONS = frozenset(("without", "by", "about", "of", "instead", "despite", "besides"))  # not "for": "for taking" -> "to take"


def finite_for_an_ing_after_a_preposition(toks: list[str], edit: Edit) -> bool:
    """An -ing form right after "without", "by", "about", "instead of" ... made another form ("put it in his
    pocket without saying a word" -> "said"): after a preposition a verb is its -ing form."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair[0].endswith("ing") and "ing" in form_kinds(pair[0]) and "ing" not in form_kinds(pair[1]) \
        and before[-1:] != [] and before[-1] in ING_PREPOSITIONS


TAKE = frozenset(("take", "takes", "took", "taken", "taking"))
TAKEN_NOUNS = frozenset(("place", "part", "care", "notice", "advantage", "turns", "photos", "pictures"))
DETERMINERS = frozenset(("the", "a", "an", "this", "that", "my", "your", "his", "her", "our", "their", "its", "every",
                         "each", "no", "these", "those"))


def noun_of_a_take_phrase(toks: list[str], edit: Edit) -> bool:
    """The noun of "take place", "take part", "take care" made a verb form ("The concert, which took place
    last Friday" -> "took placed")."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair[0] in TAKEN_NOUNS and before[-1:] != [] and before[-1] in TAKE


def respelled_after_a_determiner(toks: list[str], edit: Edit) -> bool:
    """A misspelled -ing word right after a determiner respelled ("before the begining of the course" ->
    "beginning"), or between an adjective and a plural noun ("free swiming lessons"): there it is a noun or an
    adjective, not a verb form, and the tutor leaves other slips."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[-1:] and before[-1] in ("very", "whole", "same", "real") and len(before) > 1:
        before = before[:-1]  # "from the very begining"
    if pair is None or not pair[1].endswith("ing") or lemminflect.getAllLemmas(pair[0]) or pair[0] == pair[1] or not before:
        return False
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    # or an adjective before it and a noun after it: a noun's modifier ("free swiming lessons")
    modifier = "ADJ" in lemminflect.getAllLemmas(before[-1]) and aux_family(before[-1]) is None \
        and before[-1] not in QUANTITY_ADVERBS | {"just", "already", "really", "ever", "even", "not"} \
        and _noun_forms(after)[1] and not lemmas(after)  # (not "still useing crutches": an adverb, then the verb)
    # or the first noun of "from ... to ..." ("from begining to end")
    span = before[-1] == "from" and after == "to"
    return before[-1] in DETERMINERS or modifier or span


def noun_number_after_a_modifier(toks: list[str], edit: Edit) -> bool:
    """A plural noun after a determiner and an -ing or plain adjective made singular ("prefer the sack race to the
    running races" -> "race"; "suffer from the noise, the dirt and the high rents." -> "rent", an adjective that can be
    a noun, where the phrase ends): inside a noun phrase it is a noun's number, which the tutor leaves as typed. Not
    after an adjective that names people ("The rich gets" -> "get" is a verb's fix)."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] != pair[1] + "s" and pair[0] != pair[1] + "es" or not _noun_forms(pair[0])[1]:
        return False
    before = [t for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 2 or not before[-1][:1].isalpha() or not before[-2][:1].isalpha():
        return False
    modifier, determiner = norm(before[-1]), norm(before[-2])
    readings = lemminflect.getAllLemmas(modifier)
    plain = "ADJ" in readings and "VERB" not in readings and "NOUN" not in readings and not lemmas(modifier)
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), ".")
    if not plain and "ADJ" in readings and "VERB" not in readings and not lemmas(modifier):
        plain = after in (".", ",", "!", "?", ";", "and", "or")  # "the high rents.": the phrase ends, no verb of it follows
    return determiner in NOUN_PHRASE_OPENERS | {"these", "those"} and modifier not in THE_ADJECTIVE_PEOPLE \
        and (plain or modifier.endswith("ing") and "ing" in form_kinds(modifier) and modifier not in ING_NOUNS)


# -ing words that are nouns of their own, a phrase's head ("in the evening finds" -> "find" is a verb's fix)
ING_NOUNS = frozenset(("evening", "morning", "building", "meeting", "wedding", "ceiling", "beginning", "ending",
                       "painting", "feeling", "clothing", "spring", "string", "thing", "king", "ring", "wing"))


MODAL_WORDS = frozenset(("will", "'ll", "would", "'d", "can", "could", "shall", "should", "may", "might", "must",
                         "gotta", "gonna", "wanna", "won't", "can't", "couldn't", "shouldn't", "wouldn't", "mustn't"))


ADVERBS_AFTER_A_MODAL = frozenset(("rather", "never", "always", "also", "just", "still", "really", "probably", "definitely",
                                   "certainly", "even", "only", "easily", "soon", "surely", "better"))


def form_after_a_modal(toks: list[str], edit: Edit) -> bool:
    """A base form right after a modal made third person, past or -ing ("We'll take out pizza" -> "takes",
    "I shall have to" -> "has to", "A man's gotta look" -> "looks", "who can meet me" -> "can meeting")."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"third", "past", "ing"} & form_kinds(pair[1]):
        return False
    prev = next((t for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    word = norm(prev)
    written = [norm(t) for t in toks[:edit.start] if t[:1].isalpha() or "'" in t]
    while len(written) > 1 and written[-1] in ADVERBS_AFTER_A_MODAL:  # "I'd rather take", "I'll never speak"
        written = written[:-1]
    word = written[-1] if written and word in ADVERBS_AFTER_A_MODAL else word
    return word in MODAL_WORDS or word.endswith("'ll") or word.endswith("'d")


def base_after_be(toks: list[str], edit: Edit) -> bool:
    """A participle or -ing form after a form of "be" made a base form ("How will the drama be played out?"
    -> "be play out", "Dogs aren't allowed" -> "aren't allow", "they were never seen" -> "were never see"):
    "be" takes no base form. Not after "do" ("All we did was wait": a pseudo-cleft)."""
    pair = one_word(toks, edit)
    if pair is None or not ({"participle", "ing"} & form_kinds(pair[0])) or "base" not in form_kinds(pair[1]) \
            or {"participle", "ing"} & form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and before[-1] in BETWEEN_BE_AND_ITS_VERB:
        before.pop()
    return bool(before) and before[-1] in BE and not set(clause_before_any(toks, edit.start)) & set(DO)
    # (the clause's own "do": "Do not miss the tour, which is included" keeps its participle)


# what may stand between "be" and its participle ("is not allowed", "were never seen", "is also used")
BETWEEN_BE_AND_ITS_VERB = frozenset(("not", "never", "always", "often", "also", "still", "just", "usually", "already",
                                     "sometimes", "really", "rarely", "seldom", "being", "been"))


PREPOSITIONAL_TO = (("comes", "to"), ("came", "to"), ("come", "to"), ("forward", "to"), ("addition", "to"),
                    ("object", "to"), ("objected", "to"), ("committed", "to"), ("devoted", "to"), ("dedicated", "to"),
                    ("stoop", "to"), ("resort", "to"), ("resorted", "to"), ("admit", "to"), ("admitted", "to"),
                    ("confess", "to"), ("confessed", "to"))


def base_after_a_prepositional_to(toks: list[str], edit: Edit) -> bool:
    """An -ing form after "to" that is a preposition made a base form ("when it came to giving" -> "to
    give", "look forward to seeing" -> "to see")."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if pair is None or not pair[0].endswith("ing") or "base" not in form_kinds(pair[1]):
        return False
    if before[-2:] in (["used", "to"], ["use", "to"]):  # "I'm still not used to cooking", "get used to driving"; not
        # "I used to cook"; "are not use to paying" is the same frame with "used" misspelt
        return any(aux_family(w) == "be" or w.endswith(("'m", "'re")) or w in ("get", "gets", "got", "getting", "become", "became")
                   for w in before[-5:-2])
    from miniserve.tutor.runtime.gerund import NOUNS_BEFORE_TO, TO_TAKES_ING  # ("many advantages to studying" -> "to study")

    return tuple(before[-2:]) in PREPOSITIONAL_TO or before[-1:] == ["to"] and (
        len(before) >= 2 and before[-2] in (NOUNS_BEFORE_TO | TO_TAKES_ING) - {"used"} or _a_second_prepositional_to(toks, edit, before))


def _a_second_prepositional_to(toks: list[str], edit: Edit, before: list[str]) -> bool:
    """Does the "to" before the edit answer an earlier one's -ing: joined to a prepositional "to" and its -ing
    ("look forward to receiving your reply and, I hope, to meeting"), or the end of "from ... -ing to"
    ("everything from shopping to paying the bills")?"""
    written = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if written[-2:-1] in ([","], ["and"], ["or"]) and any(
            tuple(before[k - 1:k + 1]) in PREPOSITIONAL_TO and before[k + 1].endswith("ing") for k in range(1, len(before) - 2)):
        return True
    start = max((k for k, w in enumerate(written) if w == "from"), default=None)
    if start is None:
        return False
    between = written[start + 1:-1]  # from the word after "from" to the one before "to"
    return 1 <= len(between) <= 4 and between[0].endswith("ing") and "ing" in form_kinds(between[0]) \
        and not any(w in (",", ";", ":") or only_a_verb(w) or aux_family(w) is not None for w in between[1:])


PERCEIVING_ING = frozenset(("seeing", "watching", "hearing", "noticing", "feeling", "letting", "making", "helping"))


def third_after_a_perceived_object(toks: list[str], edit: Edit) -> bool:
    """A base form after "see / hear / let / make" and its object made third person or past ("to see the
    President drive by" -> "drives"): the bare infinitive."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"third", "past"} & form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    for size in (1, 2, 3):  # "see him", "see the President", "see the little boy"; "after watching the baker do"
        if len(before) > size and (before[-size - 1] in PERCEIVING or before[-size - 1] in PERCEIVING_ING):
            phrase = before[-size:]
            if size == 1 and phrase[0] in ("me", "you", "him", "her", "us", "them", "it", "everybody", "everyone",
                                            "somebody", "someone", "nobody", "people"):
                return True
            if size == 1 and phrase[0] not in PLURAL_PRONOUNS and plural_subject(phrase[0]) \
                    and not _opens_its_clause(toks, edit.start, before[-2]) and _a_later_third(toks, edit.end):
                return True  # "the idea of letting students use phones ... seems"; not a gerund subject ("Making
                # friends take"), nor the sentence's only verb ("The idea of helping strangers seem" -> "seems")
            if size > 1 and phrase[0] in DETERMINERS and all(w not in FUNCTION_WORDS for w in phrase[1:]):
                return True
    return False


def _a_later_third(toks: list[str], end: int) -> bool:
    """Does a verb's third person that is no noun ("seems", not "phones") follow? Then the sentence has its verb."""
    return any("third" in form_kinds(w) and not any(_noun_forms(w)) and aux_family(w) is None or w in ("is", "was", "has")
               for w in (norm(t) for t in toks[end:] if t[:1].isalpha()))


def _opens_its_clause(toks: list[str], start: int, perceiving: str) -> bool:
    """Is the -ing form `perceiving`, the last one before `start`, the first word of its clause (a gerund subject)?"""
    if not perceiving.endswith("ing"):
        return False
    at = max(k for k in range(start) if norm(toks[k]) == perceiving)
    previous = next((norm(t) for t in reversed(toks[:at]) if not t.isspace()), "")
    return previous in ("", ",", ";", ":", "and", "but", "that", "because", "while", "when", "if", "so")


def ing_of_an_adjective_after_be(toks: list[str], edit: Edit) -> bool:
    """A word after "be" that is an adjective or "like" made an -ing form ("If you are free on Sunday" ->
    "freeing", "it was like a ghost town" -> "liking"): learners' "be" + base errors are verbs that are no
    adjectives ("she is study", "we are wait")."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if pair is None or not pair[1].endswith("ing") or pair[0].endswith("ing") or not before:
        return False
    inverted = len(before) >= 2 and aux_family(before[-2]) == "be" and before[-1] in ("it", "he", "she", "you", "we", "they",
                                                                                    "this", "that", "there")
    if not (aux_family(before[-1]) == "be" or inverted) or not lemminflect.getAllLemmas(pair[0], upos="ADJ"):
        return False  # "Isn't it better to" -> "bettering": the question's "be" comes before its subject
    following = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    after = following[0] if following else ""
    if after == "that" and following[1:2] and following[1] in ("i", "you", "he", "she", "it", "we", "they", "the", "my", "your"):
        return True  # "Is it true that you are moving" -> "truing": "that" opens a clause, no object
    # an object after it makes it the verb ("we are clean the room", "they are split this orange")
    return pair[0] == "like" or after not in DETERMINERS | {"me", "him", "us", "them", "it", "some", "any", "all"}


def auxiliary_dropped_before_not(toks: list[str], edit: Edit) -> bool:
    """An auxiliary taken away right before "not" ("If they will not come" -> "If they not come"):
    "not" after a subject needs one ("do not come")."""
    old = [t for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    if not old or any(t[:1].isalpha() for t in edit.new) or aux_family(norm(old[-1])) is None:
        return False
    after = next((t for t in toks[edit.end:] if not t.isspace()), "")
    return norm(after) == "not"


NOUN_DETERMINERS = frozenset(("the", "a", "an", "this", "these", "those", "my", "your", "his", "our", "their", "its",
                              "every", "no"))  # not "her", "that", "each": "made her cry", "that live", "they each have"


def form_of_a_noun(toks: list[str], edit: Edit) -> bool:
    """A word right after a determiner or a noun's possessive, or after one and at most two adjectives, given
    another verb form ("A loud knock at the door woke me" -> "knocks", "the use of" -> "uses", "my father's calls
    to the consulat" -> "called"): there it is a noun. After a possessive only a base or third-person form: "'s"
    may be "is" or "has" ("my father's called", "Anna's working")."""
    pair = one_word(toks, edit)
    if pair is None or "NOUN" not in lemminflect.getAllLemmas(pair[0]):
        return False  # "the plastic is": a verb with no noun's reading follows an adjective that is a noun
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    adjectives = 0
    while before and adjectives < 2 and (_only_an_adjective(before[-1]) or before[-1] in ATTRIBUTIVE):
        before.pop()
        adjectives += 1
    possessed = before[-1:] != [] and (_a_nouns_possessive(before[-1]) or adjectives == 0 and _after_a_plural_possessive(toks, edit.start)) \
        and bool({"base", "third"} & form_kinds(pair[0]))
    return before[-1:] != [] and (before[-1] in NOUN_DETERMINERS or possessed) \
        and "".join(toks[edit.start - 1:edit.start]).isspace()


def _after_a_plural_possessive(toks: list[str], i: int) -> bool:
    """Is the word at i right after a plural noun's possessive ("Students' visits peak", "the drivers' wages")?"""
    return i >= 3 and toks[i - 1].isspace() and toks[i - 2] in ("'", "\u2019") and toks[i - 3][-1:] in ("s", "S") \
        and toks[i - 3].isalpha() and norm(toks[i - 3]) not in FUNCTION_WORDS


# words whose "'s" is "is", "has" or "us", never a possessive before a noun ("it's", "there's", "let's")
NOT_POSSESSORS = frozenset(("he", "she", "it", "that", "this", "there", "here", "what", "who", "where", "when", "how",
                            "why", "let", "everyone", "everybody", "someone", "somebody", "nobody", "everything",
                            "something", "nothing", "one"))


def _a_nouns_possessive(word: str) -> bool:
    """"father's", "Anna's": a noun or a name with "'s"."""
    return word.endswith("'s") and len(word) > 2 and word[:-2] not in NOT_POSSESSORS


def _only_an_adjective(word: str) -> bool:
    """An adjective no noun or verb shares ("loud", "new"; not "open", "council") and not one that names
    people ("the poor")."""
    found = lemminflect.getAllLemmas(word)
    return "ADJ" in found and not {"VERB", "NOUN"} & set(found) and word not in THE_ADJECTIVE_PEOPLE


def a_nouns_number(toks: list[str], edit: Edit) -> bool:
    """A word lemminflect knows as a noun and never as a verb, given another ending ("leave they cars"
    -> "car"): the guard's spelling rules read "cars" as a verb's third person; the tutor leaves nouns."""
    pair = one_word(toks, edit)
    if pair is None:
        return False
    return all(not lemminflect.getAllLemmas(w, upos="VERB") for w in pair) \
        and any("NOUN" in lemminflect.getAllLemmas(w) for w in pair)


# adjectives whose "to" is the infinitive's ("it is difficult to find", "easy to use")
TO_INFINITIVE_ADJECTIVES = frozenset(("difficult", "easy", "hard", "possible", "impossible", "important", "necessary",
                                      "nice", "good", "great", "interesting", "dangerous", "expensive", "cheap", "able",
                                      "unable", "ready", "willing", "likely", "unlikely", "safe", "boring", "exciting",
                                      "fun", "useful", "essential", "simple", "convenient", "pleasant", "quick"))


def ing_after_an_adjectives_to(toks: list[str], edit: Edit) -> bool:
    """A base form after "difficult to", "easy to" ... made an -ing form ("it is difficult to find them"
    -> "to finding"): that "to" is the infinitive's, not a preposition's."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[-1:] != ["to"]:
        return False
    lead = before[:-1]
    if "for" in lead[-5:-1]:  # "possible for students to present", "easy for me to find"
        lead = lead[:len(lead) - 1 - lead[::-1].index("for")]
    return pair is not None and lead[-1:] != [] and lead[-1] in TO_INFINITIVE_ADJECTIVES \
        and "base" in form_kinds(pair[0]) and pair[1].endswith("ing") and "ing" in form_kinds(pair[1])


def form_of_a_noun_before_a_reduced_relative(toks: list[str], edit: Edit) -> bool:
    """A word before a participle and "by" given another verb form ("the charity run organised by the
    hospital" -> "ran"): two verbs cannot stand side by side, so the word is a noun."""
    pair = one_word(toks, edit)
    if pair is None or not any(_noun_forms(pair[0])):
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:2]
    return len(after) == 2 and "participle" in form_kinds(after[0]) and after[0].endswith("ed") and after[1] == "by"


DO_FORMS = frozenset(("do", "does", "did", "don't", "doesn't", "didn't"))
SUBJECT_STARTS = frozenset(("the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "these", "those", "i",
                            "you", "we", "they", "he", "she", "it", "people", "all", "any"))


def do_support_changed(toks: list[str], edit: Edit) -> bool:
    """The "do" of a question made an -ing form, or the base form after "do" and its subject made third
    person or past ("or do the students have to" -> "doing", "has to"): after the auxiliary and its
    subject comes the base form, and the auxiliary stays."""
    pair = one_word(toks, edit)
    if pair is None:
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    if pair[0] in DO_FORMS and pair[1].endswith("ing"):
        return after[:1] != [] and after[0] in SUBJECT_STARTS
    if "base" not in form_kinds(pair[0]) or not {"third", "past"} & form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()][-5:]
    k = max((k for k, w in enumerate(before) if w in DO_FORMS), default=None)
    return k is not None and 1 <= len(before) - k - 1 <= 3 and before[k + 1] in SUBJECT_STARTS


OBJECT_STARTS = frozenset(("this", "that", "the", "a", "an", "my", "your", "his", "her", "our", "their", "it", "them",
                           "him", "me", "us", "these", "those"))


def participle_for_a_progressive_with_an_object(toks: list[str], edit: Edit) -> bool:
    """An -ing form after "be" made a participle where an object follows ("I would not be writing this
    letter" -> "be written this letter"): a passive takes no object."""
    pair = one_word(toks, edit)
    if pair is None or "ing" not in form_kinds(pair[0]) or "participle" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    bare_object = after.endswith("s") and not after.endswith("ss") and after not in ("news", "means", "series") \
        and _noun_forms(after[:-1])[0] and not lemmas(pair[0]) & GIVING  # "writing letters"
    return before[-1:] != [] and before[-1] in ("be", "is", "are", "was", "were", "am", "been", "i'm", "you're", "we're",
                                                "they're", "he's", "she's", "'m", "'re") \
        and (after in OBJECT_STARTS or bare_object)  # ("I'm telling the truth" -> "I'm told")


# words that may open a stretch of time after "for" ("for about forty minutes", "for two hours", "for ages")
DURATION_OPENERS = frozenset(("about", "almost", "nearly", "over", "more", "a", "an", "two", "three", "four", "five", "six",
                              "seven", "eight", "nine", "ten", "twenty", "thirty", "forty", "fifty", "several", "many",
                              "hours", "days", "weeks", "months", "years", "ages", "minutes", "some", "the", "so", "too"))


def participle_for_a_perfect_progressive_of_a_duration(toks: list[str], edit: Edit) -> bool:
    """An -ing form after "been" made a participle where a stretch of time follows ("We had been writing
    for about forty minutes" -> "had been written"; "have been waiting since nine"): the perfect
    progressive says how long something went on. (A learner's misbuilt -ing, "been writting", is
    respelled as an -ing form, never a participle.)"""
    pair = one_word(toks, edit)
    if pair is None or "ing" not in form_kinds(pair[0]) or not lemmas(pair[0]) or "participle" not in form_kinds(pair[1]) \
            or not lemmas(pair[0]) & lemmas(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalnum()]
    duration = after[:1] == ["since"] or (after[:1] == ["for"] and len(after) > 1
                                          and (after[1] in DURATION_OPENERS or after[1].isdigit()))
    return before[-1:] == ["been"] and duration


# verbs whose passive takes an object ("had been sent letters")
GIVING = frozenset(("give", "send", "offer", "show", "tell", "teach", "ask", "pay", "promise", "award", "lend", "hand",
                    "grant", "allow", "owe", "bring", "sell", "charge", "deny", "refuse", "fine"))


# verbs after which a participle stands for an object's state when the object went before ("which services they
# would like to see improved", "the room we wanted cleaned"): the base form would need the object after them
OBJECT_STATE_VERBS = frozenset(("see", "seen", "saw", "hear", "heard", "want", "wanted", "need", "needed", "like", "get",
                                "got", "have", "had", "keep", "kept", "leave", "left", "find", "found"))


def base_for_a_participle_after_its_object(toks: list[str], edit: Edit) -> bool:
    """A past participle right after "see", "want", "have" ... made a base form ("would like to see improved"
    -> "improve"): with no object between them, the participle is the fronted object's state."""
    pair = one_word(toks, edit)
    if pair is None or "participle" not in form_kinds(pair[0]) or "base" not in form_kinds(pair[1]) \
            or "base" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return before[-1:] != [] and before[-1] in OBJECT_STATE_VERBS


# verbs whose "to" takes a noun ("listen to drills", "look forward to holidays")
TO_A_NOUN = frozenset(("listen", "listening", "listened", "talk", "talking", "talked", "belong", "belongs", "belonged",
                       "forward", "reply", "replied", "react", "reacted", "respond", "responded", "go", "went", "going",
                       # words whose "to" is a preposition ("limited to breaks", "thanks to computers", "access to books")
                       # (not "nice", "kind", "welcome", "due": "nice to meet you", "due to start" take a verb)
                       "limited", "restricted", "close", "next", "according", "thanks", "addition", "access",
                       "attention", "similar", "compared", "opposed", "related", "accustomed", "devoted", "dedicated",
                       "exposed", "addicted", "connected", "contrary", "prior", "invitation", "trip", "journey", "visit",
                       "visits", "introduction", "contribution", "solution", "answer", "alternative", "damage",
                       "threat", "allergic", "equal"))


def base_for_a_noun_after_to(toks: list[str], edit: Edit) -> bool:
    """A plural noun after a verb's "to" made a base form ("not to listen to drills all day" -> "drill"): "to"
    there takes a noun."""
    pair = one_word(toks, edit)
    if pair is None or not pair[0].endswith("s") or not _noun_forms(pair[0])[1] or "base" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return len(before) >= 2 and before[-1] == "to" and before[-2] in TO_A_NOUN



POSSESSIVES = frozenset(("my", "your", "his", "her", "our", "their"))


def noun_after_a_possessive_and_an_adjective(toks: list[str], edit: Edit) -> bool:
    """The word right after "my", "our" ... and an adjective given another form ("My favourite place in the
    city is" -> "places"): there it is a noun, and the tutor leaves nouns as written."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if pair is None or len(before) < 2 or before[-2] not in POSSESSIVES:
        return False
    adjective = before[-1]
    # lemminflect lists "mum", "country" as adjectives too: an adjective that is no noun, or one of the usual ones
    return adjective in ATTRIBUTIVE or bool(lemminflect.getAllLemmas(adjective, upos="ADJ")) and not lemmas(adjective) \
        and not any(_noun_forms(adjective))


ATTRIBUTIVE = frozenset(("favourite", "favorite", "best", "main", "little", "local", "first", "last", "dear", "whole", "next",
                         "previous", "worst", "elder", "late", "usual", "real", "biggest", "greatest", "oldest", "youngest",
                         "wrong", "right", "same"))  # (nouns and verbs too, but not before a noun: "in the wrong place")


QUANTITY_ADVERBS = frozenset(("still", "now", "often", "usually", "always", "never", "also", "all", "mostly", "only"))


def verb_form_in_a_phrase_after_a_verb(toks: list[str], edit: Edit) -> bool:
    """A word given a verb form where it ends a prepositional phrase after a verb ("I met at the bus stop
    yesterday" -> "bus stopped"): the word is a noun of the phrase. Not after a noun, whose phrase may end
    before the clause's verb ("The children in the park plays" -> "play")."""
    pair = one_word(toks, edit)
    before = clause_before_any(toks, edit.start)
    if pair is None or not main_verb_only_past(pair[1]) or not {"base", "third"} & form_kinds(pair[0]):
        return False  # a present made past ("met at the bus stop" -> "stopped"), not a main verb's number after a phrase
    if len(before) < 4 or before[-3] not in PREPOSITIONS or before[-2] not in DETERMINERS:
        return False
    verb, noun = before[-4], before[-1]
    relatives = ("who", "that", "which")
    if before[-5:-4] and before[-5] in relatives or before[-6:-5] and before[-6] in relatives and before[-5] in QUANTITY_ADVERBS:
        return False  # a relative clause's verb and its phrase, then the main verb: "The students who live in the village walks"
    return any(_noun_forms(noun)) and (main_verb_only_past(verb) or aux_family(verb) is None and bool(lemmas(verb))
                                       and not any(_noun_forms(verb)))


PARTICIPLE_LEADS = frozenset(("the", "a", "an", "best", "well", "most", "more", "less", "badly", "highly", "newly", "recently"))
OBJECT_DETERMINERS = frozenset(("a", "an", "the", "our", "my", "your", "his", "her", "their", "its", "this"))
REPORTING_OR_PERCEIVING = frozenset(("say", "think", "know", "hope", "believe", "hear", "see", "notice", "feel", "watch",
                                     "find", "guess", "expect", "suppose", "realise", "realize", "mean", "wish", "let", "make"))
TIME_OR_REASON = frozenset(("when", "after", "before", "as", "because", "if", "while", "until", "since", "once", "whenever"))


def past_of_a_compound_nouns_last_word(toks: list[str], edit: Edit) -> bool:
    """The last word of a noun phrase made past where the phrase is an object or a preposition's ("organised a
    charity run last month" -> "ran", "On the last day of our school trip" -> "tripped", "opened a new skate
    park" -> "parked"): no verb can stand there. Not after "say", "think", "see" ... whose object may be a
    clause, nor after "when", "because" ... ("When I arrived the train leave": another clause's subject)."""
    pair = one_word(toks, edit)
    if pair is None or not main_verb_only_past(pair[1]) or not {"base", "third"} & form_kinds(pair[0]):
        return False
    before = clause_before_any(toks, edit.start)
    if len(before) < 3 or not any(_noun_forms(before[-1])):
        return False
    j = len(before) - 2 if before[-2] in OBJECT_DETERMINERS else len(before) - 3 \
        if before[-3] in OBJECT_DETERMINERS and not lemmas(before[-2]) else None
    if j is None or j == 0:
        return False
    lead = before[j - 1]
    if TIME_OR_REASON & set(before[:j]) or {"that", "who", "which"} & set(before[:j]):
        return False
    if not any((main_verb_only_past(w) or aux_family(w) in ("be", "have", "modal")) and not (m and before[m - 1] in PARTICIPLE_LEADS)
               for m, w in enumerate(before[:j])):
        return False  # the clause's verb comes before the phrase, not after it ("Last month a singer from my country cancels")
    if lead in PREPOSITIONS:
        return True
    lead_lemmas = lemmas(lead) or frozenset(lemminflect.getAllLemmas(lead, upos="VERB").get("VERB", ()))  # "organised"
    return bool(lead_lemmas) and not any(_noun_forms(lead)) and not lead_lemmas & REPORTING_OR_PERCEIVING \
        and aux_family(lead) is None


PREPOSITIONAL_ING = frozenset(("concerning", "regarding", "including", "considering", "according", "following",
                               "excluding", "involving", "during", "notwithstanding"))


def form_of_a_prepositional_ing(toks: list[str], edit: Edit) -> bool:
    """"concerning", "regarding", "including" ... given another form ("mention concerning the
    accommodation" -> "concern"): used as prepositions, they are no verb of the clause."""
    pair = one_word(toks, edit)
    return pair is not None and pair[0] in PREPOSITIONAL_ING


def last_before_a_time_noun(toks: list[str], edit: Edit) -> bool:
    """"last autumn", "last week" given a verb form ("prices last autumn" -> "lasts")."""
    pair = one_word(toks, edit)
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:1]
    return pair is not None and pair[0] == "last" and after != [] and after[0] in LAST_TIME_NOUNS


LAST_TIME_NOUNS = frozenset(("week", "weekend", "month", "year", "night", "time", "summer", "winter", "spring", "autumn",
                             "fall", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                             "term", "semester", "season", "century", "decade", "christmas", "easter", "january",
                             "february", "march", "april", "may", "june", "july", "august", "september", "october",
                             "november", "december", "holiday", "holidays", "lesson", "meeting", "evening", "morning"))


def participle_after_a_causative_object(toks: list[str], edit: Edit) -> bool:
    """A base form after "have" + a person pronoun made a participle ("The teacher had us write" ->
    "written"): "have someone do" takes the bare infinitive."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or form_kinds(pair[1]) & {"base", "third", "ing"} \
            or "participle" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return len(before) >= 2 and before[-1] in ("me", "us", "him", "her", "them") and before[-2] in ("have", "has", "had", "having")


def number_of_an_object(toks: list[str], edit: Edit) -> bool:
    """A noun in -s right after a verb's third person made a base form ("the exchange includes visits to" ->
    "visit"): after "includes" the word is its object, and the tutor leaves nouns."""
    pair = one_word(toks, edit)
    if pair is None or not pair[0].endswith("s") or not {"base"} & form_kinds(pair[1]) or "third" not in form_kinds(pair[0]) \
            or aux_family(pair[0]) is not None or not any(_noun_forms(pair[0])):
        return False
    before = next((norm(t) for t in reversed(toks[:edit.start]) if t[:1].isalpha() or t in ",;:"), "")
    # a verb's third person that is no noun ("includes"; not "nowadays", "flatmates", nor a contact clause's "we asked")
    return aux_family(before) is None and before not in FUNCTION_WORDS and "third" in form_kinds(before) \
        and bool(lemminflect.getAllLemmas(before, upos="VERB")) and not any(_noun_forms(before))


def ing_for_the_clauses_only_verb(toks: list[str], edit: Edit) -> bool:
    """A present right after a plural noun in the sentence's first clause made an -ing form where no other
    verb stands in the clause ("Shop owners in touristic areas raise their prices every summer, and" ->
    "raising"): the clause would be left with no verb. ("Thanks for help me" -> "helping" follows a preposition.)"""
    pair = one_word(toks, edit)
    if pair is None or not pair[1].endswith("ing") or "ing" not in form_kinds(pair[1]) or pair[0].endswith("ing") \
            or not {"base", "third"} & form_kinds(pair[0]) or aux_family(pair[0]) is not None:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    after = after[:next((k for k, w in enumerate(after) if w in CLAUSE_ENDS or not w[:1].isalnum()), len(after))]
    if not before or "," in before or not plural_subject(before[-1]):
        return False  # the verb right after a plural noun, in the sentence's first clause
    return not any(aux_family(w) is not None or only_a_verb(w) and not w.endswith("ing") for w in before + after)


COMPLEMENT_VERBS = frozenset(("find", "found", "finds", "keep", "keeps", "kept", "leave", "leaves", "left", "make", "makes",
                              "made", "get", "gets", "got", "want", "wants", "wanted", "finding", "keeping", "leaving",
                              "making", "getting"))


def verb_form_of_an_object_complement(toks: list[str], edit: Edit) -> bool:
    """An adjective after "found it", "keep them", "left the door" ... given a verb's form ("my flatmate found it
    open" -> "opens"; "want the bread still warm" -> "warms"): it says what the object is, and is no verb."""
    pair = one_word(toks, edit)
    if pair is None or "ADJ" not in lemminflect.getAllLemmas(pair[0]) or not {"third", "past", "ing"} & form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while len(before) > 2 and before[-1] in ("still", "very", "really", "quite", "too", "so"):
        before.pop()  # "want the bread still warm"
    if len(before) >= 2 and before[-1] in ("it", "them", "him", "her", "me", "us") and before[-2] in COMPLEMENT_VERBS:
        return True
    # or a noun phrase of up to four words ("finding the whole house clean" -> "cleans")
    verb = next((k for k in range(len(before) - 2, max(len(before) - 6, -1), -1) if before[k] in COMPLEMENT_VERBS), None)
    phrase = before[verb + 1:] if verb is not None else []
    return len(phrase) >= 2 and phrase[0] in DETERMINERS and any(_noun_forms(phrase[-1])) \
        and not any(aux_family(w) is not None or w in FUNCTION_WORDS for w in phrase[1:])


# verbs whose object or complement may be a bare infinitive ("to help cook", "to let them go", "to go see")
BARE_INFINITIVE_TAKERS = frozenset(("let", "make", "help", "have", "see", "hear", "watch", "feel", "notice", "go", "come",
                                    "dare", "need", "bid"))


def base_after_an_infinitive(toks: list[str], edit: Edit) -> bool:
    """An -ing form made base right after an infinitive's verb ("would like to offer cooking and photography
    courses" -> "offer cook"): two bare verbs cannot follow each other there; the -ing form is the verb's object."""
    pair = one_word(toks, edit)
    if pair is None or not pair[0].endswith("ing") or "base" not in form_kinds(pair[1]) or "ing" in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()][-2:]
    return len(before) == 2 and aux_family(before[0]) in ("to", "modal") and "base" in form_kinds(before[1]) \
        and bool(lemmas(before[1])) and not lemmas(before[1]) & BARE_INFINITIVE_TAKERS and aux_family(before[1]) is None


OBJECT_OPENERS = frozenset(("the", "a", "an", "my", "your", "his", "her", "its", "our", "their", "this", "that", "these",
                            "those", "me", "him", "us", "them", "it", "some", "any"))
HAVE_FORMS = frozenset(("have", "has", "had", "haven't", "hasn't", "hadn't"))
PERFECT_ADVERBS = frozenset(("not", "never", "already", "just", "ever", "also", "still", "recently", "always", "only"))


def base_for_a_participle_after_have(toks: list[str], edit: Edit) -> bool:
    """A participle right after "have", "has", "had" (and "not", "never", "already") made base ("had not heard"
    -> "had not hear"): a perfect takes the participle."""
    pair = one_word(toks, edit)
    if pair is None or "participle" not in form_kinds(pair[0]) or "participle" in form_kinds(pair[1]) \
            or "base" not in form_kinds(pair[1]):
        return False
    return _right_after_have(toks, edit.start)


def _right_after_have(toks: list[str], i: int) -> bool:
    """Is the word at i right after "have", "has", "had" (and "not", "never", "still" ...)?"""
    before = [norm(t) for t in toks[:i] if not t.isspace()]
    while before and before[-1] in PERFECT_ADVERBS:
        before.pop()
    return bool(before) and before[-1] in HAVE_FORMS


def participle_for_a_plural_noun_after_have(toks: list[str], edit: Edit) -> bool:
    """A plural noun right after "have", "has", "had" (and "still", "never" ...) made a participle ("I still have
    bites on my arms" -> "have bitten", "we have plans" -> "have planned"): a learner's perfect misbuilds a past
    ("has went"), not a third person, so an -s word there is the object. Not one an object follows ("has already
    catches the bus")."""
    pair = one_word(toks, edit)
    if pair is None or "participle" not in form_kinds(pair[1]) or "base" in form_kinds(pair[0]) \
            or not norm(pair[0]).endswith("s") or not _noun_forms(norm(pair[0]))[1]:
        return False
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    if after in OBJECT_OPENERS:
        return False
    return _right_after_have(toks, edit.start)


def third_after_a_bare_adjective_and_noun(toks: list[str], edit: Edit) -> bool:
    """A word made third person right after an adjective and a singular noun with no determiner, after "and", "or"
    or a comma ("promised fast delivery and excellent customer support" -> "supports"): a singular noun with no
    determiner is no subject, so the word ends a noun phrase."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 3 or before[-3] not in ("and", "or", ","):
        return False
    adjective, noun = before[-2], before[-1]
    return set(lemminflect.getAllLemmas(adjective)) == {"ADJ"} and singular_noun(noun) and not lemmas(noun) \
        and not noun[:1].isupper()


def had_after_a_contracted_had(toks: list[str], edit: Edit) -> bool:
    """"had" put after "I'd", "we'd", "she'd" ... ("By the time I left, I'd already met" -> "I'd had already met"):
    the "'d" is the past perfect's "had" already."""
    new = [t for t in edit.new if not t.isspace()]
    old = [t for t in toks[edit.start:edit.end] if not t.isspace()]
    before = [t for t in toks[:edit.start] if not t.isspace()]
    return bool(before) and before[-1].lower().endswith(("'d", "\u2019d")) and new[:1] == ["had"] and "had" not in old



def past_of_a_noun_before_its_past_verb(toks: list[str], edit: Edit) -> bool:
    """A plural noun after a determiner and a noun made past where a past verb follows it ("Suddenly the street
    lights flickered" -> "street lit"): the past after it is the clause's verb, and the word is its subject's noun."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "third" not in form_kinds(pair[0]) or not _noun_forms(pair[0])[1]:
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:2] + ["", ""]
    return len(before) >= 2 and before[-2] in OBJECT_DETERMINERS | {"these", "those", "some", "all", "many"} \
        and any(_noun_forms(before[-1])) and main_verb_only_past(after[0]) \
        and not any(_noun_forms(after[1]))  # not a participle before its noun ("my town buys used clothes")


# pasts that British and American English spell two ways: either is right
PAST_DOUBLETS = frozenset(frozenset(p) for p in (("burnt", "burned"), ("learnt", "learned"), ("dreamt", "dreamed"),
                                                 ("spelt", "spelled"), ("spoilt", "spoiled"), ("smelt", "smelled"),
                                                 ("leapt", "leaped"), ("knelt", "kneeled"), ("spilt", "spilled"),
                                                 ("dwelt", "dwelled"), ("leant", "leaned")))


def other_spelling_of_a_past(toks: list[str], edit: Edit) -> bool:
    """A past respelled its other way ("I burnt the rice" -> "burned", "learned" -> "learnt"): both are right."""
    pair = one_word(toks, edit)
    return pair is not None and frozenset(pair) in PAST_DOUBLETS


def base_for_a_compound_subjects_head(toks: list[str], edit: Edit) -> bool:
    """A plural noun that may be an -s verb made base right after an opening bare noun, where a plain present
    follows it ("Police patrols increase on Friday nights" -> "Police patrol increase"): the word is the head of
    the compound subject ("police patrols", "school trips"), and the verb after it is the clause's."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in (pair[1] + "s", pair[1] + "es") or "NOUN" not in lemminflect.getAllLemmas(pair[0]) \
            or not _noun_forms(pair[0])[1]:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    if len(before) != 1 or not before[0][:1].isalpha() or before[0] in FUNCTION_WORDS or "NOUN" not in lemminflect.getAllLemmas(before[0]) \
            or len(after) < 2:
        return False
    verb = after[0]
    return "base" in form_kinds(verb) and "third" not in form_kinds(verb) and bool(lemmas(verb)) and aux_family(verb) in (None, "modal") \
        and "ADJ" not in lemminflect.getAllLemmas(verb) and after[1] not in ("of", ",", ".")  # not "Children needs clear rules"


# verbs whose object is followed by "to" and a base form ("use children to sell", "ask them to wait")
OBJECT_TO_VERBS = frozenset(("use", "ask", "want", "allow", "help", "encourage", "teach", "tell", "force", "invite", "expect",
                             "persuade", "remind", "advise", "require", "enable", "train", "pay", "get", "order", "warn",
                             "permit", "forbid", "need", "urge", "would like", "like", "prefer", "cause", "lead"))


def ing_after_to_of_a_verbs_object(toks: list[str], edit: Edit) -> bool:
    """A base form after "to" made -ing where "to" follows a verb of asking, using or letting and its object
    ("companies use children to sell their products" -> "to selling"): that "to" is the infinitive's."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "ing" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[-1:] != ["to"] or len(before) < 3:
        return False
    for k in range(len(before) - 3, max(len(before) - 6, 0) - 1, -1):
        lemma = next(iter(sorted(lemmas(before[k]))), before[k])
        if lemma in OBJECT_TO_VERBS and before[k] not in ("used",):
            between = before[k + 1:-1]  # the object: a pronoun, or a noun phrase with no verb in it
            return (between[0] in OBJECT_OPENERS or any(plural_subject(w) for w in between)) \
                and all(w not in PREPOSITIONS and w not in ("forward", "used", "i", "we", "they", "he", "she", "and")
                        and aux_family(w) is None and not only_a_verb(w) for w in between)
    return False


def base_of_an_adjective_after_to(toks: list[str], edit: Edit) -> bool:
    """An -ed adjective after "to" and before a plural noun made base ("from teenagers to retired people" ->
    "to retire people"): that "to" is a preposition, and the -ed word describes the noun."""
    pair = one_word(toks, edit)
    if pair is None or not pair[0].endswith("ed") or "base" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()][-1:]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()][:1]
    return before == ["to"] and after != [] and after[0][:1].isalpha() and aux_family(after[0]) is None \
        and after[0] not in FUNCTION_WORDS and after[0] not in ("you", "them", "us", "me", "him", "her", "it", "we", "they") \
        and (plural_subject(after[0]) or _noun_forms(after[0]) == (False, True))  # not "to showed you"


def ing_after_a_that_clauses_plural_subject(toks: list[str], edit: Edit) -> bool:
    """A present made -ing right after "that" and a plural noun subject ("Is it fair that poor families pay the same
    tax" -> "paying"): the "that" clause needs its finite verb."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or "ing" not in form_kinds(pair[1]) or "ing" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()][-4:]
    if "that" not in before or len(before) - before.index("that") < 2:
        return False
    phrase = before[before.index("that") + 1:]
    return (plural_subject(phrase[-1]) or _noun_forms(phrase[-1]) == (False, True)) and not lemmas(phrase[-1]) \
        and all("ADJ" in lemminflect.getAllLemmas(w) or w in ("the", "most", "many", "some", "all", "these", "those")
                for w in phrase[:-1])


def number_of_a_noun_after_be_and_an_adjective(toks: list[str], edit: Edit) -> bool:
    """A word given or robbed of an "-s" right after a form of "be" (or "a", "such", "very") and an adjective that is no
    noun or verb ("which was big mistake" -> "big mistakes"): a verb never follows it there, so the word is a noun
    with its article left out, and the tutor leaves nouns as written."""
    pair = one_word(toks, edit)
    if pair is None or not s_added_or_taken(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return len(before) >= 2 and _only_an_adjective(before[-1]) \
        and (aux_family(before[-2]) == "be" or before[-2] in ("a", "an", "such", "very", "quite", "really"))


DEGREE_ADVERBS = frozenset(("almost", "nearly", "completely", "totally", "quite", "very", "so", "too", "really", "rather",
                            "fairly", "pretty", "absolutely", "half", "always", "still", "never"))


def participle_of_an_adjective_after_be_and_a_degree(toks: list[str], edit: Edit) -> bool:
    """An adjective after a form of "be" and "almost", "very", "completely" ... given a verb form ("the library had been
    almost empty" -> "almost emptied"): a degree adverb before it reads the word as the adjective it is."""
    pair = one_word(toks, edit)
    if pair is None or not lemminflect.getAllLemmas(pair[0], upos="ADJ") or lemminflect.getAllLemmas(pair[1], upos="ADJ") \
            or pair[0].endswith("ing"):
        return False  # "was so frightening" -> "frightened" is a fix: the feeling, not its cause
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return len(before) >= 2 and before[-1] in DEGREE_ADVERBS and aux_family(before[-2]) == "be"


PLACE_PREPOSITIONS = frozenset(("towards", "toward", "into", "onto", "across", "along", "behind", "through", "near",
                                "inside", "outside", "under", "beside"))  # (not "past": "Learning about past help us")


def third_after_a_preposition_of_place(toks: list[str], edit: Edit) -> bool:
    """A word right after "towards", "into", "across" ... made third person ("I started to run ... towards finish line"
    -> "towards finishes line"): after a preposition the word is a noun, its article left out."""
    pair = one_word(toks, edit)
    if pair is None or "third" not in form_kinds(pair[1]) or "third" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return bool(before) and before[-1] in PLACE_PREPOSITIONS


RELATIONAL_VERBS = frozenset(("include", "contain", "involve", "cost", "mean", "show", "need", "require", "seem", "look",
                              "sound", "last"))


def to_between_a_compound_plural_and_its_verb(toks: list[str], edit: Edit) -> bool:
    """"to" put in after an -s word that ends a noun phrase of a determiner and a noun, before "include", "cost",
    "need" ... ("The council plans include a small café" -> "plans to include"): the -s word is the compound noun's
    plural head and the verb after it its own; such verbs say what a thing is, not what someone plans or wants to do."""
    if edit.start != edit.end or [t for t in edit.new if not t.isspace()] != ["to"]:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    return len(before) >= 3 and after[:1] != [] and after[0] in RELATIONAL_VERBS and before[-3] in NOUN_PHRASE_OPENERS \
        and _noun_forms(before[-1])[1] and singular_noun(before[-2])


def form_of_a_compounds_head_before_of(toks: list[str], edit: Edit) -> bool:
    """A word after a determiner and a noun, before "of", made its -ing form ("the phone number of a good plumber" ->
    "numbering"): it is the head of a compound noun whose phrase goes on with "of"."""
    pair = one_word(toks, edit)
    if pair is None or not pair[1].endswith("ing") or pair[0].endswith("ing") or "NOUN" not in lemminflect.getAllLemmas(pair[0]) \
            or not toks[edit.start - 1:edit.start] == [" "]:
        return False  # only an -ing: "the shop smell of old paper" -> "smells" is a verb's fix
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    return len(before) >= 2 and before[-2] in NOUN_DETERMINERS and before[-1].isalpha() \
        and before[-1] not in FUNCTION_WORDS and "NOUN" in lemminflect.getAllLemmas(before[-1]) and after[:1] == ["of"]


def ing_of_the_noun_after_there_be(toks: list[str], edit: Edit) -> bool:
    """A noun right after "there is", "there was", "there has been", "there will be" (an adverb between or not)
    made its -ing form ("there has never been snow so early" -> "snowing"): the word is what there is."""
    pair = one_word(toks, edit)
    if pair is None or not pair[1].endswith("ing") or pair[0].endswith("ing") or "NOUN" not in lemminflect.getAllLemmas(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]

    def past_adverbs() -> None:
        while before and before[-1] in THERE_BE_ADVERBS:
            before.pop()
    past_adverbs()
    if before[-1:] in (["been"], ["be"]):
        been = before.pop() == "been"
        past_adverbs()
        if not before or (before[-1] not in ("has", "have", "had") if been else aux_family(before[-1]) in (None, "be", "have", "do")):
            return False  # "there has been", "there will be", "there might be"
        before.pop()
    elif before[-1:] and before[-1] in ("is", "was", "are", "were", "'s"):
        before.pop()
    else:
        return False
    past_adverbs()
    return before[-1:] == ["there"]


THERE_BE_ADVERBS = frozenset(("never", "ever", "always", "already", "also", "still", "just", "not", "often", "rarely"))


OBJECT_TAKING = frozenset(("do", "does", "did", "make", "makes", "made", "play", "plays", "played", "take", "takes",
                           "took", "organise", "organises", "organised", "organize", "organizes", "organized"))


def base_of_a_compound_objects_head(toks: list[str], edit: Edit) -> bool:
    """A plural noun made base after "do", "make", "play", "take", "organise" and a bare noun ("Most people who do
    charity runs train" -> "run"): the -s word heads the compound the verb takes as its object."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in (pair[1] + "s", pair[1] + "es") or "NOUN" not in lemminflect.getAllLemmas(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return len(before) >= 2 and before[-2] in OBJECT_TAKING and before[-1] not in FUNCTION_WORDS \
        and not before[-1].endswith("s") and "NOUN" in lemminflect.getAllLemmas(before[-1]) \
        and toks[edit.start - 1:edit.start] == [" "]


def verb_form_of_a_noun_after_a_determiner_and_an_adjective(toks: list[str], edit: Edit) -> bool:
    """A noun that is also a verb given a verb form right after a determiner and an adjective that is no verb
    ("The last polar bear in our zoo died" -> "polar bore"): after "the polar" comes the noun. Not after an
    adjective that stands for people ("the rich bear the cost")."""
    pair = one_word(toks, edit)
    if pair is None or not any(_noun_forms(pair[0])) or not {"past", "third", "ing"} & form_kinds(pair[1]) \
            or pair[1] in (pair[0] + "s", pair[0] + "es"):
        return False  # a noun's plural is the tutor's agreement, not this
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    adjective = before[-1] if before else ""
    if adjective in THE_ADJECTIVE_PEOPLE or "ADJ" not in lemminflect.getAllLemmas(adjective) or lemmas(adjective):
        return False
    k = len(before) - 2
    while k >= 0 and (before[k] in ATTRIBUTIVE or "ADJ" in lemminflect.getAllLemmas(before[k]) and not lemmas(before[k])):
        k -= 1  # "the last polar", "a big brown"
    if k < 0 or before[k] not in NOUN_DETERMINERS:
        return False
    # the clause's verb comes after the word's phrase ("in our zoo died"): lemminflect calls "council", "stranger"
    # adjectives too, and there the edited word is the verb ("the council promise to build")
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha() or t in (",", ";", ".")]
    if not after or after[0] not in PREPOSITIONS or after[0] == "to":
        return False
    for w in after[1:8]:
        if w in (",", ";", ".", "and", "but", "or", "who", "which", "that", "where", "when", "i", "you", "he", "she", "it", "we", "they"):
            return False
        if main_verb_only_past(w) or w in ("was", "were", "is", "are", "has", "have", "had") or only_a_verb(w):
            return True
    return False


SEEMING = frozenset(("look", "sound", "feel", "seem", "smell", "taste"))


def verb_form_of_like_after_a_verb_of_seeming(toks: list[str], edit: Edit) -> bool:
    """"like" given a verb form right after "look", "sound", "feel", "seem", "smell" or "taste" in any form
    ("nothing that looked like the pictures" -> "looked likes"): there "like" is a preposition."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] != "like" or pair[1] == "like":
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return bool(before) and bool(lemmas(before[-1]) & SEEMING)


def to_before_an_adjective_of_an_object(toks: list[str], edit: Edit) -> bool:
    """"to" put before a word that is also an adjective and is followed by an adjective or a noun ("it also offers
    free English classes" -> "offers to free"): the word reads as the object's adjective, and the sentence is right
    as written. Not before a determiner or a pronoun ("I want clean my room" -> "to clean" is a fix)."""
    if toks[edit.start:edit.end] or "".join(edit.new).strip() != "to":
        return False
    written = [t for t in toks[edit.start:] if not t.isspace()]
    after = [norm(t) for t in written]
    if len(after) < 2 or "ADJ" not in lemminflect.getAllLemmas(after[0]):
        return False
    following = after[1]
    return following[:1].isalpha() and following not in FUNCTION_WORDS and following not in NOUN_PHRASE_OPENERS \
        and ("ADJ" in lemminflect.getAllLemmas(following) or any(_noun_forms(following))
             or written[1][:1].isupper())  # "free English classes": a name's adjective


def third_of_a_noun_after_a_coordinated_ing(toks: list[str], edit: Edit) -> bool:
    """A noun that is also a verb made third person right after an -ing form joined by "and" or "or" to an earlier
    -ing form ("Imagine waking up at eight and starting work in your pyjamas" -> "works"): the word is the second
    -ing form's object. Only before a preposition or the clause's end ("Swimming make me tired" -> "makes" is a
    fix)."""
    pair = one_word(toks, edit)
    if pair is None or pair[1] not in (pair[0] + "s", pair[0] + "es") or not any(_noun_forms(pair[0])):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), ".")
    if len(before) < 3 or not before[-1].endswith("ing") or not lemmas(before[-1]) or before[-2] not in ("and", "or"):
        return False
    if after not in PREPOSITIONS | {",", ".", ";", "!", "?", "and", "or", "but"}:
        return False
    clause = []
    for w in reversed(before[:-2]):
        if w in (",", ";", ".", ":") and clause:
            break
        clause.append(w)
    return any(w.endswith("ing") and lemmas(w) for w in clause)


def base_after_may_the_month(toks: list[str], edit: Edit) -> bool:
    """A verb made its base form after "may" that follows a day's number, adverbs between or not ("The bike that I
    left at your shop on 12 may still has the same problem" -> "have"): "12 may" is a date, a learner's lowercase
    month, not the modal."""
    pair = one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[1]) or pair[1] == pair[0]:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    k = len(before) - 1
    while k >= 0 and before[k] in ("still", "also", "just", "already", "always", "never", "often", "only", "really"):
        k -= 1
    day = before[k - 1] if k >= 1 else ""
    return k >= 1 and before[k] == "may" and (day.isdigit() or day[:-2].isdigit() and day[-2:] in ("st", "nd", "rd", "th"))


VERB_PARTICLES = frozenset(("away", "out", "home", "back", "up", "down", "off", "in", "over", "me", "him", "her", "us",
                            "them", "it"))
WANTING = frozenset(f for verb in ("want", "need", "decide", "hope", "plan", "agree", "refuse", "promise", "manage",
                                   "try", "learn", "choose", "expect", "wish")
                    for forms in lemminflect.getAllInflections(verb, upos="VERB").values() for f in forms
                    if not f.endswith("ing"))


def third_after_a_wanting_verb(toks: list[str], edit: Edit) -> bool:
    """A verb made third-person right after a verb that takes "to" and the infinitive, whose subject pronoun opens
    its clause ("I was so afraid that I wanted run away" -> "wanted runs"): the verb is that verb's infinitive, which
    lacks its "to", never a verb of its own. Not after a noun and a pronoun, or a noun, "that" and a pronoun: "The
    bike (that) I wanted costs too much" is a relative clause, and "costs" the verb of "The bike"."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]) or pair[1] not in (pair[0] + "s", pair[0] + "es"):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 2 or before[-1] not in WANTING or before[-2] not in ("i", "we", "you", "they", "he", "she"):
        return False
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    if not only_a_verb(pair[0]) and after not in VERB_PARTICLES:
        return False  # "I need book for school" -> "books", "We plan trip every summer" -> "trips": a noun's plural
    lead = before[-3] if len(before) >= 3 else ","
    if lead == "that":  # "afraid that I wanted", not the relative "The car that I wanted look nice" -> "looks"
        return len(before) >= 4 and not any(_noun_forms(before[-4]))
    return lead in (",", ";", "and", "but", "so", "because", "when", "if", "then") or len(before) == 2


def finite_after_a_nouns_preposition(toks: list[str], edit: Edit) -> bool:
    """A verb made third-person right after a preposition that follows a noun ("a compensation for have to buy" ->
    "for has"): after "for", "of", "about" ... a verb takes the -ing form, never an agreeing one. Not after a verb's
    preposition: "What I am looking for have to be cheap" -> "has" is a fix."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(before) < 2 or before[-1] not in ("for", "of", "about", "without", "by", "with"):
        return False
    return not lemmas(before[-2]) and aux_family(before[-2]) is None and before[-2] not in FUNCTION_WORDS


LETTING = frozenset(("make", "makes", "made", "making", "let", "lets", "letting", "help", "helps", "helped", "helping"))


def third_after_a_named_object_of_make(toks: list[str], edit: Edit) -> bool:
    """A verb made third-person right after "make", "let" or "help" and a name ("made Peter forget about the pain" ->
    "forgets"): the object takes the bare verb."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]):
        return False
    before = [t for t in toks[:edit.start] if not t.isspace()]
    return len(before) >= 2 and norm(before[-2]) in LETTING and before[-1][:1].isupper() and before[-1].isalpha() \
        and norm(before[-1]) not in ("i",)


# verbs whose passive takes "to" and the infinitive ("we were forced to start", "she was asked to wait")
TOLD_TO = frozenset(("forced", "allowed", "asked", "told", "expected", "required", "supposed", "encouraged", "advised",
                     "invited", "permitted", "ordered", "obliged", "persuaded", "taught", "made"))


def ing_after_a_passive_that_takes_to(toks: list[str], edit: Edit) -> bool:
    """A verb made its -ing form right after a passive whose verb takes "to" and the infinitive ("We were forced
    start the competition" -> "forced starting"): the fix is "to start", never the -ing form."""
    pair = one_word(toks, edit)
    if pair is None or not pair[1].endswith("ing") or pair[0].endswith("ing"):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return len(before) >= 2 and before[-1] in TOLD_TO and aux_family(before[-2]) == "be"


def past_of_a_noun_after_of(toks: list[str], edit: Edit) -> bool:
    """A bare noun after a noun's "of" and its adjectives made past where a present verb follows it ("a big cloud of
    black smoke comes out" -> "smoked"): the word is the phrase's noun, the verb after it the clause's."""
    pair = one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]) or not any(_noun_forms(pair[0])):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and "ADJ" in lemminflect.getAllLemmas(before[-1]):
        before.pop()
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    return len(before) >= 2 and before[-1] == "of" and any(_noun_forms(before[-2])) \
        and (third(after) and not _noun_forms(after)[1] or aux_family(after) is not None)  # not "of use books" -> "used"


PRONOUN_LIKE_ADJECTIVES = frozenset(("few", "first", "second", "third", "last", "next", "other", "same", "former", "latter",
                                     "accused", "deceased", "rest", "whole", "best", "worst", "most", "least"))


def s_added_after_a_determiner_and_an_adjective(toks: list[str], edit: Edit) -> bool:
    """A word given "-s" right after "a" / "an" / "the" / "my" ... and an adjective that is no verb ("A short visit to the
    school would reduce" -> "short visits", "complain about the low pay" -> "low pays"): the word is the phrase's noun
    ("a short" cannot be a subject, and a noun keeps its number), a preposition or "and" after it. Not after "a few",
    "the first", "the best" ... or an adjective that stands for people ("the rich pay")."""
    pair = one_word(toks, edit)
    if pair is None or pair[1] not in (pair[0] + "s", pair[0] + "es") or not any(_noun_forms(pair[0])):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 2 or before[-2] not in NOUN_DETERMINERS - {"these", "those", "no", "every"}:
        return False
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), ".")
    if after not in PREPOSITIONS | {"and", "or", ",", ".", ";", "!", "?"}:
        return False  # "the washing machine in my flat shake the whole floor": an object, so the word is the verb
    adjective = before[-1]  # one with a comparative: "short", "low"; not a noun lemminflect also calls one ("my mum")
    return bool(lemminflect.getAllInflections(adjective, upos="ADJ").get("JJR")) \
        and adjective not in THE_ADJECTIVE_PEOPLE | PRONOUN_LIKE_ADJECTIVES and not adjective.endswith("est")
