"""Structured identifiers with a UK shape.

Postcodes, addresses, NI numbers, number plates, dates of birth, bank details, card numbers and
long reference numbers. Each is a regular expression plus, where the identifier has one, a
validity check (the NI number's prefix rules, the card's Luhn sum). Dates are only personal
data here when the words around them say it is a birth date ("born", "dob", "birthday"); other
dates ("since march 2019") are kept.
"""

from __future__ import annotations

import re

from presidio_analyzer import RecognizerResult

from lantern.privacy.recognizers._base import Recognizer

_I = re.IGNORECASE

POSTCODE = re.compile(
    r"(?<![\w])(?:GIR ?0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|"
    r"[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])"
    r" ?[0-9][ABD-HJLNP-UW-Z]{2})"
    r"(?![\w])",
    _I,
)
# An outward code alone ("postcode is ls6") after the word postcode.
OUTWARD_AFTER_CUE = re.compile(
    r"\b(?:post ?code|postal code)\s*(?:is|was|:)?\s*((?:[A-PR-UWYZ][A-HK-Y]?[0-9][0-9A-Z]?))\b", _I
)

STREET_TYPES = (
    "road|rd|street|st|avenue|ave|lane|ln|close|drive|dr|grove|gardens|gdns|terrace|tce|"
    "place|pl|crescent|cres|way|court|ct|walk|row|hill|square|sq|mews|view|rise|parade|green|"
    "park|vale|wynd|brae|gate|fold|croft|heights|boulevard|villas|cottages|estate|chase|"
    "approach|grange|meadows?|close"
)
ADDRESS = re.compile(
    r"(?:\b(?:flat|apartment|apt|unit|room)\s*\d+[a-z]?\s*,?\s*)?"
    r"\b\d{1,4}[a-z]?(?:\s*,)?\s+((?:[a-z][\w'’\-]*\s+){1,3}?)(?:" + STREET_TYPES + r")\b\.?",
    _I,
)
# A street named without a number after "lives on", "moved to", "address is".
STREET_AFTER_CUE = re.compile(
    r"\b(?:lives? on|living on|moved to|moving to|address is|house on|flat on|stays? on|"
    r"staying on|off)\s+((?:[a-z][\w'’\-]*\s+){1,3}?(?:road|rd|street|avenue|ave|lane|close|"
    r"drive|crescent|terrace|gardens|grove|mews|way|court|walk|row|square))\b",
    _I,
)
NOT_IN_STREET = frozenset(
    """
    a an the and or but to of in on at by for from with my his her their our your its this
    that these those i he she they we you it me him them us is was are be been am had has
    have do did not no so if when then min mins minute minutes hour hours hr hrs year years
    yr yrs day days week weeks month months mile miles times time kids children kid quid
    pounds pound grand people things times more less other different long short
    """.split()
)

NINO = re.compile(
    r"(?<![\w])(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
    r"[ -]?\d{2}[ -]?\d{2}[ -]?\d{2}[ -]?[A-D](?![\w])",
    _I,
)

PLATE_CURRENT = re.compile(r"(?<![\w])[A-Z]{2}[0-9]{2} ?[A-Z]{3}(?![\w])", _I)
PLATE_OLDER = re.compile(
    r"(?<![\w])(?:[A-HJ-PR-Y][0-9]{1,3} ?[A-Z]{3}|[A-Z]{3} ?[0-9]{1,3}[A-Y])(?![\w])", _I
)
PLATE_CUE = re.compile(r"\b(?:reg|registration|plate|plates|number ?plate|car|van|motor)\b", _I)

MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
DATE = re.compile(
    r"\b(?:\d{1,2}[/.\-]\d{1,2}[/.\-](?:\d{4}|\d{2})"
    r"|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + MONTHS + r",?(?:\s+(?:\d{4}|'?\d{2}))?"
    r"|" + MONTHS + r"\s+\d{1,2}(?:st|nd|rd|th)?,?(?:\s+(?:\d{4}|'?\d{2}))?)(?![\w])",
    _I,
)
BIRTH_CUE = re.compile(
    r"\b(?:born|dob|d\.o\.b\.?|date of birth|birth ?date|birthday|bday|b'day|b-day|birth)\b", _I
)
BIRTH_WINDOW = 45

SORT_CODE_AFTER_CUE = re.compile(r"\bsort ?code\s*(?:is|was|:)?\s*(\d{6})\b", _I)
SORT_CODE = re.compile(r"(?<![\w\-/.])\d{2}[-– ]\d{2}[-– ]\d{2}(?![\w\-/])")
ACCOUNT = re.compile(r"(?<![\w\-/.])\d{8}(?![\w\-/])")
# 13 to 19 digits in groups, as printed on a card: checked with the Luhn sum.
CARD_DIGITS = re.compile(r"(?<![\w\-])\d(?:[ \-.]?\d){12,18}(?![\w\-])")
# Long reference numbers: crime references, case numbers, customer numbers (6+ digits).
LONG_NUMBER = re.compile(r"(?<![\w])(?=[\w/\-]*\d{6})[A-Z0-9][\w/\-]{5,}\d[\w]*(?![\w])", _I)


class PostcodeRecognizer(Recognizer):
    """UK postcodes in full ("ls6 2ab", "SW1A1AA"), and outward codes after "postcode"."""

    ENTITIES = ("POSTCODE",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Postcodes in ``text``."""
        found = [
            self.result("POSTCODE", m.start(), m.end(), 0.9, "UK postcode shape")
            for m in POSTCODE.finditer(text)
        ]
        found += [
            self.result("POSTCODE", m.start(1), m.end(1), 0.8, "outward code after 'postcode'")
            for m in OUTWARD_AFTER_CUE.finditer(text)
        ]
        return found


class AddressRecognizer(Recognizer):
    """Street addresses: a house number and a street ("flat 3, 27 victoria road")."""

    ENTITIES = ("ADDRESS",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Addresses in ``text``."""
        found = []
        for m in ADDRESS.finditer(text):
            if _plain_street(m.group(1)):
                found.append(self.result("ADDRESS", m.start(), m.end(), 0.75, "number and street"))
        for m in STREET_AFTER_CUE.finditer(text):
            street = m.group(1)
            if _plain_street(street.rsplit(None, 1)[0] + " "):
                found.append(
                    self.result("ADDRESS", m.start(1), m.end(1), 0.6, "street after a cue")
                )
        return found


def _plain_street(inner: str) -> bool:
    words = inner.split()
    return bool(words) and not any(
        w.lower() in NOT_IN_STREET and not (w == "The" and k == 0) for k, w in enumerate(words)
    )


class NinoRecognizer(Recognizer):
    """National Insurance numbers, checked against the prefix rules HMRC publishes."""

    ENTITIES = ("NI_NUMBER",)

    def find(self, text: str) -> list[RecognizerResult]:
        """NI numbers in ``text``."""
        return [
            self.result("NI_NUMBER", m.start(), m.end(), 0.9, "NI number shape and prefix rules")
            for m in NINO.finditer(text)
        ]


class VehicleRegRecognizer(Recognizer):
    """UK number plates: current style anywhere; older styles in capitals or after "reg"."""

    ENTITIES = ("VEHICLE_REG",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Number plates in ``text``."""
        found = [
            self.result("VEHICLE_REG", m.start(), m.end(), 0.8, "current UK number plate shape")
            for m in PLATE_CURRENT.finditer(text)
        ]
        for m in PLATE_OLDER.finditer(text):
            before = text[max(0, m.start() - 40) : m.start()]
            if m.group().isupper() or PLATE_CUE.search(before):
                found.append(
                    self.result("VEHICLE_REG", m.start(), m.end(), 0.6, "older UK plate shape")
                )
        return found


class DateOfBirthRecognizer(Recognizer):
    """Dates given as someone's birth date ("born 14/03/1989", "his dob is 3rd june 85")."""

    ENTITIES = ("DATE_OF_BIRTH",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Birth dates in ``text``: dates shortly after a birth word."""
        cues = [m.end() for m in BIRTH_CUE.finditer(text)]
        if not cues:
            return []
        found = []
        for m in DATE.finditer(text):
            if any(0 <= m.start() - end <= BIRTH_WINDOW for end in cues):
                found.append(
                    self.result("DATE_OF_BIRTH", m.start(), m.end(), 0.85, "date after 'born'")
                )
        return found


class BankAccountRecognizer(Recognizer):
    """Sort codes (12-34-56) and eight-digit account numbers."""

    ENTITIES = ("BANK_ACCOUNT",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Bank details in ``text``."""
        found = [
            self.result("BANK_ACCOUNT", m.start(), m.end(), 0.5, "sort code shape")
            for m in SORT_CODE.finditer(text)
        ]
        found += [
            self.result("BANK_ACCOUNT", m.start(), m.end(), 0.5, "eight-digit account number")
            for m in ACCOUNT.finditer(text)
        ]
        found += [
            self.result("BANK_ACCOUNT", m.start(1), m.end(1), 0.6, "six digits after 'sort code'")
            for m in SORT_CODE_AFTER_CUE.finditer(text)
        ]
        return found


class CardRecognizer(Recognizer):
    """Payment card numbers of any scheme (13 to 19 digits passing the Luhn check)."""

    ENTITIES = ("CARD",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Card numbers in ``text``."""
        found = []
        for m in CARD_DIGITS.finditer(text):
            digits = [int(c) for c in m.group() if c.isdigit()]
            if luhn_valid(digits) and not m.group().startswith("0"):
                found.append(
                    self.result("CARD", m.start(), m.end(), 0.85, "Luhn-valid card number")
                )
        return found


def luhn_valid(digits: list[int]) -> bool:
    """The Luhn checksum used by payment cards."""
    total = 0
    for position, digit in enumerate(reversed(digits)):
        if position % 2:
            digit *= 2
            digit -= 9 if digit > 9 else 0
        total += digit
    return total % 10 == 0


class LongNumberRecognizer(Recognizer):
    """Any other reference with six or more digits (crime, case and customer numbers)."""

    ENTITIES = ("ID_NUMBER",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Long reference numbers in ``text``; the lowest score, so specific types win."""
        return [
            self.result("ID_NUMBER", m.start(), m.end(), 0.3, "six or more digits")
            for m in LONG_NUMBER.finditer(text)
        ]
