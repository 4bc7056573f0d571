import pytest

from lantern.safety.unsure import is_unsure_answer


@pytest.mark.parametrize(
    "text",
    ["idk", "IDK.", "idk maybe", "not sure tbh", "dunno x", "i don't know", "i dont really know",
     "no idea", "kind of", "maybe", "hmm not sure", "idk really", "not too sure to be honest",
     "idk 🤷‍♀️", "i guess", "um idk?", "Not sure"],
)  # fmt: skip
def test_saying_only_that_they_do_not_know_is_an_unsure_answer(text):
    assert is_unsure_answer(text)


@pytest.mark.parametrize(
    "text",
    [
        "idk anymore",  # says more than not knowing
        "not sure i can do this",
        "dunno why im still here",
        "maybe its better if im gone",
        "not sure tonight",
        "idk what the point is",
        "maybe yeah",  # a direction: NLU's yes or no
        "probably not",
        "not really",
        "yes",
        "no",
        "idk 💔",  # emoji other than a shrug are not read
        "x",  # nothing of not knowing
        "ok",
        "",
        "idk " * 9,  # too long to be only that
    ],
)
def test_anything_more_is_not_an_unsure_answer(text):
    assert not is_unsure_answer(text)


def test_reading_never_raises_on_odd_text():
    for text in ("\x00idk\u200bx", "i\u200bdk", "idk" * 50_000, "not\nsure"):
        assert isinstance(is_unsure_answer(text), bool)
