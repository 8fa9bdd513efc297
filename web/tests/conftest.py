"""Fixtures of the page's browser tests: a static server on web/dist (as a user would
serve it), Debian's Chromium driven by Playwright (no browser download), a fresh page per
test that refuses any request off this machine, and a screenshot of each failure in
web/tests/artifacts/.

Run: web/build.sh && python -m pytest web/tests
"""

import os
from pathlib import Path

import pytest
from local_site import CHROMIUM_ARGS, serve
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "web" / "dist"
ARTIFACTS = ROOT / "web" / "tests" / "artifacts"
CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def base_url():
    if not (DIST / "index.html").exists() or not (DIST / "queens_web_bg.wasm").exists():
        pytest.exit("web/dist is not built: run web/build.sh first", returncode=2)
    server, url = serve(DIST)
    yield url
    server.terminate()
    server.wait(timeout=5)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


class Page:
    """A page of the site with the helpers the tests share."""

    def __init__(self, page, base_url):
        self.page = page
        self.base_url = base_url
        self.offsite = []

    def open(self, fragment=""):
        self.page.goto(self.base_url + fragment)
        self.page.wait_for_selector("body[data-ready=true]", timeout=15000)

    def click(self, selector):
        self.page.click(selector)

    def action(self, name):
        self.page.click(f'[data-action="{name}"]')

    def square(self, name):
        return self.page.locator(f'[data-square="{name}"]')

    def status(self):
        return self.page.text_content('[data-testid="status"]')

    def result(self):
        return self.page.text_content('[data-testid="result"]')

    def wait_status(self, *wanted, timeout=30000):
        self.page.wait_for_function(
            "w => w.includes(document.querySelector('[data-testid=status]').textContent)",
            arg=list(wanted),
            timeout=timeout,
        )
        return self.status()

    def run(self, name, timeout=30000):
        """Clicks a job's button and waits for its answer."""
        self.action(name)
        self.wait_status("done", "stopped", timeout=timeout)
        return self.result()

    def squares_with(self, attribute, value=None):
        sel = f"[data-{attribute}]" if value is None else f'[data-{attribute}="{value}"]'
        return set(self.page.eval_on_selector_all(sel, "els => els.map(e => e.dataset.square)"))

    def pieces(self):
        return dict(
            self.page.eval_on_selector_all(
                "[data-piece]", "els => els.map(e => [e.dataset.square, e.dataset.piece])"
            )
        )

    def fill(self, name, value):
        loc = self.page.locator(f'[data-input="{name}"]')
        tag = loc.evaluate("e => e.tagName")
        if tag == "SELECT":
            loc.select_option(value)
        else:
            loc.fill(str(value))
            loc.dispatch_event("change")


@pytest.fixture
def site(browser, base_url, request):
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    wrapper = Page(page, base_url)

    def gate(route):
        url = route.request.url
        if url.startswith(base_url) or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            wrapper.offsite.append(url)
            route.abort()

    page.route("**/*", gate)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield wrapper
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert not wrapper.offsite, f"the page asked for off-machine addresses: {wrapper.offsite}"
    assert not errors, f"errors on the page: {errors}"
