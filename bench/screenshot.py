"""`python -m bench.screenshot`: docs/page.png, the learner page after checking a paragraph, taken
in headless Chromium from a real `miniserve serve` (the shipped tutor) on a loopback port."""

from __future__ import annotations

from pathlib import Path

import trio

from bench.browser import is_local, launch
from bench.loadgen import Server
from miniserve import console

PARAGRAPH = "Yesterday I goed to the market. It rained all day. I buyed three apples."
SENTENCES = ["He goed to school.", "She has went home."]


def shoot(url: str, out: Path, width: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": width, "height": 900}, device_scale_factor=1)
        page.route("**/*", lambda route: route.continue_() if is_local(route.request.url) else route.abort())
        page.goto(url + "/")
        box = page.get_by_label("Your sentence or paragraph")
        for text in [*SENTENCES, PARAGRAPH]:  # the earlier ones fill "Earlier in this visit"
            box.fill(text)
            page.get_by_role("button", name="Check my verbs").click()
            page.locator("#status", has_text="Done").wait_for(timeout=60_000)
        page.screenshot(path=str(out), full_page=True)
        browser.close()


async def screenshot(out: Path, width: int) -> None:
    async with Server("continuous", max_batch=8) as server:
        await trio.to_thread.run_sync(shoot, server.url, out, width)
    print(f"wrote {out}")


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs/page.png"))
    parser.add_argument("--width", type=console.positive(int), default=760)
    args = parser.parse_args(argv)
    trio.run(screenshot, args.out, args.width)


if __name__ == "__main__":
    console.run(main)
