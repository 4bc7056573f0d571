"""Ways to reach someone: phone numbers, email addresses, web links and social handles.

Phone numbers are found by Google's ``phonenumbers`` matcher (UK national and any
international format), then by a plainer pattern for the shapes people type that the matcher
is strict about ("07700-900-461", "0 7700 900461"). Emails and links use Presidio's own
recognisers, with the email check made offline (tldextract's bundled suffix list, never a
download).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import phonenumbers
from presidio_analyzer import RecognizerResult
from presidio_analyzer.predefined_recognizers import EmailRecognizer

from lantern.privacy.gazetteer import load_gazetteer
from lantern.privacy.recognizers._base import Recognizer

_I = re.IGNORECASE
# Digits with the separators people type; at least 10 digits in all, starting like a UK or
# international number.
LOOSE_PHONE = re.compile(
    r"(?<![\w+])(?:\+|00)?(?:\(?\d\)?[\s.\-]{0,2}){9,14}\d(?![\w])",
)
MIN_PHONE_DIGITS = 10
MAX_PHONE_DIGITS = 15

HANDLE = re.compile(r"(?<![\w@.])@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?")
HANDLE_CUE = re.compile(
    r"\b(?:insta|instagram|ig|snap|snapchat|sc|tiktok|tik tok|twitter|facebook|fb|threads|"
    r"username|user name|handle|account|profile|gamertag|discord|telegram|whatsapp name)\b"
    r"(?:\s+(?:name|account|handle|username)\b)?(?:\s+(?:is|was|under|as|called)\s+|\s*[:=\-]\s*|\s+)"
    r"(@?[A-Za-z0-9_][A-Za-z0-9_.]{2,29})",
    _I,
)


class PhoneRecognizer(Recognizer):
    """Phone numbers, UK and international, in the formats people type."""

    ENTITIES = ("PHONE",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Phone numbers in ``text``."""
        if sum(c.isdigit() for c in text) < MIN_PHONE_DIGITS - 1:
            return []
        found = []
        for match in phonenumbers.PhoneNumberMatcher(
            text, "GB", leniency=phonenumbers.Leniency.POSSIBLE
        ):
            if sum(c.isdigit() for c in match.raw_string) < MIN_PHONE_DIGITS - 1:
                continue  # "09/27", "1 2 3": too short to reach anyone
            valid = phonenumbers.is_valid_number(match.number)
            score, why = (0.8, "a valid number (phonenumbers)") if valid else (
                0.45, "a possible number (phonenumbers)")  # fmt: skip
            found.append(self.result("PHONE", match.start, match.end, score, why))
        for m in LOOSE_PHONE.finditer(text):
            digits = sum(c.isdigit() for c in m.group())
            if MIN_PHONE_DIGITS <= digits <= MAX_PHONE_DIGITS and _phone_like(m.group()):
                found.append(
                    self.result(
                        "PHONE", m.start(), m.end(), 0.7, "digits shaped like a phone number"
                    )
                )
        return found


def _phone_like(candidate: str) -> bool:
    """Starts like a phone number: +, 00, or a UK trunk 0."""
    stripped = candidate.lstrip("( ")
    return stripped.startswith(("+", "0"))


class OfflineEmailRecognizer(EmailRecognizer):
    """Presidio's email recogniser, typed EMAIL, checking domains without any download."""

    def __init__(self) -> None:
        super().__init__(supported_entity="EMAIL")

    def validate_result(self, pattern_text: str) -> bool:
        """True when the address ends in a real public suffix (bundled list, offline)."""
        return bool(_extractor()(pattern_text.rsplit("@", 1)[-1]).suffix)


@lru_cache(maxsize=1)
def _extractor() -> Any:
    import tldextract

    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


class HandleRecognizer(Recognizer):
    """Social media handles: "@dazza_88", "his insta is j.smith_91"."""

    ENTITIES = ("HANDLE",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Handles in ``text`` (an @ not part of an email, or a name after "insta")."""
        found = []
        for m in HANDLE.finditer(text):
            found.append(self.result("HANDLE", m.start(), m.end(), 0.75, "@handle"))
        for m in HANDLE_CUE.finditer(text):
            handle = m.group(1).lstrip("@")
            if not any(c.isalpha() for c in handle):
                continue  # "account 12345678" is an account number, not a handle
            shaped = any(c.isdigit() or c in "._" for c in handle) and not handle[:1].isdigit()
            if shaped or not load_gazetteer().is_known_word(handle):
                found.append(
                    self.result("HANDLE", m.start(1), m.end(1), 0.6, "name after a social site")
                )
        return found
