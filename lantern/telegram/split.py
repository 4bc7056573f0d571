"""Split a reply into Telegram messages of at most 4,096 characters, on paragraph boundaries."""

from __future__ import annotations

LIMIT = 4096


def split_text(text: str, limit: int = LIMIT) -> list[str]:
    """Split ``text`` into pieces no longer than ``limit``.

    Whole paragraphs where they fit, else lines, else words, else hard cuts (a single word
    longer than the limit).
    """
    text = text.strip()
    if len(text) <= limit:
        return [text] if text else []
    for separator in ("\n\n", "\n", " "):
        parts = text.split(separator)
        if len(parts) > 1:
            return _pack(parts, separator, limit)
    return [text[i : i + limit] for i in range(0, len(text), limit)]


def _pack(parts: list[str], separator: str, limit: int) -> list[str]:
    pieces: list[str] = []
    current = ""
    for part in parts:
        if len(part) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.extend(split_text(part, limit))
            continue
        joined = f"{current}{separator}{part}" if current else part
        if len(joined) <= limit:
            current = joined
        else:
            pieces.append(current)
            current = part
    if current:
        pieces.append(current)
    return [p.strip() for p in pieces if p.strip()]
