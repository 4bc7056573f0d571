import datetime as dt
import shutil
from pathlib import Path

import pytest
import yaml

from lantern.safety.crisis import render_domain
from lantern.safety.resources import ResourceError, load_resources

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def book():
    return load_resources()


@pytest.mark.parametrize(
    ("category", "nation", "must_include", "must_not_include"),
    [
        # suicide in England: Samaritans, Shout and NHS 111 option 2
        ("suicide", None, {"samaritans", "shout", "nhs_111_mental_health"}, set()),
        # NHS 111 option 2 is for England only
        ("suicide", "scotland", {"samaritans", "shout"}, {"nhs_111_mental_health"}),
        # immediate danger: 999 and the Silent Solution, plus the nation's helpline
        ("immediate_danger", "wales", {"emergency", "silent_solution", "live_fear_free"}, set()),
        ("immediate_danger", "scotland", {"scotland_da_helpline"}, {"national_da_helpline"}),
        ("immediate_danger", "northern_ireland", {"ni_dsa_helpline"}, set()),
        # a child: NSPCC and Childline
        ("child_at_risk", None, {"nspcc", "childline"}, set()),
        # stalking: the National Stalking Helpline
        ("stalking", None, {"stalking_helpline"}, set()),
        # sexual violence: Rape Crisis
        ("sexual_violence", None, {"rape_crisis"}, set()),
        # forced marriage and honour-based abuse: 999 and the Silent Solution as for danger,
        # Karma Nirvana and the Forced Marriage Unit, and the nation's helpline
        (
            "honour_based_abuse",
            None,
            {
                "emergency",
                "silent_solution",
                "karma_nirvana",
                "forced_marriage_unit",
                "national_da_helpline",
            },
            set(),
        ),
        ("honour_based_abuse", "scotland", {"scotland_da_helpline"}, {"national_da_helpline"}),
        # abroad: the local emergency number and the Forced Marriage Unit, which helps British
        # nationals overseas; no UK helpline that only works from the UK
        (
            "honour_based_abuse",
            "elsewhere",
            {"local_emergency", "forced_marriage_unit"},
            {"emergency", "karma_nirvana", "national_da_helpline"},
        ),
        # elsewhere: international resources and never a UK number
        ("suicide", "elsewhere", {"find_a_helpline", "local_emergency"}, {"samaritans"}),
    ],
)
def test_resources_fit_the_risk_and_the_place(
    book, category, nation, must_include, must_not_include
):
    chosen = {r.id for r in book.for_risk(category, nation)}
    assert must_include <= chosen
    assert not (must_not_include & chosen)


@pytest.mark.parametrize("nation", [None, "wales", "scotland", "northern_ireland"])
@pytest.mark.parametrize(
    ("category", "first"),
    [
        # Childline straight after the 999 lines, ahead of the others (and of the NSPCC, which
        # is for adults worried about a child), so a check-in's first three keep it
        ("immediate_danger", ["emergency", "silent_solution", "childline"]),
        ("child_at_risk", ["emergency", "childline"]),
        ("suicide", ["life_at_risk", "childline", "samaritans"]),
        ("sexual_violence", ["emergency", "childline"]),
        # no 999 line: Childline first
        ("signpost", ["childline", "samaritans"]),
    ],
)
def test_a_young_writer_gets_childline_after_the_emergency_lines(book, nation, category, first):
    chosen = [r.id for r in book.for_risk(category, nation, young=True)]
    assert chosen[: len(first)] == first
    assert chosen.count("childline") == 1
    adult = [r.id for r in book.for_risk(category, nation)]
    assert [i for i in chosen if i != "childline"] == [i for i in adult if i != "childline"]


def test_a_young_writer_abroad_gets_no_uk_number(book):
    assert book.for_risk("suicide", "elsewhere", young=True) == book.for_risk(
        "suicide", "elsewhere"
    )


def test_every_resource_names_its_source_and_when_it_was_checked(book):
    for resource in book.resources.values():
        assert resource.source
        assert isinstance(resource.verified_on, dt.date)


def test_hours_to_be_checked_are_never_stated(book):
    line = book.resources["galop"].line()
    assert "opening times at galop.org.uk" in line
    assert "24/7" not in line


@pytest.fixture
def resources_copy(tmp_path):
    target = tmp_path / "resources.yml"
    shutil.copy(ROOT / "content" / "resources.yml", target)
    return target


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a selection naming a resource that does not exist
        (lambda d: d["by_category"]["suicide"]["uk"].append("nobody"), "unknown resource 'nobody'"),
        # a Wales-only service offered across the UK
        (lambda d: d["by_category"]["suicide"]["uk"].append("live_fear_free"), "is not for uk"),
        # hours to check but no website to point to
        (lambda d: d["resources"]["galop"].pop("website"), "website: required"),
        # a kind of risk with no selection
        (lambda d: d["by_category"].pop("stalking"), "missing stalking"),
        # no date it was last checked
        (lambda d: d["resources"]["shout"].pop("verified_on"), "verified_on"),
        # a young person's service that does not exist, or is not for the whole UK
        (lambda d: d["young_person"]["add"].append("nobody"), "young_person.add.1.: unknown"),
        (lambda d: d["young_person"]["add"].append("live_fear_free"), "not for the whole UK"),
        (lambda d: d["young_person"]["after"].append("nobody"), "young_person.after.3.: unknown"),
    ],
)
def test_broken_resources_file_fails_naming_the_field(resources_copy, change, message):
    data = yaml.safe_load(resources_copy.read_text())
    change(data)
    resources_copy.write_text(yaml.safe_dump(data))
    with pytest.raises(ResourceError, match=message):
        load_resources(resources_copy)


def test_generated_crisis_domain_is_up_to_date():
    # Staff edit content/; `lantern resources build` regenerates domain/crisis.yml.
    assert (ROOT / "domain" / "crisis.yml").read_text() == render_domain()
