from lantern.content import PassageIndex
from lantern.dialogue import replies


def test_answer_offers_more_related_and_what_can_help(library):
    topic = library["trauma_bond"]
    reply = replies.topic_answer(topic, library)
    titles = [b.title for b in reply.buttons]
    assert reply.text == topic.summary
    assert titles[0] == "Tell me more"
    assert titles[-1] == "What can help?"
    assert titles[1:-1] == [library[t].button for t in topic.related[:2]]


def test_more_goes_deeper_and_names_its_source(library):
    topic = library["gaslighting"]
    reply = replies.topic_more(topic, library)
    assert topic.more[0] in reply.text
    assert reply.text.endswith(topic.source_line)
    assert "Drawn from" in topic.source_line


def test_next_steps_always_offer_a_person_to_talk_to(library):
    for topic in library:
        reply = replies.topic_next_steps(topic, library)
        assert "0808 2000 247" in reply.text
        for step in topic.next_steps:
            assert step in reply.text


def test_clarify_offers_two_topics_and_something_else(library):
    reply = replies.clarify([library["shame"], library["not_your_fault"], library["recovery"]])
    assert [b.payload for b in reply.buttons] == [
        "/topic_shame",
        "/topic_not_your_fault",
        "/what_can_you_do",
    ]


def test_search_answer_says_which_topic_it_drew_from(library):
    hit = PassageIndex(library).search("emdr")[0]
    reply = replies.search_answer(hit, library)
    assert library[hit.topic_id].title in reply.text
    assert hit.passage.text in reply.text


def test_gentle_fallback_says_what_the_bot_can_help_with(library):
    reply = replies.gentle_fallback(library)
    assert "automated" in reply.text
    assert "/resources" in reply.text
    assert len(reply.buttons) == len(replies.STARTER_TOPICS)
