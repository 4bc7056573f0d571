"""Lantern's recognisers for Presidio: one module per family of personal data."""

from __future__ import annotations

from lantern.privacy.recognizers._base import Recognizer
from lantern.privacy.recognizers.contact import (
    HandleRecognizer,
    OfflineEmailRecognizer,
    PhoneRecognizer,
)
from lantern.privacy.recognizers.identifiers import (
    AddressRecognizer,
    BankAccountRecognizer,
    CardRecognizer,
    DateOfBirthRecognizer,
    LongNumberRecognizer,
    NinoRecognizer,
    PostcodeRecognizer,
    VehicleRegRecognizer,
)
from lantern.privacy.recognizers.people import PersonRecognizer
from lantern.privacy.recognizers.places import (
    PlaceRecognizer,
    SchoolRecognizer,
    WorkplaceRecognizer,
)

__all__ = [
    "AddressRecognizer",
    "BankAccountRecognizer",
    "CardRecognizer",
    "DateOfBirthRecognizer",
    "HandleRecognizer",
    "LongNumberRecognizer",
    "NinoRecognizer",
    "OfflineEmailRecognizer",
    "PersonRecognizer",
    "PhoneRecognizer",
    "PlaceRecognizer",
    "PostcodeRecognizer",
    "Recognizer",
    "SchoolRecognizer",
    "VehicleRegRecognizer",
    "WorkplaceRecognizer",
    "ours",
]


def ours() -> list[object]:
    """One instance of each of Lantern's recognisers."""
    return [
        PersonRecognizer(),
        PlaceRecognizer(),
        SchoolRecognizer(),
        WorkplaceRecognizer(),
        PhoneRecognizer(),
        OfflineEmailRecognizer(),
        HandleRecognizer(),
        PostcodeRecognizer(),
        AddressRecognizer(),
        NinoRecognizer(),
        VehicleRegRecognizer(),
        DateOfBirthRecognizer(),
        BankAccountRecognizer(),
        CardRecognizer(),
        LongNumberRecognizer(),
    ]
