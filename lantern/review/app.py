"""The staff review web app (Flask, server-rendered, no JavaScript build step).

Every page but the login page needs a signed-in staff member; every form carries a CSRF
token; login attempts are rate-limited; cookies are HttpOnly, Secure and SameSite=Strict;
the Content-Security-Policy allows scripts from this server only (charts are Plotly's bundled
JavaScript, served from the installed package, drawn from JSON embedded in the page). All
text is escaped by Jinja's autoescaping, so a message holding ``<script>`` shows as text.
"""

from __future__ import annotations

import datetime as dt
import hmac
import secrets
from collections.abc import Callable
from functools import wraps
from importlib import resources
from typing import Any, TypeVar

from flask import Flask, Response, abort, g, redirect, render_template, request, session, url_for
from sqlalchemy.engine import Engine
from werkzeug.exceptions import HTTPException

from lantern.dialogue.payloads import TOPIC_INTENT_PREFIX
from lantern.review.auth import LoginLimiter, StaffAccounts
from lantern.review.charts import flow_sankey, safety_bars, topic_bars
from lantern.review.data import RISK_TIERS, Filters, ReviewData, parse_since
from lantern.review.export import cases_yaml, nlu_yaml

F = TypeVar("F", bound=Callable[..., Any])
LABEL_KINDS = ("intent", "out_of_scope", "risk")
RISK_LABELS = ("urgent", "check_in", "none")


def create_app(
    engine: Engine,
    secret_key: str,
    *,
    intents: list[str],
    limiter: LoginLimiter | None = None,
    secure_cookies: bool = True,
) -> Flask:
    """The app over the store at ``engine``; ``intents`` are the labels a reviewer can pick."""
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=secret_key,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SECURE=secure_cookies,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_NAME="lantern_review",
        PERMANENT_SESSION_LIFETIME=dt.timedelta(hours=8),
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    data = ReviewData(engine)
    accounts = StaffAccounts(engine)
    gate = limiter or LoginLimiter()
    topics = sorted(
        i[len(TOPIC_INTENT_PREFIX) :] for i in intents if i.startswith(TOPIC_INTENT_PREFIX)
    )

    def login_required(view: F) -> F:
        @wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            name = session.get("staff")
            if not name or not accounts.exists(name):
                session.clear()
                if request.method != "GET" or request.path.endswith((".yml", ".js")):
                    abort(401)
                return redirect(url_for("login", next=request.path))
            g.staff = name
            return view(*args, **kwargs)

        return wrapped  # type: ignore[return-value]

    @app.before_request
    def csrf_check() -> None:
        session.setdefault("csrf", secrets.token_urlsafe(32))
        if request.method == "POST":
            given = request.form.get("csrf", "")
            if not hmac.compare_digest(given.encode(), str(session["csrf"]).encode()):
                abort(
                    400, "The form expired or did not come from this site. Go back and try again."
                )

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(HTTPException)
    def error_page(error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", error=error), error.code or 500

    @app.context_processor
    def common() -> dict[str, Any]:
        return {"csrf": session.get("csrf", ""), "staff": session.get("staff"), "when": _when}

    @app.get("/login")
    def login() -> str:
        return render_template("login.html", next=_safe_next(request.args.get("next")))

    @app.post("/login")
    def login_post() -> Any:
        name = request.form.get("name", "").strip()
        password = request.form.get("password", "")
        keys = (f"name:{name.lower()}", f"addr:{request.remote_addr}")
        if gate.blocked(*keys):
            return render_template("login.html", problem="Too many attempts. Wait 15 minutes."), 429
        if not accounts.verify(name, password):
            gate.failed(*keys)
            return render_template("login.html", problem="That name and password don't match."), 401
        session.clear()
        session["staff"] = name
        session["csrf"] = secrets.token_urlsafe(32)
        session.permanent = True
        return redirect(_safe_next(request.form.get("next")) or url_for("flows"))

    @app.post("/logout")
    @login_required
    def logout() -> Any:
        session.clear()
        return redirect(url_for("login"))

    @app.get("/")
    @login_required
    def home() -> Any:
        return redirect(url_for("flows"))

    @app.get("/flows")
    @login_required
    def flows() -> str:
        since, until = _window()
        summary = data.flows(since, until)
        return render_template(
            "flows.html",
            summary=summary,
            figure=flow_sankey(summary),
            since=request.args.get("since", ""),
            until=request.args.get("until", ""),
        )

    @app.get("/conversations")
    @login_required
    def conversations() -> str:
        since, until = _window()
        tier = request.args.get("tier") or None
        topic = request.args.get("topic") or None
        if tier is not None and tier not in RISK_TIERS:
            abort(400, "Unknown risk tier.")
        if topic is not None and topic not in topics:
            abort(400, "Unknown topic.")
        feedback = request.args.get("feedback") or None
        if feedback is not None and feedback not in ("helpful", "unhelpful"):
            abort(400, "Unknown feedback filter.")
        page = _int_arg("page", 1)
        fallback = request.args.get("fallback") == "1"
        filters = Filters(since, until, topic, tier, fallback, feedback, page)
        rows, total = data.conversations(filters)
        return render_template(
            "conversations.html", rows=rows, total=total, filters=filters, topics=topics,
            args=request.args, pages=max(1, -(-total // ReviewData.PAGE)),
        )  # fmt: skip

    @app.get("/conversations/<key>")
    @login_required
    def transcript(key: str) -> str:
        if not all(c in "0123456789abcdef" for c in key) or len(key) != 64:
            abort(400, "Not a conversation key.")
        steps = data.transcript(key)
        if not steps:
            abort(404, "No such conversation (it may have been deleted).")
        return render_template("transcript.html", key=key, steps=steps)

    @app.get("/improve")
    @login_required
    def improve() -> str:
        return render_template(
            "improve.html", items=data.queue(), intents=sorted(intents), risks=RISK_LABELS,
            labelled=sum(1 for _ in data.labelled()),
        )  # fmt: skip

    @app.post("/improve/<int:event_id>")
    @login_required
    def label(event_id: int) -> Any:
        choice = request.form.get("label", "")
        kind, _, value = choice.partition(":")
        if kind == "out_of_scope" and not value:
            value = "out_of_scope"
        elif not (
            (kind == "intent" and value in intents) or (kind == "risk" and value in RISK_LABELS)
        ):
            abort(400, "Choose a label from the list.")
        if not data.label(event_id, kind, value, g.staff):
            abort(404, "No such message.")
        return redirect(url_for("improve"))

    @app.get("/improve/nlu.yml")
    @login_required
    def export_nlu() -> Response:
        return _download(nlu_yaml(data.labelled()), "lantern-review-nlu.yml")

    @app.get("/improve/cases.yml")
    @login_required
    def export_cases() -> Response:
        return _download(cases_yaml(data.labelled()), "lantern-review-cases.yml")

    @app.get("/topics")
    @login_required
    def topics_page() -> str:
        since, until = _window()
        volumes = data.topic_volumes(since, until)
        return render_template("topics.html", volumes=volumes, figure=topic_bars(volumes))

    @app.get("/safety")
    @login_required
    def safety() -> str:
        since, until = _window()
        counts = data.safety_counts(since, until)
        return render_template("safety.html", counts=counts, figure=safety_bars(counts))

    @app.get("/plotly.js")
    @login_required
    def plotly_js() -> Response:
        return Response(_plotly_js(), mimetype="application/javascript")

    return app


def _download(text: str, name: str) -> Response:
    response = Response(text, mimetype="application/x-yaml")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _window() -> tuple[float | None, float | None]:
    try:
        since = parse_since(request.args.get("since"))
        until = parse_since(request.args.get("until"))
    except ValueError:
        abort(400, "Dates are written 2026-11-30, or 7d / 24h for the last days or hours.")
    return since, until


def _int_arg(name: str, default: int) -> int:
    value = request.args.get(name)
    if value is None or value == "":
        return default
    if not value.isdigit() or not 0 < int(value) < 100_000:
        abort(400, f"{name} must be a positive number.")
    return int(value)


def _safe_next(target: str | None) -> str | None:
    """Only local paths: never redirect off this site after login."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return None


def _when(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp, tz=dt.timezone.utc).strftime("%Y-%m-%d %H:%M")


_PLOTLY: list[str] = []


def _plotly_js() -> str:
    if not _PLOTLY:
        _PLOTLY.append(
            (resources.files("plotly") / "package_data" / "plotly.min.js").read_text(
                encoding="utf-8"
            )
        )
    return _PLOTLY[0]
