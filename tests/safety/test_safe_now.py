import pytest

from lantern.safety.safe_now import SafeAnswer, safe_answer


@pytest.mark.parametrize(
    "text",
    [
        "im safe",
        "im safe for now",
        "safe now",
        "I'm OK",
        "im ok thanks",
        "im alright x",
        "i think im ok",
        "me and the kids are safe now",
        "i feel safe now",
        "hes gone out, im ok",
        "im ok now hes asleep",
        "he went to bed, im ok now thanks",
        "hes asleep now",
        "i'm at my mums now",
        "im safe, thank you so much",
    ],
)
def test_a_message_that_says_only_they_are_safe_now_is_read(text):
    assert safe_answer(text) == SafeAnswer(yes=False)


@pytest.mark.parametrize(
    "text",
    ["yes im safe", "yeah im safe now, hes gone", "Yes I’m safe for now", "yeah im fine now"],
)
def test_a_yes_in_front_is_kept(text):
    assert safe_answer(text) == SafeAnswer(yes=True)


@pytest.mark.parametrize(
    "text",
    [
        "yes",
        "ok",
        "fine",
        "no",
        "im not safe",
        "not really",
        "no hes still here",
        "im ok but hes still outside",
        "im safe but scared",
        "i dont feel safe",
        "i locked myself in the bathroom, im ok",
        "im home",
        "unsafe",
        "im ok, ive taken all my pills",
        "im ok now hes asleep but i keep thinking about ending it all tonight",
        "",
    ],
)
def test_a_message_that_says_more_or_denies_it_is_left_to_nlu(text):
    assert safe_answer(text) is None
