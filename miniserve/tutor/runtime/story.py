"""A story's tense across its clauses: a present among the pasts of one sentence is a learner's
slip where the sentence's own clauses show the story is past.

- `present_before_past`: a present clause that opens the sentence with "when", "after" ... before a
  main clause in the past ("When I open the door, I saw" -> "opened");
- `present_before_when`: a present main clause before a past "when" clause ("Everybody laugh when the
  dog jumped" -> "laughed");
- `narrative_present`: "Then", "Suddenly" ... with a present among the sentence's pasts ("Then I hear a
  noise and I realised" -> "heard"), and the clause after "so ... that" in a past sentence;
- `present_after_a_past_main_clause`: a "before" / "until" / "when" clause in the present after a main
  clause in the past ("We walked for an hour before a woman stop her car" -> "stopped").

Each decides alone (Turn.decided); none fires on WordNet's examples or the look-alikes (tests).
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import _noun_forms, plural_subject, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, NOUN_MARKERS, aux_family, form_kinds, indexed_words, inflection, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.tense import ALSO_A_PAST, HABIT, NOW_VERBS, PAST_LEADS, PAST_OF, only_past


SENTENCE_ADVERBS = frozenset(("unfortunately", "fortunately", "luckily", "sadly", "suddenly", "then", "finally",
                              "eventually", "later", "afterwards", "however", "surprisingly", "strangely"))


def present_before_past(toks: list[str]) -> list[Edit]:
    """A clause that opens the sentence with "when", "after", "before", "while" or "as soon as" in the
    present, before a main clause in the past: the present as the past ("When I open the door, I saw
    a man" -> "opened", "When we arrive at the hotel, we were hungry" -> "arrived"). The clause's verb
    right after a short subject; the main clause's first verb a past only ("saw", "was", "had").
    Not a verb that may speak of now ("When I think about it, I was lucky"). A sentence adverb and its
    comma may come first ("Unfortunately, when we arrive ...")."""
    words = indexed_words(toks)
    if len(words) < 4:
        return []
    opening = 0
    if words[0][1] in SENTENCE_ADVERBS and words[1][0] > words[0][0] + 1 and toks[words[0][0] + 1] == ",":
        opening = 1  # "Unfortunately, when we arrive at the airport, nobody was"
    lead_words = [w for _, w in words[opening:opening + 3]]
    start = opening + 3 if lead_words == ["as", "soon", "as"] else opening + 1 if lead_words[0] in PAST_LEADS else None
    comma = next((k for k, t in enumerate(toks) if t == "," and k > words[opening][0]), None)
    if start is None or comma is None:
        return []
    condition = [(i, w) for i, w in words[start:] if i < comma]
    main = [w for i, w in words if i > comma][:5]
    lead = 1 if main[:1] and main[0] in ("i", "we", "they", "you", "he", "she", "it", "there", "nobody", "everybody",
                                         "somebody", "everyone", "someone", "nothing", "everything") else \
        2 if main[:1] and main[0] in NOUN_MARKERS else None
    if lead is None or len(main) <= lead:
        return []
    main = main[lead:lead + 1]  # the main clause's own verb, right after its subject ("Before you judge him, remember")
    verb = next((k for k, (_, w) in enumerate(condition[:4]) if k > 0 and lemmas(w) and w not in FUNCTION_WORDS
                 and ("base" in form_kinds(w) or "third" in form_kinds(w) or w in ("is", "are", "am"))
                 and not (condition[k - 1][1] in NOUN_MARKERS and k + 1 < len(condition)
                          and {"base", "third"} & form_kinds(condition[k + 1][1]) and lemmas(condition[k + 1][1]))), None)
    # ("When the lights comes back on": "lights" is the noun after "the", "comes" the verb)
    if verb is None or any(aux_family(w) is not None and w not in ("is", "are", "am") for _, w in condition[:verb]):
        return []
    i, w = condition[verb]
    if "past" in form_kinds(w) or w in ALSO_A_PAST:
        return []  # "When we set off", "When I lay down": the past already, as written
    before = condition[verb - 1][1]
    if before in NOUN_MARKERS or not (before in ("i", "you", "we", "they", "he", "she", "it") or any(_noun_forms(before))):
        return []  # "after the long drive", "After the break up": nouns
    if any(only_past(c) for _, c in condition):
        return []  # a clause in the past already
    if "third" not in form_kinds(w) and w not in ("is", "are", "am") and before not in ("i", "you", "we", "they") \
            and not plural_subject(before) and set(lemminflect.getAllLemmas(w)) != {"VERB"}:
        return []  # "After the terrorist attack": a noun after a singular noun (not "When my father come home": a verb only)
    if w in NOW_VERBS or w in ("look", "looks") or next(iter(sorted(lemmas(w))), w) in NOW_VERBS:
        return []
    if not any(only_past(m) or m in ("was", "were", "had", "couldn't", "didn't", "wasn't", "weren't") for m in main):
        return []
    if any(m in ("will", "would", "can", "'ll") or m.endswith("'ll") for m in main):
        return []
    past = PAST_OF.get(w) or next((p for lemma in sorted(lemmas(w)) for p in lemminflect.getInflection(lemma, "VBD")), None)
    if past is None or past in ("had",) and w not in ("have", "has"):
        return []
    return [Edit(i, i + 1, (past,))]


QUESTIONS = frozenset(("know", "knows", "ask", "asks", "wonder", "wonders", "tell", "tells", "forget", "forgets",
                       "understand", "understands", "explain", "explains", "say", "says", "see", "sees", "remember",
                       "remembers", "decide", "decides"))


def present_before_when(toks: list[str]) -> list[Edit]:
    """A main clause in the present before a "when" clause in the past (not "after": "he feels better
    after he took it" is right): the past ("Everybody laugh
    when the dog jumped" -> "laughed"). The main verb right after the sentence's subject (a pronoun,
    "everybody", or a determiner and a noun); not a verb that asks or knows ("She knows when I lied")."""
    words = indexed_words(toks)
    when = next((k for k, (_, w) in enumerate(words) if w == "when"), None)
    if when is None or when < 2 or when > 10 or words[when - 1][1] in ("than", "as"):
        return []  # "fewer children play in parks than when I was young": the past is the comparison's
    first = words[0][1]
    j = 1 if first in ("i", "we", "they", "you", "he", "she", "everybody", "everyone", "nobody", "somebody", "someone", "there") \
        else 2 if first in ("the", "my", "our", "his", "her", "their") and len(words) > 2 else None
    if j is None or j >= when:
        return []
    v, verb = words[j]
    kinds = form_kinds(verb)
    clause = [w for _, w in words[when + 1:when + 5]]
    if not any(only_past(w) and lemminflect.getAllLemmas(w, upos="VERB") or w in ("was", "were") for w in clause):
        return []  # the "when" clause is no past ("There are days when you can walk")
    if verb in ("is", "are") and first == "there":  # "There is nobody in the house when we got back"
        if any(w in ("that", "which", "who", "what", "how", "where") for _, w in words[j + 1:when]) \
                or _present_first(clause):
            return []  # "There is no proof that people work harder when they are tired": the other clause's "when"
        return [Edit(v, v + 1, (PAST_OF[verb],))]
    if j == 2 and any(_noun_forms(verb)) or only_past(words[j + 1][1]):
        return []  # "The stock market soared": a noun
    if any(only_past(w) or w in ("what", "that", "which", "who", "how", "where") for _, w in words[j + 1:when]):
        return []  # "I love the story about what happened when": the clause is the other verb's
    if verb in QUESTIONS or verb in NOW_VERBS or verb in ("wish", "hope", "feel", "feels") or not ({"base", "third"} & kinds) or "past" in kinds or verb in ALSO_A_PAST or aux_family(verb) is not None \
            or not lemmas(verb) or any(t == "," for t in toks[v:words[when][0]]):
        return []
    lemma = next(iter(sorted(lemmas(verb))))
    past = inflection(lemma, "VBD")
    return [Edit(v, v + 1, (past,))] if past else []


def _present_first(clause: list[str]) -> bool:
    """Does a present "is"/"are"/"am" come before the first past of the "when" clause ("when they are
    tiered": the misspelt "tired" reads as a past, the clause is present)?"""
    for w in clause:
        if w in ("is", "are", "am"):
            return True
        if only_past(w) or w in ("was", "were"):
            return False
    return False


NARRATIVE = frozenset(("then", "suddenly", "finally", "later", "afterwards", "eventually"))
# ("one day" may be the future: "One day I want to visit Japan")
STORY_OPENERS = (("the", "next", "day"), ("the", "next", "morning"), ("the", "following", "day"), ("the", "following", "morning"),
                 ("that", "night"), ("that", "evening"), ("that", "morning"))


def narrative_present(toks: list[str]) -> list[Edit]:
    """A story's step in the present among its pasts: a sentence that opens with "Then", "Suddenly",
    "Finally" ... and a subject, whose verb is present while another verb of the sentence is a past only
    ("Then I hear a noise and I realised" -> "heard", "Suddenly the door opens and a man walked in" ->
    "opened"); and the clause after "so ... that" in a past sentence ("We were so hungry that we eat" ->
    "ate"). The verb right after a subject pronoun or a determiner and a noun."""
    words = indexed_words(toks)
    found = []
    starts = []
    if words and words[0][1] in NARRATIVE:
        starts.append(1)
    opener = next((len(o) for o in STORY_OPENERS if tuple(w for _, w in words[:len(o)]) == o), None)
    if opener is not None and len(words) > opener and toks[words[opener - 1][0] + 1] != ",":
        starts.append(opener)  # "The next day we wake up early and decided"
    for k in range(3, len(words) - 2):  # "was/were so hungry that", "was talking so loudly that" + subject
        if words[k][1] == "that" and words[k - 2][1] == "so" and _past_before_so(words, k - 3):
            starts.append(k + 1)
    for k in starts:
        j = k + 1 if k < len(words) and words[k][1] in ("i", "we", "they", "you", "he", "she", "it") else \
            k + 2 if k + 1 < len(words) and words[k][1] in ("the", "a", "my", "our", "his", "her", "their", "an") else None
        if j is None or j >= len(words):
            continue
        v, verb = words[j]
        kinds = form_kinds(verb)
        noun = words[k + 1][1] if j == k + 2 else ""
        plural_before = noun.endswith("s") and _noun_forms(noun)[1]  # "the lights go out": a plural noun, then its verb
        if not {"base", "third"} & kinds or "past" in kinds or verb in ALSO_A_PAST or aux_family(verb) is not None or verb in NOW_VERBS \
                or not lemmas(verb) or j == k + 2 and any(_noun_forms(verb)) and "third" not in kinds and not plural_before:
            continue
        others = [w for i, w in words if i != v]
        if (k == 1 or k == opener) and not any(only_past(w) and set(lemminflect.getAllLemmas(w)) == {"VERB"} or w in ("was", "were") for w in others):
            continue  # "Then you turn left": "left" is no past verb there
        if HABIT.search("".join(toks)):
            continue  # "so cold that the lake freezes every winter"
        lemma = next(iter(sorted(lemmas(verb))))
        past = inflection(lemma, "VBD")
        if past is not None:
            found.append(Edit(v, v + 1, (past,)))
    return found


TIME_LEADS = frozenset(("before", "until", "till", "when", "after"))  # not "while": "while I take a shower" -> "was taking"
PRONOUN_SUBJECTS = frozenset(("i", "we", "they", "he", "she", "it"))
# words after which the word before is a verb: an object or a particle ("stop her car", "come back")
VERB_FOLLOWERS = frozenset(("her", "his", "the", "a", "an", "my", "their", "our", "its", "it", "them", "him", "me", "us", "up",
                           "down", "over", "out", "back", "off", "to", "into"))
NOT_A_STORY = frozenset(("will", "would", "can", "could", "'ll", "shall", "going", "that", "said", "says", "told", "tells",
                         "if", "is", "are", "am", "has", "have", "does", "do", "now", "today", "always", "never", "often"))


def present_after_a_past_main_clause(toks: list[str]) -> list[Edit]:
    """A time clause ("before", "until", "when" ...) in the present after a main clause in the past that opens
    the sentence: the past ("We walked for an hour before a woman stop her car and help us" -> "stopped ... helped").
    The main verb a past only, right after a pronoun or a determiner and a noun; the time clause's verb right after a
    pronoun or a determiner (an adjective) and a noun, and a verb for certain there (an object or a particle after
    it). Not with a present, a modal, "that", "if" or "said" anywhere in the sentence (a report or a rule may keep
    its present: "He told me that when you travel, you ...")."""
    words = indexed_words(toks)
    if len(words) < 6 or toks[words[-1][0] + 1:words[-1][0] + 2] == ["?"] or HABIT.search("".join(toks)) \
            or any(w in NOT_A_STORY or w.endswith("'ll") for _, w in words):
        return []
    j = 1 if words[0][1] in PRONOUN_SUBJECTS else 2 if words[0][1] in NOUN_MARKERS and any(_noun_forms(words[1][1])) else None
    main = words[j][1] if j is not None else ""
    if not (only_past(main) and any(inflection(lemma, "VBD") == main for lemma in lemmas(main)) or main in ("was", "were")):
        return []  # the main verb a past as written ("She stinked before ...": a clause of its own errors)
    lead = next((k for k in range(j + 1, min(len(words) - 2, j + 12)) if words[k][1] in TIME_LEADS), None)
    if lead is None or any(t in (",", ";", ":", '"') for t in toks[words[j][0]:words[lead][0]]) \
            or any(w in ("and", "but", "or", "so", "because", "who", "which", "to") for _, w in words[j + 1:lead]):
        return []
    k = lead + 1
    v = k + 1 if words[k][1] in PRONOUN_SUBJECTS else k + 2 if words[k][1] in NOUN_MARKERS and any(_noun_forms(words[k + 1][1])) \
        else k + 3 if words[k][1] in NOUN_MARKERS and k + 3 < len(words) and any(_noun_forms(words[k + 2][1])) \
        and not _noun_forms(words[k + 1][1])[1] else None
    if v is None or v >= len(words) - 1 or words[v][0] != words[v - 1][0] + 2:
        return []
    i, verb = words[v]
    kinds = form_kinds(verb)
    if not {"base", "third"} & kinds or "past" in kinds or verb in ALSO_A_PAST or aux_family(verb) is not None \
            or verb in NOW_VERBS or not lemmas(verb) or words[v + 1][1] not in VERB_FOLLOWERS:
        return []
    past = inflection(next(iter(sorted(lemmas(verb)))), "VBD")
    if past is None:
        return []
    found = [Edit(i, i + 1, (past,))]
    following = next((n for n in range(v + 1, min(len(words) - 1, v + 6)) if words[n][1] == "and"), None)
    if following is not None and not any(t in (",", ";") for t in toks[i:words[following][0]]):
        n, nxt = words[following + 1]
        if lemmas(nxt) and "past" not in form_kinds(nxt) and nxt not in ALSO_A_PAST and third(nxt) == third(verb) \
                and {"base", "third"} & form_kinds(nxt) and aux_family(nxt) is None \
                and following + 2 < len(words) and words[following + 2][1] in VERB_FOLLOWERS:
            later = inflection(next(iter(sorted(lemmas(nxt)))), "VBD")
            if later is not None:
                found.append(Edit(n, n + 1, (later,)))
    return found


def _past_before_so(words: list[tuple[int, str]], k: int) -> bool:
    """Is the word at k, right before "so" and its adverb, a past: "was" / "were", or a past progressive's -ing
    form ("was talking so loudly that")?"""
    w = words[k][1]
    return w in ("was", "were") or k >= 1 and w.endswith("ing") and words[k - 1][1] in ("was", "were")


def edits(toks: list[str]) -> list[Edit]:
    return present_before_past(toks) + present_before_when(toks) + narrative_present(toks) + present_after_a_past_main_clause(toks)


def explanation(toks: list[str], edit: Edit) -> str:
    old = "".join(toks[edit.start:edit.end])
    if edit in narrative_present(toks):
        return f"The story is told in the past: use '{edit.new[0]}', not '{old}'."
    if edit in present_before_when(toks):
        when = next(t for t in toks[edit.end:] if norm(t) == "when")
        past = next((t for t in toks[toks.index(when, edit.end):] if t[:1].isalpha() and (only_past(norm(t)) or norm(t) in ("was", "were"))), "")
        return f"The '{when}' clause is in the past ('{past}'): use '{edit.new[0]}', not '{old}'."
    if edit in present_after_a_past_main_clause(toks):
        past = next(t for t in toks if t[:1].isalpha() and (only_past(norm(t)) or norm(t) in ("was", "were")))
        return f"The main clause is in the past ('{past}'): use '{edit.new[0]}', not '{old}'."
    comma = toks.index(",") if "," in toks else len(toks)
    past = next((t for t in toks[comma:] if t[:1].isalpha() and (only_past(norm(t)) or norm(t) in ("was", "were", "had"))), "")
    return f"The main clause is in the past ('{past}'): use '{edit.new[0]}', not '{old}'."
