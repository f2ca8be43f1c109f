"""The form a verb's complement takes (tutor/runtime/complements.py): what each frame changes, where it
stays silent, and that none fires on edited English (WordNet's one typo aside)."""

import pytest

from miniserve.tutor.runtime import complements, gate
from miniserve.tutor.runtime.guard import tokens


def fixed(sentence: str) -> list[str]:
    return [gate.apply(sentence, [e], frozenset({0})).strip() for e in complements.edits(tokens(sentence))]


@pytest.mark.parametrize("sentence, expected", [
    ("The castle was build in the twelfth century.", "The castle was built in the twelfth century."),
    ("The houses were destroy by the storm.", "The houses were destroyed by the storm."),
    ("The house was build in 1920.", "The house was built in 1920."),
    ("The concert was cancel because of the rain.", "The concert was cancelled because of the rain."),  # British spelling
    ("The guide told us wait near the entrance.", "The guide told us to wait near the entrance."),
    ("My father told me don't open the box.", "My father told me not to open the box."),
    ("At the moment students are not allowed use their phones.", "At the moment students are not allowed to use their phones."),
    ("The teachers encouraged us asking questions.", "The teachers encouraged us to ask questions."),
    ("My parents want me study medicine.", "My parents want me to study medicine."),
    ("Young people should spend more time read books.", "Young people should spend more time reading books."),
    ("We spent the day walk along the river.", "We spent the day walking along the river."),
    ("The town hall needs to be repair because the roof is old.", "The town hall needs to be repaired because the roof is old."),
    ("I really want visit the new museum.", "I really want to visit the new museum."),
    ("It is worth to spend a little more money on food.", "It is worth spending a little more money on food."),
    ("People must learning to protect the environment.", "People must learn to protect the environment."),
    ("Technology make it possible working from home.", "Technology make it possible to work from home."),
    ("I hope the problems will be solve soon.", "I hope the problems will be solved soon."),
    ("Parents shouldn't let their childrens to use the internet.", "Parents shouldn't let their childrens use the internet."),
    ("Teachers should let pupils to choose the topic.", "Teachers should let pupils choose the topic."),  # a bare plural
    ("My grandfather used to worked in a factory.", "My grandfather used to work in a factory."),
    ("Most people would rather to stay at home.", "Most people would rather stay at home."),
    ("I would be happy to helping at the festival.", "I would be happy to help at the festival."),
    ("I'm thinking of to buy a new laptop.", "I'm thinking of buying a new laptop."),
])
def test_a_frame_calls_for_its_form(sentence, expected):
    assert fixed(sentence) == [expected]


@pytest.mark.parametrize("sentence", [
    "It was love at first sight.",  # a noun
    "But should swimming lessons really be compulsory?",  # the question's subject after its modal
    "Employees' needs vary a lot from one family to another.",  # a noun after a possessive's apostrophe
    "The school's plans include a new library.",  # "plans" after a possessive: a noun
    "Our hopes rest on the new coach.",
    "Parents should let their children walk to school.",  # the object ends at the plural noun: "to school" is no infinitive
    "Parents should let their childs walk to school.",  # so it does at a plural as learners spell it
    "The old bridge needs repair, some of the stones are loose.",  # a comma: "some" is no object of "repair"
    "The shop is open until nine.",  # an adjective
    "The new bridge will be open next year.",
    "They were build a house when I arrived.",  # an object: the progressive may be meant
    "The work must be complete until the end of May.",
    "I told him stories about my childhood.",
    "She asked us questions about the trip.",
    "We are allowed home at six.",
    "She forced her diet on him.",  # "her" the determiner
    "I enjoy work in the garden.",  # a noun
    "Teenagers need sleep more than money.",  # a noun, compared ("want visit more than one museum" is a verb's)
    "I suggest you go by train.",
    "He disliked long farewells.",  # an adjective
    "a mind like a steel trap",
    "They approached the finish line.",
    "It is going to be fun for everyone.",
    "The room has to be clean.",
    "I want help with my homework.",
    "He was managed like a puppet.",
    "It is a book that is must reading.",  # "must" a noun
    "The car needs washing.",
    "They let the house to students every summer.",
    "The report is complete and ready to be sent.",  # an adjective lemminflect lists as a verb only
    "They allowed us access to the archive.",  # two objects
    "I am used to worked hard.",  # "be used to" takes -ing: another fix
    "I look forward to your reply and, I hope, to meeting you.",  # "hope" is not the lead of this "to"
    "By the time I finished school, the internet had changed everything.",  # a comma: "school" ends its clause
    "I need better English for my work in a hotel.",  # a comparative, not the verb "to better"
    "The organisers expect even more people this autumn.",  # an adverb
])
def test_no_form_where_the_frame_is_another(sentence):
    assert fixed(sentence) == []


def test_no_complement_rule_fires_on_edited_english():
    """WordNet's usage examples: the one sentence a rule changes holds WordNet's own typo."""
    from miniserve.tutor.corpus.wordnet import examples

    fired = [s for s in examples() if complements.edits(tokens(s))]
    assert fired == ["The house was rebuild after it was hit by a bomb"]


@pytest.mark.parametrize("sentence, expected", [
    ("Our coach let us ate pizza after the match.", "Our coach let us eat pizza after the match."),
    ("The long journey made me feeling tired.", "The long journey made me feel tired."),
    ("That story made him thinks about his own childhood.", "That story made him think about his own childhood."),
])
def test_after_let_or_make_and_a_pronoun_the_base_form(sentence, expected):
    assert fixed(sentence) == [expected]


@pytest.mark.parametrize("sentence", [
    "The film made me interested in history.",  # a participle after "make" + object is right
    "Watching television all day makes you boring.",  # an adjective
    "My aunt made them cakes for the party.",  # a noun
    "She made us laugh all evening.",
    "The noise made me cried.",  # a past that is also a participle: left to the model
    "Our guide told us amazing stories about the castle.",  # an adjective before the second object
])
def test_no_base_form_where_let_or_make_takes_another_complement(sentence):
    assert fixed(sentence) == []


@pytest.mark.parametrize("sentence, expected", [
    ("It is important learn a second language.", "It is important to learn a second language."),
    ("It will be difficult find a cheap flat.", "It will be difficult to find a cheap flat."),
])
def test_it_is_and_an_adjective_take_to_before_a_verb(sentence, expected):
    assert fixed(sentence) == [expected]


@pytest.mark.parametrize("sentence", ["It is hard work for everybody.", "It was easy money.", "It is difficult finding a job."])
def test_no_to_before_a_noun_or_an_ing_form(sentence):
    assert fixed(sentence) == []


def test_after_a_verb_that_takes_the_infinitive_to_is_no_preposition():
    assert fixed("We decided to travelling by train.") == ["We decided to travel by train."]
    assert fixed("I can't wait to meeting your family.") == ["I can't wait to meet your family."]
    assert fixed("I look forward to meeting your family.") == []  # "to" a preposition
    assert fixed("The players agreed to being filmed.") == []
