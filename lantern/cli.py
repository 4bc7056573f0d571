"""The ``lantern`` command: train, chat, serve, eval, redact, purge, content and resources."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import logging
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path

from lantern.logs import quiet_frameworks

log = logging.getLogger("lantern")


def cmd_train(args: argparse.Namespace) -> int:
    """Train the model unless one for the current inputs exists."""
    from lantern.training import ensure_model

    print(ensure_model(force=args.force))
    return 0


def cmd_content(args: argparse.Namespace) -> int:
    """Validate the content folder."""
    from lantern.content import ContentError, load_library
    from lantern.telegram.texts import TelegramTextError, load_texts

    folder = Path(args.dir) if args.dir else None
    try:
        library = load_library(folder)
        if folder is None or (folder / "telegram.yml").exists():
            load_texts(folder / "telegram.yml" if folder else None)
    except (ContentError, TelegramTextError) as error:
        print(f"lantern content: {error}", file=sys.stderr)
        return 1
    print(f"content ok: {len(library)} topics, {len(library.passages())} passages")
    return 0


def cmd_resources(args: argparse.Namespace) -> int:
    """Build (or check) domain/crisis.yml from the crisis reply words and the resources."""
    from lantern.safety.crisis import CrisisReplyError, render_domain
    from lantern.safety.resources import ResourceError
    from lantern.settings import get_settings

    target = get_settings().root / "domain" / "crisis.yml"
    try:
        text = render_domain()
    except (CrisisReplyError, ResourceError) as error:
        print(f"lantern resources: {error}", file=sys.stderr)
        return 1
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    if args.action == "check":
        if current != text:
            print("lantern resources: domain/crisis.yml is out of date: run "
                  "`lantern resources build`", file=sys.stderr)  # fmt: skip
            return 1
        print("domain/crisis.yml is up to date")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target.relative_to(get_settings().root)}"
          + ("" if current != text else " (unchanged)"))  # fmt: skip
    return 0


def cmd_risk(args: argparse.Namespace) -> int:
    """Print the risk detector's tier, categories and explanation for a text."""
    from lantern.safety import RiskDetector
    from lantern.safety.ages import young_writer

    detector = RiskDetector()
    texts = args.text or [line.rstrip("\n") for line in sys.stdin]
    for text in texts:
        assessment = detector.assess(text)
        categories = ", ".join(c.value for c in assessment.categories) or "-"
        print(f"tier: {assessment.tier.value}")
        print(f"categories: {categories}")
        young = young_writer(text)
        if young is not None:
            print(f"writer: under 18 (on {young.words!r}): replies add Childline")
        print("explanation:")
        for line in assessment.explain().splitlines():
            print(f"  {line}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    """Run an evaluation file through the whole bot and print failures and figures."""
    from lantern.content import load_library
    from lantern.evaluation import EvalFileError, load_cases, run_cases, summarise
    from lantern.evaluation.report import failure_lines
    from lantern.runtime import running_bot
    from lantern.training import ensure_model

    try:
        cases = load_cases(Path(args.file), known_topics=set(load_library().topics))
    except EvalFileError as error:
        print(f"lantern eval: {error}", file=sys.stderr)
        return 2
    model = ensure_model()
    with running_bot(model) as agent:
        results = asyncio.run(run_cases(agent, cases))
    summary = summarise(results)
    if args.json:
        payload = {
            "summary": {
                "cases": summary.cases,
                "topic_accuracy": asdict(summary.topic_accuracy),
                "urgent_recall": asdict(summary.urgent_recall),
                "resources_shown": asdict(summary.resources_shown),
                "false_escalation": asdict(summary.false_escalation),
            },
            "results": [
                {
                    "case": asdict(r.case),
                    "outcome": {**asdict(r.outcome), "risk_reply": r.outcome.risk_reply},
                    "topic_passed": r.topic_passed,
                    "risk_passed": r.risk_passed,
                }
                for r in results
            ],
        }
        print(json.dumps(payload, indent=2))
        return 0
    for line in failure_lines(results):
        print(line)
    for line in summary.lines():
        print(line)
    return 0


def cmd_chat(args: argparse.Namespace) -> int:
    """Chat with the bot in this terminal (conversations stored as endpoints.yml says)."""
    from lantern.chat import chat
    from lantern.runtime import running_bot
    from lantern.training import ensure_model

    model = ensure_model()
    tracker_store = None if args.memory else _configured_tracker_store()
    print("starting Lantern (the first start takes about a minute)...", file=sys.stderr)
    with running_bot(model, tracker_store) as agent:
        asyncio.run(chat(agent, sys.stdin, sys.stdout))
    return 0


def cmd_start(args: argparse.Namespace) -> int:
    """Run the bot: on Telegram when a token is configured, else in this terminal.

    With a webhook secret too, the webhook server; with a token only, long polling.
    """
    from lantern.secrets import get_secret

    if not get_secret("TELEGRAM_BOT_TOKEN"):
        return cmd_chat(args)
    if get_secret("TELEGRAM_WEBHOOK_SECRET"):
        print("lantern start: Telegram webhook mode (a webhook secret is set)", file=sys.stderr)
        args.host = os.environ.get("LANTERN_HOST", "127.0.0.1")
        args.port = int(os.environ.get("LANTERN_PORT", "5005"))
        args.log_file = None
        return cmd_serve(args)
    return cmd_poll(args)


def cmd_poll(args: argparse.Namespace) -> int:
    """Telegram by long polling, with the bot in this process."""
    from lantern.runtime import running_bot
    from lantern.secrets import MissingSecret
    from lantern.telegram.config import TelegramConfig, safe_error
    from lantern.telegram.polling import PollingError, check_bot, run_polling
    from lantern.training import ensure_model

    try:
        config = TelegramConfig.from_environment()
    except MissingSecret as error:
        print(f"lantern: {error}", file=sys.stderr)
        return 2
    try:
        asyncio.run(check_bot(config))  # a refused token fails here, before the model loads
    except PollingError as error:
        print(f"lantern start: {error}", file=sys.stderr)
        return 1
    except Exception as error:
        print(f"lantern start: {safe_error(error, config.token)}", file=sys.stderr)
        return 1
    model = ensure_model()
    tracker_store = None if args.memory else _configured_tracker_store()
    print("lantern start: Telegram long polling (the first start takes about a minute)",
          file=sys.stderr)  # fmt: skip
    try:
        with running_bot(model, tracker_store) as agent:
            asyncio.run(run_polling(config, agent))
    except PollingError as error:
        print(f"lantern start: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    except Exception as error:
        print(f"lantern start: {safe_error(error, config.token)}", file=sys.stderr)
        return 1
    return 0


def cmd_telegram(args: argparse.Namespace) -> int:
    """Register or remove the webhook, with the commands, on Telegram."""
    from lantern.secrets import MissingSecret
    from lantern.telegram.config import TelegramConfig, safe_error
    from lantern.telegram.webhook import delete_webhook, set_webhook

    try:
        config = TelegramConfig.from_environment()
    except MissingSecret as error:
        print(f"lantern telegram: {error}", file=sys.stderr)
        return 2
    try:
        if args.action == "set-webhook":
            if not args.url:
                print("lantern telegram: set-webhook needs the public URL", file=sys.stderr)
                return 2
            url = asyncio.run(set_webhook(config, args.url, drop_pending=args.drop_pending))
            print(f"webhook set: {url} (its secret is in TELEGRAM_WEBHOOK_SECRET)")
        else:
            asyncio.run(delete_webhook(config, drop_pending=args.drop_pending))
            print("webhook deleted: `lantern start` now uses long polling")
    except Exception as error:
        print(f"lantern telegram: {safe_error(error, config.token)}", file=sys.stderr)
        return 1
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the Rasa server over HTTP with the channels in credentials.yml."""
    from lantern.server import serve
    from lantern.serving.deployment import DeploymentError, deployment_from_environment
    from lantern.training import ensure_model

    try:
        deployment_from_environment()
    except DeploymentError as error:
        print(f"lantern serve: {error}", file=sys.stderr)
        return 2
    model = ensure_model()
    serve(model, host=args.host, port=args.port, log_file=args.log_file)
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    """Run one action server (a replica behind a load balancer, or for `lantern serve`)."""
    from lantern.action_server import main as run_actions

    argv = ["--host", args.host, "--port", str(args.port)]
    if args.log_file is not None:
        argv += ["--log-file", str(args.log_file)]
    run_actions(argv)
    return 0


def cmd_deploy(args: argparse.Namespace) -> int:
    """Print deployment files: the nginx configuration for the given instances."""
    from lantern.serving.nginx import NginxConfigError, NginxPlan, render

    plan = NginxPlan(
        rasa=args.rasa, actions=args.actions, listen=args.listen, actions_listen=args.actions_listen
    )
    try:
        print(render(plan), end="")
    except NginxConfigError as error:
        print(f"lantern deploy nginx: {error}", file=sys.stderr)
        return 2
    return 0


def cmd_redact(args: argparse.Namespace) -> int:
    """Anonymise messages: the arguments, or standard input one line per message."""
    from lantern.privacy import default_redactor

    redactor = default_redactor()
    out = sys.stdout
    if args.text:
        lines: Iterable[str] = args.text
    else:
        lines = (raw.rstrip(b"\n").decode("utf-8", errors="replace") for raw in sys.stdin.buffer)
    interactive = out.isatty()
    for text in lines:
        redaction = redactor.redact(text)
        out.write(_one_line(redaction.text) + "\n")
        if args.explain:
            for finding in redaction.findings:
                value = redaction.normalised[finding.start : finding.end]
                where = f"[{finding.start}:{finding.end}]"
                out.write(
                    f"  {finding.entity} {value!r} {where} {finding.recognizer} "
                    f"({finding.score:.2f}): {finding.why}\n"
                )
            if redaction.failed:
                out.write("  (anonymisation failed or the message was too long: "
                          "replaced whole)\n")  # fmt: skip
        if interactive:
            out.flush()
    out.flush()
    return 0


def _one_line(text: str) -> str:
    """Keep one output line per input line, whatever the text holds."""
    return text.replace("\r", " ").replace("\n", " ").replace("\u2028", " ").replace("\u2029", " ")


def cmd_purge(args: argparse.Namespace) -> int:
    """Delete conversations idle for longer than the retention period."""
    from lantern.privacy.retention import open_store, parse_period, retention_period

    try:
        period = parse_period(args.older_than) if args.older_than else retention_period()
    except ValueError as error:
        print(f"lantern purge: {error}", file=sys.stderr)
        return 2
    store = open_store(args.url)
    report = store.purge(period)
    remaining = store.counts()
    print(f"purged {report.conversations} conversations ({report.events} events) idle for more "
          f"than {_describe(period)}; {remaining[0]} conversations remain")  # fmt: skip
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    """Erase one conversation by its pseudonym (what /forget does)."""
    from lantern.privacy.retention import open_store

    store = open_store(args.url)
    deleted = store.erase(args.pseudonym)
    print(f"erased {deleted} events")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """Serve the staff review app, or print flows / export labels for scripts."""
    from lantern.review.data import ReviewData, parse_since
    from lantern.review.serve import serve, store_engine

    if args.action == "serve":
        print(f"lantern review: http://{args.host}:{args.port} (Ctrl-C stops)", file=sys.stderr)
        serve(args.host, args.port, args.url)
        return 0
    data = ReviewData(store_engine(args.url))
    if args.action == "flows":
        try:
            since = parse_since(args.since)
        except ValueError:
            print("lantern review: --since takes 7d, 24h or 2026-11-01", file=sys.stderr)
            return 2
        summary = data.flows(since, None)
        print(f"conversations: {summary.conversations}")
        print(f"fallbacks: {summary.marks['fallback']}, urgent: {summary.marks['urgent']}, "
              f"check-ins: {summary.marks['check_in']}")  # fmt: skip
        print(f"{'step':>4}  {'from':<32} {'to':<32} {'conversations':>13}")
        for step, left, right, count in sorted(summary.links, key=lambda r: (r[0], -r[3])):
            print(f"{step:>4}  {left:<32} {right:<32} {count:>13}")
        print("left after:")
        for intent, count in summary.exits:
            print(f"      {intent:<32} {count:>13}")
        return 0
    from lantern.review.export import cases_yaml, nlu_yaml

    labelled = list(data.labelled())
    Path(args.out).write_text(nlu_yaml(labelled), encoding="utf-8")
    cases = Path(args.out).with_suffix(".cases.yml")
    cases.write_text(cases_yaml(labelled), encoding="utf-8")
    print(f"wrote {args.out} and {cases} ({len(labelled)} labelled messages)")
    return 0


def cmd_staff(args: argparse.Namespace) -> int:
    """Manage staff accounts; passwords come from a prompt or standard input."""
    import getpass

    from lantern.review.auth import StaffAccounts, StaffError
    from lantern.review.serve import store_engine

    accounts = StaffAccounts(store_engine(args.url))
    if args.action == "list":
        for name in accounts.names():
            print(name)
        return 0
    if not args.name:
        print("lantern staff: give a NAME", file=sys.stderr)
        return 2
    if args.action == "remove":
        removed = accounts.remove(args.name)
        print(f"removed {args.name}" if removed else f"no account called {args.name}")
        return 0 if removed else 1
    if sys.stdin.isatty():
        password = getpass.getpass(f"password for {args.name}: ")
        if getpass.getpass("again: ") != password:
            print("lantern staff: the passwords differ", file=sys.stderr)
            return 2
    else:
        password = sys.stdin.readline().rstrip("\n")
    try:
        accounts.add(args.name, password)
    except StaffError as error:
        print(f"lantern staff: {error}", file=sys.stderr)
        return 2
    print(f"added {args.name}")
    return 0


def _describe(period: dt.timedelta) -> str:
    days = period.total_seconds() / 86400
    return f"{days:g} days" if days >= 1 else f"{period.total_seconds() / 3600:g} hours"


def _configured_tracker_store() -> object:
    from rasa.core.tracker_store import TrackerStore
    from rasa.core.utils import read_endpoints_from_path

    from lantern.settings import get_settings

    endpoints = read_endpoints_from_path(get_settings().root / "endpoints.yml")
    return TrackerStore.create(endpoints.tracker_store)


def build_parser() -> argparse.ArgumentParser:
    """The command line: one sub-command per task."""
    parser = argparse.ArgumentParser(prog="lantern", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    train = commands.add_parser("train", help="train the model if its inputs changed")
    train.add_argument("--force", action="store_true", help="train even if a model exists")
    train.set_defaults(func=cmd_train)

    content = commands.add_parser("content", help="check the content folder")
    content.add_argument("action", choices=["check"])
    content.add_argument("--dir", help="a content folder other than the project's")
    content.set_defaults(func=cmd_content)

    evaluate = commands.add_parser("eval", help="score the whole bot on an evaluation file")
    evaluate.add_argument("file", help="a YAML file of cases")
    evaluate.add_argument("--json", action="store_true", help="print results as JSON")
    evaluate.set_defaults(func=cmd_eval)

    resources = commands.add_parser(
        "resources", help="build the crisis replies from content/resources.yml"
    )
    resources.add_argument("action", choices=["build", "check"])
    resources.set_defaults(func=cmd_resources)

    risk = commands.add_parser("risk", help="show how the risk detector reads a message")
    risk.add_argument("text", nargs="*", help="messages (default: one per line on stdin)")
    risk.set_defaults(func=cmd_risk)

    redact = commands.add_parser("redact", help="anonymise messages as the store does")
    redact.add_argument("text", nargs="*", help="messages (default: one per line on stdin)")
    redact.add_argument("--explain", action="store_true", help="show what was found and by what")
    redact.set_defaults(func=cmd_redact)

    purge = commands.add_parser("purge", help="delete conversations idle past the retention period")
    purge.add_argument("--older-than", help="e.g. 30d, 12h (default LANTERN_RETENTION_DAYS or 30d)")
    purge.add_argument("--url", help="tracker store URL (default: endpoints.yml)")
    purge.set_defaults(func=cmd_purge)

    forget = commands.add_parser("forget", help="erase one conversation by its pseudonym")
    forget.add_argument("pseudonym", help="the conversation's sender id")
    forget.add_argument("--url", help="tracker store URL (default: endpoints.yml)")
    forget.set_defaults(func=cmd_forget)

    telegram = commands.add_parser("telegram", help="register or remove the Telegram webhook")
    telegram.add_argument("action", choices=["set-webhook", "delete-webhook"])
    telegram.add_argument("url", nargs="?", help="public HTTPS URL of this server (set-webhook)")
    telegram.add_argument(
        "--drop-pending", action="store_true", help="discard updates Telegram is holding"
    )
    telegram.set_defaults(func=cmd_telegram)

    review = commands.add_parser("review", help="the staff review app (serve, flows, export)")
    review.add_argument("action", nargs="?", default="serve", choices=["serve", "flows", "export"])
    review.add_argument("--host", default="127.0.0.1")
    review.add_argument("--port", type=int, default=8080)
    review.add_argument("--since", help="flows since 7d, 24h or a date")
    review.add_argument("--out", default="review-export.yml", help="export: the NLU file")
    review.add_argument(
        "--url", help="store URL (default: LANTERN_TRACKER_STORE_URL or lantern.db)"
    )
    review.set_defaults(func=cmd_review)

    staff = commands.add_parser("staff", help="add, remove or list staff accounts")
    staff.add_argument("action", choices=["add", "remove", "list"])
    staff.add_argument("name", nargs="?")
    staff.add_argument("--url", help="store URL (default: LANTERN_TRACKER_STORE_URL or lantern.db)")
    staff.set_defaults(func=cmd_staff)

    serve = commands.add_parser("serve", help="run the Rasa server with the configured channels")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=5005)
    serve.add_argument("--log-file", type=Path, default=None)
    serve.set_defaults(func=cmd_serve)

    actions = commands.add_parser("actions", help="run an action server (custom actions)")
    actions.add_argument("--host", default="127.0.0.1")
    actions.add_argument("--port", type=int, default=5055)
    actions.add_argument("--log-file", type=Path, default=None)
    actions.set_defaults(func=cmd_actions)

    deploy = commands.add_parser("deploy", help="print deployment files (nginx configuration)")
    deploy.add_argument("what", choices=["nginx"])
    deploy.add_argument(
        "--rasa",
        action="append",
        default=[],
        metavar="HOST:PORT",
        help="a Rasa instance (`lantern serve`); repeat for each",
    )
    deploy.add_argument(
        "--actions",
        action="append",
        default=[],
        metavar="HOST:PORT",
        help="an action server (`lantern actions`); repeat for each",
    )
    deploy.add_argument("--listen", default="80", help="public listen address (default 80)")
    deploy.add_argument(
        "--actions-listen",
        default="127.0.0.1:5055",
        help="where the action servers' balancer listens (a private address)",
    )
    deploy.set_defaults(func=cmd_deploy)

    for name, func, text in (
        ("chat", cmd_chat, "chat with the bot in this terminal"),
        ("start", cmd_start, "run the bot (Telegram if a token is set, else terminal chat)"),
    ):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("--memory", action="store_true", help="keep nothing on disk")
        sub.set_defaults(func=func)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``lantern`` command."""
    args = build_parser().parse_args(argv)
    quiet_frameworks()
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
