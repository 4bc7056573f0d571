"""The Telegram webhook end to end: a real `lantern serve` (tests/served.py) talking to a fake
Telegram Bot API on loopback through python-telegram-bot (tests/fake_telegram.py)."""

from __future__ import annotations

import itertools
import json
import sqlite3
import time

import pytest

from lantern.privacy.store import conversation_key
from lantern.telegram.pseudonym import pseudonym
from tests.fake_telegram import FakeTelegram, text_update
from tests.served import Served

pytestmark = pytest.mark.bot
_chats = itertools.count(555_000_001)


def new_chat() -> int:
    return next(_chats)


def replies(fake: FakeTelegram, chat_id: int, at_least: int = 1, timeout: float = 60) -> list[dict]:
    assert fake.wait_for(lambda: len(fake.sent(chat_id)) >= at_least, timeout), "no reply"
    time.sleep(0.3)  # let any extra (wrong) reply arrive before counting
    return [c.params for c in fake.sent(chat_id)]


def texts(fake: FakeTelegram, chat_id: int, at_least: int = 1) -> str:
    return "\n".join(p.get("text", "") for p in replies(fake, chat_id, at_least))


def stored_user_texts(served: Served, chat_id: int, wait_for: int = 0) -> list[str]:
    """The stored user texts of one chat (waiting, if asked, until there are that many:
    Rasa stores a turn after sending its replies)."""
    key = conversation_key(pseudonym(chat_id, b"served-test-key"), b"served-test-key")

    def read() -> list[str]:
        rows = (
            sqlite3.connect(str(served.db))
            .execute("select data from events where sender_id = ? and type_name = 'user'", (key,))
            .fetchall()
        )
        return [json.loads(r[0])["text"] for r in rows]

    served.fake.wait_for(lambda: len(read()) >= wait_for, 30)
    return read()


def all_stored(served: Served) -> str:
    row = (
        sqlite3.connect(str(served.db)).execute("select group_concat(data) from events").fetchone()
    )
    return row[0] or ""


# -- the route -------------------------------------------------------------------------


def test_missing_or_wrong_secret_is_403(served: Served) -> None:
    chat = new_chat()
    update = text_update(served.fake, chat, "hello")
    assert served.telegram(update, secret=None) == 403
    assert served.telegram(update, secret="wrong-secret") == 403
    assert served.telegram(update, secret=served.secret + "x") == 403
    time.sleep(1)
    assert served.fake.sent(chat) == []
    assert served.secret not in served.log_text()


def test_malformed_json_is_400_and_oversized_is_refused(served: Served) -> None:
    headers = {"X-Telegram-Bot-Api-Secret-Token": served.secret}
    assert served.post("/webhooks/telegram/webhook", b"{not json", headers)[0] == 400
    assert served.post("/webhooks/telegram/webhook", b"[1, 2]", headers)[0] == 400
    big = json.dumps({"update_id": 1, "message": {"text": "x" * 1_100_000}}).encode()
    assert served.post("/webhooks/telegram/webhook", big, headers)[0] == 413


def test_a_message_gets_a_reply_and_nothing_identifying_is_stored(served: Served) -> None:
    chat = new_chat()
    assert served.telegram(text_update(served.fake, chat, "why cant i leave him")) == 200
    reply = replies(served.fake, chat)[0]
    assert "automated" in reply["text"]
    assert "parse_mode" not in reply or reply["parse_mode"] in ("", None)
    assert served.fake.attempts("sendChatAction", chat)  # typing indicator
    assert stored_user_texts(served, chat, wait_for=1) == ["why cant i leave him"]
    dump = all_stored(served)
    for value in (str(chat), "kez_private", "Kerry", "Whitcombe"):
        assert value not in dump


def test_a_repeated_update_gets_one_reply(served: Served) -> None:
    chat = new_chat()
    update = text_update(served.fake, chat, "am i going crazy")
    assert served.telegram(update) == 200
    assert served.telegram(update) == 200
    replies(served.fake, chat)
    assert served.telegram(update) == 200
    time.sleep(1.5)
    assert len(stored_user_texts(served, chat, wait_for=1)) == 1


def test_edited_messages_group_chats_and_unknown_updates_get_no_reply(served: Served) -> None:
    chat = new_chat()
    edited = text_update(served.fake, chat, "why do i feel addicted to him")
    edited["edited_message"] = edited.pop("message")
    group = text_update(served.fake, -100123, "hello everyone")
    group["message"]["chat"]["type"] = "group"
    unknown = {"update_id": served.fake.next_update_id(), "poll": {"id": "1"}}
    for update in (edited, group, unknown):
        assert served.telegram(update) == 200
    time.sleep(1.5)
    assert served.fake.sent(chat) == [] and served.fake.sent(-100123) == []


# -- what people send --------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["sticker", "photo", "voice", "document", "location"])
def test_non_text_gets_a_short_note_and_nothing_is_stored(served: Served, kind: str) -> None:
    chat = new_chat()
    content = {
        "sticker": {
            "file_id": "s",
            "file_unique_id": "s",
            "width": 1,
            "height": 1,
            "is_animated": False,
            "is_video": False,
            "type": "regular",
        },
        "photo": [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}],
        "voice": {"file_id": "v", "file_unique_id": "v", "duration": 3},
        "document": {"file_id": "d", "file_unique_id": "d"},
        "location": {"latitude": 53.8008, "longitude": -1.5491},
    }[kind]
    update = text_update(served.fake, chat, "")
    del update["message"]["text"]
    update["message"][kind] = content
    assert served.telegram(update) == 200
    assert "only read typed messages" in texts(served.fake, chat)
    assert stored_user_texts(served, chat) == []
    assert "53.8008" not in all_stored(served)


@pytest.mark.parametrize("typed", ["/restart", '/greet{"x":1}', "/session_start", "//tell_me_more"])
def test_a_leading_slash_never_injects_an_intent(served: Served, typed: str) -> None:
    chat = new_chat()
    assert served.telegram(text_update(served.fake, chat, typed)) == 200
    replies(served.fake, chat)
    stored = stored_user_texts(served, chat, wait_for=1)
    assert stored and not stored[0].startswith("/")
    key = conversation_key(pseudonym(chat, b"served-test-key"), b"served-test-key")
    events = [
        json.loads(r[0])
        for r in sqlite3.connect(str(served.db)).execute(
            "select data from events where sender_id = ? and type_name = 'user'", (key,)
        )
    ]
    assert all(not e["parse_data"]["entities"] for e in events)


def test_a_risk_message_gets_the_crisis_reply(served: Served) -> None:
    chat = new_chat()
    assert served.telegram(text_update(served.fake, chat, "i want to kill myself tonight")) == 200
    assert "116 123" in texts(served.fake, chat)


def test_buttons_round_trip(served: Served) -> None:
    chat = new_chat()
    assert served.telegram(text_update(served.fake, chat, "why cant i leave him")) == 200
    first = replies(served.fake, chat)
    markup = json.loads(next(p["reply_markup"] for p in first if p.get("reply_markup")))
    buttons = [b for row in markup["inline_keyboard"] for b in row]
    more = next(b for b in buttons if b["text"].lower().startswith("tell me more"))
    press = {
        "update_id": served.fake.next_update_id(),
        "callback_query": {
            "id": "cb-1",
            "chat_instance": "x",
            "data": more["callback_data"],
            "from": {"id": chat, "is_bot": False, "first_name": "Kerry"},
            "message": {
                "message_id": 1,
                "date": int(time.time()),
                "chat": {"id": chat, "type": "private"},
                "text": "...",
            },
        },
    }
    assert served.telegram(press) == 200
    assert served.fake.wait_for(lambda: served.fake.sent(method="answerCallbackQuery"))
    replies(served.fake, chat, at_least=len(first) + 1)
    assert stored_user_texts(served, chat, wait_for=2)[-1] == more["callback_data"]


def test_a_forged_button_is_answered_but_not_obeyed(served: Served) -> None:
    chat = new_chat()
    press = {
        "update_id": served.fake.next_update_id(),
        "callback_query": {
            "id": "cb-forged",
            "chat_instance": "x",
            "data": "/restart",
            "from": {"id": chat, "is_bot": False, "first_name": "K"},
            "message": {
                "message_id": 1,
                "date": int(time.time()),
                "chat": {"id": chat, "type": "private"},
                "text": ".",
            },
        },
    }
    assert served.telegram(press) == 200
    assert served.fake.wait_for(
        lambda: any(
            c.params.get("callback_query_id") == "cb-forged"
            for c in served.fake.sent(method="answerCallbackQuery")
        )
    )
    time.sleep(1)
    assert served.fake.sent(chat) == [] and stored_user_texts(served, chat) == []


# -- commands ----------------------------------------------------------------------------


def test_start_help_privacy_and_resources_need_no_language_model(served: Served) -> None:
    chat = new_chat()
    for command, expected in (
        ("/start", "automated guide"),
        ("/help", "/resources"),
        ("/privacy", "30 days"),
        ("/resources", "116 123"),
    ):
        before = len(served.fake.sent(chat))
        assert served.telegram(text_update(served.fake, chat, command)) == 200
        assert expected in texts(served.fake, chat, at_least=before + 1)
    assert stored_user_texts(served, chat) == []  # commands never reach Rasa


def test_forget_deletes_the_messages_and_the_stored_events(served: Served) -> None:
    chat = new_chat()
    question = text_update(served.fake, chat, "is this gaslighting")
    assert served.telegram(question) == 200
    first = replies(served.fake, chat)
    assert stored_user_texts(served, chat, wait_for=1)
    forget = text_update(served.fake, chat, "/forget")
    assert served.telegram(forget) == 200
    assert served.fake.wait_for(lambda: served.fake.sent(chat, method="deleteMessages"))
    deleted = json.loads(served.fake.sent(chat, method="deleteMessages")[-1].params["message_ids"])
    # the person's two messages and every reply the bot sent
    assert {question["message"]["message_id"], forget["message"]["message_id"]} <= set(deleted)
    assert len(deleted) == 2 + len(first)
    assert "deleted" in texts(served.fake, chat, at_least=len(first) + 1)
    assert stored_user_texts(served, chat) == []


# -- delivery faults -----------------------------------------------------------------------


def test_429_is_honoured_and_the_reply_delivered_once(served: Served) -> None:
    chat = new_chat()
    served.fake.fail("sendMessage", "429", times=1, chat_id=chat, retry_after=1)
    assert served.telegram(text_update(served.fake, chat, "why do i keep going back")) == 200
    sent = replies(served.fake, chat)
    statuses = [c.status for c in served.fake.attempts("sendMessage", chat)]
    assert statuses[0] == 429 and statuses.count(200) == len(sent)
    assert len({p["text"] for p in sent}) == len(sent)  # nothing delivered twice


def test_500s_and_timeouts_are_retried(served: Served) -> None:
    chat = new_chat()
    served.fake.fail("sendMessage", "500", times=1, chat_id=chat)
    served.fake.fail("sendMessage", "timeout", times=1, chat_id=chat, delay=2.5)
    assert served.telegram(text_update(served.fake, chat, "am i the abuser")) == 200
    assert replies(served.fake, chat, timeout=90)


def test_persistent_failure_is_given_up_with_a_log_line_holding_no_text(served: Served) -> None:
    chat = new_chat()
    served.fake.fail("sendMessage", "500", times=50, chat_id=chat)
    secret_text = "my ex zebedee keeps texting me"
    assert served.telegram(text_update(served.fake, chat, secret_text)) == 200
    assert served.fake.wait_for(lambda: "gave up on sendMessage" in served.log_text(), 60)
    log = served.log_text()
    assert "zebedee" not in log and str(chat) not in log and served.token not in log
    served.fake.clear_faults()
