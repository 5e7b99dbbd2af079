"""`edition serve` on a LAN: odd and hostile paths get a status (never a traceback or a dropped connection), no
directory listing, nothing outside the site, security headers on every answer, stalled clients do not hold the
server, precompressed siblings served to clients that accept them. Everything on 127.0.0.1, bounded loops."""
from __future__ import annotations

import gzip
import os
import http.client
import socket
import time
import urllib.parse
from contextlib import contextmanager

import pytest

from pipeline.serve import make_server, serve_in_thread, serving

INDEX = b"<!doctype html><title>t</title>"
SCRIPT = b"var board = 1;\n" * 200


@pytest.fixture
def site(tmp_path):
    root = tmp_path / "site"
    for folder in ("assets", "play", "search", "chapters/windmill"):
        (root / folder).mkdir(parents=True)
    (root / "index.html").write_bytes(INDEX)
    (root / "chapters" / "windmill" / "index.html").write_bytes(b"<!doctype html><title>w</title>")
    (root / "assets" / "a.js").write_bytes(b"var a;\n")
    (root / "play" / "board.mjs").write_bytes(SCRIPT)
    (root / "play" / "board.mjs.gz").write_bytes(gzip.compress(SCRIPT, mtime=0))
    (root / "play" / "engine.json").write_bytes(b'{"a": 1}')
    (root / "play" / "engine.json.gz").write_bytes(gzip.compress(b'{"a": 1}', mtime=0))
    (root / "play" / "engine.json.br").write_bytes(b"not really brotli, served as it is")
    (root / "search" / "search_index.json").write_bytes(b"{}")
    (tmp_path / "secret.txt").write_bytes(b"outside the site")
    (root / "link.txt").symlink_to(tmp_path / "secret.txt")
    (root / "play" / "out").symlink_to(tmp_path)
    return root


@pytest.fixture
def served(site, capsys):
    with serving(site) as url:
        yield urllib.parse.urlsplit(url).port
    assert "Traceback" not in capsys.readouterr().err


def raw(port: int, request: bytes, timeout: float = 10) -> bytes:
    """Send bytes as they are and read the whole answer (HTTP/1.0: the server closes after it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    return out


def get(port: int, path: str, headers: dict | None = None, method: str = "GET") -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, headers=headers or {})
    resp = conn.getresponse()
    resp.body = resp.read()
    conn.close()
    return resp


def status(answer: bytes) -> int:
    assert answer.startswith(b"HTTP/1."), answer[:200]
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize("path, code", [
    ("/index.html%00", 400), ("/%00", 400), ("/index.html%0d%0aX-Evil:%201", 400), ("/%ff%fe", 400),
    ("/a\\..\\secret.txt", 400), ("/..%2fsecret.txt", 404), ("/../secret.txt", 404), ("/%2e%2e/secret.txt", 404),
    ("/play/../../secret.txt", 404), ("/link.txt", 404), ("/play/out/secret.txt", 404), ("//etc/passwd", 404),
    ("/nope.html", 404), ("/index.html/", 404), ("/" + "a" * 5000, 404),
])
def test_odd_and_hostile_paths_get_a_status_and_no_file_from_outside(served, path, code):
    answer = raw(served, f"GET {path} HTTP/1.0\r\nHost: x\r\n\r\n".encode())
    assert status(answer) == code, answer[:300]
    assert b"outside the site" not in answer and b"Traceback" not in answer


@pytest.mark.parametrize("request_bytes", [
    b"GET\r\n\r\n", b"GET index.html HTTP/1.0\r\n\r\n", b"\x00\x01\x02\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
    b"GET / HTTP/1.0\r\n" + b"X: " + b"y" * 70000 + b"\r\n\r\n", b"BREW / HTTP/1.0\r\n\r\n",
    b"POST / HTTP/1.0\r\nContent-Length: 3\r\n\r\nabc",
])
def test_malformed_requests_get_an_error_status(served, request_bytes):
    assert 400 <= status(raw(served, request_bytes)) < 600


@pytest.mark.parametrize("path", ["/assets/", "/play/", "/search/", "/assets", "/play"])
def test_no_directory_listing(served, path):
    resp = get(served, path)
    assert resp.status == 404 and b"a.js" not in resp.body and b"board.mjs" not in resp.body


def test_a_folder_with_an_index_gives_it_and_without_its_slash_a_redirect(served):
    assert get(served, "/chapters/windmill/").body == b"<!doctype html><title>w</title>"
    resp = get(served, "/chapters/windmill?x=1")
    assert resp.status == 301 and resp.getheader("Location") == "/chapters/windmill/?x=1"
    assert get(served, "/play/board.mjs?v=0123").body == SCRIPT


@pytest.mark.parametrize("path", ["/", "/play/board.mjs", "/nope", "/index.html%00"])
def test_every_answer_has_the_security_headers_and_no_python_version(served, path):
    resp = get(served, path)
    policy = resp.getheader("Content-Security-Policy") or ""
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert resp.getheader("X-Content-Type-Options") == "nosniff"
    assert resp.getheader("Referrer-Policy") == "no-referrer"
    server = resp.getheader("Server") or ""
    assert "Python" not in server and "python" not in server.lower() and "/3." not in server


def test_head_gives_the_headers_without_the_body(served):
    resp = get(served, "/play/board.mjs", method="HEAD")
    assert resp.status == 200 and resp.body == b"" and int(resp.getheader("Content-Length")) == len(SCRIPT)


@pytest.mark.parametrize("accept, coding", [
    ("gzip", "gzip"), ("gzip, deflate, br", "gzip"), ("deflate", None), (None, None), ("gzip;q=0", None),
    ("*", "gzip"), ("*, gzip;q=0", None), ("GZIP ; q=0.5", "gzip"), ("gzip;q=bad", None),
])
def test_a_precompressed_sibling_is_served_when_the_client_accepts_it(served, accept, coding):
    resp = get(served, "/play/board.mjs", {"Accept-Encoding": accept} if accept else {})
    assert resp.status == 200 and resp.getheader("Content-Type") == "text/javascript"
    assert resp.getheader("Vary") == "Accept-Encoding"
    assert resp.getheader("Content-Encoding") == coding
    body = gzip.decompress(resp.body) if coding else resp.body
    assert body == SCRIPT
    assert int(resp.getheader("Content-Length")) == len(resp.body)


def test_brotli_is_preferred_when_accepted_and_present(served):
    resp = get(served, "/play/engine.json", {"Accept-Encoding": "gzip, br"})
    assert resp.getheader("Content-Encoding") == "br" and resp.body == b"not really brotli, served as it is"
    assert resp.getheader("Content-Type") == "application/json"
    resp = get(served, "/play/engine.json", {"Accept-Encoding": "gzip"})
    assert resp.getheader("Content-Encoding") == "gzip" and gzip.decompress(resp.body) == b'{"a": 1}'
    plain = get(served, "/assets/a.js", {"Accept-Encoding": "gzip, br"})
    assert plain.getheader("Content-Encoding") is None and plain.getheader("Vary") is None


def test_a_sibling_older_than_its_file_is_not_served(site, served):
    """A page edited after the build (its .gz made before): the page as it is now, not the stale sibling."""
    page = site / "play" / "board.mjs"
    page.write_bytes(b"var board = 2;\n" * 200)
    old = (site / "play" / "board.mjs.gz").stat().st_mtime_ns - 5_000_000_000
    os.utime(site / "play" / "board.mjs.gz", ns=(old, old))
    resp = get(served, "/play/board.mjs", {"Accept-Encoding": "gzip"})
    assert resp.getheader("Content-Encoding") is None and resp.body == b"var board = 2;\n" * 200


@contextmanager
def small_server(site, timeout: float, max_threads: int):
    server = make_server(site, port=0, timeout=timeout, max_threads=max_threads)
    import threading

    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_a_stalled_client_is_dropped_after_the_timeout(site):
    with small_server(site, timeout=0.5, max_threads=4) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"GET / HTTP/1.0\r\n")  # and never the end of the headers
            start = time.monotonic()
            assert s.recv(100) == b""        # closed by the server
            assert time.monotonic() - start < 8


def test_many_stalled_clients_do_not_keep_the_server_from_answering(site):
    with small_server(site, timeout=0.5, max_threads=3) as port:
        stalled = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(12)]
        try:
            start = time.monotonic()
            resp = get(port, "/")
            assert resp.status == 200 and resp.body == INDEX
            assert time.monotonic() - start < 9
        finally:
            for s in stalled:
                s.close()


def test_serve_in_thread_listens_on_loopback(site):
    server, url = serve_in_thread(site)
    try:
        assert url.startswith("http://127.0.0.1:")
    finally:
        server.shutdown()
        server.server_close()
