import pytest

from lantern.evaluation import Case, EvalFileError, load_cases


def write(tmp_path, text):
    path = tmp_path / "cases.yml"
    path.write_text(text)
    return path


def test_cases_are_read_in_order(tmp_path):
    path = write(
        tmp_path,
        "cases:\n"
        "  - text: why do i keep going back\n    expect: {topic: why_cant_leave}\n"
        "  - text: hello\n    expect: {risk: none}\n",
    )
    assert load_cases(path) == [
        Case("why do i keep going back", topic="why_cant_leave"),
        Case("hello", risk="none"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # not YAML at all
        ("cases: [unclosed", "not valid YAML at line"),
        # no cases key
        ("tests: []", "cases: field required"),
        # an empty list of cases
        ("cases: []", "cases: ensure this value has at least 1 items"),
        # a case with no text
        ("cases:\n  - expect: {topic: shame}", "cases.0.text: field required"),
        # a case that expects nothing
        ("cases:\n  - text: hi\n    expect: {}", "expect needs a topic or a risk"),
        # a risk tier that does not exist
        ("cases:\n  - text: hi\n    expect: {risk: high}", "cases.0.expect.risk: unexpected value"),
        # a key nobody defined
        ("cases:\n  - text: hi\n    expect: {topik: shame}", "extra fields not permitted"),
        # the file is a list, not a mapping
        ("- text: hi", "must be a mapping with a .cases. list"),
    ],
)
def test_malformed_files_are_refused_with_a_clear_message(tmp_path, text, message):
    with pytest.raises(EvalFileError, match=message):
        load_cases(write(tmp_path, text))


def test_unknown_topic_is_refused_when_topics_are_known(tmp_path):
    path = write(tmp_path, "cases:\n  - text: hi\n    expect: {topic: astrology}\n")
    with pytest.raises(EvalFileError, match=r"cases\.0\.expect\.topic: unknown 'astrology'"):
        load_cases(path, known_topics={"shame"})


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(EvalFileError, match="no such file"):
        load_cases(tmp_path / "nope.yml")
