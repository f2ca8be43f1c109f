"""The learner page and the API docs in a real browser: headless Chromium (Debian's package) driven
by Playwright, against `miniserve serve` on a loopback port with the shipped tutor. Every request
the browser makes outside 127.0.0.1 is refused and fails the test: the pages must work offline."""

from __future__ import annotations

import hashlib
import json
import re
import signal
import tomllib
from pathlib import Path

import httpx
import pytest
from helpers import real_server
from playwright.sync_api import expect, sync_playwright

from bench.browser import is_local, launch

REPO = Path(__file__).resolve().parents[1]
LABEL = "Your sentence or paragraph"
CHECK = "Check my verbs"
PARAGRAPH = "Yesterday I goed to the market. It rained all day. I buyed three apples."
EVENT_STREAM = {"Content-Type": "text/event-stream"}
REFERENCE = r"""<(?:script|link|img|iframe)\b[^>]*?\b(?:src|href)\s*=\s*["']?([^"' >]+)"""  # what a page loads
SLOW = 60_000  # ms: a generous bound on one correction on a busy 2-core machine


@pytest.fixture(scope="session")
def page_server(tutor_folder):
    with real_server(tutor_folder, "--max-batch", "8", stop=signal.SIGKILL) as (_, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


def open_context(browser, url: str, **options):
    """A fresh context (own cookies and sessionStorage) that refuses and records non-local requests."""
    context = browser.new_context(base_url=url, **options)
    context.outside = []

    def only_local(route):
        if is_local(route.request.url):
            route.continue_()
        else:
            context.outside.append(route.request.url)
            route.abort()
    context.route("**/*", only_local)
    return context


@pytest.fixture
def page(browser, page_server):
    context = open_context(browser, page_server, viewport={"width": 900, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda message: page.errors.append(message.text) if "Content Security Policy" in message.text else None)
    page.goto("/")
    yield page
    context.close()
    assert context.outside == [], "the page asked the internet for something"
    assert page.errors == [], "the page's script threw or broke its content security policy"


def check(page, text: str) -> None:
    page.get_by_label(LABEL).fill(text)
    page.get_by_role("button", name=CHECK).click()


def card(page, index: int):
    return page.locator("#result > li").nth(index)


def delta(sentence: int, text: str, field: str = "corrected") -> dict:
    return {"sentence": sentence, "field": field, "delta": text}


def sse(*events) -> str:
    return "".join(f"data: {e if isinstance(e, str) else json.dumps(e)}\n\n" for e in events)


# ---- against the real tutor ---------------------------------------------------------------------

def test_a_wrong_verb_is_shown_before_and_after_with_its_explanation(page):
    page.evaluate("""() => { window.lines = [];
        new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
            if (n.nodeType === 3 && n.parentElement?.classList.contains('line')) window.lines.push(n.data); })
          .observe(document.getElementById('result'), {childList: true, subtree: true}); }""")
    check(page, "He goed to school.")
    first = card(page, 0)
    expect(first).to_have_class(re.compile(r"\bchanged\b"), timeout=SLOW)
    expect(first.locator("ins")).to_have_text(re.compile(r"went"))
    expect(first.locator("del")).to_have_text(re.compile(r"goed"))
    expect(first.locator(".note")).to_contain_text("went")
    expect(page.locator("#status")).to_contain_text("Done")
    expect(page.get_by_label(LABEL)).to_have_value("He goed to school.")
    # drawn as it streamed: the corrected sentence grew token by token before the verdict replaced it
    lines = page.evaluate("window.lines")
    whole = "He went to school."
    assert any(0 < len(line) < len(whole) and whole.startswith(line) for line in lines), lines
    assert page.locator("#result").get_attribute("aria-live") == "polite"
    assert page.locator("#result").get_attribute("aria-busy") == "false"


def test_an_unchanged_sentence_says_no_verb_error_found_and_ctrl_enter_submits(page):
    page.get_by_label(LABEL).fill("I like apples.")
    page.get_by_label(LABEL).press("Control+Enter")
    expect(card(page, 0)).to_have_class(re.compile(r"\bcorrect\b"), timeout=SLOW)
    expect(card(page, 0)).to_contain_text("I like apples.")
    expect(card(page, 0).locator(".note")).to_have_text("No change No verb error found.")  # not "correct": only verbs were checked
    assert card(page, 0).locator("ins, del").count() == 0


def test_a_paragraph_is_corrected_sentence_by_sentence(page):
    with page.expect_request("**/correct?stream=true") as sent:
        check(page, PARAGRAPH)
    assert sent.value.post_data_json == {"text": PARAGRAPH}
    expect(page.locator("#status")).to_contain_text("Done", timeout=SLOW)
    expect(page.locator("#result > li")).to_have_count(3)
    expect(card(page, 0).locator("ins")).to_have_text(re.compile("went"))
    for i in range(3):
        expect(card(page, i)).not_to_have_class(re.compile("pending|interrupted"))
    expect(card(page, 1)).to_contain_text("It rained all day.")


def test_an_example_runs_from_the_keyboard_and_the_visit_is_remembered_in_this_tab_only(page, browser, page_server):
    example = page.get_by_role("button", name="She has went home.")
    example.focus()
    page.keyboard.press("Enter")
    expect(card(page, 0).locator("ins")).to_have_text(re.compile("gone"), timeout=SLOW)
    expect(page.get_by_label(LABEL)).to_have_value("She has went home.")
    expect(page.locator("#history-section")).to_be_hidden()  # the newest answer is on screen, not repeated
    page.reload()
    history = page.locator("#history > li")
    expect(history).to_have_count(1)
    expect(history.first).to_contain_text("gone")
    page.get_by_label(LABEL).fill("")
    history.first.get_by_role("button", name=re.compile("Edit again")).click()
    expect(page.get_by_label(LABEL)).to_have_value("She has went home.")
    other = open_context(browser, page_server)
    fresh = other.new_page()
    fresh.goto("/")
    expect(fresh.locator("#history-section")).to_be_hidden()
    other.close()


# ---- errors: shown next to the input, which keeps what was typed -------------------------------

def test_an_empty_submit_is_refused_and_keeps_the_input(page):
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/correct" in request.url else None)
    check(page, "   ")
    expect(page.locator("#error")).to_contain_text("type a sentence")
    expect(page.get_by_label(LABEL)).to_have_value("   ")
    expect(page.get_by_label(LABEL)).to_have_attribute("aria-invalid", "true")
    assert asked == []


def test_the_servers_422_message_is_shown_next_to_the_input(page):
    too_long = "He goed to school and " * 100  # 2200 characters: over the paragraph limit
    with page.expect_response("**/correct?stream=true") as answered:
        check(page, too_long)
    assert answered.value.status == 422
    message = answered.value.json()["error"]["message"]
    expect(page.locator("#error")).to_have_text(message)
    expect(page.get_by_label(LABEL)).to_have_value(too_long)
    expect(page.locator("#counter")).to_have_class(re.compile("over"))


def test_a_busy_server_is_retried_after_retry_after_seconds(page):
    calls = []

    def busy_once(route):
        calls.append(route.request.url)
        if len(calls) == 1:
            error = {"status": 503, "type": "overloaded", "message": "queue full", "details": []}
            route.fulfill(status=503, headers={"Retry-After": "1", "Content-Type": "application/json"},
                          body=json.dumps({"error": error}))
        else:
            route.continue_()
    page.route("**/correct*", busy_once)
    check(page, "He goed to school.")
    expect(page.locator("#status")).to_have_text(re.compile(r"busy, retrying in 1 s"))
    expect(card(page, 0).locator("ins")).to_have_text(re.compile("went"), timeout=SLOW)
    assert len(calls) == 2
    expect(page.locator("#error")).to_be_empty()


def test_automatic_retries_are_bounded_then_the_person_decides(page):
    calls = []

    def always_busy(route):
        calls.append(1)
        route.fulfill(status=503, headers={"Retry-After": "1"}, body="{}")
    page.route("**/correct*", always_busy)
    check(page, "He goed to school.")
    expect(page.locator("#error")).to_contain_text("still busy", timeout=20_000)
    expect(page.get_by_role("button", name="Try again")).to_be_focused()
    assert len(calls) == 6  # the first try and five automatic retries
    expect(page.get_by_label(LABEL)).to_have_value("He goed to school.")


def test_a_lost_connection_offers_a_retry_button_and_keeps_the_input(page):
    calls = []

    def fail_once(route):
        calls.append(1)
        route.abort("connectionfailed") if len(calls) == 1 else route.continue_()
    page.route("**/correct*", fail_once)
    check(page, "He goed to school.")
    expect(page.locator("#error")).to_contain_text("connection")
    retry = page.get_by_role("button", name="Try again")
    expect(retry).to_be_focused()
    expect(page.get_by_label(LABEL)).to_have_value("He goed to school.")
    page.keyboard.press("Enter")
    expect(card(page, 0).locator("ins")).to_have_text(re.compile("went"), timeout=SLOW)
    expect(retry).to_be_hidden()
    expect(page.locator("#error")).to_be_empty()


def test_a_stream_cut_short_marks_the_unfinished_sentence_and_offers_a_retry(page):
    page.route("**/correct*", lambda route: route.fulfill(
        status=200, headers=EVENT_STREAM,
        body=sse(delta(0, "He"), delta(0, " went"))))
    check(page, "He goed to school.")
    expect(page.locator("#error")).to_contain_text("connection was lost")
    expect(card(page, 0)).to_have_class(re.compile("interrupted"))
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
    expect(page.get_by_label(LABEL)).to_have_value("He goed to school.")


def test_an_error_event_mid_stream_is_shown(page):
    page.route("**/correct*", lambda route: route.fulfill(
        status=200, headers=EVENT_STREAM,
        body=sse(delta(0, "He"),
                 {"error": {"type": "step_failed", "message": "the engine step failed"}}, "[DONE]")))
    check(page, "He goed to school.")
    expect(page.locator("#error")).to_contain_text("the engine step failed")
    expect(card(page, 0)).to_have_class(re.compile("interrupted"))


def test_the_paragraph_contract_draws_changed_correct_and_withheld_sentences(page):
    """The streamed events of the paragraph form exactly as specified (sentence index on every
    event, a reviewed verdict per sentence, interleaved), including a withheld suggestion."""
    text = "He goed home. It rained. She swimmed fastly."
    verdicts = [
        {"sentence": 0, "original": "He goed home.", "corrected": "He went home.", "changed": True, "withheld": False,
         "explanation": "The past tense of 'go' is the irregular form 'went'.", "start": 0, "end": 13},
        {"sentence": 1, "original": "It rained.", "corrected": "It rained.", "changed": False, "withheld": False,
         "explanation": "No verb error found.", "start": 14, "end": 24},
        {"sentence": 2, "original": "She swimmed fastly.", "corrected": "She swimmed fastly.", "changed": False,
         "withheld": True, "explanation": "No verb error found.", "start": 25, "end": 44},
    ]
    body = sse(delta(1, "It"), delta(0, "He"), delta(2, "She swam"), delta(0, " went home."),
               verdicts[1], verdicts[0], verdicts[2],
               {"corrected": "He went home. It rained. She swimmed fastly.", "sentences": verdicts,
                "usage": {"prompt_tokens": 30, "completion_tokens": 40}}, "[DONE]")
    with page.expect_request("**/correct*") as sent:
        page.route("**/correct*", lambda route: route.fulfill(status=200, headers=EVENT_STREAM, body=body))
        check(page, text)
    assert sent.value.post_data_json == {"text": text}
    expect(page.locator("#result > li")).to_have_count(3)
    expect(card(page, 0)).to_have_class(re.compile(r"\bchanged\b"))
    expect(card(page, 0).locator("del")).to_have_text(re.compile("goed"))
    expect(card(page, 0).locator("ins")).to_have_text(re.compile("went"))
    expect(card(page, 1)).to_have_class(re.compile(r"\bcorrect\b"))
    expect(card(page, 1).locator(".note")).to_have_text("No change No verb error found.")  # never "correct"
    expect(card(page, 2)).to_have_class(re.compile(r"\bwithheld\b"))
    expect(card(page, 2).locator(".line")).to_have_text("She swimmed fastly.")  # not the unreviewed "swam"
    expect(card(page, 2).locator(".note")).to_contain_text("not shown")
    expect(page.locator("#status")).to_have_text("Done: 1 of 3 sentences corrected.")


def test_the_page_fits_a_phone_screen(browser, page_server):
    context = open_context(browser, page_server, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto("/")
    check(phone, "He goed to school.")
    expect(card(phone, 0).locator("ins")).to_have_text(re.compile("went"), timeout=SLOW)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert context.outside == []
    context.close()


# ---- the API docs, offline ----------------------------------------------------------------------

def test_docs_list_the_operations_with_assets_served_by_the_app(page):
    page.goto("/docs")
    paths = page.locator(".opblock-summary-path")
    expect(paths.first).to_be_visible(timeout=SLOW)
    shown = {text.strip().replace("\u200b", "") for text in paths.all_inner_texts()}
    assert {"/correct", "/v1/completions", "/v1/chat/completions", "/readyz"} <= shown
    for other in ("/redocs", "/scalar"):
        page.goto(other)
        assert page.url.endswith("/docs")


def test_no_served_page_loads_anything_from_outside(page_server):
    with httpx.Client(base_url=page_server, follow_redirects=True) as client:
        for path in ("/", "/docs", "/redocs", "/scalar"):
            r = client.get(path)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
            sources = re.findall(REFERENCE, r.text, re.I)
            assert sources, path
            for source in sources:
                assert not re.match(r"(https?:)?//", source) or source.startswith("http://127.0.0.1"), (path, source)
                assert client.get(source).status_code == 200, (path, source)
        assert "default-src 'self'" in client.get("/").headers["content-security-policy"]
        assert client.get("/docs/assets/swagger-ui.css").headers["content-type"].startswith("text/css")
        assert client.get("/docs/assets/index.css").status_code == 404  # only the files the page uses
        assert client.get("/assets/../app.py").status_code == 404
        assert not any("/assets" in path or "/docs" in path for path in client.get("/openapi.json").json()["paths"])


def test_the_package_ships_the_templates_and_static_files():
    """A non-editable install must carry what the page serves: every file is matched by package-data."""
    globs = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["miniserve.web"]
    web = REPO / "miniserve" / "web"
    shipped = {path for pattern in globs for path in web.glob(pattern)}
    for folder in ("templates", "static", "swagger-ui"):
        for path in (web / folder).iterdir():
            assert path in shipped, path


def test_swagger_ui_is_vendored_pinned_and_licensed_without_flask():
    """/docs serves the pinned files in the repository (their hashes in its README), with Swagger
    UI's licence beside them, and the project asks for no Flask package of its own."""
    folder = REPO / "miniserve" / "web" / "swagger-ui"
    pinned = dict(re.findall(r"`([\w.-]+\.(?:js|css))` \| `([0-9a-f]{64})`", (folder / "README.md").read_text()))
    assert set(pinned) == {"swagger-ui-bundle.js", "swagger-ui.css"}
    for name, digest in pinned.items():
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest, name
    assert "Apache License" in (folder / "LICENSE").read_text()
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    assert not [d for d in dependencies if "flask" in d.lower()]
