"""The word lists and clause helpers that vetoes of more than one kind share."""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime import tense
from miniserve.tutor.runtime.agreement import ADVERBS, _noun_forms, non_third, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, form_kinds, norm
from miniserve.tutor.runtime.gate import Edit


UNREAL = frozenset(("if", "though", "suppose", "supposing", "wish", "wished", "imagine"))
TIME_OPENERS = frozenset(("when", "before", "after", "until", "once", "whenever"))
SUBJECT_PRONOUNS = {"he": "singular", "she": "singular", "it": "singular", "i": "plural", "we": "plural",
                    "they": "plural", "you": "plural"}


def one_word(toks: list[str], edit: Edit) -> tuple[str, str] | None:
    new = [t for t in edit.new if t[:1].isalpha()]
    old = [t for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    return (norm(old[0]), norm(new[0])) if len(old) == len(new) == 1 else None


def clause_before(toks: list[str], i: int) -> list[str]:
    """The words of the clause before the token at i, back to a comma or a joining word."""
    words = []
    for t in reversed(toks[:i]):
        w = norm(t)
        if t in (",", ";", ":") or w in ("and", "but", "so", "because"):
            break
        if t[:1].isalpha():
            words.append(w)
    return words[::-1]


def clause_before_any(toks: list[str], i: int) -> list[str]:
    """The words before the token at i back to a comma or the sentence's start ("and" kept)."""
    words = []
    for t in reversed(toks[:i]):
        if t in (",", ";", ":"):
            break
        if t[:1].isalpha():
            words.append(norm(t))
    return words[::-1]


def clause_after(toks: list[str], i: int) -> list[str]:
    """The words from the token at i on to the next punctuation mark ("," ";" ":" "." "!" "?")."""
    words = []
    for t in toks[i:]:
        if t in (",", ";", ":", ".", "!", "?"):
            break
        if t[:1].isalpha():
            words.append(norm(t))
    return words


def is_question(toks: list[str]) -> bool:
    return next((t for t in reversed(toks) if not t.isspace()), "") == "?"


def main_verb_only_past(word: str) -> bool:
    """A main verb's form only the past has ("was", "had" are auxiliaries: no)."""
    return tense.only_past(word) and aux_family(word) is None


CLAUSE_OPENERS = frozenset(("that", "if", "when", "because", "since", "while", "although", "though", "whether", "where"))
PERCEIVING = frozenset(("see", "saw", "seen", "watch", "watched", "hear", "heard", "feel", "felt", "notice", "noticed",
                        "let", "lets", "make", "makes", "made", "help", "helps", "helped"))
# not "have": "who have your stamps fling" is possession
# adjectives that with "the" name people: "the elderly often sleep"
THE_ADJECTIVE_PEOPLE = frozenset(("elderly", "poor", "rich", "young", "old", "sick", "homeless", "unemployed", "disabled",
                                  "blind", "deaf", "dead", "injured", "wealthy", "weak", "strong", "living", "wounded",
                                  "privileged", "underprivileged", "vulnerable", "needy", "jobless", "aged", "famous"))


def own_clause(toks: list[str], i: int) -> list[str]:
    """The words before the token at i back to a comma, the sentence's start or the last word that
    opens a clause ("that", "if", "because" ...): the clause the word at i belongs to, so far."""
    clause = clause_before_any(toks, i)
    opener = max((k for k, w in enumerate(clause) if w in CLAUSE_OPENERS), default=-1)
    return clause[opener + 1:]


def clause_after_its_join(toks: list[str], i: int) -> list[str]:
    """own_clause without an "and", "but" or "so" that joins it to the clause before ("..., and the best of them")."""
    clause = own_clause(toks, i)
    return clause[1:] if clause[:1] in (["and"], ["but"], ["so"]) else clause


def without_adverbs(clause: list[str]) -> list[str]:
    """The clause's words without the adverbs that end it ("The elderly often" -> "the elderly")."""
    while clause and clause[-1] in ADVERBS:
        clause = clause[:-1]
    return clause


def s_added_or_taken(pair: tuple[str, str]) -> bool:
    """Do the two words differ by an "-s" or "-es" ending, either way ("break" / "breaks")?"""
    return pair[1] in (pair[0] + "s", pair[0] + "es") or pair[0] in (pair[1] + "s", pair[1] + "es")


def made_plural(pair: tuple[str, str]) -> bool:
    return third(pair[0]) and non_third(pair[1]) and not third(pair[1])


def made_singular(pair: tuple[str, str]) -> bool:
    return third(pair[1]) and not third(pair[0]) and non_third(pair[0])


NOUN_PHRASE_OPENERS = frozenset(("the", "a", "an", "this", "my", "your", "his", "her", "our", "their", "its"))
PREPOSITIONS = frozenset(("in", "on", "at", "for", "from", "to", "of", "with", "by", "about", "without", "behind", "between",
                          "near", "like", "across", "along", "around", "inside", "outside", "during", "through"))


PLURAL_ONLY = frozenset(("cattle", "livestock", "poultry", "police", "people", "clergy", "vermin"))  # plurals with no -s
BOTH_NUMBERS = frozenset(("fish", "deer", "aircraft", "species", "series", "means", "offspring", "salmon", "trout", "sheep",
                          "graffiti", "data"))  # the last two: plurals most writers use as one mass, either verb is right


def singular_noun(word: str) -> bool:
    """A noun's singular whose plural is another word ("centre", "shop"; not "sheep", "fish", "news")."""
    if word in BOTH_NUMBERS:
        return False
    for lemma in lemminflect.getAllLemmas(word, upos="NOUN").get("NOUN", ()):
        table = lemminflect.getAllInflections(lemma, upos="NOUN")
        if word in table.get("NN", ()) and table.get("NNS", (word,))[0] != word:
            return True
    return False


def only_a_verb(word: str) -> bool:
    """A verb form that is no noun or adjective ("enter", "closed"; not "cars", "works", "open")."""
    found = lemminflect.getAllLemmas(word)
    return bool(found) and set(found) <= {"VERB", "AUX"} and aux_family(word) is None


def a_present_verb(word: str) -> bool:
    """A verb's base or third-person form that is no noun and no function word ("know", "thinks")."""
    return bool({"base", "third"} & form_kinds(word)) and word not in FUNCTION_WORDS and word not in PREPOSITIONS \
        and not any(_noun_forms(word)) and bool(lemminflect.getAllLemmas(word, upos="VERB"))
