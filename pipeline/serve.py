"""`edition serve`: serve a directory (the built site) over HTTP with the standard library.

MIME types are fixed here rather than taken from the machine's /etc/mime.types, so that Pyodide's
``.wasm`` (streaming compilation needs ``application/wasm``), ES modules and its zip/json files are served
the same way everywhere.  ``serve_in_thread`` is for tests: it serves on a free port in a daemon thread.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

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
    "": "application/octet-stream",
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed MIME types; no per-request logging."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def guess_type(self, path: str | os.PathLike) -> str:
        ext = os.path.splitext(str(path))[1].lower()
        return MIME_TYPES.get(ext) or super().guess_type(path)

    def end_headers(self) -> None:
        # the site is rebuilt often while working on it; never let the browser keep stale pages
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        # a browser that leaves a page (or cancels a download) mid-response is not a server error
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: str | os.PathLike, host: str = "127.0.0.1", port: int = 8000) -> _Server:
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"no such directory to serve: {directory}")
    handler = functools.partial(QuietHandler, directory=str(directory))
    return _Server((host, port), handler)


def serve_in_thread(directory: str | os.PathLike, port: int = 0,
                    host: str = "127.0.0.1") -> tuple[_Server, str]:
    """Serve ``directory`` in a daemon thread; returns ``(server, url)`` with url ending in '/'.

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server = make_server(directory, host, port)
    thread = threading.Thread(target=server.serve_forever, name=f"serve {directory}", daemon=True)
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
