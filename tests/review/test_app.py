"""The review app through Flask's test client: access control, CSRF, rate limits, escaping,
bad input. (tests/review/test_browser.py drives it in a real browser.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from lantern.review.app import create_app
from lantern.review.auth import LoginLimiter, StaffAccounts, StaffError
from tests.review.seed import seed

PASSWORD = "correct horse battery staple"
INTENTS = [
    "greet",
    "out_of_scope",
    "risk_urgent",
    "tell_me_more",
    "topic_gaslighting",
    "topic_why_cant_leave",
]


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'review.db'}", future=True)
    seed(engine, 40, 1_796_000_000.0, spread_days=3)
    StaffAccounts(engine).add("sam", PASSWORD)
    return create_app(
        engine,
        "test-secret-key",
        intents=INTENTS,
        limiter=LoginLimiter(max_failures=3),
        secure_cookies=False,
    )


def csrf_of(html: str) -> str:
    match = re.search(r'name="csrf" value="([^"]+)"', html)
    assert match
    return match.group(1)


def logged_in(app: Flask) -> FlaskClient:
    client = app.test_client()
    token = csrf_of(client.get("/login").text)
    response = client.post("/login", data={"name": "sam", "password": PASSWORD, "csrf": token})
    assert response.status_code == 302
    return client


def test_every_route_needs_login(app: Flask) -> None:
    client = app.test_client()
    for rule in app.url_map.iter_rules():
        if rule.endpoint in ("login", "login_post", "static"):
            continue
        path = rule.rule.replace("<key>", "a" * 64).replace("<int:event_id>", "1")
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            response = client.open(path, method=method)
            assert response.status_code in (302, 400, 401), (method, path, response.status_code)
            if response.status_code == 302:
                assert "/login" in response.headers["Location"]


def test_pages_render_after_login(app: Flask) -> None:
    client = logged_in(app)
    for path in ("/flows", "/conversations", "/improve", "/topics", "/safety", "/flows?since=7d"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "Content-Security-Policy" in response.headers
    assert "data-chart" in client.get("/flows").text


def test_message_text_is_escaped(app: Flask) -> None:
    client = logged_in(app)
    page = client.get("/improve").text
    assert (
        "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    )


def test_malformed_filters_get_a_400_page(app: Flask) -> None:
    client = logged_in(app)
    for path in ("/conversations?since=yesterday-ish", "/conversations?tier=nuclear", "/conversations?page=-1",
                 "/conversations?topic=%3Cscript%3E", "/conversations/not-a-key", "/conversations?feedback=meh"):  # fmt: skip
        response = client.get(path)
        assert response.status_code == 400 and "Traceback" not in response.text, path


def test_forms_need_the_csrf_token(app: Flask) -> None:
    client = logged_in(app)
    item = re.search(r"/improve/(\d+)", client.get("/improve").text)
    assert item
    response = client.post(
        f"/improve/{item.group(1)}", data={"label": "intent:greet", "csrf": "forged"}
    )
    assert response.status_code == 400
    token = csrf_of(client.get("/improve").text)
    assert (
        client.post(
            f"/improve/{item.group(1)}", data={"label": "intent:nonsense", "csrf": token}
        ).status_code
        == 400
    )
    assert (
        client.post(
            f"/improve/{item.group(1)}", data={"label": "intent:greet", "csrf": token}
        ).status_code
        == 302
    )
    assert "intent: greet" in client.get("/improve/nlu.yml").text


def test_login_attempts_are_rate_limited(app: Flask) -> None:
    client = app.test_client()
    token = csrf_of(client.get("/login").text)
    for _ in range(3):
        assert (
            client.post(
                "/login", data={"name": "sam", "password": "wrong", "csrf": token}
            ).status_code
            == 401
        )
    assert (
        client.post("/login", data={"name": "sam", "password": PASSWORD, "csrf": token}).status_code
        == 429
    )


def test_cookie_flags_and_logout(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'r.db'}", future=True)
    StaffAccounts(engine).add("sam", PASSWORD)
    app = create_app(engine, "k", intents=INTENTS)
    client = app.test_client()
    token = csrf_of(client.get("/login").text)
    response = client.post("/login", data={"name": "sam", "password": PASSWORD, "csrf": token})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "Secure" in cookie and "SameSite=Strict" in cookie


def test_redirects_after_login_stay_on_this_site(app: Flask) -> None:
    client = app.test_client()
    token = csrf_of(client.get("/login").text)
    response = client.post(
        "/login",
        data={"name": "sam", "password": PASSWORD, "csrf": token, "next": "//evil.example"},
    )
    assert response.headers["Location"].endswith("/flows")


def test_staff_accounts(tmp_path: Path) -> None:
    accounts = StaffAccounts(sa.create_engine(f"sqlite:///{tmp_path / 's.db'}", future=True))
    accounts.add("alex", PASSWORD)
    assert (
        accounts.verify("alex", PASSWORD)
        and not accounts.verify("alex", "nope")
        and not accounts.verify("nobody", PASSWORD)
    )
    with pytest.raises(StaffError):
        accounts.add("alex", "short")
    stored = accounts.engine.connect().execute(sa.text("select password_hash from staff")).scalar()
    assert stored.startswith("$argon2") and PASSWORD not in stored
    assert accounts.remove("alex") and not accounts.exists("alex")
