"""Edits of the model's that correct English rules out, whatever it scores (`Turn.decoded` sets their
doubt to infinity). Each is a change the model makes to correct look-alikes (tests/data/lookalikes.tsv):

- `subjunctive`: "were" -> "was" after "if", "as if", "as though", "suppose", "wish" with a singular
  subject ("If it were up to me", "as if she were the boss"): the subjunctive is right.
- `past_against_now`: a present made past in a clause with "now", "nowadays", "today", "these days",
  "currently" ("Three years ago I started, and now I speak it well" -> "spoke").
- `past_in_a_time_clause_of_the_future`: a present made past in a clause that opens the sentence with
  "when", "before", "after", "as soon as", "until", "once", where the clause after it is in the
  future or an imperative ("When we meet, I will tell you" -> "met", "Before you judge him, remember").
- `base_after_an_ing_verb`: an -ing form made base after "stop", "keep", "enjoy", "avoid", "finish" ...
  ("Can you stop talking" -> "stop talk").
- `coordinated_subject`: a plural verb made singular after "Reading and writing" or "cats and dogs";
  `participle_after_get`: "we got lost" -> "got lose"; `ing_after_a_subject`: "you want" -> "you wanting".
- `present_in_an_unreal_condition`: "would attract ... if they stayed open" -> "stay";
  `plural_progressive_after_which`: "the shops ..., which are closing" -> "which is closing".
- `imperative`: a base form that opens its clause with no subject ("said: 'Close your eyes'", "So just
  relax", "Don't move and keep") made third person or past; `participle_after_to`: "time to write" ->
  "to written".
- `imperative_pair`: after an opening imperative, "and then ask" -> "asks", "before the guests arrive"
  -> "arrived";
- `plural_after_there_is_a`: "There is a desk and two chairs", "there is no wardrobe" -> "are"; `base_after_go`: "go sailing" ->
  "go sail"; `participle_after_a_subject`: "we ate" -> "we eaten".
- `like_as_a_preposition`: "nothing like the photo" -> "nothing liking".
- `shared_subject`: the number of a verb right after "and" taken away from the sentence's subject
  pronoun, which it shares ("She left school at sixteen and has worked" -> "have worked").
- `mandative_subjunctive`: "I suggest that the school provide" -> "provides".
- `plural_after_a_singular_noun_phrase`: "believe that the new sports centre is" -> "are";
  `singular_after_a_time_phrase`: "People who use the internet every day often forget" -> "forgets";
  `singular_after_a_plural_noun_phrase`: "First of all, mobile phones are" -> "is".
- `past_of_a_habit_or_a_belief`: "and I use it mostly for films" -> "used", "and I believe that" -> "believed".
- `plural_after_an_indefinite_pronoun`: "Nobody in the groups I spoke to thinks" -> "think";
  `past_of_what_a_text_says`: "The advertisement ... says that" -> "said".
- `noun_of_a_take_phrase`: "took place" -> "took placed"; `respelled_after_a_determiner`: "the begining
  of" -> "the beginning of" (a noun: the tutor leaves other slips as typed).
- found by running the whole flow over WordNet's usage examples (`tests/test_vetoes.py`): a negative
  imperative ("Please don't interrupt" -> "doesn't"), a form after a modal ("We'll take" -> "takes",
  "shall have to" -> "has to"), a passive's participle after "be" made a base form, an -ing form after a
  prepositional "to" ("when it came to giving" -> "give"), a question's auxiliary before "you", "we",
  "they" made singular, an auxiliary that cannot follow "I", "he", "she", "it" ("as I was leaving" -> "I
  were"; not "My friends and I were"); then, from a second, held-out sample: a question's singular
  auxiliary before its subject made plural ("has she" -> "have"), a people made singular ("The French
  try" -> "tries"), a name made plural ("Socrates was" -> "were"), the bare infinitive after "see / let /
  make" and an object made third person ("see the President drive" -> "drives"), a verb whose past is its
  base made third person ("He cast" -> "casts"), and "if it weren't" -> "wasn't".
- from the seventh and eighth blind sets (learner_v9, learner_v10): an adjective or "like" after "be" made
  -ing ("are free" -> "freeing"), "the elderly" made singular, an amount made plural ("Ten kilometres
  is"), two noun or gerund phrases made singular, a relative clause's tense changed, a past perfect after
  a past made present perfect, "there is always a" / "there are not enough" flipped, each ... and each made
  plural, a past whose time is a later relative clause's, "says it is" -> "said", and a finite past made
  present where nothing speaks of now ("several guests told us" -> "tell").
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import ADVERBS, COLLECTIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, ONLY_ING, aux_family, form_kinds, indexed_words, norm
from miniserve.tutor.runtime import tense
from miniserve.tutor.runtime.gate import Edit

UNREAL = frozenset(("if", "though", "suppose", "supposing", "wish", "wished", "imagine"))
NOW = frozenset(("now", "nowadays", "today", "currently"))
TIME_OPENERS = frozenset(("when", "before", "after", "until", "once", "whenever"))
FUTURE = frozenset(("will", "'ll", "won't", "can", "must", "should", "shall", "going"))
IMPERATIVES = frozenset(("remember", "please", "don't", "call", "let", "tell", "come", "send", "ask", "think", "try",
                         "make", "take", "check", "contact", "write", "bring", "wait", "keep", "be"))
ING_VERBS = frozenset(ONLY_ING | {"stop", "keep", "quit", "practise", "practice", "risk", "imagine"})
SUBJECT_PRONOUNS = {"he": "singular", "she": "singular", "it": "singular", "i": "plural", "we": "plural",
                    "they": "plural", "you": "plural"}


def _one_word(toks: list[str], edit: Edit) -> tuple[str, str] | None:
    new = [t for t in edit.new if t[:1].isalpha()]
    old = [t for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    return (norm(old[0]), norm(new[0])) if len(old) == len(new) == 1 else None


def _clause_before(toks: list[str], i: int) -> list[str]:
    """The words of the clause before the token at i, back to a comma or a joining word."""
    words = []
    for t in reversed(toks[:i]):
        w = norm(t)
        if t in (",", ";", ":") or w in ("and", "but", "so", "because"):
            break
        if t[:1].isalpha():
            words.append(w)
    return words[::-1]


def subjunctive(toks: list[str], edit: Edit) -> bool:
    pair = _one_word(toks, edit)
    if pair not in (("were", "was"), ("weren't", "wasn't")):
        return False
    clause = _clause_before(toks, edit.start)
    return bool(UNREAL & set(clause)) and clause[-1:] != [] and clause[-1] not in ("we", "you", "they")


def past_against_now(toks: list[str], edit: Edit) -> bool:
    pair = _one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    return bool(NOW & set(_clause_before(toks, edit.start)))


def past_in_a_time_clause_of_the_future(toks: list[str], edit: Edit) -> bool:
    pair = _one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    words = indexed_words(toks)
    if not words or words[0][1] not in TIME_OPENERS and [w for _, w in words[:3]] != ["as", "soon", "as"]:
        return False
    comma = next((i for i, t in enumerate(toks) if t == ","), None)
    if comma is None or edit.start > comma:
        return False
    main = [w for i, w in words if i > comma][:3]
    return bool(main) and (main[0] in IMPERATIVES or bool(FUTURE & set(main)) or any(w.endswith("'ll") for w in main))


def base_after_an_ing_verb(toks: list[str], edit: Edit) -> bool:
    pair = _one_word(toks, edit)
    if pair is None or not pair[0].endswith("ing") or "base" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return bool(before) and any(before[-1] == f or before[-1] in (f + "s", f + "ed", f + "ped", f + "ing")
                                for f in ING_VERBS)


def shared_subject(toks: list[str], edit: Edit) -> bool:
    pair = _one_word(toks, edit)
    if pair is None or aux_family(pair[0]) not in (None, "have", "be", "do"):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if not before or before[-1] != "and":
        return False
    first = next((norm(t) for t in toks if t[:1].isalpha()), "")
    number = SUBJECT_PRONOUNS.get(first)
    if number is None or any(t in (",", ";") for t in toks[:edit.start]):
        return False
    agrees = third if number == "singular" else (lambda w: non_third(w) and not third(w))
    return first not in ("i", "you") and agrees(pair[0]) and not agrees(pair[1])


def coordinated_subject(toks: list[str], edit: Edit) -> bool:
    """A plural verb made singular right after a subject of two -ing forms or plural nouns joined by
    "and" ("Reading and writing are skills" -> "is"), or of two gerund phrases ("Watching TV and playing
    games are")."""
    pair = _one_word(toks, edit)
    if pair is None or not (non_third(pair[0]) and not third(pair[0])) or not third(pair[1]):
        return False
    clause = _clause_before_any(toks, edit.start)
    if len(clause) < 3 or len(clause) > 9 or "and" not in clause:
        return False
    k = clause.index("and")
    if clause[0].endswith("ing") and clause[k + 1:k + 2] and clause[k + 1].endswith("ing") and "ing" in form_kinds(clause[0]):
        return True  # "Watching TV and playing computer games are": two gerund phrases
    first, second = clause[k - 1] if k else "", clause[-1]
    return len(clause) <= 6 and bool(first) and all(w.endswith("ing") or plural_subject(w) for w in (first, second))


def participle_after_get(toks: list[str], edit: Edit) -> bool:
    """A participle after "get" made a base form ("we got lost" -> "got lose")."""
    pair = _one_word(toks, edit)
    if pair is None or "participle" not in form_kinds(pair[0]) or "base" not in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return bool(before) and before[-1] in ("get", "gets", "got", "getting", "gotten")


def ing_after_a_subject(toks: list[str], edit: Edit) -> bool:
    """A finite verb right after a subject pronoun made an -ing form ("anything you want me to" ->
    "you wanting"): with no "be" before it, never a verb of its clause."""
    pair = _one_word(toks, edit)
    ing = pair is not None and "ing" in form_kinds(pair[1]) and "base" not in form_kinds(pair[1])  # not "bring", "sting"
    if pair is None or not ing or pair[0].endswith("ing") or aux_family(pair[0]) is not None:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    inverted = len(before) >= 2 and aux_family(before[-2]) == "be"  # "Is he jump" -> "Is he jumping" is right
    return bool(before) and before[-1] in ("i", "you", "we", "they", "he", "she") and not inverted


def _clause_before_any(toks: list[str], i: int) -> list[str]:
    """The words before the token at i back to a comma or the sentence's start ("and" kept)."""
    words = []
    for t in reversed(toks[:i]):
        if t in (",", ";", ":"):
            break
        if t[:1].isalpha():
            words.append(norm(t))
    return words[::-1]


def _own_clause(toks: list[str], i: int) -> list[str]:
    """The words before the token at i back to a comma, the sentence's start or the last word that
    opens a clause ("that", "if", "because" ...): the clause the word at i belongs to, so far."""
    clause = _clause_before_any(toks, i)
    opener = max((k for k, w in enumerate(clause) if w in CLAUSE_OPENERS), default=-1)
    return clause[opener + 1:]


def _without_adverbs(clause: list[str]) -> list[str]:
    """The clause's words without the adverbs that end it ("The elderly often" -> "the elderly")."""
    while clause and clause[-1] in ADVERBS:
        clause = clause[:-1]
    return clause


def _made_plural(pair: tuple[str, str]) -> bool:
    return third(pair[0]) and non_third(pair[1]) and not third(pair[1])


def _made_singular(pair: tuple[str, str]) -> bool:
    return third(pair[1]) and not third(pair[0]) and non_third(pair[0])


def _is_question(toks: list[str]) -> bool:
    return next((t for t in reversed(toks) if not t.isspace()), "") == "?"


def like_as_a_preposition(toks: list[str], edit: Edit) -> bool:
    """"like" made "liking" where no "be" comes before it ("nothing like the photo" -> "nothing liking")."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair == ("like", "liking") and not (before and aux_family(before[-1]) == "be")


def present_in_an_unreal_condition(toks: list[str], edit: Edit) -> bool:
    """A past made present in an "if" clause of a sentence with "would" ("Shops would attract more
    customers if they stayed open" -> "stay"): the unreal condition takes the past."""
    pair = _one_word(toks, edit)
    if pair is None or not _only_past(pair[0]) or not {"base", "third"} & form_kinds(pair[1]):
        return False
    words = [norm(t) for t in toks if t[:1].isalpha()]
    return "if" in _clause_before(toks, edit.start) and ("would" in words or any(w.endswith("'d") for w in words))


def plural_progressive_after_which(toks: list[str], edit: Edit) -> bool:
    """", which are closing" made "which is closing": a progressive after "which" is the plural noun's."""
    pair = _one_word(toks, edit)
    before = [t for t in toks[:edit.start] if not t.isspace()]
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    return pair in (("are", "is"), ("were", "was")) and before[-2:] == [",", "which"] and after.endswith("ing")


def _only_past(word: str) -> bool:
    """A main verb's form only the past has ("was", "had" are auxiliaries: no)."""
    return tense._only_past(word) and aux_family(word) is None


IMPERATIVE_OPENERS = frozenset(("so", "just", "please", "then", "now", "and", "also", "first", "finally", "kindly",
                                "simply", "oh", "well", "but", "or", "never", "always"))


def imperative(toks: list[str], edit: Edit) -> bool:
    """A base form that opens its clause with no subject before it, made third person or past: an
    imperative ("said: 'Close your eyes'" -> "Closes", "So just relax" -> "relaxes", "Don't move and keep"
    -> "keeps"). The clause starts at the sentence's start, a quotation mark, a colon or a semicolon."""
    pair = _one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not ({"third", "past"} & form_kinds(pair[1])) \
            or aux_family(pair[0]) is not None:
        return False  # "Do our tutor ... tell?" -> "Does": a question's auxiliary, no imperative
    before = []
    for t in reversed(toks[:edit.start]):
        if t in ("'", '"', "\u201c", "\u2018", ":", ";", "!", "?", "."):
            break
        if t[:1].isalpha():
            before.append(norm(t))
    before.reverse()
    if all(w in IMPERATIVE_OPENERS for w in before):
        return True
    # "Don't move and keep": an imperative, then "and" and the next one
    return len(before) >= 3 and before[0] in ("don't", "do", "never", "always") and before[-1] == "and" \
        and all(w in IMPERATIVE_OPENERS or "base" in form_kinds(w) or w in ("don't", "not") for w in before[1:-1])


def participle_after_to(toks: list[str], edit: Edit) -> bool:
    """A base form after "to" made a participle or a past ("time to write" -> "to written")."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and before[-1:] == ["to"] and "base" in form_kinds(pair[0]) \
        and bool({"participle", "past"} & form_kinds(pair[1])) and "base" not in form_kinds(pair[1])


def opens_with_an_imperative(toks: list[str]) -> bool:
    """Does the sentence open with an imperative ("Think about ...", "Make sure ...", "Please call")?"""
    words = [norm(t) for t in toks if t[:1].isalpha()]
    if words[:1] == ["please"]:
        words = words[1:]
    if len(words) < 2 or form_kinds(words[0]) & {"third", "past"} or "base" not in form_kinds(words[0]) \
            or aux_family(words[0]) is not None or words[0] not in lemminflect.getAllLemmas(words[0], upos="VERB").get("VERB", ()):
        return False
    return not any(_noun_forms(words[0])) or words[1] in ("about", "sure", "the", "a", "your", "me", "us", "it", "up", "to")


def imperative_pair(toks: list[str], edit: Edit) -> bool:
    """In a sentence that opens with an imperative, a base form right after "and" or "and then" made third
    person ("Think about ... and then ask yourself" -> "asks"), or a present in a time clause made past
    ("Make sure ... before the new guests arrive" -> "arrived")."""
    pair = _one_word(toks, edit)
    if pair is None or not opens_with_an_imperative(toks):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if "base" in form_kinds(pair[0]) and "third" in form_kinds(pair[1]):
        return before[-1:] == ["and"] or before[-2:] == ["and", "then"]
    return "past" in form_kinds(pair[1]) and "past" not in form_kinds(pair[0]) \
        and bool(TIME_OPENERS & set(_clause_before(toks, edit.start)))


def plural_after_there_is_a(toks: list[str], edit: Edit) -> bool:
    """"There is a desk and two chairs" made "There are": the verb agrees with the first noun after it."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    while after and after[0] in ("always", "usually", "often", "sometimes", "still", "also", "only", "just", "now", "even"):
        after = after[1:]  # "there is always a long queue"
    after = after[:2]
    no_single = after[:1] == ["no"] and len(after) > 1 and not after[1].endswith("s")  # "there is no wardrobe"
    the_single = after[:1] in (["the"], ["our"], ["my"], ["your"], ["his"], ["her"], ["their"]) and len(after) > 1 \
        and _singular_noun(after[1])  # "There remains the question", "there was our guide"
    return pair in (("is", "are"), ("was", "were"), ("remains", "remain"), ("exists", "exist")) and before[-1:] == ["there"] \
        and (no_single or the_single or after[:1] in (["a"], ["an"], ["one"])) \
        and after[1:] not in (["lot"], ["number"], ["couple"], ["few"], ["great"], ["bunch"], ["lots"])  # "There is a lot of things" -> "are" is right


def base_after_go(toks: list[str], edit: Edit) -> bool:
    """"go sailing" made "go sail"."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair[0].endswith("ing") and before[-1:] != [] \
        and before[-1] in ("go", "goes", "went", "going", "gone") and "base" in form_kinds(pair[1])


def participle_after_a_subject(toks: list[str], edit: Edit) -> bool:
    """"we ate" made "we eaten": a participle only, right after a subject pronoun, is never a verb of its clause."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    inverted = len(before) >= 2 and aux_family(before[-2]) == "have"  # "Have you ate" -> "Have you eaten" is right
    return pair is not None and before[-1:] != [] and before[-1] in ("i", "you", "we", "they", "he", "she") \
        and form_kinds(pair[1]) == frozenset({"participle"}) and not inverted


MANDATIVE = frozenset(("recommend", "suggest", "insist", "propose", "demand", "request", "require", "urge", "advise",
                       "ask", "order", "essential", "important", "vital", "necessary", "crucial", "imperative",
                       "recommendation", "suggestion", "proposal", "requirement"))


def mandative_subjunctive(toks: list[str], edit: Edit) -> bool:
    """The base form in a "that" clause after "recommend", "suggest", "insist", "it is essential" ...
    made third person or past ("I suggest that the school provide" -> "provides", "recommend that every
    participant bring" -> "brings"): the mandative subjunctive is right (and "provides" is British usage
    too, so neither is changed)."""
    pair = _one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"third", "past"} & form_kinds(pair[1]) and pair[1] not in ("is", "are"):
        return False
    clause = _clause_before(toks, edit.start)
    if "that" not in clause:
        return False
    k = len(clause) - 1 - clause[::-1].index("that")
    subject = clause[k + 1:]
    trigger = clause[k - 1] if k else ""
    lemma = {lemma for lemmas in lemminflect.getAllLemmas(trigger).values() for lemma in lemmas} | {trigger}
    return 0 < len(subject) <= 6 and bool(MANDATIVE & lemma) and not any(aux_family(w) or "third" in form_kinds(w)
                                                                       or "past" in form_kinds(w) for w in subject)


CLAUSE_OPENERS = frozenset(("that", "if", "when", "because", "since", "while", "although", "though", "whether", "where"))
NOUN_PHRASE_OPENERS = frozenset(("the", "a", "an", "this", "my", "your", "his", "her", "our", "their", "its"))
PREPOSITIONS = frozenset(("in", "on", "at", "for", "from", "to", "of", "with", "by", "about", "without", "behind", "between",
                          "near", "like", "across", "along", "around", "inside", "outside", "during", "through"))


BOTH_NUMBERS = frozenset(("fish", "deer", "aircraft", "species", "series", "means", "offspring", "salmon", "trout"))


def _singular_noun(word: str) -> bool:
    """A noun's singular whose plural is another word ("centre", "shop"; not "sheep", "fish", "news")."""
    if word in BOTH_NUMBERS:
        return False
    for lemma in lemminflect.getAllLemmas(word, upos="NOUN").get("NOUN", ()):
        table = lemminflect.getAllInflections(lemma, upos="NOUN")
        if word in table.get("NN", ()) and table.get("NNS", (word,))[0] != word:
            return True
    return False


def plural_after_a_singular_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after the noun phrase that opens its clause, whose head is a singular
    noun ("believe that the new sports centre is" -> "are"): the phrase is the verb's subject. The phrase
    is a determiner, at most three adjectives or nouns and the head, right after the sentence's start, a
    comma or a clause's opening word ("that", "if", "because" ...), so "My brother and his girlfriend is"
    and "The sessions in the afternoon was" are not; nor is a collective noun ("the team are" is British usage)."""
    pair = _one_word(toks, edit)
    if pair is None or not _made_plural(pair):
        return False
    phrase = _own_clause(toks, edit.start)
    if not 2 <= len(phrase) <= 5 or phrase[0] not in NOUN_PHRASE_OPENERS:
        return False
    head, middle = phrase[-1], phrase[1:-1]
    return _singular_noun(head) and head not in COLLECTIVE and not third(head) \
        and all(w not in FUNCTION_WORDS and w not in PREPOSITIONS and not aux_family(w) for w in middle)


PLURAL_PHRASE_OPENERS = frozenset(("the", "my", "your", "his", "her", "our", "their", "these", "those", "some", "many",
                                   "most", "all", "such"))
NUMBER_WORDS = frozenset(("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "fifty",
                          "hundred", "thousand", "million", "several", "few"))  # "Ten euros is enough": an amount


def singular_after_a_plural_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made third person singular right after the noun phrase that opens its clause, whose head
    is a plural noun ("First of all, mobile phones are" -> "is"): the mirror of the rule above. The
    phrase is adjectives or nouns before the head, with at most a determiner first, at least two words."""
    pair = _one_word(toks, edit)
    if pair is None or not _made_singular(pair):
        return False
    phrase = _own_clause(toks, edit.start)
    if phrase[:1] and phrase[0] in PLURAL_PHRASE_OPENERS:
        phrase = phrase[1:]
    if not 2 <= len(phrase) <= 4 or any(c.isdigit() for w in phrase for c in w):
        return False
    head, middle = phrase[-1], phrase[:-1]
    written = [t for t in toks[:edit.start] if t[:1].isalpha()]
    if any(t[:1].isupper() for t in written[-len(phrase):]) and len(written) > len(phrase):
        return False  # a name ("The United States is")
    singular, plural = _noun_forms(head)
    return plural and not singular and head.endswith("s") and not third(middle[-1]) \
        and all(w not in FUNCTION_WORDS and w not in PREPOSITIONS and w not in NUMBER_WORDS and not aux_family(w)
                and w not in SUBJECT_PRONOUNS for w in middle)


TIME_LEADS = frozenset(("every", "each", "this", "that", "next", "last", "one"))
TIME_NOUNS = frozenset(("day", "week", "month", "year", "morning", "afternoon", "evening", "night", "weekend",
                        "summer", "winter", "spring", "autumn", "time", "semester", "term"))


def singular_after_a_time_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made third person right after a time phrase inside its clause ("People who use the internet
    every day often forget" -> "forgets"): "every day" there is no subject. A time phrase that opens its
    clause may be one ("Every day brings something new"), and a clause whose first noun is singular may
    want the singular ("The course that I attended last month were" -> "was"), so those are left alone."""
    pair = _one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]):
        return False
    clause = _without_adverbs(_clause_before_any(toks, edit.start))
    head = next((w for w in clause if w not in NOUN_PHRASE_OPENERS and any(_noun_forms(w))), "")
    if _singular_noun(head):
        return False  # "The English course that I attended last month were" -> "was" is the fix
    return len(clause) >= 3 and clause[-1] in TIME_NOUNS and clause[-2] in TIME_LEADS \
        and clause[-3] not in CLAUSE_OPENERS | {"and", "but", "or", "so"}


HABIT_ADVERBS = frozenset(("mostly", "usually", "often", "always", "normally", "generally", "sometimes", "still",
                           "now", "nowadays", "rarely", "seldom", "regularly", "mainly"))
OPINION_VERBS = frozenset(("believe", "think", "hope", "feel", "know", "expect", "suppose", "guess", "am", "'m"))


def past_of_a_habit_or_a_belief(toks: list[str], edit: Edit) -> bool:
    """A present made past in a clause of its own that speaks of now: a habit ("I bought a laptop last
    month and I use it mostly for films" -> "used") or what the writer believes now ("..., and I believe
    that my experience" -> "believed"). Only "I" or "we" as the subject, and an adverb of habit right
    before or after the verb, or a verb of belief with "that" after it."""
    pair = _one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    subject = next((w for w in reversed(before[-2:]) if w in ("i", "we")), None)
    if subject is None:
        return False
    near = set(before[-2:]) | set(after[:3])
    return bool(HABIT_ADVERBS & near) or pair[0] in OPINION_VERBS and after[:1] == ["that"]


INDEFINITES = frozenset(("nobody", "everybody", "everyone", "somebody", "someone", "anybody", "anyone", "no-one", "each"))


def plural_after_an_indefinite_pronoun(toks: list[str], edit: Edit) -> bool:
    """The first present verb after a clause-opening "nobody", "everyone", "someone" ... made plural
    ("Nobody in the groups I spoke to thinks" -> "think"): the pronoun is its subject, whatever the
    nouns and the past of a clause between say."""
    pair = _one_word(toks, edit)
    if pair is None or not _made_plural(pair):
        return False
    clause = _own_clause(toks, edit.start)
    if clause[:1] in (["no"],) and clause[1:2] == ["one"]:
        clause = ["nobody"] + clause[2:]
    return bool(clause) and clause[0] in INDEFINITES and "and" not in clause and "or" not in clause and not any(
        aux_family(w) not in (None, "to") and w not in ("was", "were", "had", "did") or _a_present_verb(w) for w in clause[1:])


def _a_present_verb(word: str) -> bool:
    """A verb's base or third-person form that is no noun and no function word ("know", "thinks")."""
    return bool({"base", "third"} & form_kinds(word)) and word not in FUNCTION_WORDS and word not in PREPOSITIONS \
        and not any(_noun_forms(word)) and bool(lemminflect.getAllLemmas(word, upos="VERB"))


DOCUMENTS = frozenset(("advertisement", "advert", "ad", "article", "letter", "email", "e-mail", "website", "sign", "notice",
                       "book", "leaflet", "brochure", "report", "guide", "text", "message", "programme", "program", "poster",
                       "law", "rule", "rules", "contract", "menu", "label", "newspaper", "magazine", "survey", "study"))
SAYING = frozenset(("says", "say", "states", "mentions", "explains", "shows", "claims", "suggests", "warns", "promises"))


def past_of_what_a_text_says(toks: list[str], edit: Edit) -> bool:
    """"The advertisement ... says that" made "said": what a text says, it says now."""
    pair = _one_word(toks, edit)
    if pair is None or pair[0] not in SAYING or "past" not in form_kinds(pair[1]):
        return False
    clause = _clause_before_any(toks, edit.start)
    opener = min((k for k, w in enumerate(clause) if w in CLAUSE_OPENERS), default=-1)
    return bool(DOCUMENTS & set(clause[:3])) or opener >= 0 and bool(DOCUMENTS & set(clause[opener + 1:][:3]))


TAKE = frozenset(("take", "takes", "took", "taken", "taking"))
TAKEN_NOUNS = frozenset(("place", "part", "care", "notice", "advantage", "turns", "photos", "pictures"))
DETERMINERS = frozenset(("the", "a", "an", "this", "that", "my", "your", "his", "her", "our", "their", "its", "every",
                         "each", "no", "these", "those"))


def noun_of_a_take_phrase(toks: list[str], edit: Edit) -> bool:
    """The noun of "take place", "take part", "take care" made a verb form ("The concert, which took place
    last Friday" -> "took placed")."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair[0] in TAKEN_NOUNS and before[-1:] != [] and before[-1] in TAKE


def respelled_after_a_determiner(toks: list[str], edit: Edit) -> bool:
    """A misspelled -ing word right after a determiner respelled ("before the begining of the course" ->
    "beginning"): there it is a noun or an adjective, not a verb form, and the tutor leaves other slips."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair[1].endswith("ing") and before[-1:] != [] and before[-1] in DETERMINERS \
        and not lemminflect.getAllLemmas(pair[0]) and pair[0] != pair[1]


def negative_imperative(toks: list[str], edit: Edit) -> bool:
    """"Please don't interrupt me" made "doesn't": a "don't" that opens its clause (after "please", "so",
    "and" ...) with a base form after it is a negative imperative; a question has its subject there."""
    pair = _one_word(toks, edit)
    if pair is None or pair[0] not in ("don't", "do") or pair[1] not in ("doesn't", "does", "didn't", "did"):
        return False
    before = []
    for t in reversed(toks[:edit.start]):
        if t in ("'", '"', "\u201c", "\u2018", ":", ";", "!", "?", ".", ","):
            break
        if t[:1].isalpha():
            before.append(norm(t))
    written = [t for t in toks[edit.end:] if t[:1].isalpha()][:1]
    after = [norm(t) for t in written]
    question = _is_question(toks)
    return all(w in IMPERATIVE_OPENERS for w in before) and bool(after) and not question and written[0].islower() \
        and after[0] in lemminflect.getAllLemmas(after[0], upos="VERB").get("VERB", ()) and after[0] not in SUBJECT_PRONOUNS


MODAL_WORDS = frozenset(("will", "'ll", "would", "'d", "can", "could", "shall", "should", "may", "might", "must",
                         "gotta", "gonna", "wanna", "won't", "can't", "couldn't", "shouldn't", "wouldn't", "mustn't"))


def form_after_a_modal(toks: list[str], edit: Edit) -> bool:
    """A base form right after a modal made third person or past ("We'll take out pizza" -> "takes", "I
    shall have to" -> "has to", "A man's gotta look" -> "looks")."""
    pair = _one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"third", "past"} & form_kinds(pair[1]):
        return False
    prev = next((t for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    word = norm(prev)
    return word in MODAL_WORDS or word.endswith("'ll") or word.endswith("'d")


def base_after_be(toks: list[str], edit: Edit) -> bool:
    """A participle after "be", "been", "being" made a base form ("How will the drama be played out?" ->
    "be play out"): the passive."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and before[-1:] != [] and before[-1] in ("be", "been", "being") \
        and "participle" in form_kinds(pair[0]) and form_kinds(pair[1]) & {"base"} and "participle" not in form_kinds(pair[1])


PREPOSITIONAL_TO = (("comes", "to"), ("came", "to"), ("come", "to"), ("forward", "to"), ("addition", "to"),
                    ("object", "to"), ("objected", "to"), ("committed", "to"), ("devoted", "to"), ("dedicated", "to"),
                    ("stoop", "to"), ("resort", "to"), ("resorted", "to"), ("admit", "to"), ("admitted", "to"),
                    ("confess", "to"), ("confessed", "to"))


def base_after_a_prepositional_to(toks: list[str], edit: Edit) -> bool:
    """An -ing form after "to" that is a preposition made a base form ("when it came to giving" -> "to
    give", "look forward to seeing" -> "to see")."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return pair is not None and pair[0].endswith("ing") and "base" in form_kinds(pair[1]) and tuple(before[-2:]) in PREPOSITIONAL_TO


def verb_before_its_subject_pronoun(toks: list[str], edit: Edit) -> bool:
    """A question's auxiliary before "you", "we", "they" made singular ("what are you doing" -> "is")."""
    pair = _one_word(toks, edit)
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    question = _is_question(toks)
    return pair is not None and question and after in ("you", "we", "they") and pair[0] in (
        "are", "were", "do", "have", "don't", "aren't", "weren't", "haven't") and third(pair[1])


WRONG_AFTER = {"i": frozenset(("is", "are", "were", "has", "does", "isn't", "aren't", "weren't", "hasn't", "doesn't")),
               "he": frozenset(("am", "are", "were", "have", "do", "aren't", "weren't", "haven't", "don't")),
               "she": frozenset(("am", "are", "were", "have", "do", "aren't", "weren't", "haven't", "don't")),
               "it": frozenset(("am", "are", "were", "have", "do", "aren't", "weren't", "haven't", "don't"))}


def disagreeing_with_its_pronoun(toks: list[str], edit: Edit) -> bool:
    """An auxiliary right after "I", "he", "she", "it" made one that cannot follow it ("as I was leaving"
    -> "I were"); not in an unreal clause ("if I were", "I wish I were")."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if pair is None or not before or before[-1] not in WRONG_AFTER or pair[1] not in WRONG_AFTER[before[-1]]:
        return False
    if len(before) >= 2 and aux_family(before[-2]) is not None:
        return False  # "did she have": the pronoun is an inverted question's subject
    if before[-2:-1] == ["and"]:  # "My friends and I were" is right; "It was late and I was reading" is two clauses
        clause = _clause_before_any(toks, edit.start)[:-2]
        return any(aux_family(w) is not None or _only_past(w) for w in clause)
    return not UNREAL & set(before[-4:-1])


def singular_auxiliary_before_its_subject(toks: list[str], edit: Edit) -> bool:
    """A question's auxiliary before "he", "she", "it" or "this / that" and a noun made plural ("How many
    people has she employed?" -> "have", "How many credits is this student carrying?" -> "are")."""
    pair = _one_word(toks, edit)
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:2]
    question = _is_question(toks)
    if pair is None or not question or not third(pair[0]) or aux_family(pair[0]) not in ("be", "have", "do") or third(pair[1]) \
            or not after:
        return False
    return after[0] in ("he", "she", "it") or after[0] in ("this", "that") and len(after) > 1 and _singular_noun(after[1])


NATIONALITIES = frozenset(("chinese", "japanese", "french", "english", "dutch", "swiss", "british", "irish", "welsh",
                           "spanish", "vietnamese", "portuguese", "danish", "scottish", "lebanese", "sudanese"))


def singular_for_a_people(toks: list[str], edit: Edit) -> bool:
    """"The Chinese are", "the French try" made singular: the people, plural."""
    pair = _one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]):
        return False
    clause = _without_adverbs(_clause_before_any(toks, edit.start))
    return 1 <= len(clause) <= 2 and clause[-1] in NATIONALITIES and clause[:-1] in ([], ["the"])


def plural_after_a_name(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a name that opens its clause ("Socrates was" -> "were"): only a word
    the dictionary does not list, so "There is", "What does", "Americans are" are left alone."""
    pair = _one_word(toks, edit)
    if pair is None or not third(pair[0]) or third(pair[1]) or not non_third(pair[1]):
        return False
    written = [t for t in toks[:edit.start] if t[:1].isalpha() or t in (",", ";", ":")]
    clause = written[len(written) - next((k for k, t in enumerate(reversed(written)) if not t[:1].isalpha()), len(written)):]
    if len(clause) != 1 or not clause[0][:1].isupper():
        return False
    name = norm(clause[0])
    # a name: a word no dictionary lists ("Socrates", "Pythagoras"), not "There", "What", "Americans"
    return not lemminflect.getAllLemmas(name) and not lemminflect.getAllLemmas(name[:-1]) and name not in FUNCTION_WORDS \
        and name not in NATIONALITIES and not name.endswith(("ans", "ese", "ers"))


PERCEIVING = frozenset(("see", "saw", "seen", "watch", "watched", "hear", "heard", "feel", "felt", "notice", "noticed",
                        "let", "make", "made"))  # not "have": "who have your stamps fling" is possession


def third_after_a_perceived_object(toks: list[str], edit: Edit) -> bool:
    """A base form after "see / hear / let / make" and its object made third person or past ("to see the
    President drive by" -> "drives"): the bare infinitive."""
    pair = _one_word(toks, edit)
    if pair is None or "base" not in form_kinds(pair[0]) or not {"third", "past"} & form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    for size in (1, 2, 3):  # "see him", "see the President", "see the little boy"
        if len(before) > size and before[-size - 1] in PERCEIVING:
            phrase = before[-size:]
            if size == 1 and phrase[0] in ("me", "you", "him", "her", "us", "them", "it"):
                return True
            if size > 1 and phrase[0] in DETERMINERS and all(w not in FUNCTION_WORDS for w in phrase[1:]):
                return True
    return False


SAME_PAST = frozenset(("cast", "put", "hit", "cut", "set", "let", "shut", "hurt", "cost", "quit", "spread", "split", "burst",
                       "broadcast", "forecast", "bet", "bid", "upset", "read"))


def present_of_a_past_like_the_base(toks: list[str], edit: Edit) -> bool:
    """"He cast a young woman in the role" made "casts": a verb whose past is its base may be the past."""
    pair = _one_word(toks, edit)
    return pair is not None and pair[0] in SAME_PAST and third(pair[1])


def ing_of_an_adjective_after_be(toks: list[str], edit: Edit) -> bool:
    """A word after "be" that is an adjective or "like" made an -ing form ("If you are free on Sunday" ->
    "freeing", "it was like a ghost town" -> "liking"): learners' "be" + base errors are verbs that are no
    adjectives ("she is study", "we are wait")."""
    pair = _one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if pair is None or not pair[1].endswith("ing") or pair[0].endswith("ing") or not before:
        return False
    inverted = len(before) >= 2 and aux_family(before[-2]) == "be" and before[-1] in ("it", "he", "she", "you", "we", "they",
                                                                                    "this", "that", "there")
    if not (aux_family(before[-1]) == "be" or inverted) or not lemminflect.getAllLemmas(pair[0], upos="ADJ"):
        return False  # "Isn't it better to" -> "bettering": the question's "be" comes before its subject
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    # an object after it makes it the verb ("we are clean the room", "they are split this orange")
    return pair[0] == "like" or after not in DETERMINERS | {"me", "him", "us", "them", "it", "some", "any", "all"}


THE_ADJECTIVE_PEOPLE = frozenset(("elderly", "poor", "rich", "young", "old", "sick", "homeless", "unemployed", "disabled",
                                  "blind", "deaf", "dead", "injured", "wealthy", "weak", "strong", "living", "wounded",
                                  "privileged", "underprivileged", "vulnerable", "needy", "jobless", "aged", "famous"))


def singular_for_the_adjective_people(toks: list[str], edit: Edit) -> bool:
    """"The elderly often need" made "needs": "the" and an adjective for a group of people is plural."""
    pair = _one_word(toks, edit)
    if pair is None or not _made_singular(pair):
        return False
    clause = _without_adverbs(_own_clause(toks, edit.start))
    return clause[-2:-1] == ["the"] and clause[-1] in THE_ADJECTIVE_PEOPLE


UNITS = frozenset(("kilometres", "kilometers", "km", "miles", "metres", "meters", "years", "months", "weeks", "days",
                   "hours", "minutes", "seconds", "euros", "pounds", "dollars", "pence", "cents", "kilos", "kilograms",
                   "litres", "liters", "percent", "degrees", "pages", "steps"))


def plural_for_an_amount(toks: list[str], edit: Edit) -> bool:
    """"Ten kilometres is a long distance", "Fifty euros is too much" made "are": an amount is one quantity."""
    pair = _one_word(toks, edit)
    if pair is None or pair[0] not in ("is", "was", "isn't", "wasn't", "seems", "seemed") or not _made_plural(pair):
        return False
    written = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    clause = written[len(written) - next((k for k, t in enumerate(reversed(written)) if t in (",", ";", ":")), len(written)):]
    if clause and clause[0] in CLAUSE_OPENERS | {"and", "but", "so"}:
        clause = clause[1:]
    if len(clause) >= 4 and clause[-2] in ("a", "an", "per", "each") and clause[-1] in ("day", "week", "month", "year", "person", "night", "hour"):
        clause = clause[:-2]  # "Two hours a day is the maximum"
    return len(clause) >= 2 and clause[-1] in UNITS and (clause[-2] in NUMBER_WORDS or clause[-2].replace(",", "").isdigit()) \
        and len(clause) <= 4


def singular_after_two_noun_phrases(toks: list[str], edit: Edit) -> bool:
    """A plural made singular after a subject of two noun phrases, each with its determiner, joined by
    "and" ("The sound of the waves and the smell of the sea were" -> "was"). Only where no verb comes
    between the clause's start and the edit."""
    pair = _one_word(toks, edit)
    if pair is None or not _made_singular(pair):
        return False
    clause = _without_adverbs(_own_clause(toks, edit.start))
    if "and" not in clause or len(clause) > 14 or not clause or clause[0] not in NOUN_PHRASE_OPENERS:
        return False
    k = clause.index("and")
    second = clause[k + 1:]
    if not second or second[0] not in NOUN_PHRASE_OPENERS or k < 2:
        return False
    first_head = clause[k - 1] if clause[k - 2] not in PREPOSITIONS else ""
    return not any(aux_family(w) or _a_present_verb(w) and not any(_noun_forms(w)) or _only_past(w) for w in clause) \
        and bool(first_head or "of" in clause[:k])


RELATIVES = frozenset(("who", "which", "that", "whom", "whose"))
REPORTING = frozenset(("said", "say", "says", "think", "thought", "believe", "believed", "know", "knew", "hope", "hoped",
                       "told", "tell", "feel", "felt", "realised", "realized", "found", "find", "heard", "read", "saw",
                       "explained", "mean", "meant", "sure", "afraid", "glad", "so", "such", "is", "was", "seems"))
TIME_WORDS = frozenset(("yesterday", "ago", "last", "tomorrow", "now", "nowadays", "today", "when", "then", "since",
                        "before", "after", "already", "yet", "still", "currently", "once", "tonight"))


def tense_in_a_relative_clause(toks: list[str], edit: Edit) -> bool:
    """A present made past or a past made present inside a relative clause that names no time ("a new
    stadium that nobody uses" -> "used", "The students who took part in the survey were" -> "take"): a
    relative clause keeps its own time."""
    pair = _one_word(toks, edit)
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
    if any(w in (",", ";", ":") or w in CLAUSE_OPENERS or aux_family(w) is not None for w in inside) or len(inside) > 5:
        return False
    if any("past" in form_kinds(w) and not any(_noun_forms(w)) for w in inside):
        return False  # "the crows that Megan bothered shattered": the relative clause has its verb; this is the main one
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:6]
    if TIME_WORDS & set(inside + after):
        return False
    head = words[opener - 1]
    return words[opener] != "that" or any(_noun_forms(head)) and head not in REPORTING


def present_perfect_after_a_past(toks: list[str], edit: Edit) -> bool:
    """A past perfect made present perfect where a past comes before it in its clause ("Many people we
    spoke to had never visited" -> "have never visited"): the past perfect looks back from that past.
    Not with "since" or "for" in the sentence, which may ask for the present perfect."""
    pair = _one_word(toks, edit)
    if pair is None or pair[0] != "had" or pair[1] not in ("have", "has"):
        return False
    words = {norm(t) for t in toks if t[:1].isalpha()}
    clause = _clause_before_any(toks, edit.start)
    return not {"since", "for", "now", "today"} & words and any(_only_past(w) for w in clause)


THERE_FILLERS = frozenset(("not", "enough", "many", "so", "too", "several", "few", "a", "lot", "lots", "of", "more", "no",
                           "some", "any", "always", "also", "still", "only", "just", "really", "quite", "very", "hardly"))


def singular_before_a_plural_after_there(toks: list[str], edit: Edit) -> bool:
    """"there are not enough buses" made "there is": the noun after it is plural (quantifiers and
    adverbs between it and the verb skipped)."""
    pair = _one_word(toks, edit)
    if pair not in (("are", "is"), ("were", "was"), ("aren't", "isn't"), ("weren't", "wasn't")):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[-1:] != ["there"]:
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    noun = next((w for w in after if w not in THERE_FILLERS and not w.isdigit() and w not in NUMBER_WORDS), "")
    return bool(noun) and plural_subject(noun)


def plural_after_each_and_each(toks: list[str], edit: Edit) -> bool:
    """"Each boy and each girl in the class has" made "have": "each" or "every" before both nouns keeps
    the singular."""
    pair = _one_word(toks, edit)
    if pair is None or not _made_plural(pair):
        return False
    clause = _own_clause(toks, edit.start)
    k = clause.index("and") if "and" in clause else -1
    return k > 0 and clause[0] in ("each", "every") and clause[k + 1:k + 2] in (["each"], ["every"])


def past_from_a_later_relative_clause(toks: list[str], edit: Edit) -> bool:
    """A present made past where the only past the sentence shows is in a relative clause after it
    ("There is a problem with the invoice which I received yesterday" -> "was"): that time is the
    invoice's, not the problem's."""
    pair = _one_word(toks, edit)
    if pair is None or "past" not in form_kinds(pair[1]) or "past" in form_kinds(pair[0]) or not {"base", "third"} & form_kinds(pair[0]):
        return False
    relative = next((k for k in range(edit.end, len(toks)) if norm(toks[k]) in ("which", "that", "who", "where")), None)
    if relative is None or any(_only_past(norm(t)) for t in toks[:relative] if t[:1].isalpha()):
        return False
    text = "".join(toks)
    after_relative = len("".join(toks[:relative]))  # where the relative clause starts, in characters
    phrases = tense.past_phrases(text)
    return bool(phrases) and all(m.start() >= after_relative for m in phrases)


REPORT_PRESENT = frozenset(("says", "say", "thinks", "think", "believes", "believe", "claims", "claim", "tells", "tell",
                            "agrees", "agree", "explains", "explain"))


def past_of_a_report_of_now(toks: list[str], edit: Edit) -> bool:
    """A verb that reports made past where what it reports is in the present ("My brother says it is
    the worst film" -> "said"): the report is of now."""
    pair = _one_word(toks, edit)
    if pair is None or pair[0] not in REPORT_PRESENT or "past" not in form_kinds(pair[1]):
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:5]
    if after[:1] == ["that"]:
        after = after[1:]
    return any(w in ("is", "are", "has", "have", "does", "do", "can", "will", "'s") for w in after[1:4])


def present_of_a_finite_past(toks: list[str], edit: Edit) -> bool:
    """A finite past made present where nothing in its clause speaks of now ("several guests told us
    that" -> "tell", "The students who took part ... were" -> "take"): learners' tense slips go the
    other way; a past made base after "did", a modal, "to" or "let" ("didn't knew") is another edit."""
    pair = _one_word(toks, edit)
    if pair is None or not _only_past(pair[0]) or not {"base", "third"} & form_kinds(pair[1]) or "past" in form_kinds(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before and (aux_family(before[-1]) is not None or before[-1] in ("let", "make", "made", "help", "must")):
        return False  # "refused to requested", "didn't knew": the infinitive's or the auxiliary's base form
    if set(before[-3:-1]) & (PERCEIVING | {"help", "helped"}):
        return False  # "let us went" -> "go": the bare infinitive after "let / make / see" and an object
    if any(aux_family(w) in ("do", "modal", "have") for w in _clause_before_any(toks, edit.start)):
        return False  # "Did the birds that Tom fed sang?" -> "sing", "Has she ran" -> "run": after an auxiliary
    if pair[0].endswith("ed") and pair[0] not in lemminflect.getAllInflections(pair[1], upos="VERB").get("VBD", (pair[0],)):
        return False  # "costed" -> "cost": a misbuilt form
    return not NOW & set(_clause_before_any(toks, edit.start) + [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:6])


def vetoed(toks: list[str], edit: Edit) -> bool:
    """Does correct English rule this edit out?"""
    return (subjunctive(toks, edit) or past_against_now(toks, edit) or past_in_a_time_clause_of_the_future(toks, edit)
            or base_after_an_ing_verb(toks, edit) or shared_subject(toks, edit) or coordinated_subject(toks, edit)
            or participle_after_get(toks, edit) or ing_after_a_subject(toks, edit) or like_as_a_preposition(toks, edit)
            or present_in_an_unreal_condition(toks, edit) or plural_progressive_after_which(toks, edit)
            or imperative(toks, edit) or participle_after_to(toks, edit) or plural_after_there_is_a(toks, edit)
            or base_after_go(toks, edit) or participle_after_a_subject(toks, edit) or imperative_pair(toks, edit)
            or mandative_subjunctive(toks, edit) or plural_after_a_singular_noun_phrase(toks, edit)
            or singular_after_a_time_phrase(toks, edit) or singular_after_a_plural_noun_phrase(toks, edit)
            or past_of_a_habit_or_a_belief(toks, edit) or plural_after_an_indefinite_pronoun(toks, edit)
            or past_of_what_a_text_says(toks, edit) or noun_of_a_take_phrase(toks, edit)
            or respelled_after_a_determiner(toks, edit) or negative_imperative(toks, edit) or form_after_a_modal(toks, edit)
            or base_after_be(toks, edit) or base_after_a_prepositional_to(toks, edit) or verb_before_its_subject_pronoun(toks, edit)
            or disagreeing_with_its_pronoun(toks, edit) or singular_auxiliary_before_its_subject(toks, edit)
            or singular_for_a_people(toks, edit) or plural_after_a_name(toks, edit) or third_after_a_perceived_object(toks, edit)
            or present_of_a_past_like_the_base(toks, edit) or ing_of_an_adjective_after_be(toks, edit)
            or singular_for_the_adjective_people(toks, edit) or plural_for_an_amount(toks, edit)
            or singular_after_two_noun_phrases(toks, edit) or tense_in_a_relative_clause(toks, edit)
            or present_perfect_after_a_past(toks, edit) or singular_before_a_plural_after_there(toks, edit)
            or plural_after_each_and_each(toks, edit) or past_from_a_later_relative_clause(toks, edit)
            or past_of_a_report_of_now(toks, edit) or present_of_a_finite_past(toks, edit))
