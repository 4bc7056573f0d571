import pytest

from lantern.safety.sign_off import is_sign_off


@pytest.mark.parametrize(
    "text",
    ["bye x", "Goodbye x", "thanks, night x", "ok thanks bye", "bye for now xx", "Cheers bye!!",
     "thank u", "see you soon x", "ta ra"],
)  # fmt: skip
def test_a_goodbye_or_thanks_alone_is_a_sign_off(text):
    assert is_sign_off(text)


@pytest.mark.parametrize(
    "text",
    [
        "thanks for everything. goodbye",  # a farewell says more
        "bye everyone x",
        "goodbye world",
        "bye x sorry for everything",
        "thank you for trying x",
        "hes home bye",
        "bye 💔",  # emoji are not read
        "ok",  # no word of leaving or thanks
        "x",
        "",
        "bye " * 9,  # too long to be only a goodbye
    ],
)
def test_anything_more_is_not_a_sign_off(text):
    assert not is_sign_off(text)


def test_reading_never_raises_on_odd_text():
    for text in ("\x00bye\u200bx", "b\u200bye", "bye" * 50_000, "bye\nx"):
        assert isinstance(is_sign_off(text), bool)
