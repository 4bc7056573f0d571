"""The anonymiser as the store and `lantern redact` use it: placeholders, bad input, fallback."""

from __future__ import annotations

import pytest

from lantern.privacy import REDACTED, Redactor, default_redactor
from lantern.privacy.redactor import MAX_CHARS, normalise


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return default_redactor()


def test_typed_placeholders(redactor: Redactor) -> None:
    text = "my ex darren rang 07700 900461 and emailed daz88@gmail.com from ls6 2ab"
    assert redactor.redact_text(text) == (
        "my ex <PERSON> rang <PHONE> and emailed <EMAIL> from <POSTCODE>"
    )


def test_ordinary_text_is_left_alone(redactor: Redactor) -> None:
    text = "why do i keep going back to him, i hope i will be ok by may"
    assert redactor.redact_text(text) == text


def test_helpline_numbers_from_our_resources_are_kept(redactor: Redactor) -> None:
    assert "0808 2000 247" in redactor.redact_text("is 0808 2000 247 the right number")


def test_findings_say_what_and_who(redactor: Redactor) -> None:
    redaction = redactor.redact("call me on 07700 900461")
    (finding,) = redaction.findings
    assert finding.entity == "PHONE" and finding.recognizer == "PhoneRecognizer" and finding.why


def test_full_width_digits_and_invisible_characters_do_not_hide_a_number(
    redactor: Redactor,
) -> None:
    assert redactor.redact_text("ring ０７７００ ９００４６１") == "ring <PHONE>"
    assert redactor.redact_text("ring 07700\u200b900461") == "ring <PHONE>"


def test_lone_surrogates_are_replaced_not_written(redactor: Redactor) -> None:
    result = redactor.redact_text("hello \ud800 darren")
    assert "\ud800" not in result and "<PERSON>" in result
    result.encode("utf-8")  # storable


def test_mixed_scripts(redactor: Redactor) -> None:
    result = redactor.redact_text("он сказал darren 07700 900461 قال")
    assert "darren" not in result and "900461" not in result and "он сказал" in result


def test_very_long_message_is_anonymised_up_to_the_limit(redactor: Redactor) -> None:
    long = ("i feel so alone tonight " * 400) + " call darren on 07700 900461"
    assert len(long) < MAX_CHARS
    result = redactor.redact_text(long)
    assert "900461" not in result and "darren" not in result


def test_over_the_limit_is_replaced_whole(redactor: Redactor) -> None:
    assert redactor.redact_text("x" * (MAX_CHARS + 1)) == REDACTED


def test_a_failure_never_returns_raw_text(
    redactor: Redactor, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str) -> list[object]:
        raise RuntimeError(text)

    monkeypatch.setattr(redactor, "analyze", broken)
    redaction = redactor.redact("my ex darren rang 07700 900461")
    assert redaction.text == REDACTED and redaction.failed


def test_non_text_is_redacted(redactor: Redactor) -> None:
    assert redactor.redact(None).text == REDACTED  # type: ignore[arg-type]


def test_normalise() -> None:
    assert normalise("a\u200bb\ufeffc") == "abc"
    assert normalise("ﬁne") == "fine"


def test_an_installed_ner_model_is_used(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """No pretrained model can be installed here: train a tiny one that knows one name."""
    import spacy
    from spacy.training import Example

    spacy.util.fix_random_seed(0)  # the tiny model must come out the same on every run
    nlp = spacy.blank("en")
    nlp.add_pipe("ner").add_label("PERSON")
    train = [
        ("my friend Zorblax came round", {"entities": [(10, 17, "PERSON")]}),
        ("I told Zorblax everything", {"entities": [(7, 14, "PERSON")]}),
        ("Zorblax said no", {"entities": [(0, 7, "PERSON")]}),
        ("i saw her today", {"entities": []}),
        ("i told them everything", {"entities": []}),
    ]
    examples = [Example.from_dict(nlp.make_doc(t), a) for t, a in train]
    nlp.initialize(lambda: examples)
    for _ in range(30):
        nlp.update(examples)
    nlp.to_disk(tmp_path / "ner")
    redaction = Redactor(ner_model=str(tmp_path / "ner")).redact("i saw Zorblax today")
    assert redaction.text == "i saw <PERSON> today"
    assert "SpacyRecognizer" in {f.recognizer for f in redaction.findings}


def test_a_missing_ner_model_falls_back_to_the_gazetteer() -> None:
    redactor = Redactor(ner_model="/nonexistent/model")
    assert redactor.redact_text("my ex darren") == "my ex <PERSON>"
