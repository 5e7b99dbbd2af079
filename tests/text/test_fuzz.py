"""Property (issue 17): whatever a hostile source folder holds, ``edition build`` either builds an edition whose own
audit holds (every character of every accepted witness accounted for, every TEI file well-formed with unique
xml:ids, every refused file named) or stops with a :class:`SourceError` naming a file — never another exception.

A few dozen mutated copies of a small source (the seed that holds Calculation whole, and the head of another),
built in-process; ``benchmarks/fuzz.py`` runs thousands, each in a process of its own with limits.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings, strategies as st
from lxml import etree

from pipeline.text import build
from pipeline.text.errors import SourceError

ROOT = Path(__file__).resolve().parents[2]
SEED = (ROOT / "source/witnesses/002_e76d93ddfacf88cf.txt").read_bytes()
HEAD = b"\n".join((ROOT / "source/witnesses/001_6217c08826582950.txt").read_bytes().split(b"\n")[:24])
EDITORIAL = ["games.json", "chapters.json", "notes.json", "reader.json", "corrections.json"]
INSERTS = ["\x00", "\x07", "\x1b", "\x85", "\ufffe", "\uffff", "\ufdd0", "\U0010ffff", "\u0301", "\u202e", "\ufeff",
           "\u2028", "😀", "<IMG SRC=X ONERROR=ALERT(5)>", "]]>", "&amp;", "<!--", "[7]", "[99]", "\n6\n",
           "\nвернуться\n", "\nI. ", "\nПравила.\n", "\r", "\r\n", "ђ", "a", "0"]
NAMES = ["w.txt", "a b.txt", "a_b.txt", "x.md", "README.md", ".hidden.txt", "w.txt~", "глава.txt", "indmill.txt",
         "#.txt", "w" * 100 + ".txt"]
TIME_BOUND = 60  # seconds per example; the inputs are small, a build of them takes about one


class TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise TooSlow(f"one example took more than {TIME_BOUND} s")


text_edit = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, 10 ** 6), st.integers(0, 7)),
    st.tuples(st.just("truncate"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("insert"), st.integers(0, 10 ** 6), st.sampled_from(INSERTS)),
    st.tuples(st.just("letters"), st.integers(0, 10 ** 6), st.integers(1, 40)),
    st.tuples(st.just("delete"), st.integers(0, 10 ** 6), st.integers(1, 400)),
)
file_spec = st.tuples(st.sampled_from(NAMES), st.sampled_from(["seed", "head", "empty", "blank"]),
                      st.lists(text_edit, max_size=3))
json_edit = st.tuples(st.sampled_from(EDITORIAL),
                      st.sampled_from(["truncate", "empty", "list", "drop", "retype", "delete", "nonchar"]),
                      st.integers(0, 10 ** 6))


def mutate(data: bytes, edits) -> bytes:
    for edit in edits:
        pos = edit[1] % (len(data) + 1)
        if edit[0] == "flip" and data:
            b = bytearray(data)
            b[pos % len(b)] ^= 1 << edit[2]
            data = bytes(b)
        elif edit[0] == "truncate":
            data = data[:pos]
        elif edit[0] == "insert":
            data = data[:pos] + edit[2].encode("utf-8") + data[pos:]
        elif edit[0] == "letters":
            data = data[:pos] + ("щ" * edit[2]).encode("utf-8") + data[pos:]
        elif edit[0] == "delete":
            data = data[:pos] + data[pos + edit[2]:]
    return data


def corrupt(path: Path, kind: str, n: int) -> None:
    raw = path.read_text(encoding="utf-8")
    if kind == "truncate":
        path.write_text(raw[:n % max(1, len(raw))], encoding="utf-8")
    elif kind == "empty":
        path.write_text("", encoding="utf-8")
    elif kind == "list":
        path.write_text("[]", encoding="utf-8")
    elif kind == "delete":
        path.unlink()
    else:
        data = json.loads(raw)
        lists = [v for v in data.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
        if not lists:
            return
        item = lists[n % len(lists)][n % len(lists[n % len(lists)])]
        key = sorted(item)[n % len(item)]
        if kind == "drop":
            del item[key]
        elif kind == "retype":
            item[key] = [None, 1.5, -1, [], {}, True, 10 ** 30][n % 7]
        else:
            item[key] = "x\uffff"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def audit(edition: build.BuiltEdition) -> None:
    report = json.loads(edition.files["report.json"])
    for w in report["witnesses"]:
        parts = [w["kept"], w["duplicate"], w["artifact"], w["layout"]]
        assert all(p >= 0 for p in parts) and sum(parts) == w["characters"], w
        assert w["accounted_percent"] == 100.0
    for name, data in edition.files.items():
        if name.endswith(".xml"):
            ids = etree.fromstring(data).xpath("//@xml:id")
            assert len(ids) == len(set(ids)), name
    for err in report["errors"]:
        assert "/witnesses/" in err.split(": ", 1)[0], err


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(first=st.lists(text_edit, max_size=3), head=st.booleans(),
       files=st.lists(file_spec, max_size=2, unique_by=lambda f: f[0]),
       json_edits=st.one_of(st.just([]), st.just([]), st.just([]), st.lists(json_edit, min_size=1, max_size=1)),
       dirs=st.booleans())
def test_a_hostile_source_builds_or_fails_naming_a_file(tmp_path_factory, first, head, files, json_edits, dirs):
    tmp = tmp_path_factory.mktemp("fuzz")
    src = tmp / "source"
    shutil.copytree(ROOT / "source/editorial", src / "editorial")
    (src / "witnesses").mkdir()
    files = [("002.txt", "seed", first)] + ([("001.txt", "head", [])] if head else []) + files
    for name, base, edits in files:
        data = {"seed": SEED, "head": HEAD, "empty": b"", "blank": b" \n\n"}[base]
        (src / "witnesses" / name).write_bytes(mutate(data, edits))
    for name, kind, n in json_edits:
        corrupt(src / "editorial" / name, kind, n)
    if dirs:
        (src / "witnesses" / "sub.txt").mkdir()
        (src / "witnesses" / "gone.txt").symlink_to(tmp / "nowhere")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_BOUND)
    try:
        edition = build.build(src)
    except SourceError as err:
        event("SourceError")
        named = Path(err.file)
        assert err.message and (str(named).startswith(str(src)) or (src / "witnesses" / named.name).exists()
                                or os.path.lexists(src / "witnesses" / named.name)), str(err)
        return
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    event("built" + (" with a witness refused" if edition.doc.errors else ""))
    audit(edition)
