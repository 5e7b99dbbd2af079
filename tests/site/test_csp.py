"""The site's Content-Security-Policy: a meta tag first in every page's <head>, no inline script, and in Chromium an injected event handler or script does not run while the game, the search
and every page run with no violation."""
from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser

import pytest

from pipeline.serve import serving
from pipeline.site import csp

JS_TYPES = ("", "text/javascript", "application/javascript", "module")


class Scripts(HTMLParser):
    """The <head>'s first elements and every script (attributes, inline text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.order: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self._open: dict | None = None

    def handle_starttag(self, tag, attrs):
        self.order.append((tag, dict(attrs)))
        if tag == "script":
            self._open, self._text = dict(attrs), []

    def handle_data(self, data):
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._open is not None:
            self.scripts.append((self._open, "".join(self._text)))
            self._open = None


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def test_the_policy_allows_scripts_from_the_site_only():
    d = directives(csp.POLICY)
    assert d["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert not {"'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "data:", "blob:"} & set(d["script-src"])
    assert [v for v in d["script-src"] if v.startswith("'sha256-")] == []  # no inline script is allowed
    assert d["object-src"] == ["'none'"] and d["base-uri"] == ["'self'"] and d["form-action"] == ["'self'"]
    assert d["default-src"] == ["'self'"] and "frame-ancestors" not in d  # a meta tag cannot set it
    assert directives(csp.HEADER_POLICY)["frame-ancestors"] == ["'none'"]


def test_every_page_starts_with_the_policy_and_runs_no_other_inline_script(built):
    name, site = built
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 5
    for path in pages:
        parsed = Scripts()
        parsed.feed(path.read_text("utf-8"))
        metas = [a for t, a in parsed.order if t == "meta" and a.get("http-equiv", "").lower() ==
                 "content-security-policy"]
        assert [m["content"] for m in metas] == [csp.POLICY], path
        first_script = next(i for i, (t, _) in enumerate(parsed.order) if t == "script")
        assert parsed.order.index(("meta", metas[0])) < first_script, f"{path}: a script before the policy"
        for attrs, text in parsed.scripts:
            if "src" in attrs or attrs.get("type", "").lower() not in JS_TYPES:
                continue
            pytest.fail(f"{path}: an inline script (the policy allows none): {text[:80]}")


VIOLATIONS = """() => { window.cspViolations = [];
  document.addEventListener('securitypolicyviolation',
    e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI)); }"""


@pytest.fixture
def watched(browser):
    """A page that records CSP violations (its own and its workers' console reports), and dialogs."""
    context = browser.new_context()
    page = context.new_page()
    page.reports, page.dialogs = [], []
    page.add_init_script(f"({VIOLATIONS})()")

    def console(msg):
        if "Content Security Policy" in msg.text:
            page.reports.append(msg.text)

    page.on("console", console)
    page.on("worker", lambda w: w.on("console", console))
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    try:
        yield page
    finally:
        context.close()


def violations(page) -> list[str]:
    return page.evaluate("window.cspViolations") + page.reports


def test_an_injected_handler_or_script_does_not_run(fixture_site_dir, tmp_path, watched):
    """As if escaping had failed: markup put into a built chapter page, in the nav and in the text."""
    site = tmp_path / "site"
    shutil.copytree(fixture_site_dir, site)
    page_file = site / "chapters" / "windmill" / "index.html"
    html = page_file.read_text("utf-8")
    injected = ('<img src=x onerror="window.pwned=1;alert(1)"><script>window.pwned=2</script>'
                '<svg onload="window.pwned=3"></svg>')
    html, n = re.subn(r"(<article\b[^>]*>)", lambda m: m.group(1) + injected, html, count=1)
    html = html.replace('<nav class="md-nav md-nav--primary"', injected + '<nav class="md-nav md-nav--primary"', 1)
    assert n == 1
    page_file.write_text(html, "utf-8")
    with serving(site) as url:
        watched.goto(f"{url}chapters/windmill/")
        watched.wait_for_load_state("load")
        watched.wait_for_timeout(300)
        assert watched.evaluate("typeof window.pwned") == "undefined"
        assert watched.dialogs == []
        assert any("script-src" in v for v in violations(watched)), "the browser reports what it blocked"


ASK_WORKER = """async ([op, args]) => {
  const w = window.editionPlay.board.engine.worker || window.editionPlayWorker;
  const id = 900000 + Math.floor(Math.random() * 1000);
  return await new Promise((resolve) => {
    const listen = (e) => { if (e.data && e.data.id === id) { w.removeEventListener('message', listen); resolve(e.data); } };
    w.addEventListener('message', listen);
    w.postMessage({id, op, args});
  });
}"""


def test_home_notes_search_and_the_game_run_with_no_violation(fixture_site_url, watched):
    page = watched
    for path in ("", "notes/", "winnability/"):
        page.goto(fixture_site_url + path)
        page.wait_for_load_state("load")
        assert violations(page) == [], path
    # search (Material's worker and index)
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("годны")
    page.keyboard.press("End")
    # a function, not an expression: Playwright evaluates a polled expression with eval, which the site's CSP forbids
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__link').length > 0", timeout=15000)
    assert violations(page) == []
    # a chapter: the engine's worker starts, Pyodide compiles, a move is played
    page.goto(f"{fixture_site_url}chapters/windmill/#deal=1")
    page.wait_for_function("() => { const b = document.querySelector('.game-board');"
                           " return b && (b.dataset.state === 'ready' || b.dataset.state === 'error'); }",
                           timeout=180_000)
    assert page.eval_on_selector(".game-board", "b => b.dataset.state") == "ready"
    first = page.evaluate("window.editionPlay.state()")
    move = first["legal_moves"][0]["id"]
    page.evaluate("id => window.editionPlay.play(id)", move)
    page.wait_for_function("() => window.editionPlay.state().history === 1", timeout=60_000)
    assert page.evaluate("window.editionPlay.state().last") == move
    assert violations(page) == []
    # the worker in the page: names outside its allow-list and illegal moves are refused in Russian, no traceback
    for op in ("constructor", "__proto__", "toString", "hasOwnProperty", "nope", None):
        answer = page.evaluate(ASK_WORKER, [op, []])
        assert answer["ok"] is False and answer["error"] == "Неизвестная команда движку.", (op, answer)
    answer = page.evaluate(ASK_WORKER, ["apply", ["nowhere>anywhere"]])
    assert answer["ok"] is False and answer["error"] == "Этот ход невозможен.", answer
    answer = page.evaluate(ASK_WORKER, ["new_game", ["windmill", -5]])
    assert answer["ok"] is False and answer["error"].startswith("Номер раздачи"), answer
    assert "Traceback" not in json.dumps(answer)
