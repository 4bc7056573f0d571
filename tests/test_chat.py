import io

import pytest

from lantern.chat import render, user_text

BUTTONS = [{"title": "Tell me more", "payload": '/tell_me_more{"topic":"shame"}'}]


@pytest.mark.parametrize(
    ("typed", "sent"),
    [
        ("1", '/tell_me_more{"topic":"shame"}'),  # a button's number sends its payload
        ("2", "2"),  # a number with no button is just text
        ("/restart", "restart"),  # typed intent syntax is never passed through
        ('/greet{"x":1}', 'greet{"x":1}'),  # nor with entities
        ("  hello  ", "hello"),  # surrounding space is dropped
        ("   ", None),  # blank input sends nothing
    ],
)
def test_user_text(typed, sent):
    assert user_text(typed, BUTTONS) == sent


def test_render_numbers_buttons():
    out = io.StringIO()
    buttons = render([{"text": "Hello", "buttons": BUTTONS}], out)
    assert buttons == BUTTONS
    assert "lantern> Hello" in out.getvalue()
    assert "[1] Tell me more" in out.getvalue()
