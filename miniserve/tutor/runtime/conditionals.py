"""The modal or tense a clause's frame calls for: learners' commonest tense errors after the time
phrases (tense.py) are "will" for the present, "will" for "would" and "can" for "could".

- `present_in_condition`: a clause that opens the sentence with "if", "when", "as soon as", "unless",
  "once", "before", "after" or "until" takes the present for the future where the clause after it
  speaks of the future itself ("If it will rain, we will stay at home" -> "If it rains"; "When I will
  finish school, I will travel" -> "When I finish"; "If they will not come" -> "do not come"). Not "If you
  will excuse me" or any "if you will" (polite), nor "If it will help, I'll stay" (a result that holds
  now), and never an indirect question ("I don't know if he will come": "if" does not open the sentence).
- `polite_condition`: "would be grateful / glad / great ... if" and "would appreciate it if" take
  "could" or "would" in the "if" clause ("I would be grateful if you can send" -> "could send").
- `backshift`: after a past verb of thinking or knowing, "will" and "can" become "would" and "could"
  ("I thought it will be boring" -> "would be", "I knew I can trust him" -> "could"). Only right after
  the verb (or "that") and a short subject; not after a perfect ("I have always thought that
  technology will help": the thought holds now).
- `will_after_a_time_clause`: a clause of future time in the present ("When you come", "Next time
  you visit") takes "will", not "would", in the clause after it ("Next time you come, I would show
  you" -> "will show"); not after a clause in the past ("When I was young, I would play").
- `unreal_past_result`: "If I had known, I would take" -> "would have taken" (not with "now").
- `unreal_result`: a sentence that opens with "If" and an unreal clause ("I/he/she/it were", "could")
  takes "would" for "will" in the clause after the comma ("If I were you, I will accept" -> "would",
  "If I had more free time, I will visit" -> "would");
  not after "you/we/they were", which may be a real past ("If you were there, you will remember").

Each finds the edit from the sentence's own words; none fires on WordNet's usage examples (tests).
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import ADVERBS, COLLECTIVE, _noun_forms
from miniserve.tutor.runtime.forms import aux_family, form_kinds, indexed_words, inflection, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.tense import only_past

OPENERS = frozenset(("if", "when", "unless", "once", "before", "after", "until", "till"))
FUTURE = frozenset(("will", "'ll", "won't", "shall", "can", "must", "should", "may", "might"))
POLITE_VERBS = frozenset(("excuse", "forgive", "allow", "permit", "bear", "indulge", "pardon"))
# what a learner's "if you will" asks of the future, never a polite request ("If you will need more information")
STATES = frozenset(("need", "have", "want", "like", "be", "require", "know", "prefer", "get", "find", "decide", "feel"))
# what "if it will" may rightly say of a result ("If it will help, I'll stay")
RESULT_VERBS = frozenset(("help", "make", "mean", "save", "cost", "benefit", "improve", "please", "matter", "work",
                          "solve", "cause", "lead", "reduce", "stop", "hurt", "change", "ease", "speed"))
PLURAL_PRONOUNS = frozenset(("we", "they", "you", "these", "those", "both", "people", "children", "police", "cattle"))
SINGULAR_PRONOUNS = frozenset(("he", "she", "it", "this", "that", "everyone", "everybody", "someone", "somebody",
                               "nobody", "everything", "something", "nothing", "one"))
SUBJECT_STARTS = frozenset(("i", "you", "we", "they", "he", "she", "it", "this", "that", "the", "a", "an", "my",
                            "your", "his", "her", "our", "their", "its", "these", "those", "everyone", "everybody",
                            "someone", "somebody", "nobody", "people", "children", "there", "some", "many", "all",
                            "most", "no", "every", "each", "one", "something", "everything", "nothing"))
THINKING = frozenset(("thought", "knew", "hoped", "expected", "believed", "realised", "realized", "imagined",
                      "guessed", "assumed", "supposed", "feared", "promised", "felt"))
SURE = frozenset(("sure", "certain", "afraid", "convinced", "aware", "worried"))
POLITE_ADJECTIVES = frozenset(("grateful", "glad", "great", "nice", "happy", "thankful", "wonderful", "helpful",
                               "good", "pleased", "delighted", "useful", "kind", "lovely", "fantastic", "appreciated"))
INTENSIFIERS = frozenset(("very", "really", "most", "so", "extremely", "truly", "more", "quite", "deeply"))
PAST_OF = {"will": "would", "can": "could", "won't": "wouldn't", "can't": "couldn't", "cannot": "could not"}


def _subject_end(words: list[tuple[int, str]], k: int, toks: list[str], longest: int = 4) -> int | None:
    """The index in `words` of the word after a short subject that starts at k (a pronoun, or a
    determiner and at most three words), or None. No comma inside."""
    if k >= len(words) or words[k][1] not in SUBJECT_STARTS and not toks[words[k][0]][:1].isupper():
        return None
    for j in range(k + 1, min(k + longest + 1, len(words))):
        if "," in toks[words[j - 1][0]:words[j][0]]:
            return None
        if words[j][1] in ("will", "can", "won't", "can't", "cannot"):
            return j
        if aux_family(words[j][1]) is not None or words[j][1] in ("and", "but", "that", "who", "which"):
            return None
        if words[j][1] in NEW_SUBJECTS and any(_third_person_verb(w) for _, w in words[k + 1:j]):
            return None  # "If this happens again I will travel": the condition's verb, then the next clause's subject
    return None


NEW_SUBJECTS = frozenset(("i", "he", "she", "we", "they"))


def _third_person_verb(word: str) -> bool:
    return word.endswith("s") and "third" in form_kinds(word) and bool(lemminflect.getAllLemmas(word, upos="VERB"))


def _base_verb(word: str) -> bool:
    """A verb's base form ("not", "never", "also" are their own lemmas too, but no verb's)."""
    return word == "be" or "base" in form_kinds(word) and bool(lemminflect.getAllLemmas(word, upos="VERB"))


def _present(subject: list[str], verb: str) -> str | None:
    """The verb's present form for this subject (its words)."""
    head = subject[-1]
    if head == "i":
        return "am" if verb == "be" else verb
    if head in PLURAL_PRONOUNS:
        plural = True
    elif head in SINGULAR_PRONOUNS or len(subject) > 1 and subject[0] in ("a", "an", "every", "each", "this", "that"):
        plural = False
    else:
        singular, plural_noun = _noun_forms(head)
        if head in COLLECTIVE or not (singular or plural_noun) or singular and plural_noun and head.endswith("s"):
            return None  # "the staff", "news", no noun at all: say nothing
        plural = plural_noun and not singular  # "weather", "money": lemminflect lists them as plurals too
    if verb == "be":
        return "are" if plural else "is"
    if plural:
        return verb
    third = lemminflect.getInflection(verb, "VBZ")
    return third[0] if third else None


def _clause_end(toks: list[str], start: int) -> int | None:
    """The token index of the first comma at or after `start`, or None."""
    return next((i for i in range(start, len(toks)) if toks[i] == ","), None)


def present_in_condition(toks: list[str]) -> list[Edit]:
    """"If it will rain, we will stay" -> "If it rains": the condition's "will" + base verb as the present."""
    words = indexed_words(toks)
    if not words:
        return []
    k = 3 if [w for _, w in words[:3]] == ["as", "soon", "as"] else 1 if words[0][1] in OPENERS else None
    if k is None or words[0][0] != next(i for i, t in enumerate(toks) if not t.isspace()):
        return []
    j = _subject_end(words, k, toks)
    negative = j is not None and words[j + 1:j + 2] and words[j + 1][1] == "not"  # "If they will not come" -> "do not come"
    v = j + 2 if negative else j + 1 if j is not None else 0
    if j is None or words[j][1] != "will" or v >= len(words) or not _base_verb(words[v][1]):
        return []
    (i_will, _), (i_verb, verb) = words[j], words[v]
    subject = [w for _, w in words[k:j]]
    if_you = words[0][1] == "if" and subject == ["you"] and verb not in STATES  # "If you will wait here": polite
    between = "".join(toks[i_will + 1:i_verb])
    if verb in POLITE_VERBS | RESULT_VERBS or if_you or between != (" not " if negative else " "):
        return []  # "If you will wait here" (polite), "If it will help, I'll stay" (a result now)
    comma = _clause_end(toks, i_verb)
    if comma is None or any(aux_family(w) not in (None, "to") for i, w in words if i_verb < i < comma):
        return []  # "When the doctor will see me is a mystery": the clause is a subject
    main = [w for i, w in words if comma is not None and i > comma]
    if not main or not (FUTURE & set(main[:4]) or any(w.endswith("'ll") for w in main[:3]) or _imperative(main)):
        return []
    if words[0][1] == "when" and main[0] in FUTURE:
        return []  # "When will you come, ...": a question
    subject = [w for _, w in words[k:j]]
    if negative and verb != "be":  # "will not control" -> "do not control": the auxiliary alone changes
        present = _present(subject, "do")
        return [] if present is None else [Edit(i_will, i_will + 1, (present,))]
    present = _present(subject, verb)
    if present is None:
        return []
    return [Edit(i_will, i_verb + 1, (present, " ", "not") if negative else (present,))]


def _imperative(main: list[str]) -> bool:
    first = main[1] if main[0] in ("please", "just", "then", "do") and len(main) > 1 else main[0]
    return first in ("don't", "call", "let", "come", "tell", "send", "write", "bring", "remember", "contact", "ask")


def polite_condition(toks: list[str]) -> list[Edit]:
    """"I would be grateful if you can send" -> "could send"; "would appreciate it if you will" -> "would"."""
    words = indexed_words(toks)
    found = []
    for k, (i, word) in enumerate(words):
        if word != "if" or k < 2:
            continue
        lead = [w for _, w in words[max(0, k - 6):k] if w not in INTENSIFIERS]
        polite = len(lead) >= 3 and (lead[-1] in POLITE_ADJECTIVES and lead[-2] == "be" or lead[-2:] == ["appreciate", "it"])
        if not polite or not (lead[-3] == "would" or lead[-3].endswith("'d")):
            continue
        j = _subject_end(words, k + 1, toks, longest=3)
        if j is None or words[j][1] not in PAST_OF or j + 1 >= len(words):
            continue
        if words[j][1] == "will" and words[j + 1][1] in POLITE_VERBS:
            continue
        if _base_verb(words[j + 1][1]):
            found.append(_modal_edit(toks, words[j][0]))
        elif only_past(words[j + 1][1]) and words[j + 1][0] == words[j][0] + 2:  # "if you can sent" -> "could send"
            base = next(iter(sorted(lemmas(words[j + 1][1]))), None)
            modal = _modal_edit(toks, words[j][0]).new[0]
            if base is not None:
                found.append(Edit(words[j][0], words[j + 1][0] + 1, (modal, " ", base)))
    return found


def backshift(toks: list[str]) -> list[Edit]:
    """"I thought it will be boring" -> "would be"; "I knew I can trust him" -> "could"."""
    words = indexed_words(toks)
    found = []
    for k, (i, word) in enumerate(words):
        thinking = word in THINKING or word in SURE and k >= 1 and words[k - 1][1] in ("was", "were")
        # "didn't think" is past; "never think" is a present ("you never think it will happen to you")
        negated = word in ("know", "think", "expect", "imagine") and k >= 1 and (words[k - 1][1] == "didn't" or k >= 2
                                                                                and words[k - 2][1] == "did" and words[k - 1][1] == "not")
        if not (thinking or negated) or k < 1:
            continue
        if word in THINKING and not _past_subject_before(words, k):
            continue
        start = k + 2 if k + 1 < len(words) and words[k + 1][1] == "that" else k + 1
        if start > k + 1 and "," in toks[i:words[k + 1][0]]:
            continue
        if start >= len(words) or "".join(toks[i + 1:words[start][0]]).strip() not in ("", "that"):
            continue  # nothing but "that" between the thought and its clause
        j = _subject_end(words, start, toks, longest=3)
        if j is None or words[j][1] not in PAST_OF or j + 1 >= len(words) or not _base_verb(words[j + 1][1]):
            continue
        found.append(_modal_edit(toks, words[j][0]))
    return found


def _past_subject_before(words: list[tuple[int, str]], k: int) -> bool:
    """Is the thinking verb at k a simple past with its subject right before it (an adverb between
    at most)? Not "I have always thought", "what he thought"."""
    j = k - 1
    if words[j][1] in ("always", "never", "really", "honestly", "also", "just", "even", "all"):
        j -= 1
    return j >= 0 and words[j][1] in ("i", "we", "they", "he", "she", "you", "everyone", "everybody", "nobody")


def unreal_result(toks: list[str]) -> list[Edit]:
    """"If I were you, I will accept" -> "would accept": after an unreal "if" clause ("were", "could")."""
    words = indexed_words(toks)
    if not words or words[0][1] != "if":
        return []
    comma = _clause_end(toks, words[0][0])
    if comma is None:
        return []
    condition = [w for i, w in words if i < comma]
    unreal = any(w in ("could", "couldn't") or w == "were" and before in ("i", "he", "she", "it")
                 for before, w in zip(condition, condition[1:]))
    # "If I had more time, I will" (a present unreal "had" + its object; not "If I had known": a participle)
    had = [k for k, w in enumerate(condition) if w == "had" and k and condition[k - 1] in ("i", "we", "he", "she", "it")]
    unreal = unreal or bool(had) and had[0] + 1 < len(condition) and not form_kinds(condition[had[0] + 1]) & {"participle", "past"}
    if not unreal or {"will", "won't", "would"} & set(condition) or "had" in condition and not had:
        return []
    main = [(i, w) for i, w in words if i > comma]
    if len(main) < 3:
        return []
    for (i, w), (_, nxt) in zip(main[:4], main[1:5]):
        if w in ("will", "won't") and _base_verb(nxt):
            return [_modal_edit(toks, i)]
        if aux_family(w) is not None:
            return []
    return []


TIME_OPENERS = frozenset(("when", "once", "before", "after", "until"))


def will_after_a_time_clause(toks: list[str]) -> list[Edit]:
    """"Next time you come, I would show you" -> "will show": a clause of future time in the present
    ("when", "as soon as", "next time", "once" ...) opens the sentence, and the clause after it has
    "would". Not after "if" (an unreal result may be meant)."""
    words = indexed_words(toks)
    if len(words) < 5:
        return []
    lead = [w for _, w in words[:3]]
    k = 3 if lead == ["as", "soon", "as"] else 2 if lead[:2] == ["next", "time"] else 1 if lead[0] in TIME_OPENERS else None
    comma = _clause_end(toks, 0)
    if k is None or comma is None:
        return []
    condition = [w for i, w in words[k:] if i < comma]
    if not condition or any(only_past(w) or w in ("was", "were", "had", "would", "could", "did") for w in condition):
        return []  # a clause in the past: "When I was young, I would play" is right
    if not any({"base", "third"} & form_kinds(w) or w in ("is", "are", "am") for w in condition[1:]):
        return []
    main = [(i, w) for i, w in words if i > comma][:4]
    for (i, w), (_, nxt) in zip(main, main[1:]):
        if w == "would" and _base_verb(nxt):
            return [Edit(i, i + 1, ("Will" if toks[i][:1].isupper() else "will",))]
        if aux_family(w) is not None:
            return []
    return []


# verbs after "would" that a real condition may keep: politeness and hedges ("If you need help, I would be
# happy to", "If that is true, it would explain a lot", "If you ask me, I would say")
HEDGED = frozenset(("be", "like", "love", "prefer", "appreciate", "mind", "rather", "suggest", "recommend", "advise",
                    "say", "think", "imagine", "guess", "hope", "want", "need", "explain", "mean", "seem", "appear",
                    "help", "make", "expect", "assume", "argue", "agree", "welcome", "enjoy", "find", "have", "feel",
                    "do", "love", "hate", "wish", "ask", "add", "point", "encourage", "consider", "accept"))
POLITE_CONDITIONS = frozenset(("mind", "like", "want", "wish", "please", "ask", "need", "prefer", "agree", "allow"))


def _opening_if(toks: list[str]) -> tuple[list[tuple[int, str]], int] | None:
    """(the sentence's words, the token index of the comma after its "if" clause), where an "if" clause
    opens a sentence of six words or more; None otherwise."""
    words = indexed_words(toks)
    if len(words) < 6 or words[0][1] != "if":
        return None
    comma = _clause_end(toks, words[0][0])
    return None if comma is None else (words, comma)


def will_after_a_real_condition(toks: list[str]) -> list[Edit]:
    """"If we don't stop polluting the oceans, many species would disappear" -> "will disappear": a
    condition in the present (no past form in it) opens the sentence, and the clause after the comma
    has "would" and a verb of action. Not a polite or hedged "would" (HEDGED: "I would be happy", "it
    would explain"), not after "if you like / mind / want" (POLITE_CONDITIONS)."""
    opened = _opening_if(toks)
    if opened is None:
        return []
    words, comma = opened
    condition = [w for i, w in words[1:] if i < comma]
    if len(condition) < 2 or POLITE_CONDITIONS & set(condition) or condition[0] in ("so", "not", "only", "necessary", "possible"):
        return []
    if any(only_past(w) or w in ("was", "were", "had", "would", "could", "did", "didn't", "should", "might") for w in condition):
        return []  # an unreal or past condition: "If I had more time, I would travel" is right
    if not any({"base", "third"} & form_kinds(w) or w in ("is", "are", "am", "don't", "doesn't", "isn't", "aren't")
               for w in condition[1:]):
        return []
    if any({"base", "past"} <= form_kinds(w) for w in condition[1:]):
        return []  # "If people read more carefully, fewer stories would spread": "read" may be an unreal past
    main = [(i, w) for i, w in words if i > comma][:5]
    for (i, w), (v, verb) in zip(main, main[1:]):
        if w == "would" and verb in ADVERBS:
            return []  # "I would still be glad": "still" is no verb, and what follows it may be hedged
        if w == "would" and "base" in form_kinds(verb) and aux_family(verb) is None and verb not in HEDGED \
                and v == i + 2 and verb in lemminflect.getAllLemmas(verb, upos="VERB").get("VERB", ()):
            return [Edit(i, i + 1, ("will",))]
        if aux_family(w) is not None:
            return []
    return []


# states a mixed conditional puts in the present ("If you had read my letter, you would know")
MIXED_STATES = frozenset(("be", "know", "have", "understand", "live", "own", "like", "love", "need", "want", "feel",
                          "remember", "believe", "think", "seem", "look", "work", "speak"))


def unreal_past_result(toks: list[str]) -> list[Edit]:
    """"If I had known about the delay, I would take" -> "would have taken": after "if" and a past
    perfect, the result in the past takes "would have" and the participle (not with "now" or "today":
    "If I had studied, I would be a doctor now")."""
    opened = _opening_if(toks)
    if opened is None:
        return []
    words, comma = opened
    condition = [w for i, w in words if i < comma]
    perfect = any(w == "had" and k + 1 < len(condition) and "participle" in form_kinds(condition[k + 1])
                  for k, w in enumerate(condition))
    main = [(i, w) for i, w in words if i > comma]
    if not perfect or {"now", "today", "nowadays", "still"} & {w for _, w in main}:
        return []
    for (i, w), (v, verb) in zip(main[:4], main[1:5]):
        if w in ("would", "could", "might") and "base" in form_kinds(verb) and aux_family(verb) is None and v == i + 2 \
                and verb not in MIXED_STATES and verb in lemminflect.getAllLemmas(verb, upos="VERB").get("VERB", ()):
            participle = inflection(verb, "VBN")
            return [Edit(i, v + 1, (toks[i], " ", "have", " ", participle))] if participle else []
        if aux_family(w) is not None:
            return []
    return []


def _modal_edit(toks: list[str], i: int) -> Edit:
    word = toks[i]
    new = PAST_OF[norm(word)]
    return Edit(i, i + 1, (new[:1].upper() + new[1:] if word[:1].isupper() else new,))


def edits(toks: list[str]) -> list[Edit]:
    """Every edit these frames call for."""
    return (present_in_condition(toks) + polite_condition(toks) + backshift(toks) + unreal_result(toks)
            + will_after_a_time_clause(toks) + unreal_past_result(toks) + will_after_a_real_condition(toks))


def explanation(toks: list[str], edit: Edit) -> str:
    """Names the frame."""
    old = "".join(toks[edit.start:edit.end])
    new = "".join(edit.new)
    if old.lower() == "will" and "".join(toks[edit.end:edit.end + 2]) == " not":  # "do", not "will": with their verb
        tail = "".join(toks[edit.end:edit.end + 4])
        old, new = old + tail, new + tail
    if " have " in new:
        return f"After 'if' and the past perfect, use 'would have' and the participle: '{new}', not '{old}'."
    if old.lower().startswith("will "):
        opener = next(t for t in toks if t[:1].isalpha()).lower()
        opener = "as soon as" if opener == "as" else opener
        return f"In a clause with '{opener}' about the future, use the present: '{new}', not '{old}'."
    words = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if "if" in words[-4:] and any(w in POLITE_ADJECTIVES or w == "appreciate" for w in words[-8:]):
        return f"In a polite request with 'would ... if', use '{new}', not '{old}'."
    if old.lower() == "would" and words[:1] == ["if"]:
        return f"After a real condition ('if' and the present), use '{new}', not '{old}'."
    if old.lower() == "would":
        opener = "as soon as" if words[:1] == ["as"] else "next time" if words[:1] == ["next"] else words[0]
        return f"After a clause about the future with '{opener}', use '{new}', not '{old}'."
    if words[:1] == ["if"]:
        return f"After an unreal 'if' clause ('if I were', 'if I could'), use '{new}', not '{old}'."
    return f"After a verb in the past ('{next(w for w in reversed(words) if w in THINKING | SURE | {'know', 'think', 'expect', 'imagine'})}'), use '{new}', not '{old}'."
