"""The review app in a real headless browser: Debian's Chromium driven by Playwright (no
browser download). Log in, see the flow chart render, open a transcript, label a queued
message, export it, log out."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
import yaml

from lantern.review.app import create_app
from lantern.review.auth import StaffAccounts
from lantern.runtime import free_port
from tests.review.seed import seed

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "correct horse battery staple"
INTENTS = ["greet", "out_of_scope", "tell_me_more", "topic_gaslighting", "topic_why_cant_leave"]
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
         "--disable-background-networking", "--disable-component-update"]  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not shutil.which(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed: scripts/test installs it under CI")
        pytest.skip("Debian's chromium is not installed (scripts/test installs it as root)")
    from waitress.server import create_server

    engine = sa.create_engine(
        f"sqlite:///{tmp_path_factory.mktemp('browser') / 'review.db'}", future=True
    )
    seed(engine, 60, 1_796_000_000.0, spread_days=3)
    StaffAccounts(engine).add("sam", PASSWORD)
    app = create_app(
        engine, "browser-test-key", intents=INTENTS
    )  # Secure cookies: 127.0.0.1 is trusted
    port = free_port()
    server = create_server(app, host="127.0.0.1", port=port, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.close()


def test_a_review_session(site: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        page = browser.new_page(accept_downloads=True)
        page.goto(f"{site}/conversations")
        assert "/login" in page.url  # not logged in: sent to the login page
        page.fill("#name", "sam")
        page.fill("#password", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(f"{site}/conversations")

        page.goto(f"{site}/flows")
        page.wait_for_selector("#flow-chart[data-rendered=yes] svg", timeout=20_000)
        assert page.locator("#flow-chart .sankey").count() > 0

        page.goto(f"{site}/conversations?tier=urgent")
        page.locator("table a").first.click()
        page.wait_for_selector(".turn.user")
        assert "risk: urgent" in page.inner_text("main")

        page.goto(f"{site}/improve")
        first = page.locator("tbody tr").first
        assert "<script>" in page.inner_text("main")  # shown as text, never run
        first.locator("select").select_option("intent:topic_gaslighting")
        first.locator("button").click()
        page.wait_for_url(f"{site}/improve")
        assert "1 labelled so far" in page.inner_text("main")

        with page.expect_download() as download:
            page.click("text=NLU training data (YAML)")
        exported = yaml.safe_load(Path(download.value.path()).read_text())
        assert exported["nlu"][0]["intent"] == "topic_gaslighting"

        page.click("text=Log out")
        page.wait_for_url(f"{site}/login")
        page.goto(f"{site}/flows")
        assert "/login" in page.url
        browser.close()
