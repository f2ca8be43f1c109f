"""The API docs without a CDN: quart-schema's Swagger UI page (`/docs`) loads its script and
stylesheet from the URLs in two config keys; point them at the Swagger UI build that the
`flask-swagger-ui` package ships (it tracks Swagger UI's releases) and serve those files here.
quart-schema's Redoc and Scalar pages have no maintained offline package (app.py turns them off);
their paths redirect here so old links still land on working docs."""

from __future__ import annotations

import base64
import hashlib
import re
from importlib.util import find_spec
from pathlib import Path

from quart import Blueprint, current_app, redirect, request, send_from_directory
from quart_schema import hide

from miniserve.errors import ApiError

ASSETS = {"swagger-ui-bundle.js": "QUART_SCHEMA_SWAGGER_JS_URL", "swagger-ui.css": "QUART_SCHEMA_SWAGGER_CSS_URL"}
PREFIX = "/docs/assets/"
# Only its own files, and the one inline script quart-schema's page starts Swagger UI with, allowed
# by its hash; Swagger UI sets inline styles and draws data: images. No page may frame it.
POLICY = ("default-src 'self'; script-src 'self' {scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

docs = Blueprint("docs", __name__)


def swagger_dist() -> Path:
    """The package's folder of built Swagger UI files, found without importing it (it imports Flask)."""
    spec = find_spec("flask_swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("flask-swagger-ui is not installed: /docs needs its Swagger UI files")
    dist = Path(next(iter(spec.submodule_search_locations))) / "dist"
    missing = [name for name in ASSETS if not (dist / name).is_file()]
    if missing:
        raise RuntimeError(f"flask-swagger-ui has no {', '.join(missing)} in {dist}")
    return dist


@docs.record_once
def use_local_assets(state) -> None:
    # quart-schema reads these keys on every /docs request, so setting them after its init_app works.
    state.app.config.update({key: PREFIX + name for name, key in ASSETS.items()})
    state.app.config["MINISERVE_SWAGGER_DIST"] = swagger_dist()  # fail at start-up, not on the first visit


@docs.get(PREFIX + "<name>")
@hide
async def asset(name: str):
    if name not in ASSETS:
        raise ApiError(404, "not_found", f"no docs asset {name!r}")
    return await send_from_directory(current_app.config["MINISERVE_SWAGGER_DIST"], name)


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
