import pytest
import yaml

from lantern.safety import PatternError, Tier, load_patterns
from lantern.safety.patterns import compile_phrase, expand_word_lists

GOOD = {
    "id": "suicide.example",
    "category": "suicide",
    "tier": "urgent",
    "kind": "statement",
    "explanation": "An example.",
    "phrases": ["kill myself"],
}


def write(tmp_path, patterns, words=None):
    path = tmp_path / "patterns.yml"
    document = {"patterns": patterns} if words is None else {"words": words, "patterns": patterns}
    path.write_text(yaml.safe_dump(document))
    return path


def test_the_project_patterns_load():
    patterns = load_patterns()
    assert len(patterns) >= 20
    assert {p.category.value for p in patterns if p.category} >= {
        "suicide", "self_harm", "overdose", "immediate_danger", "child_at_risk", "stalking",
        "sexual_violence", "concern_for_other", "abuser_suicide_threat",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a tier that does not exist
        ({"tier": "high"}, "pattern 'suicide.example' field 'tier'"),
        # a category that does not exist
        ({"category": "sadness"}, "field 'category'"),
        # a figurative pattern must not have a category
        ({"kind": "figurative"}, "a figurative pattern has no category"),
        # a risk pattern must have one
        ({"category": None}, "field required for a risk pattern"),
        # phrases are lower case
        ({"phrases": ["Kill myself"]}, "lower case"),
        # apostrophes are dropped from messages, so patterns never have them
        ({"phrases": ["i'm going"]}, "no apostrophes"),
        # a phrase needs a required word
        ({"phrases": ["?maybe *"]}, "has no required word"),
        # '?' marks a whole token optional, once: "?nearly|?almost" would look for "?almost"
        ({"phrases": ["phone ?nearly|?almost dead"]}, "makes the whole token optional"),
        # only a figure of speech can be an aside that explains nothing
        ({"explains_message": False}, "only a figurative pattern explains a message"),
        # a figure of speech cannot hold another
        (
            {"kind": "figurative", "category": None, "holds_figures": True},
            "only a risk pattern can hold a figure of speech",
        ),
        # an unknown special token
        ({"phrases": ["#date"]}, "unknown special token"),
        # a run of words written as if it were one alternative: "im" alone would never match
        ({"phrases": ["only reason im|i am still here"]}, "'im' alone never matches"),
        # a pattern has phrases or a scene, not both or neither
        ({"scene": ["wedding|nikah", "tomorrow"]}, "phrases or a scene, not both or neither"),
        ({"phrases": []}, "phrases or a scene, not both or neither"),
        # a scene's slots are single words, and one slot would be a phrase
        ({"phrases": [], "scene": ["next week", "flight"]}, "single lower-case words only"),
        ({"phrases": [], "scene": ["wedding"]}, "at least two slots"),
        # words a phrase needs beside it are slots like a scene's, and only a phrase has them
        ({"needs": ["next week"]}, "needs slot 'next week': alternatives of single"),
        ({"phrases": [], "scene": ["wedding", "flight"], "needs": ["abroad"]}, "only a pattern"),
        # an id must be group.name
        ({"id": "no-dot"}, "field 'id'"),
        # no explanation for staff
        ({"explanation": ""}, "field 'explanation'"),
    ],
)
def test_invalid_pattern_is_refused_naming_the_pattern_and_field(tmp_path, change, message):
    with pytest.raises(PatternError, match=message):
        load_patterns(write(tmp_path, [{**GOOD, **change}]))


def test_duplicate_ids_are_refused(tmp_path):
    with pytest.raises(PatternError, match=r"duplicate pattern ids: suicide\.example"):
        load_patterns(write(tmp_path, [GOOD, GOOD]))


def test_invalid_yaml_names_the_line(tmp_path):
    path = tmp_path / "patterns.yml"
    path.write_text("patterns:\n  - id: [unclosed\n")
    with pytest.raises(PatternError, match="is not valid YAML at line"):
        load_patterns(path)


def test_a_word_list_becomes_alternatives_of_one_token(tmp_path):
    words = {"joking_people": ["mum", "flatmate"]}
    phrases = ["?@joking_people|nan ** kill me", "@joking_people will"]
    [pattern] = load_patterns(write(tmp_path, [{**GOOD, "phrases": phrases}], words))
    assert pattern.phrases == ("?mum|flatmate|nan ** kill me", "mum|flatmate will")
    assert expand_word_lists("kill me", words) == "kill me"


@pytest.mark.parametrize(
    ("words", "phrase", "message"),
    [
        # a list the file does not have, named with the pattern it is in
        ({}, "@nobody kill me", "pattern 'suicide.example' field 'phrases': unknown word list"),
        # one word per entry: a space would make two tokens of one alternative
        ({"people": ["my mum"]}, "@people kill me", "is not one lower-case word"),
        # lists do not nest
        ({"people": ["@others"]}, "@people kill me", "is not one lower-case word"),
        ({"People": ["mum"]}, "kill me", "bad list name"),
        ({"people": []}, "kill me", "a non-empty list of words"),
    ],
)
def test_bad_word_lists_are_refused(tmp_path, words, phrase, message):
    with pytest.raises(PatternError, match=message):
        load_patterns(write(tmp_path, [{**GOOD, "phrases": [phrase]}], words))


def test_an_unexpanded_word_list_does_not_compile():
    with pytest.raises(ValueError, match="not expanded"):
        compile_phrase("@people kill me")


@pytest.mark.parametrize("gap", ["?*", "?**"])
def test_an_optional_gap_is_refused_as_it_would_match_a_literal_star(gap):
    # "with the ?* neighbours" read as an optional word "*" and never let a word in between.
    with pytest.raises(ValueError, match="a gap is already optional"):
        compile_phrase(f"with the {gap} neighbours")


def test_phrase_syntax_compiles_to_matcher_specs():
    assert compile_phrase("want|wanna ?to ** die #num *") == [
        {"ORTH": {"IN": ["wanna", "want"]}},
        {"ORTH": "to", "OP": "?"},
        {"OP": "{0,3}"},
        {"ORTH": "die"},
        {"LIKE_NUM": True},
        {"OP": "?"},
    ]


def test_a_gap_never_spans_the_end_of_a_sentence(detector):
    # "it ** kill me" is a figure of speech; across a full stop it is not.
    assert detector.assess("i cant take it. he will kill me").tier is Tier.URGENT
    assert detector.assess("this heat is killing me").tier is Tier.NONE
