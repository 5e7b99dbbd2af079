"""The site's Content-Security-Policy: one policy, written into every page as a ``<meta>`` tag (the site is static)
and sent by ``edition serve`` as a header with ``frame-ancestors`` (which a meta tag cannot set).

Why it is strict enough: scripts come only from the site's own files ('self'); no inline script runs at all (the
board starts its worker from board.mjs, on the reader's intent; Material's inline scripts are moved into files by
the theme overrides in ``pipeline/site/theme/partials/javascripts/``). Without 'unsafe-inline' and 'unsafe-hashes', no event-handler
attribute (``onerror=…``) and no injected ``<script>`` can run, even if escaping failed somewhere.
'wasm-unsafe-eval' lets Pyodide compile its WebAssembly; nothing allows ``eval``. Workers (the engine's, the
search's) load from 'self'. No plugin objects, no ``<base>`` elsewhere, forms only to the site.

As a MkDocs hook (listed last in mkdocs.yml, after the hooks that add scripts), it puts the meta tag right after
``<meta charset>``, before any script, on every page and on the theme's 404 page.
"""
from __future__ import annotations

import re


DIRECTIVES: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "child-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}


def policy(extra: dict[str, list[str]] | None = None) -> str:
    directives = {**DIRECTIVES, **(extra or {})}
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


POLICY = policy()
# for the server: frame-ancestors works only as a header
HEADER_POLICY = policy({"frame-ancestors": ["'none'"]})
META = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
_HEAD = re.compile(r"<head\b[^>]*>\s*(?:<meta charset[^>]*>\s*)?", re.I)


def with_meta(html: str) -> str:
    """The page with the policy's meta tag first in <head> (after <meta charset>), once."""
    if META in html:
        return html
    found = _HEAD.search(html)
    if found is None:
        return html
    return html[:found.end()] + META + "\n" + html[found.end():]


def on_post_page(output: str, page, config) -> str:
    return with_meta(output)


def on_post_template(output: str, template_name: str, config) -> str:
    return with_meta(output) if template_name.endswith(".html") else output
