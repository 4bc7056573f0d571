from hypothesis import given, settings
from hypothesis import strategies as st

from lantern.safety import Tier

URGENT_PHRASES = [
    "i want to kill myself",
    "ive taken all my tablets",
    "hes got a knife",
    "hes strangling me",
    "im going to end my life tonight",
    "he raped me",
]
# Ordinary words (no negation, time, quotation or risk words) to surround a phrase with.
BENIGN = [
    "the",
    "kids",
    "went",
    "to",
    "school",
    "and",
    "i",
    "made",
    "tea",
    "then",
    "we",
    "watched",
    "telly",
    "it",
    "rained",
    "all",
    "day",
    "my",
    "mum",
    "rang",
    "about",
    "sunday",
    "dinner",
    "work",
    "was",
    "busy",
    "bus",
    "late",
    "shopping",
    "at",
    "tesco",
    "he",
    "moved",
    "the",
    "sofa",
    "and",
    "i",
    "sorted",
    "the",
    "washing",
    "we",
    "talked",
    "about",
    "money",
    "and",
    "the",
    "car",
]

benign_text = st.lists(st.sampled_from(BENIGN), max_size=40).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(before=benign_text, after=benign_text, phrase=st.sampled_from(URGENT_PHRASES))
def test_urgent_phrase_stays_urgent_anywhere_in_benign_text(detector, before, after, phrase):
    text = f"{before}. {phrase}. {after}"
    assert detector.assess(text).tier is Tier.URGENT


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=2000))
def test_detector_never_raises_on_arbitrary_text(detector, text):
    assessment = detector.assess(text)
    assert not assessment.error


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=2000))
def test_reading_the_scene_never_raises_on_arbitrary_text(text):
    # RiskDetector.scene would log and answer "nowhere" on an error; the rules must not raise.
    from lantern.safety import _context as ctx
    from lantern.safety._text import clean, words

    tokens = words(clean(text))
    scene = ctx.Words(tokens, tokens)
    assert ctx.is_here_now(scene) in (True, False)
    assert ctx.is_at_height(scene) in (True, False)


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab i'\"’‘. \n1")), max_size=200))
def test_finding_quote_marks_never_raises_and_agrees_with_double_quotes(text):
    # in_quotes splits the message again with single quote marks kept and finds its words
    # among the pieces; whatever the marks, it answers for every word and never raises.
    from lantern.safety import _context as ctx
    from lantern.safety._text import clean, words

    cleaned = clean(text)
    tokens = words(cleaned)
    w = ctx.Words(tokens, tokens, cleaned)
    for index in range(len(tokens)):
        assert ctx.in_quotes(w, index) in (True, False)
    if "'" not in cleaned:
        doubles = ctx.Words(tokens, tokens)
        assert [ctx.in_quotes(w, i) for i in range(len(tokens))] == [
            ctx.in_quotes(doubles, i) for i in range(len(tokens))
        ]
