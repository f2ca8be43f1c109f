"""The gate's calibration command: any TSV with input/corrected (one half of it if asked), the
curve written between its markers, everything else of the document kept."""

import math

from miniserve.tutor.evaluation.calibrate import END, START, curve, write_section
from miniserve.tutor.evaluation.devsets import Case, dev_cases
from miniserve.tutor.runtime.guard import NO_ERROR, Review


def test_reads_any_tsv_and_one_half(tmp_path):
    path = tmp_path / "set.tsv"
    path.write_text("# a comment\nid\thalf\tclass\tinput\tcorrected\n1\tdev\tsva\tShe go.\tShe goes.\n"
                    "2\ttest\tcorrect\tI go.\tI go.\n", encoding="utf-8")
    assert [c.sentence for c in dev_cases(path)] == ["She go.", "I go."]
    assert dev_cases(path, "dev") == [Case("She go.", "She goes.", "sva", "")]


def test_the_section_is_replaced_between_its_markers(tmp_path):
    doc = tmp_path / "model.md"
    doc.write_text(f"# Card\n\nbefore\n\n{START}\nold curve\n{END}\n\nafter\n", encoding="utf-8")
    write_section(doc, f"{START}\nnew curve\n{END}")
    assert doc.read_text(encoding="utf-8") == f"# Card\n\nbefore\n\n{START}\nnew curve\n{END}\n\nafter\n"


class FakeTurn:
    """A turn whose one edit has `margin` (what the gate recorded)."""

    def __init__(self, sentence, proposal, margin):
        self.sentence, self.proposal, self.margins = sentence, proposal, [margin]
        self.review = Review(proposal, "", True, False)

    def gated(self, threshold):
        return self.review if self.margins[0] >= threshold else Review(self.sentence, NO_ERROR, False, True)


def test_the_curve_trades_damage_for_fixes():
    cases = [Case("I go.", "I go.", "correct", ""), Case("She go.", "She goes.", "sva", "")]
    turns = [FakeTurn("I go.", "I goes.", 2.0), FakeTurn("She go.", "She goes.", 5.0)]
    low, mid, high = curve(cases, turns, [-math.inf, 3.0, 6.0])
    assert (low.unchanged, low.fixed) == (0.0, 1.0)
    assert (mid.unchanged, mid.fixed, mid.withheld) == (1.0, 1.0, 1)
    assert (high.unchanged, high.fixed, high.withheld) == (1.0, 0.0, 2)
