"""The learner page: one server-rendered template, one plain script, one stylesheet (no build step).
The script talks to `POST /correct?stream=true` like any other client (see docs/page.md)."""

from __future__ import annotations

from pathlib import Path

from quart import Blueprint, render_template, send_from_directory
from quart_schema import hide

from miniserve.http.schemas import MAX_TEXT_CHARS
from miniserve.tutor.runtime.prompt import MAX_SENTENCE_CHARS

EXAMPLES = [
    "He goed to school.",
    "She has went home.",
    "My aunt watch the news every evening.",
    "Yesterday I goed to the market. It rained all day. I buyed three apples.",
]

STATIC = Path(__file__).parent / "static"

# No `static_folder`: Quart's automatic static route would be published in /openapi.json.
page = Blueprint("page", __name__, template_folder="templates")


# The page loads nothing but its own files and talks only to this server: the browser enforces it.
POLICY = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"


@page.get("/")
@hide
async def index():
    html = await render_template("page.html", examples=EXAMPLES,
                                 max_sentence=MAX_SENTENCE_CHARS, max_text=MAX_TEXT_CHARS)
    return html, 200, {"Content-Security-Policy": POLICY}


@page.get("/assets/<path:name>")
@hide
async def asset(name: str):
    """page.js and page.css (send_from_directory refuses paths outside the folder)."""
    return await send_from_directory(STATIC, name)
