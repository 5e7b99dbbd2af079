"""`edition serve`: serve a directory (the built site) over HTTP with the standard library.

MIME types are fixed here rather than taken from the machine's /etc/mime.types, so that Pyodide's
``.wasm`` (streaming compilation needs ``application/wasm``), ES modules and its zip/json files are served
the same way everywhere.  ``serve_in_thread`` is for tests: it serves on a free port in a daemon thread.
"""
from __future__ import annotations

import argparse
import http.server
import os
import shutil
import sys
import threading
import urllib.parse
from contextlib import contextmanager
from pathlib import Path
from http import HTTPStatus
from typing import Iterator

from pipeline.site.csp import HEADER_POLICY

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".map": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".tar": "application/x-tar",
    ".xml": "application/xml",
    ".rng": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".gz": "application/gzip",
    ".br": "application/octet-stream",
    "": "application/octet-stream",
}


SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": HEADER_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
# precompressed siblings, in order of preference: X.br, then X.gz, served for X when the client accepts them
ENCODINGS: tuple[tuple[str, str], ...] = (("br", ".br"), ("gzip", ".gz"))
TIMEOUT = 20.0      # seconds a connection may stall (reading the request or taking the response) before it is closed
MAX_THREADS = 32    # connections handled at once; the next ones wait to be accepted
CHUNK = 1 << 16


class BadPath(Exception):
    """A request path that names no file of the site (the status to answer with is in ``status``)."""

    def __init__(self, status: HTTPStatus, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def accepted(header: str | None) -> set[str]:
    """The content codings an Accept-Encoding header allows (q > 0); ``*`` stands for every coding not named."""
    allowed, refused, star = set(), set(), False
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name == "*":
            star = q > 0
        elif q > 0:
            allowed.add(name)
        else:
            refused.add(name)
    if star:
        allowed |= {coding for coding, _ in ENCODINGS} - refused
    return allowed


def resolve(root: Path, raw: str) -> tuple[Path, bool]:
    """The file a request path names inside ``root`` (a folder gives its index.html), and whether the path names a
    folder without its final '/' (the answer is then a redirect). Raises :class:`BadPath`.

    Sound because the decoded path is refused if it has a NUL, a control character, a backslash, or a '.'/'..'
    segment, and the file found is kept only if its real path (links resolved) is inside the real ``root``.
    """
    path = raw.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith("/"):
        raise BadPath(HTTPStatus.BAD_REQUEST, "the path must start with /")
    try:
        decoded = urllib.parse.unquote(path, errors="strict")
    except UnicodeDecodeError:
        raise BadPath(HTTPStatus.BAD_REQUEST, "the path is not UTF-8") from None
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in decoded) or "\\" in decoded:
        raise BadPath(HTTPStatus.BAD_REQUEST, "the path holds a control character or a backslash")
    parts = decoded.split("/")[1:]
    if any(p in (".", "..") for p in parts):
        raise BadPath(HTTPStatus.NOT_FOUND, "no such file")
    target = root.joinpath(*[p for p in parts if p])
    try:
        real = target.resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        raise BadPath(HTTPStatus.NOT_FOUND, "no such file") from None
    if real != root and root not in real.parents:
        raise BadPath(HTTPStatus.NOT_FOUND, "no such file")
    if real.is_dir():
        index = real / "index.html"
        if not index.is_file():
            raise BadPath(HTTPStatus.NOT_FOUND, "no such file")  # never a directory listing
        return index, not decoded.endswith("/")
    if not real.is_file() or decoded.endswith("/"):
        raise BadPath(HTTPStatus.NOT_FOUND, "no such file")
    return real, False


class SiteHandler(http.server.BaseHTTPRequestHandler):
    """GET and HEAD of the site's files, with fixed MIME types, security headers and precompressed siblings; no
    directory listing, nothing outside the served folder; every bad request gets a status, never a traceback."""

    server_version = "edition-serve"
    sys_version = ""
    default_request_version = "HTTP/1.0"  # an error to a malformed request line still has a status line and headers
    timeout = TIMEOUT
    directory: Path  # set by make_server (a subclass per server)

    def version_string(self) -> str:
        return self.server_version  # no Python version on the wire

    def end_headers(self) -> None:
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        # the site is rebuilt often while working on it; never let the browser keep stale pages
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        pass

    def do_GET(self) -> None:
        self.answer(body=True)

    def do_HEAD(self) -> None:
        self.answer(body=False)

    def answer(self, body: bool) -> None:
        try:
            path, redirect = resolve(self.directory, self.path)
        except BadPath as bad:
            self.send_error(bad.status, str(bad))
            return
        if redirect:
            parts = urllib.parse.urlsplit(self.path)
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", urllib.parse.urlunsplit(("", "", parts.path + "/", parts.query, "")))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        sent, coding = path, None
        allowed = accepted(self.headers.get("Accept-Encoding"))
        for name, suffix in ENCODINGS:
            sibling = path.with_name(path.name + suffix)
            # a sibling older than its file is stale (the file was edited after the build): the file itself
            if (name in allowed and sibling.is_file() and sibling.resolve().parent == path.parent
                    and sibling.stat().st_mtime_ns >= path.stat().st_mtime_ns):
                sent, coding = sibling, name
                break
        try:
            handle = open(sent, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "no such file")
            return
        with handle:
            size = os.fstat(handle.fileno()).st_size
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", guess_type(path))
            self.send_header("Content-Length", str(size))
            if coding:
                self.send_header("Content-Encoding", coding)
            if any(path.with_name(path.name + suffix).is_file() for _, suffix in ENCODINGS):
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            if body:
                shutil.copyfileobj(handle, self.wfile, CHUNK)


def guess_type(path: Path) -> str:
    return MIME_TYPES.get(path.suffix.lower()) or MIME_TYPES[""]


class _Server(http.server.ThreadingHTTPServer):
    """One thread per connection, at most ``MAX_THREADS`` at once (each connection times out after ``TIMEOUT``)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *args, max_threads: int = MAX_THREADS, **kwargs) -> None:
        self.slots = threading.BoundedSemaphore(max_threads)
        super().__init__(*args, **kwargs)

    def process_request(self, request, client_address) -> None:
        self.slots.acquire()
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address) -> None:
        # a browser that leaves a page (or cancels a download) mid-response, or a client that stalls past the
        # timeout, is not a server error
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: str | os.PathLike, host: str = "127.0.0.1", port: int = 8000, *,
                timeout: float = TIMEOUT, max_threads: int = MAX_THREADS) -> _Server:
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"no such directory to serve: {directory}")
    handler = type("Handler", (SiteHandler,), {"directory": directory, "timeout": timeout})
    return _Server((host, port), handler, max_threads=max_threads)


def serve_in_thread(directory: str | os.PathLike, port: int = 0,
                    host: str = "127.0.0.1") -> tuple[_Server, str]:
    """Serve ``directory`` in a daemon thread; returns ``(server, url)`` with url ending in '/'.

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server = make_server(directory, host, port)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, name=f"serve {directory}",
                              daemon=True)
    thread.start()
    real_host, real_port = server.server_address[:2]
    return server, f"http://{real_host}:{real_port}/"


@contextmanager
def serving(directory: str | os.PathLike, port: int = 0, host: str = "127.0.0.1") -> Iterator[str]:
    """``with serving(dir) as url:`` — ``directory`` served in a thread for the block, stopped after it."""
    server, url = serve_in_thread(directory, port, host)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def run(args: argparse.Namespace) -> int:
    try:
        server = make_server(args.dir, args.host, args.port)
    except FileNotFoundError as exc:
        print(f"edition serve: {exc} (build it first: `.venv/bin/mkdocs build`)", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"edition serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    print(f"Serving {args.dir} at http://{args.host}:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def register(subparsers) -> None:
    p = subparsers.add_parser("serve", help="serve the built site over HTTP (standard library)")
    p.add_argument("--dir", default="site", help="directory to serve (default: site)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000; 0 picks a free one)")
    p.set_defaults(func=run)
