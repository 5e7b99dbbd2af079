"""Project infrastructure: the static server, the README's quick start, and CI calling it."""
from __future__ import annotations

import re
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pipeline.serve import serving

ROOT = Path(__file__).resolve().parents[1]


def quick_start_commands() -> list[str]:
    """The commands of the README's "Quick start" section: one per fenced code block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"^##\s+Quick start\s*$(.*?)(?=^##\s|\Z)", text, re.M | re.S | re.I)
    assert m, "README.md has no '## Quick start' section"
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", m.group(1), re.M | re.S)
    commands = []
    for block in blocks:
        lines = [ln.strip() for ln in block.splitlines() if ln.strip() and not ln.strip().startswith("#")]
        assert len(lines) == 1, f"each quick-start block holds one command, got {lines!r}"
        commands.append(lines[0])
    return commands


@pytest.fixture
def served_tmp(tmp_path):
    files = {
        "a.wasm": b"\0asm\1\0\0\0",
        "a.mjs": b"export default 1;\n",
        "a.js": b"var a = 1;\n",
        "a.json": b"{}",
        "a.zip": b"PK\5\6" + b"\0" * 18,
        "a.xml": b"<a/>",
        "a.txt": "пасьянсъ\n".encode(),
        "index.html": b"<!doctype html><title>t</title>",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    with serving(tmp_path) as url:
        yield url, files


@pytest.mark.parametrize("name, mime", [
    ("a.wasm", "application/wasm"),
    ("a.mjs", "text/javascript"),
    ("a.js", "text/javascript"),
    ("a.json", "application/json"),
    ("a.zip", "application/zip"),
    ("a.xml", "application/xml"),
    ("a.txt", "text/plain; charset=utf-8"),
    ("index.html", "text/html; charset=utf-8"),
])
def test_serve_mime_types(served_tmp, name, mime):
    url, files = served_tmp
    assert url.startswith("http://127.0.0.1:") and url.endswith("/")
    with urllib.request.urlopen(url + name, timeout=10) as resp:
        assert resp.status == 200
        assert resp.headers["Content-Type"] == mime
        assert resp.read() == files[name]


def test_serve_root_and_missing(served_tmp):
    url, files = served_tmp
    with urllib.request.urlopen(url, timeout=10) as resp:
        assert resp.read() == files["index.html"]
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(url + "nope.wasm", timeout=10)
    assert err.value.code == 404


def test_a_client_that_hangs_up_is_not_reported_but_real_errors_are(tmp_path, capsys):
    from pipeline.serve import make_server

    server = make_server(tmp_path, port=0)
    try:
        for error in (ConnectionResetError(), BrokenPipeError(), ValueError("a real bug")):
            try:
                raise error
            except Exception:
                server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
    err = capsys.readouterr().err
    assert err.count("Exception occurred") == 1 and "a real bug" in err


def test_serve_subcommand_registered():
    from pipeline.cli import make_parser

    args = make_parser(["serve"]).parse_args(["serve"])
    assert (args.dir, args.host, args.port) == ("site", "127.0.0.1", 8000)
    assert callable(args.func)


def test_readme_quick_start_has_exactly_two_commands():
    commands = quick_start_commands()
    assert len(commands) == 2, commands
    serve, test = commands
    assert serve.startswith("bash run.sh serve"), serve
    assert test.startswith("bash run.sh test"), test


def test_ci_runs_the_readme_test_command():
    test_command = quick_start_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [ln.strip() for ln in ci.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    assert any(ln == test_command or ln == f"exec {test_command}" for ln in lines), \
        f".ci/run does not run the README's test command {test_command!r}:\n{ci}"


def test_scripts_are_valid_bash():
    for script in ("run.sh", ".ci/run"):
        proc = subprocess.run(["bash", "-n", str(ROOT / script)], capture_output=True, text=True)
        assert proc.returncode == 0, f"{script}: {proc.stderr}"


def test_gitignore_covers_build_outputs_and_nothing_of_ours():
    import subprocess

    def ignored(path: str) -> bool:
        return subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0

    for built in (".venv/bin/python", "site/index.html", "node_modules/pyodide/pyodide.mjs", ".cache/tei/tei_all.rng",
                  "test-artifacts/x.png", "pipeline/__pycache__/x.pyc", "pipeline.egg-info/PKG-INFO"):
        assert ignored(built), built
    for ours in ("pipeline/site/hooks.py", "tests/site/test_render.py", "edition/manifest.json"):
        assert not ignored(ours), ours


def test_pyodide_pinned_exactly():
    import json

    pkg = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    version = pkg["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"pyodide must be pinned exactly, got {version!r}"
    assert lock["packages"]["node_modules/pyodide"]["version"] == version


def test_browser_streams_wasm_from_serve(page, served_tmp, artifacts_dir):
    """The `browser` fixture works, and a real browser accepts our .wasm MIME type for streaming compile."""
    url, _ = served_tmp
    page.goto(url + "index.html")
    result = page.evaluate("""async () => {
        const { instance } = await WebAssembly.instantiateStreaming(fetch('a.wasm'));
        const mod = await import('./a.mjs');
        return [typeof instance.exports, mod.default];
    }""")
    assert result == ["object", 1]
    page.screenshot(path=str(artifacts_dir / "infra-browser.png"))
