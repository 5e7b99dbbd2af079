"""The channel priced from the text's own misprints (``estimate_channel``): forms no dictionary knows against the
frequent word one edit away, each edit counted against its chances. Pages written for these tests (pre-reform text
in the book's manner, the misprints put in by hand)."""
from pipeline.text.lang.correct import CONFUSION, INDEL, SUB, Corrector, _Corpus, channel, estimate_channel

PLACES = ("на столъ", "въ рядъ", "подъ низъ", "на мѣсто", "въ пачку", "къ тузу", "на талонъ", "въ резервъ")
# «карты», «беретъ», «кладетъ», «снова» with a letter left out, each a form no dictionary knows
DROPPED = ("крты", "бретъ", "беетъ", "кладтъ", "ладетъ", "снва", "клаетъ")


def _clean_page() -> list[str]:
    return [f"Онъ беретъ {w} карты и кладетъ ихъ {p} снова." for w in ("всѣ", "двѣ", "три") for p in PLACES]


def _misprinted_page() -> list[str]:
    page = _clean_page() + [f"Потомъ {d} {p} лежатъ." for d, p in zip(DROPPED, PLACES)]
    # and three of the common confusions: е printed с (twice), н printed и
    return page + ["Онъ кладстъ ихъ.", "Она бсретъ ихъ.", "Онъ кладетъ ихъ сиова."]


def test_a_page_without_misprints_leaves_the_hand_set_costs():
    page = _clean_page()
    assert estimate_channel(_Corpus([page])) == {}
    assert Corrector(page).prices == {}


def test_edits_the_text_shows_cost_less_and_those_it_never_shows_more():
    prices = estimate_channel(_Corpus([_misprinted_page()]))
    assert prices["deletion"] < INDEL  # the text drops letters
    assert prices["е→с"] < CONFUSION  # and prints с for е more often than the common confusions on the whole
    assert prices["substitution"] > SUB  # no letter read for another outside the confusions, in every chance
    assert prices["insertion"] > INDEL
    # a confusion the text never shows but gave few chances (ш is in no word of the page) keeps its hand-set cost
    assert abs(prices["ш→пі"] - CONFUSION) < 0.5


def test_the_corrector_ranks_readings_with_the_priced_edits():
    corrector = Corrector(_misprinted_page())
    cost, ops = channel("крты", "карты")
    assert [label for label, _, _ in ops] == ["deletion"]
    assert corrector._priced(cost, ops, False) == cost - INDEL + corrector.prices["deletion"] < cost
