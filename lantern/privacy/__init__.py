"""Privacy: the anonymiser, the anonymising tracker store, retention and erasure."""

from __future__ import annotations

from lantern.privacy.redactor import REDACTED, Finding, Redaction, Redactor, default_redactor

__all__ = ["REDACTED", "Finding", "Redaction", "Redactor", "default_redactor"]
