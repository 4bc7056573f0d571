from lantern.dialogue.signpost import RESPONSE, marked, should_signpost

MARKED = {"text": "x", "risk": {"tier": "none", "signpost": True}}
SESSION = [
    {"event": "action", "name": "action_session_start"},
    {"event": "session_started"},
    {"event": "action", "name": "action_listen"},
]


def turn(message, *after):
    return [{"event": "user", "text": message["text"], "parse_data": message}, *after]


def test_only_a_message_the_flagger_marked_is_signposted():
    assert marked(MARKED)
    assert not marked({"text": "x", "risk": {"tier": "none", "signpost": False}})
    assert not marked({"text": "x"})  # a button press: no risk record
    assert not marked({"text": "x", "risk": "signpost"})
    assert should_signpost(MARKED, [*SESSION, *turn(MARKED)])
    assert not should_signpost({"text": "x"}, [*SESSION, *turn({"text": "x"})])


def test_a_message_sharing_distress_counts_as_marked():
    distress = {"text": "x", "intent": {"name": "share_distress", "confidence": 0.9}}
    assert marked(distress)
    assert marked({**distress, "risk": {"tier": "none", "signpost": False}})
    assert not marked({"text": "x", "intent": {"name": "topic_trauma_bond", "confidence": 0.9}})
    assert not marked({"text": "x", "intent": "share_distress"})
    assert should_signpost(distress, [*SESSION, *turn(distress)])


def test_once_a_session():
    earlier = turn(
        MARKED,
        {"event": "action", "name": "action_answer_topic"},
        {"event": "bot", "text": "an answer", "metadata": {}},
        {"event": "bot", "text": "helplines", "metadata": {"utter_action": RESPONSE}},
        {"event": "action", "name": "action_listen"},
    )
    assert not should_signpost(MARKED, [*SESSION, *earlier, *turn(MARKED)])
    # a new session (after an hour's silence) may show it again
    assert should_signpost(MARKED, [*SESSION, *earlier, *SESSION, *turn(MARKED)])


def test_not_after_a_safety_reply_or_the_helplines():
    for shown in ("utter_check_in", "utter_urgent", "utter_check_in_no", "utter_resources"):
        earlier = turn({"text": "y"}, {"event": "action", "name": shown})
        assert not should_signpost(MARKED, [*SESSION, *earlier, *turn(MARKED)]), shown


def test_without_a_session_start_in_view_it_is_shown():
    assert should_signpost(MARKED, turn(MARKED))
