"""Fixed patterns that decide a verb's form whatever the context, each a common learner error.

After "look forward to" and "be/get used to" comes the -ing form ("I look forward to hear from you"
-> "hearing"; "I used to work" is another pattern and stays; "The money was used to build a school"
is a passive, so only a person as the subject counts), after let/make + a pronoun the verb without
"to" ("made me to jump" -> "made me jump"), and after a verb that takes only the -ing form or a
preposition, the -ing form for "to" + the base form ("I enjoy to swim" -> "I enjoy swimming",
"would you mind to send" -> "mind sending", "after to eat" -> "after eating"; verbs that take both,
"like", "start", "try", are left alone); and a "to" a frame needs where it is missing ("it is
difficult find a flat" -> "difficult to find", "can't wait seeing" -> "wait to see", "would prefer
have" -> "prefer to have"), and the forms a preposition, "easier to", a perception verb, a subject
pronoun or "been" call for. Every offer here is decided by its pattern, whatever the model scores
(Turn.decided): the model never saw these edits and scores them 6-30 nats under the input ("enjoy
swimming" -29.9, "interested in attending" -6.1); their precision is checked on WordNet's usage
examples, edited English where none fires (tests/test_offers.py).
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.verbs import valences
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, ING_TAKING, NOUN_MARKERS, OBJECT_STARTS, aux_family, form_kinds, indexed_words, inflection, lemmas, needs_to, norm, takes_only_ing
from miniserve.tutor.runtime.gate import Edit

LOOK = frozenset(("look", "looks", "looked", "looking"))
BE_OR_GET = frozenset(("am", "is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "getting"))
PERSONAL_SUBJECTS = frozenset(("i", "you", "we", "they", "he", "she", "people"))
PERSONAL_CONTRACTIONS = frozenset(("i'm", "you're", "we're", "they're", "he's", "she's"))
LET_MAKE = frozenset(("let", "lets", "letting", "make", "makes", "made", "making"))
OBJECT_PRONOUNS = frozenset(("me", "you", "him", "her", "us", "them", "it"))
SUBJECT_PRONOUNS = frozenset(("i", "you", "we", "they", "he", "she"))
OBJECTS = OBJECT_PRONOUNS | {"someone", "somebody", "everyone", "everybody"}
PERCEIVE = frozenset(("hear", "heard", "hears", "see", "saw", "sees", "watch", "watched", "notice", "noticed"))
# adjectives after which "to" starts an infinitive, never a preposition ("easier to communicate"; not
# "important to", "essential to", "key to": "important to learning" may be right)
EASY = frozenset(("easy", "easier", "difficult", "hard", "harder", "possible", "impossible", "cheaper", "safer", "nice",
                  "boring", "exciting", "interesting"))
TO_VERBS = ("decide", "refuse", "promise", "hope", "manage", "plan", "want", "agree", "afford", "learn", "choose", "need")
TO_VERB_FORMS = frozenset(f for verb in TO_VERBS for forms in lemminflect.getAllInflections(verb, upos="VERB").values()
                          for f in forms if not f.endswith("ing"))
WISH_FORMS = frozenset(("like", "love", "prefer", "hate"))
WOULD = frozenset(("would", "'d", "i'd", "we'd", "you'd", "they'd", "he'd", "she'd"))
# where an -ing form goes ("I decided going home early" -> "to go"): a noun's -ing form takes none of them
PLACE_ADVERBS = frozenset(("home", "back", "abroad", "away", "out", "there", "here", "inside", "outside", "upstairs"))
# prepositions after which a verb takes the -ing form, with its object ("interested in attending the")
ING_AFTER = frozenset(("in", "of", "for", "about", "at", "without", "by", "on"))



def offers(toks: list[str]) -> list[Edit]:
    """Each place a pattern calls for another form, as an edit."""
    words = indexed_words(toks)
    found = []
    for k in range(2, len(words)):
        (i, word), (_, to) = words[k], words[k - 1]
        if to != "to" or not _a_base(word) or aux_family(word) is not None:
            continue  # a verb's base form after "to" ("made it to the party": no verb)
        lead = [w for _, w in words[max(0, k - 5):k - 1]]  # the words before "to"
        looking_forward = lead[-1:] == ["forward"] and len(lead) >= 2 and lead[-2] in LOOK
        used = lead[-1:] == ["used"] and _used_by_someone(lead[:-1])
        if looking_forward or used:
            ing = _ing(word)
            if ing is not None:
                found.append(Edit(i, i + 1, (ing,)))
        elif len(lead) >= 2 and lead[-1] in OBJECTS and (lead[-2] in LET_MAKE or lead[-2] in PERCEIVE and word != "be") \
                or _a_person_let_or_made(lead) and "".join(toks[words[k - 2][0] + 1:words[k - 1][0]]).isspace():
            start = words[k - 1][0]
            found.append(Edit(start, i, ()))  # "to" and the space after it go
        elif _time_spent(words, k - 1) and "".join(toks[words[k - 2][0] + 1:words[k - 1][0]]).isspace():
            ing = _ing(word)  # "spent the whole afternoon to look" -> "looking"
            if ing is not None:
                found.append(Edit(words[k - 1][0], i + 1, (ing,)))
        elif takes_only_ing(lead) and "".join(toks[words[k - 2][0] + 1:words[k - 1][0]]).isspace():
            ing = _ing(word)  # (not across a comma: "only once before, to film a movie")
            if ing is not None:
                found.append(Edit(words[k - 1][0], i + 1, (ing,)))  # "to swim" -> "swimming"
    plain = _ing_after_a_preposition(toks, words)
    framed = [e for e in _ing_after_a_frames_preposition(toks, words) + _ing_after_an_ing_verb(toks, words) if e not in plain]
    return (found + _missing_to(toks, words) + plain + framed + _infinitive_after_easy(words)
            + _to_for_an_ing(toks, words) + _participle_as_past(toks, words) + _base_after_been(toks, words)
            + _called_a_name(toks, words))


SPEND = frozenset(("spend", "spends", "spent", "spending"))
TIMES = frozenset(("time", "hour", "hours", "minute", "minutes", "day", "days", "morning", "mornings", "afternoon",
                   "afternoons", "evening", "evenings", "night", "nights", "week", "weeks", "weekend", "weekends",
                   "month", "months", "year", "years", "summer", "holiday", "holidays", "ages"))
# what may stand between "spend" and its time ("spent the whole afternoon", "spend a lot of time", "spent two hours")
# (not "last", "next", "every": "the money we spent last year to repair the roof" dates the spending)
TIME_WORDS = frozenset(("the", "a", "an", "whole", "entire", "all", "lot", "lots", "of", "my", "our", "his", "her",
                        "their", "your", "its", "so", "too", "many", "several", "few", "long", "two", "three", "four",
                        "five", "six", "ten", "twenty", "most", "half", "little", "enough", "some", "no", "extra"))
AMOUNTS_OF_TIME = frozenset(("more", "less", "much"))  # only right before "time": "spend more next year to improve"


# people a learner lets or makes do something ("made my son to wait", "makes teenagers to feel"); not "friends":
# "hard to make friends to talk to"
PEOPLE = frozenset(("people", "children", "child", "kids", "students", "student", "pupils", "pupil", "teenagers",
                    "teenager", "adults", "parents", "teachers", "teacher", "workers", "employees", "staff", "visitors",
                    "tourists", "customers", "guests", "players", "drivers", "residents", "citizens", "son", "sons",
                    "daughter", "daughters", "brother", "sister", "mother", "father", "mum", "dad", "boy", "boys", "girl",
                    "girls", "man", "men", "woman", "women", "volunteers", "passengers", "patients", "users"))
PERSON_MODIFIERS = frozenset(("the", "my", "your", "his", "her", "our", "their", "new", "young", "old", "little",
                              "small", "many", "some", "all", "most", "other", "older", "younger", "these", "those",
                              "more", "fewer", "poor", "rich"))


def _a_person_let_or_made(lead: list[str]) -> bool:
    """Do the words before a "to" read "let" or "make" and a person ("made my son", "let new pupils", "makes
    teenagers")? After them the verb takes no "to"."""
    if not lead or lead[-1] not in PEOPLE:
        return False
    for j in range(len(lead) - 2, -1, -1):
        if lead[j] in LET_MAKE:
            return True
        if lead[j] not in PERSON_MODIFIERS:
            return False
    return False


def _time_spent(words: list[tuple[int, str]], to: int) -> bool:
    """Do the words before the "to" at index `to` read "spend" and a stretch of time ("spent the whole afternoon",
    "spend a lot of time", "spent hours")? After it comes the -ing form ("spent the afternoon looking"), never
    "to" (money spent "to buy" is another frame: only a time counts)."""
    k = to - 1
    if k < 1 or words[k][1] not in TIMES:
        return False
    for j in range(k - 1, max(-1, k - 6), -1):
        if words[j][1] in SPEND:
            return True
        amount = words[j][1] in AMOUNTS_OF_TIME and j == k - 1 and words[k][1] == "time"
        if words[j][1] not in TIME_WORDS and words[j][1] not in TIMES and not amount:
            return False
    return False


def _participle_as_past(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """A participle that is no past right after a subject pronoun: the past ("I seen a man" -> "I saw",
    "we done our best" -> "did"); "been" and "gone" included ("I been there" -> "was" is not: "been"
    needs its person)."""
    found = []
    for k in range(1, len(words)):
        (i, word), (_, subject) = words[k], words[k - 1]
        if subject not in SUBJECT_PRONOUNS or word in ("been",) or form_kinds(word) != frozenset({"participle"}):
            continue
        if k >= 2 and aux_family(words[k - 2][1]) is not None:
            continue  # a question: "have you seen", "Have I eaten enough?"
        pasts = sorted({f for lemma in lemmas(word) for f in lemminflect.getInflection(lemma, "VBD")})
        if len(pasts) == 1 and toks[i - 1] == " ":
            found.append(Edit(i, i + 1, (pasts[0],)))
    return found


# adjectives spelt as a verb's base that often follow "been" ("has been free", "had been empty"); not "close",
# which learners write for "closed" ("has been close for three years")
ADJECTIVES_AFTER_BEEN = frozenset(("free", "open", "empty", "busy", "quiet", "calm", "ready", "dry", "clear", "warm", "wet",
                                   "full", "slow", "fine", "clean", "tidy", "safe", "low", "cool"))


def _base_after_been(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """A verb's base form after "been", never right: the -ing form where the verb has an object or
    takes none ("I have been wait for a reply" -> "waiting"), the participle where a verb that needs an
    object has none ("The bridge has been build" -> "built")."""
    found = []
    for k in range(1, len(words)):
        (i, word), (_, been) = words[k], words[k - 1]
        if been != "been" or toks[i - 1] != " " or form_kinds(word) != frozenset({"base"}) or aux_family(word) is not None:
            continue
        if i + 1 < len(toks) and toks[i + 1] == "-" or any(w == "there" for _, w in words[max(0, k - 3):k - 1]):
            continue  # "been spot-promoted"; "there has been talk": a noun
        after = words[k + 1][1] if k + 1 < len(words) else ""
        if word in ADJECTIVES_AFTER_BEEN and after != "by":
            continue  # "studying had been free for everyone": an adjective, not "freed"
        valence = valences().get(word)
        if valence == "I" or (valence == "B" and after in OBJECT_STARTS):
            form = _ing(word)
        elif valence == "T" and after not in OBJECT_STARTS:
            form = inflection(word, "VBN")
        else:
            form = None
        if form is not None:
            found.append(Edit(i, i + 1, (form,)))
    return found


NAMED_BY = frozenset(("is", "was", "are", "were", "be", "been", "being"))
# nouns that "be" and an action follow ("The first step is call Paul")
ACTION_NOUNS = frozenset(("thing", "plan", "idea", "option", "step", "solution", "answer", "choice", "way", "task", "job",
                          "aim", "goal", "thing", "advice", "problem"))
QUOTES = frozenset(('"', "'", "\u201c", "\u2018"))


def _called_a_name(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """"call" between a form of "be" and a name, capitalised or quoted: the participle ("The shelter is call Happy
    Paws" -> "called", "Our club is call "Young Chefs"", "was call the Hall of Science"). Not where "be" says what to
    do ("The best thing is call Mum", "All you have to do is call Anna", "What I did was call John": an action, its
    "to" left out), nor before "Mum" or "Dad"."""
    found = []
    for k in range(1, len(words) - 1):
        (i, word), (_, be) = words[k], words[k - 1]
        if word != "call" or be not in NAMED_BY or toks[i - 1] != " " or k < 2 or words[k - 2][1] in ACTION_NOUNS \
                or any(w in ("do", "does", "did", "done", "what") for _, w in words[:k - 1]):
            continue
        rest = [t for t in toks[i + 1:] if not t.isspace()]
        name = rest[1] if rest[:1] and rest[0].lower() == "the" and len(rest) > 1 else rest[0] if rest else ""
        if name in QUOTES or name[:1].isupper() and name.lower() not in ("mum", "dad", "me", "i"):
            found.append(Edit(i, i + 1, ("called",)))
    return found


def _to_for_an_ing(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """An -ing form with its object after a verb that takes "to" and the infinitive: "to" and the base
    form ("The council decided building a new car park" -> "decided to build", "I would like asking
    whether" -> "would like to ask", "decided going home" -> "to go"). Only with an object, "whether" or a
    place ("home", "abroad") after it: "they agreed funding for the project" has a noun."""
    found = []
    for k in range(1, len(words) - 1):
        (i, word), (_, before), (_, after) = words[k], words[k - 1], words[k + 1]
        wish = before in WISH_FORMS and k >= 2 and words[k - 2][1] in WOULD
        if not (before in TO_VERB_FORMS or wish) or not word.endswith("ing") or toks[i - 1] != " ":
            continue
        if after not in OBJECT_STARTS and after not in {"whether", "if", "less", "fewer", "much"} | PLACE_ADVERBS:
            continue
        if after in AMOUNT_WORDS and not wish and _an_adverbs_amount(words, k + 1):
            continue  # "The walls need cleaning more often", "girls choose dancing more often": no object
        base = _base_of(word)
        if base is not None:
            found.append(Edit(i, i + 1, ("to", " ", base)))
    return found


AMOUNT_WORDS = frozenset(("more", "less", "much", "fewer", "most"))


def _an_adverbs_amount(words: list[tuple[int, str]], k: int) -> bool:
    """Is "more", "less" ... at k an adverb's amount ("more often", "less than before", "much more"), no noun's?"""
    after = words[k + 1][1] if k + 1 < len(words) else ""
    return after in ("often", "than", "", "and", "or", "frequently", "regularly") or after.endswith("ly") \
        or after in AMOUNT_WORDS


def _infinitive_after_easy(words: list[tuple[int, str]]) -> list[Edit]:
    """An -ing form after "easier to", "difficult to" ...: the base form ("made it easier to
    communicating" -> "to communicate"); after these adjectives "to" is never a preposition."""
    found = []
    for k in range(2, len(words)):
        (i, word), (_, to), (_, adjective) = words[k], words[k - 1], words[k - 2]
        if to == "to" and adjective in EASY and word.endswith("ing") and (base := _base_of(word)) is not None:
            found.append(Edit(i, i + 1, (base,)))
    return found


def _ing_after_a_preposition(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """A verb's base form after a preposition, with its object after it: the -ing form ("interested in
    attend the workshop" -> "attending", "Thank you for invite me" -> "inviting"). Only a verb that
    is no noun or adjective as well ("in turn the company", "after work the children": nouns) and a
    preposition that takes the -ing form, not one of time ("after", "before", "until")."""
    found = []
    for k in range(1, len(words) - 1):
        (i, word), (_, before), (_, after) = words[k], words[k - 1], words[k + 1]
        if before not in ING_AFTER or after not in OBJECT_STARTS or after in ("more", "new", "people", "english"):
            continue
        if toks[i - 1] != " " or toks[i + 1] != " " or "base" not in form_kinds(word) or "past" in form_kinds(word):
            continue
        if set(lemminflect.getAllLemmas(word)) - {"VERB"} or lemminflect.getAllInflections(word, upos="NOUN") \
                or aux_family(word) is not None:
            continue
        ing = _ing(word)
        if ing is not None:
            found.append(Edit(i, i + 1, (ing,)))
    return found


# words that take a preposition and then a verb's -ing form ("interested in taking part", "afraid of making mistakes",
# "Thank you for inviting me"): after one of them and its preposition, a verb's base form is the learner's slip
FRAMES = {
    "in": frozenset(("interested", "succeed", "succeeds", "succeeded", "involved")),
    "at": frozenset(("good", "bad", "better", "best", "great", "excellent", "terrible", "brilliant", "skilled")),
    "of": frozenset(("afraid", "scared", "frightened", "terrified", "tired", "sick", "capable", "fond", "proud",
                     "instead", "thinking", "think", "thought", "accused", "guilty", "ashamed", "dreaming", "dream")),
    "about": frozenset(("thinking", "think", "thought", "worried", "worry", "excited", "nervous", "complained",
                        "complain", "complaining", "talked", "talking", "dreaming", "serious")),
    "for": frozenset(("thanks", "sorry", "apologise", "apologize", "apologised", "apologized", "responsible", "blamed",
                      "forgive", "excuse")),
    "on": frozenset(("insisted", "insist", "insists", "insisting", "concentrate", "concentrated", "keen", "focus",
                     "focused")),
}
# what may follow the verb where its base form is also a noun ("interested in join your team", "afraid of break it",
# "take part"): after a noun these never come
VERB_FOLLOWERS = OBJECT_STARTS | frozenset(("you", "part", "up", "away", "out", "back", "down", "off", "everything",
                                            "something", "anything", "nothing", "people")) | PLACE_ADVERBS


def _ing_where_a_verb_is_read(toks: list[str], words: list[tuple[int, str]], k: int) -> Edit | None:
    """The -ing form of the base form at words[k], where what follows reads it as a verb: anything, for a word that
    is only a verb; an object or a particle (VERB_FOLLOWERS), for one that is also a noun. Never the first part of a
    hyphenated word ("without make-up": a noun)."""
    i, word = words[k]
    if toks[i + 1:i + 2] == ["-"]:
        return None
    after = words[k + 1][1] if k + 1 < len(words) and words[k + 1][0] == i + 2 and toks[i + 1] == " " else ""
    only_a_verb = not (set(lemminflect.getAllLemmas(word)) - {"VERB"} or lemminflect.getAllInflections(word, upos="NOUN"))
    ing = _ing(word) if only_a_verb and after or after in VERB_FOLLOWERS else None
    return Edit(i, i + 1, (ing,)) if ing is not None else None


def _ing_after_a_frames_preposition(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """A verb's base form after a word that takes a preposition and the -ing form, and that preposition
    ("I am interested in take part" -> "taking", "afraid of make mistakes" -> "making", "Thank you for
    invite me" -> "inviting", "instead of play outside"): a verb that is no noun (or adjective) wherever it
    stands, one that is also a noun ("join", "visit") only before an object or a particle; "without" is its
    own frame. Not "afraid of water", "interested in travel", "good at sport": nouns, nothing verb-like after."""
    found = []
    for k in range(2, len(words)):
        (i, word), (_, preposition), (_, frame) = words[k], words[k - 1], words[k - 2]
        thanked = preposition == "for" and frame == "you" and k >= 3 and words[k - 3][1] in ("thank", "thanks")
        if not (frame in FRAMES.get(preposition, ()) or thanked or preposition == "without"):
            continue
        if toks[i - 1] != " " or "base" not in form_kinds(word) or "past" in form_kinds(word) \
                or aux_family(word) is not None or word in FUNCTION_WORDS or not _a_base(word) \
                or "ADV" in lemminflect.getAllLemmas(word):
            continue  # ("without even a letter": an adverb)
        edit = _ing_where_a_verb_is_read(toks, words, k)
        if edit is not None:
            found.append(edit)
    return found


# the forms of the verbs that take the -ing form and never a bare infinitive ("avoid spending", "recommend booking")
ING_TAKERS = frozenset(f for verb in ING_TAKING for forms in lemminflect.getAllInflections(verb, upos="VERB").values()
                       for f in forms)


def _ing_after_an_ing_verb(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """A verb's base form right after a verb that takes the -ing form ("should avoid spend all their time" ->
    "spending", "to keep try new things" -> "trying", "We recommend visit the castle" -> "visiting"): a verb that is
    no noun, adjective or adverb anywhere, or one that is also a noun only before an object or a particle ("finish
    work at five", "keep fit", "enjoy dance", "avoid traffic jams": no change). Not where the taker is a noun itself
    ("a mind like", "the finish line"), nor across a comma ("really appreciated, thank you")."""
    found = []
    for k in range(1, len(words)):
        (i, word), (_, before) = words[k], words[k - 1]
        if before not in ING_TAKERS or words[k - 1][0] != i - 2 or toks[i - 1] != " " or "base" not in form_kinds(word) or "past" in form_kinds(word) \
                or aux_family(word) is not None or word in FUNCTION_WORDS or word not in lemmas(word) or word == "like" \
                or {"ADV", "ADJ"} & set(lemminflect.getAllLemmas(word)) or k >= 2 and words[k - 2][1] in NOUN_MARKERS:
            continue  # (a verb of the tables: lemminflect takes rare nouns for verbs only, "avoid checkmate")
        edit = _ing_where_a_verb_is_read(toks, words, k)
        if edit is not None:
            found.append(edit)
    return found


def _base_of(ing: str) -> str | None:
    """The base form of an -ing form of a verb in the tables or lemminflect's dictionary
    ("communicating" -> "communicate"), else None."""
    for lemma in sorted(lemmas(ing) | set(lemminflect.getAllLemmas(ing, upos="VERB").get("VERB", ()))):
        if ing in lemminflect.getInflection(lemma, "VBG"):  # either spelling: "canceling", "cancelling"
            return lemma
    return None


def _a_base(word: str) -> bool:
    """Is `word` a verb's base form, in the verb tables or in lemminflect's dictionary ("apologise")?"""
    return word in lemmas(word) or word in lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ())


def _missing_to(toks: list[str], words: list[tuple[int, str]]) -> list[Edit]:
    """A verb that needs a "to" it lacks: "it is difficult find" -> "difficult to find", "I can't
    wait seeing you" -> "wait to see". Only between words one space apart ("I can't wait, seeing
    that..." is another sentence)."""
    found = []
    for k in range(1, len(words) - 1):
        (i, word), after = words[k], words[k + 1][1]
        if toks[i - 1] != " " or toks[i + 1] != " " or words[k - 1][0] != i - 2:
            continue
        before = [w for _, w in words[max(0, k - 8):k]]
        if (word in lemmas(word) or before[-1:] == ["how"] and _a_base(word)) and needs_to(before, word, after):
            found.append(Edit(i, i + 1, ("to", " ", word)))
        elif before[-2:] in (["can't", "wait"], ["cannot", "wait"], ["couldn't", "wait"]) and word.endswith("ing"):
            base = next(iter(sorted(lemmas(word))), None)
            if base is not None and _ing(base) == word:
                found.append(Edit(i, i + 1, ("to", " ", base)))
    return found


def finite_after_an_ing_verb(toks: list[str], edit: Edit) -> bool:
    """Does the edit make a verb right after "recommend", "enjoy", "avoid"... (a verb that takes only
    the -ing form) or after "without", "before"... a third-person form ("We recommend buy tickets" ->
    "recommend buys")? No subject stands between: that is never right, so the edit is ruled out and
    never offered (offers.flips)."""
    new = [t for t in edit.new if t[:1].isalpha()]
    if len(new) != 1 or "third" not in form_kinds(norm(new[0])) or aux_family(norm(new[0])) is not None:
        return False
    return takes_only_ing([norm(t) for t in toks[:edit.start] if t[:1].isalpha()])


def _ing(word: str) -> str | None:
    known = sorted(lemmas(word)) or sorted(lemminflect.getAllLemmas(word, upos="VERB").get("VERB", ()))
    return next((f for lemma in known if (f := inflection(lemma, "VBG"))), None)


def _used_by_someone(lead: list[str]) -> bool:
    """Do the words before "used" read "I am / you get (not) used", a person the subject? Where a
    thing may be ("The money was used to build a school") the passive is right, so only a personal
    pronoun or "people" counts."""
    k = len(lead) - 1
    if k >= 0 and lead[k] == "not":
        k -= 1
    if k >= 0 and lead[k] in PERSONAL_CONTRACTIONS:
        return True
    if k < 1 or lead[k] not in BE_OR_GET:
        return False
    j = k - 1 if lead[k - 1] not in ("will", "can", "could", "would", "should", "must", "never", "soon") else k - 2
    return j >= 0 and lead[j] in PERSONAL_SUBJECTS


def explanation(toks: list[str], edit: Edit) -> str:
    """Names the pattern."""
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if not edit.new:  # "made me to jump" -> "made me jump"
        verb = toks[edit.end]
        lead = len(before) - 2  # "made me", "let us"; and "made my son" in full
        if before[-1] not in OBJECTS:
            lead = next((k for k in range(lead, max(-1, len(before) - 6), -1) if before[k] in LET_MAKE), lead)
        return f"After '{' '.join(before[lead:])}', use the verb without 'to': '{verb}', not 'to {verb}'."
    if edit.new[:1] == ("to",):  # "difficult find" -> "difficult to find", "can't wait seeing" -> "can't wait to see"
        old = toks[edit.start]
        return f"After '{' '.join(before[-2:]) if before[-1] == 'wait' else before[-1]}', use 'to' and the verb: 'to {edit.new[-1]}', not '{old}'."
    if toks[edit.start].lower() == "to" and _time_spent(indexed_words(toks[:edit.start + 1]), len(before)):
        old = "".join(toks[edit.start:edit.end])  # "spent the whole afternoon to look" -> "looking"
        spend = max(k for k, w in enumerate(before) if w in SPEND)
        return f"After '{' '.join(before[spend:])}', use the -ing form: '{edit.new[0]}', not '{old}'."
    if toks[edit.start].lower() == "to":  # "enjoy to swim" -> "enjoy swimming"
        old = "".join(toks[edit.start:edit.end])
        return f"After '{before[-1]}', use the -ing form: '{edit.new[0]}', not '{old}'."
    if before[-1:] == ["to"] and len(before) >= 2 and before[-2] in EASY:  # "easier to communicating"
        return f"After '{before[-2]} to', use the base form: '{edit.new[0]}', not '{toks[edit.start]}'."
    if before and before[-1] in ING_AFTER and not edit.new[0].startswith("to"):  # "interested in attend"
        return f"After '{before[-1]}', use the -ing form: '{edit.new[0]}', not '{toks[edit.start]}'."
    if edit.new == ("called",) and toks[edit.start].lower() == "call":  # "is call Happy Paws"
        return f"A name after '{before[-1]}' takes the participle: '{before[-1]} called', not '{before[-1]} call'."
    if before[-1:] and before[-1] in ING_TAKERS:  # "to avoid book" -> "avoid booking"
        return f"After '{before[-1]}', use the -ing form: '{edit.new[0]}', not '{toks[edit.start]}'."
    phrase = "look forward to" if before[-2:-1] == ["forward"] else "be used to"
    return f"After '{phrase}', use the -ing form: '{edit.new[0]}', not '{toks[edit.start]}'."
