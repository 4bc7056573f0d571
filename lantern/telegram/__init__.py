"""Telegram: the parts of the connector that do not depend on Rasa.

``connectors/telegram.py`` is the Rasa channel; it and ``lantern telegram`` (polling,
set-webhook) are built from these: command texts (``texts``), pseudonyms, message splitting,
the update and message ledgers (``ledger``), delivery with retries and pacing (``delivery``),
and the gateway that turns one Telegram update into at most one conversation turn.
"""
