"""The API docs without a CDN: quart-schema's Swagger UI page (`/docs`) loads its script and
stylesheet from the URLs in two config keys; point them at the pinned Swagger UI files in
`swagger-ui/` (vendored from Swagger UI's own `swagger-ui-dist` release, with its licence) and serve
those files here. quart-schema's Redoc and Scalar pages have no maintained offline package (app.py
turns them off); their paths redirect here so old links still land on working docs."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from quart import Blueprint, redirect, request, send_from_directory
from quart_schema import hide

from miniserve.http.errors import ApiError

ASSETS = {"swagger-ui-bundle.js": "QUART_SCHEMA_SWAGGER_JS_URL", "swagger-ui.css": "QUART_SCHEMA_SWAGGER_CSS_URL"}
PREFIX = "/docs/assets/"
SWAGGER_UI = Path(__file__).with_name("swagger-ui")
# Only its own files, and the one inline script quart-schema's page starts Swagger UI with, allowed
# by its hash; Swagger UI sets inline styles and draws data: images. No page may frame it.
POLICY = ("default-src 'self'; script-src 'self' {scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

docs = Blueprint("docs", __name__)


@docs.record_once
def use_local_assets(state) -> None:
    # quart-schema reads these keys on every /docs request, so setting them after its init_app works.
    state.app.config.update({key: PREFIX + name for name, key in ASSETS.items()})


@docs.get(PREFIX + "<name>")
@hide
async def asset(name: str):
    if name not in ASSETS:
        raise ApiError(404, "not_found", f"no docs asset {name!r}")
    return await send_from_directory(SWAGGER_UI, name)


@docs.get("/redocs")
@docs.get("/scalar")
@hide
async def other_docs():
    return redirect("/docs")


@docs.after_app_request
async def docs_policy(response):
    if request.path == "/docs" and response.status_code == 200 and response.mimetype == "text/html":
        html = (await response.get_data()).decode()
        hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()}'"
                          for script in re.findall(r"<script>(.*?)</script>", html, re.S))
        response.headers["Content-Security-Policy"] = POLICY.format(scripts=hashes)
    return response
