import pytest

from lantern.safety.places import find_nation


@pytest.mark.parametrize(
    ("text", "nation"),
    [
        ("wales", "wales"),  # one word
        ("im in belfast", "northern_ireland"),  # a city
        ("I live in Cardiff now, does that change anything?", "wales"),  # says where they are
        ("glasgow", "scotland"),
        ("im in the us", "elsewhere"),
        ("i'm not in the uk", "elsewhere"),
        ("northern ireland", "northern_ireland"),  # not "ireland"
        (
            "my ex is from glasgow and he keeps texting me about the kids",
            None,
        ),  # not where they are
        ('/inform_nation{"nation":"wales"}', None),  # a button payload is Rasa's job
        ("", None),
    ],
)
def test_find_nation(text, nation):
    assert find_nation(text) == nation
