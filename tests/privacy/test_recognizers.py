"""Each recogniser on its own: what it must find, and what it must leave alone.

Rows are (message, spans expected as (type, text)); an empty list means "find nothing".
"""

from __future__ import annotations

import pytest

from lantern.privacy.recognizers import (
    AddressRecognizer,
    BankAccountRecognizer,
    CardRecognizer,
    DateOfBirthRecognizer,
    HandleRecognizer,
    LongNumberRecognizer,
    NinoRecognizer,
    OfflineEmailRecognizer,
    PersonRecognizer,
    PhoneRecognizer,
    PlaceRecognizer,
    PostcodeRecognizer,
    SchoolRecognizer,
    VehicleRegRecognizer,
    WorkplaceRecognizer,
)


def spans(recognizer: object, text: str) -> set[tuple[str, str]]:
    results = recognizer.analyze(text, entities=[])  # type: ignore[attr-defined]
    return {(r.entity_type, text[r.start : r.end]) for r in results}


PEOPLE = [
    ("my ex darren keeps ringing", [("PERSON", "darren")]),  # lower-case name, unambiguous
    ("Darren said I was mad", [("PERSON", "Darren")]),  # capitalised at the start
    ("my ex will wont leave me alone", [("PERSON", "will")]),  # modal as a name after "my ex"
    ("my ex will kill me", []),  # ...but not when it is the modal verb
    ("i hope so", []),  # "hope" as a verb
    ("my daughter hope is 6", [("PERSON", "hope")]),  # "hope" as a name after a relation
    ("I told Mark about it", [("PERSON", "Mark")]),  # ambiguous name capitalised mid-sentence
    ("he'd mark my words", []),  # "mark" as a verb
    ("my ex dazza turned up", [("PERSON", "dazza")]),  # nickname from the hand list
    ("my partner zubair took my phone", [("PERSON", "zubair")]),  # name from the dictionary
    ("his name is ngozi", [("PERSON", "ngozi")]),  # after "his name is"
    ("darren smith turned up", [("PERSON", "darren smith")]),  # surname joins the name
    ("Kelly O'Brien is my sister", [("PERSON", "Kelly O'Brien")]),  # apostrophe surname
    ("darren's mum rang", [("PERSON", "darren")]),  # possessive not in the span
    ("Emeka my husband wont let me work", [("PERSON", "Emeka")]),  # apposition "my husband"
    ("kwame said he would change", [("PERSON", "kwame")]),  # before a speech verb
    ("since April things got worse", []),  # a month, not a name
    ("bath time for the kids", []),  # "bath" is not a person
    ("my mum rang on friday", []),  # kinship words and days are never names
    ("why cant i leave him", []),  # an ordinary question
]

PLACES = [
    ("he lives in leeds now", [("PLACE", "leeds")]),  # UK city, lower case
    ("we moved to milton keynes", [("PLACE", "milton keynes")]),  # two-word place
    ("she lives in reading", [("PLACE", "reading")]),  # common word after "lives in"
    ("reading his texts", []),  # ...and not otherwise
    ("his family is back in lagos", [("PLACE", "lagos")]),  # a large city abroad
    ("i live in wales", []),  # the nations are kept
    ("i'm staying near Harehills", [("PLACE", "Harehills")]),  # district from the hand list
    ("I'm at the Trafford Centre", [("PLACE", "Trafford Centre")]),  # capitalised after "at the"
    ("i was in st james's for a week", [("PLACE", "st james's")]),  # named after a saint
    ("she works at the Royal Infirmary", [("PLACE", "Royal Infirmary")]),  # named hospital
]

SCHOOLS = [
    ("he turned up at st mary's primary", [("SCHOOL", "st mary's primary")]),  # saint + primary
    ("the kids go to oakfield academy", [("SCHOOL", "oakfield academy")]),  # made-up name
    ("the nursery is Rosehill", [("SCHOOL", "Rosehill")]),  # name after "is"
    ("he waits outside the school", []),  # generic
    ("she started high school", []),  # generic
]

WORKPLACES = [
    ("he works at tesco on the high street", [("WORKPLACE", "tesco")]),  # stops at "on"
    ("my shift at Greggs starts at 6", [("WORKPLACE", "Greggs")]),  # after "shift at"
    ("he works at night", []),  # time, not a place
    ("i work at home", []),  # not a workplace name
]

PHONES = [
    ("ring me on 07700 900461", [("PHONE", "07700 900461")]),  # UK mobile, spaced
    ("his number is 07700900461", [("PHONE", "07700900461")]),  # UK mobile, plain
    ("call +44 7700 900461", [("PHONE", "+44 7700 900461")]),  # international form
    ("0161 496 0000 is her work", [("PHONE", "0161 496 0000")]),  # landline
    ("try 07700-900-461", [("PHONE", "07700-900-461")]),  # dashes
    ("+234 803 123 4567 is his brother", [("PHONE", "+234 803 123 4567")]),  # Nigeria
    ("call 999", []),  # emergency number, too short to identify anyone
    ("expiry 09/27", []),  # not a phone number
]

EMAILS = [
    ("email me at daz88@gmail.com", [("EMAIL", "daz88@gmail.com")]),
    ("its kelly.jones@outlook.co.uk", [("EMAIL", "kelly.jones@outlook.co.uk")]),
    ("no email here @ all", []),
]

HANDLES = [
    ("his insta is @dazza_88", [("HANDLE", "@dazza_88")]),  # @handle
    ("her tiktok is lee.w99", [("HANDLE", "lee.w99")]),  # handle after the site name
    ("he follows me on snap under gazzaaa23", [("HANDLE", "gazzaaa23")]),  # "under"
    ("i'm so scared", []),  # "sc" inside a word is not Snapchat
    ("account 12345678", []),  # all digits: an account number, not a handle
]

POSTCODES = [
    ("i live at ls6 2ab", [("POSTCODE", "ls6 2ab")]),  # lower case, spaced
    ("SW1A1AA", [("POSTCODE", "SW1A1AA")]),  # no space
    ("my postcode is ls6", [("POSTCODE", "ls6")]),  # outward code after "postcode"
    ("at 2am", []),  # time
]

ADDRESSES = [
    ("he lives at 14 elm grove", [("ADDRESS", "14 elm grove")]),
    ("flat 3, 27 Victoria Road", [("ADDRESS", "flat 3, 27 Victoria Road")]),
    ("he lives at 3 The Crescent", [("ADDRESS", "3 The Crescent")]),  # "The" in a street name
    ("i have 2 kids in the park", []),  # number + words + "park", not an address
    ("its a 5 min walk", []),  # durations are not streets
]

NINOS = [
    ("my NI is QQ 12 34 56 C", []),  # QQ is not a valid prefix
    ("my NI is AB 12 34 56 C", [("NI_NUMBER", "AB 12 34 56 C")]),
    ("ni number ab123456c", [("NI_NUMBER", "ab123456c")]),  # lower case, no spaces
    ("GB 12 34 56 A", []),  # GB is an excluded prefix
]

PLATES = [
    ("his car is AB12 CDE", [("VEHICLE_REG", "AB12 CDE")]),  # current style
    ("reg is ab12cde", [("VEHICLE_REG", "ab12cde")]),  # lower case, no space
    ("his reg is p123 abc", [("VEHICLE_REG", "p123 abc")]),  # older style after "reg"
    ("a1 the", []),  # older shape in lower case without a cue
]

BIRTHDATES = [
    ("born 14/03/1989", [("DATE_OF_BIRTH", "14/03/1989")]),
    ("his dob is 3rd june 1985", [("DATE_OF_BIRTH", "3rd june 1985")]),
    ("since march 2019 its been worse", []),  # a date that is not a birth date
]

BANK = [
    ("sort code 20-00-00", [("BANK_ACCOUNT", "20-00-00")]),
    ("account number 31669330", [("BANK_ACCOUNT", "31669330")]),
    ("the sort code is 309634", [("BANK_ACCOUNT", "309634")]),  # six digits after a cue
]

CARDS = [
    ("card 4111 1111 1111 1111", [("CARD", "4111 1111 1111 1111")]),  # Luhn-valid Visa
    ("2221-0012-3456-7896", [("CARD", "2221-0012-3456-7896")]),  # Mastercard 2-series
    ("4111 1111 1111 1112", []),  # fails the Luhn check
]

LONG_NUMBERS = [
    ("crime ref 14/123456/23", [("ID_NUMBER", "14/123456/23")]),
    ("it cost 500 quid", []),
]

TABLES = [
    (PersonRecognizer, PEOPLE),
    (PlaceRecognizer, PLACES),
    (SchoolRecognizer, SCHOOLS),
    (WorkplaceRecognizer, WORKPLACES),
    (PhoneRecognizer, PHONES),
    (OfflineEmailRecognizer, EMAILS),
    (HandleRecognizer, HANDLES),
    (PostcodeRecognizer, POSTCODES),
    (AddressRecognizer, ADDRESSES),
    (NinoRecognizer, NINOS),
    (VehicleRegRecognizer, PLATES),
    (DateOfBirthRecognizer, BIRTHDATES),
    (BankAccountRecognizer, BANK),
    (CardRecognizer, CARDS),
    (LongNumberRecognizer, LONG_NUMBERS),
]
CASES = [
    pytest.param(kind, text, expected, id=f"{kind.__name__}:{text[:30]}")
    for kind, rows in TABLES
    for text, expected in rows
]


@pytest.mark.parametrize(("kind", "text", "expected"), CASES)
def test_recogniser(kind: type, text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(kind(), text) == set(expected)


def test_each_result_says_why() -> None:
    results = PersonRecognizer().analyze("my ex darren", entities=[])
    assert results and results[0].analysis_explanation.textual_explanation
    assert results[0].recognition_metadata["recognizer_name"] == "PersonRecognizer"
