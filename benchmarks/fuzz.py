"""Fuzz ``edition build`` with hostile source folders and classify every outcome with an independent checker.

Each case is a copy of ``source/`` (some or all of the seed witnesses) with one to three mutations — byte flips,
truncation, control characters, noncharacters, markup, long runs of letters, odd and colliding file names,
backups, hidden files, folders, links, empty files, editorial JSON corrupted — built in a child process (forked
from a parent that has built the seeds once, so the lexicons are loaded) under a memory limit
(``resource.setrlimit(RLIMIT_AS)``), a CPU-time limit (``RLIMIT_CPU``: on a shared machine the wall clock says
little) and a generous wall-clock timeout. The outcome is one of:

- ``success``: the build finished (status 0, or 1 with refused witnesses named) and the word check passed;
- ``clean error``: status 2 and stderr starts with ``file[:line]: message`` naming a file of the case;
- ``unclear error``: status 2 whose message names no file of the case;
- ``traceback``: an exception escaped (or "Traceback" was printed);
- ``hang``: the CPU limit or the timeout was reached; ``out of memory``: MemoryError, or killed by a signal;
- ``loss``: the build finished but a word of an accepted witness is in no TEI file, or a file of
  ``witnesses/`` was neither read nor named on stderr (a silent skip); losses of words in passages the build
  reports as duplicates (collation kept another witness's reading) are counted apart, as ``loss (collation)``;
- ``broken TEI``: a TEI file does not parse or repeats an xml:id;
- ``audit false alarm``: the build's own word audit (pipeline/tei/audit.py) failed words this checker finds (a
  loss's detail says how many words the build's audit named: it must name them all, it is the stricter check).

The word check does not use the pipeline's bookkeeping: every word (a run of letters and digits) of every witness
the build accepted — decoded by the checker, NFC-normalized, lower-cased, with the mechanical equivalences the
edition documents folded on both sides (ђ = ѣ, Latin and digit look-alikes of Cyrillic letters) — must occur in
the text of the produced TEI files (every text node and @n outside the header: readings, rdg, sic, notes,
captions) — as often as in the witness that has it most often (witnesses overlap; each is whole in the edition) —
as a word, as words glued together (a heading the build split from the next line) or inside the text
with the word separators removed (a word a line break cut), or — the file's last word, where it breaks off — as
the beginning of the TEI word after its neighbour; or belong to a reader artifact line of ``source/editorial/reader.json``. Only to *attribute* a
loss does the checker look at report.json's duplicate ranges.

Usage: nice .venv/bin/python benchmarks/fuzz.py [--cases 2000] [--jobs 2] [--seed 0] [--cpu 60] [--timeout 900]
       [--memory-mb 3000] [--keep DIR] [--examples 5] [--log FILE] [--only CASE ...]
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = sorted((ROOT / "source" / "witnesses").glob("*.txt"))
EDITORIAL = sorted((ROOT / "source" / "editorial").glob("*.json"))
TEI_NS = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

# ---------------------------------------------------------------- the independent checker

_WORD = re.compile(r"[^\W_]+")
_FOLD = str.maketrans({"ђ": "ѣ", "a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у",
                       "k": "к", "m": "м", "t": "т", "h": "н", "b": "в", "i": "і", "u": "и", "n": "п",
                       "r": "г", "3": "з", "0": "о", "6": "б", "4": "ч", "ё": "е", "й": "и"})


def fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).lower().translate(_FOLD)


def _streams(el, streams: list[list[str]], current: list[str], places: list, before: list[str] | None = None) -> None:
    """The reading order of ``el`` as word streams: the source's reading in document order (``sic``, ``orig``;
    ``corr`` and ``reg`` are the editors' and go to streams of their own), each note, figure and variant reading a
    stream of its own (it stands inside a sentence of the text only in the markup); an item's and a note's
    @n where they stand.

    A variant reading (``rdg``) and a figure stand at a *place* of the text, and a witness reads them there: in
    parallel segmentation the words outside the ``app`` are the text of every witness, so a copy's reading runs on
    into the words before and after its ``app``; a caption the build split off a line ("Шахъ.Если …") is read
    between the paragraphs the figure stands between. Their streams therefore begin with the two words before
    the place and end with the two after it (``places`` collects them to be completed when the walk has read the
    words after). Without this a word a copy shares with the lemma between two of its own readings
    («чтобыонъ нѣсколько закрывалъпредыдущій»), or a caption glued to the next sentence, has neither neighbour in
    any stream and counted as lost although the TEI gives that witness exactly that sequence."""
    local = etree_localname(el)
    if local in ("corr", "reg"):
        own: list[str] = []
        streams.append(own)
        current, target = own, own
    elif local in ("note", "figure", "rdg", "desc"):
        if local == "note" and el.get("n"):
            current += _WORD.findall(fold(el.get("n")))  # the anchor's place in the sentence
        placed = local in ("rdg", "figure")
        own = list(before if before is not None else current[-2:]) if placed else []
        streams.append(own)
        target = own
    else:
        target = current
    if local in ("item", "note", "ptr") and el.get("n"):  # a ptr: a second anchor of a note placed before
        target += _WORD.findall(fold(el.get("n")))
    target += _WORD.findall(fold(el.text or ""))
    at_app = current[-2:] if local == "app" else None
    for child in el:
        if isinstance(child.tag, str):
            _streams(child, streams, target, places, at_app)
        target += _WORD.findall(fold(child.tail or ""))
    if local in ("rdg", "figure"):
        places.append((own, current, len(current)))


def etree_localname(el) -> str:
    return el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""


def tei_streams(out: Path) -> tuple[list[list[str]], list[str]]:
    """The word streams of the TEI files but their headers, and the files that are broken (unparsable, ids
    repeated)."""
    from lxml import etree

    streams: list[list[str]] = []
    broken = []
    for path in sorted((out / "tei").glob("*.xml")):
        try:
            root = etree.parse(str(path)).getroot()
        except etree.XMLSyntaxError as err:
            broken.append(f"{path.name}: {err}")
            continue
        ids = [el.get(XML_ID) for el in root.iter() if el.get(XML_ID)]
        if len(ids) != len(set(ids)):
            broken.append(f"{path.name}: repeated xml:id {sorted(i for i in set(ids) if ids.count(i) > 1)}")
        text = root.find(f"{TEI_NS}text")
        if text is not None:
            top: list[str] = []
            streams.append(top)
            places: list = []
            _streams(text, streams, top, places)
            for own, flow, after in places:  # a reading and a figure run on into the words after their place
                own += flow[after:after + 2]
    return streams, broken


def _pieces(word: str, words: set[str]) -> bool:
    """Whether ``word`` is a run of TEI words glued together (a heading run into the next line)."""
    ends = [True] + [False] * len(word)
    for i in range(1, len(word) + 1):
        ends[i] = any(ends[j] and word[j:i] in words for j in range(max(0, i - 40), i))
    return ends[-1]


@dataclass
class Verdict:
    kind: str
    detail: str = ""
    misses: list[str] = field(default_factory=list)


def check_words(case: Path, out: Path, stderr: str) -> Verdict:
    """The word-level check of a finished build (see the module docstring)."""
    try:
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return Verdict("loss", f"report.json unreadable after a finished build: {err}")
    streams, broken = tei_streams(out)
    if broken:
        return Verdict("broken TEI", "; ".join(broken[:3]))
    have = {w for st in streams for w in st}
    grams = {tuple(st[i:i + n]) for st in streams for n in (2, 3) for i in range(len(st) - n + 1)}
    squashed = " ".join("".join(st) for st in streams)
    try:
        reader = json.loads((case / "editorial" / "reader.json").read_text(encoding="utf-8"))
        excused = {fold(" ".join(_WORD.findall(a["line"]))) for a in reader["artifacts"]}
    except (OSError, ValueError, KeyError, TypeError):
        excused = set()
    folder = case / "witnesses"
    accepted = {w["file"]: w for w in report["witnesses"]}
    # a file of witnesses/ neither read nor named on stderr is a silent skip
    for raw in os.listdir(os.fsencode(folder)):
        shown = raw.decode("utf-8", errors="backslashreplace")
        if shown not in accepted and shown not in stderr:
            return Verdict("loss", f"{shown!r} silently skipped")
    collation, other = [], []
    for name, w in accepted.items():
        witness = unicodedata.normalize("NFC", (folder / name).read_bytes().decode("utf-8-sig"))
        dup = [(d["start"], d["end"]) for d in w.get("duplicates", [])]
        last = max((m.end() for m in _WORD.finditer(witness)), default=-1)  # where the file's last word ends
        for line in re.finditer(r"[^\r\n]+", witness):
            tokens = list(_WORD.finditer(line.group()))
            words = [fold(m.group()) for m in tokens]
            if " ".join(words) in excused:
                continue
            n = min(3, len(words))
            for k, (m, word) in enumerate(zip(tokens, words)):
                if n == 1:
                    ok = word in have
                else:  # a window of three words, or of two (a neighbour glued to the next line's word)
                    ok = any(tuple(words[i:i + w]) in grams for w in (n, 2)
                             for i in range(max(0, k - w + 1), min(k, len(words) - w) + 1))
                if ok or (word not in have and (word in squashed or _pieces(word, have))) or \
                        (word in have and not _neighbours_known(words, k, have)):
                    continue
                if k and (k == len(words) - 1 or line.start() + m.end() == last) and \
                        _cut(words[k - 1], word, streams):
                    continue  # the line (the file) breaks off inside its last word: the TEI has the word it begins
                at = line.start() + m.start()
                where = f"{name}@{at}: {m.group()!r} in «{line.group()[max(0, m.start() - 30):m.end() + 30]}»"
                (collation if any(s <= at < e for s, e in dup) else other).append(where)
    audited = [line for line in stderr.splitlines() if line.endswith("(word-level audit)")]
    said = f"; the build's audit named {len(audited)}" if audited else "; the build's audit named none"
    if other:
        return Verdict("loss", f"{len(other)} words{said}", other)
    if collation:
        return Verdict("loss (collation)", f"{len(collation)} words{said}", collation)
    if audited:  # the build failed a word the checker finds: one of the two is wrong, look at it
        return Verdict("audit false alarm", f"{len(audited)} words: {audited[0][:200]}")
    return Verdict("success")


def _cut(before: str, fragment: str, streams: list[list[str]]) -> bool:
    """Whether a TEI stream has ``before`` followed by a word that begins with ``fragment``: a witness that breaks
    off inside its last word (a truncated file) reads the lemma's word as far as it goes (the edition's variants
    count a copy's cut-off last word as the lemma's: pipeline/text/variants.py). So does a line broken inside a
    word (a heading or a break dropped into «туз|ђ»): its last word is the start of the TEI's word, the rest of
    it the next line's. The squashed-text test would take it too, but only for a word the TEI never has alone,
    and a cut-off «туз» is also the modern form (reg) of «тузъ» elsewhere, so without this the verdict turned on
    which words happen to exist elsewhere (seed 1, case 383)."""
    return any(a == before and b.startswith(fragment) and b != fragment
               for st in streams for a, b in zip(st, st[1:]))


def _neighbours_known(words: list[str], k: int, have: set[str]) -> bool:
    """Whether the words next to ``words[k]`` are words of the TEI: when none is (a neighbour mangled beyond
    recognition, or split off by a glued heading), the word is judged alone, by its presence."""
    return any(0 <= j < len(words) and words[j] in have for j in (k - 1, k + 1))


def classify(case: Path, out: Path, status: str, code: int | None, stderr: str) -> Verdict:
    if status == "hang":
        return Verdict("hang")
    if status == "oom" or code == 71:
        return Verdict("out of memory", stderr[-300:])
    if code == 70 or "Traceback (most recent call last)" in stderr:
        return Verdict("traceback", stderr.strip().splitlines()[-1] if stderr.strip() else "")
    if code == 2:
        first = stderr.splitlines()[0] if stderr else ""
        m = re.match(r"(.+?)(?::\d+)?: ", first)
        named = m and (m.group(1).startswith(str(case)) or m.group(1).startswith(str(out)))
        return Verdict("clean error" if named else "unclear error", first[:200])
    if code in (0, 1):
        return check_words(case, out, stderr)
    return Verdict("traceback", f"exit status {code}: {stderr[-200:]}")


# ---------------------------------------------------------------- the mutations

MARKUP = ["<IMG SRC=X ONERROR=ALERT(5)>", "<script>alert(1)</script>", "&amp; &lt; &#0; &#xFFFF;", "]]>",
          "<!-- ", "<?xml version='1.0'?>", '"><svg onload=alert(1)>', "{{ config }}", "${x}", "[[1]]", "[99]",
          "[0]", "[7][7][7]", "*bold* _x_ `code`", "\\u0000"]
FORBIDDEN = ["\x00", "\x01", "\x07", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\x9f", "\ufffe", "\uffff",
             "\ufdd0", "\U0001fffe", "\U0010ffff"]
ODD = ["\u200b", "\u200e", "\u202e", "\u0301", "\u0306", "\ufeff", "\u00ad", "\u2028", "\u2029", "\ue000",
       "😀", "ﬁ", "Å", "ǅ", "ⅷ", "\u00a0", "\u3000", "ђ", "ѣ", "І", "Ѳ", "ѵ", "Й", "й"]
LETTERS = "абвгдеѣжзиіклмнопрстуфхцчшщъыьэюяѳѵ"
NAMES = ["a b.txt", "a_b.txt", "x.txt", "x.md", "README.md", "data.json", ".hidden.txt", "-dash.txt", "#1#.txt",
         "Ωmega.txt", "глава.txt", "a.TXT", "a.txt.bak", "%00.txt", "con.txt", " lead.txt", "trail .txt",
         "w" + "я" * 120 + ".txt", "ind.txt", "indmill.txt", "1.txt", "new\nline.txt", "tab\t.txt"]


def seed_name(path: Path) -> str:
    return path.name


def _text_mutation(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    kind = rng.choice(["flip", "truncate", "forbidden", "odd", "markup", "run", "crlf", "cr", "delete-lines",
                       "duplicate-lines", "shuffle", "bom", "spaces", "latin", "ascii-junk", "numbers",
                       "cp1251", "utf16", "headings", "empty-lines"])
    if not data:
        data = b"\n"
    text = data.decode("utf-8", errors="replace")
    pos = rng.randrange(len(text) + 1)
    if kind == "flip":
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return bytes(b), kind
    if kind == "truncate":
        return data[:rng.randrange(len(data) + 1)], kind
    if kind == "forbidden":
        out = text[:pos] + rng.choice(FORBIDDEN) + text[pos:]
    elif kind == "odd":
        out = text
        for _ in range(rng.randint(1, 10)):
            p = rng.randrange(len(out) + 1)
            out = out[:p] + rng.choice(ODD) + out[p:]
    elif kind == "markup":
        out = text[:pos] + rng.choice(MARKUP) + text[pos:]
    elif kind == "run":
        n = rng.choice([60, 250, 500, 2000, 20000])
        out = text[:pos] + "".join(rng.choice(LETTERS) for _ in range(n)) + text[pos:]
    elif kind == "crlf":
        out = text.replace("\n", "\r\n")
    elif kind == "cr":
        out = text.replace("\n", "\r")
    elif kind in ("delete-lines", "duplicate-lines", "shuffle", "empty-lines"):
        lines = text.split("\n")
        if kind == "delete-lines":
            for _ in range(rng.randint(1, max(1, len(lines) // 3))):
                if lines:
                    lines.pop(rng.randrange(len(lines)))
        elif kind == "duplicate-lines":
            for _ in range(rng.randint(1, 5)):
                i = rng.randrange(len(lines))
                lines.insert(rng.randrange(len(lines) + 1), lines[i])
        elif kind == "empty-lines":
            for _ in range(rng.randint(1, 10)):
                lines.insert(rng.randrange(len(lines) + 1), rng.choice(["", " ", "\t", "   "]))
        else:
            rng.shuffle(lines)
        out = "\n".join(lines)
    elif kind == "bom":
        out = "\ufeff" + text if not text.startswith("\ufeff") else text[1:]
    elif kind == "spaces":
        out = re.sub(r"\s+", lambda m: rng.choice([" ", "  ", "\t", "", m.group()]), text)
    elif kind == "latin":
        out = text.translate(str.maketrans("аеорсху", "aeopcxy"))
    elif kind == "ascii-junk":
        out = text[:pos] + "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randint(1, 200))) + text[pos:]
    elif kind == "numbers":
        out = text[:pos] + rng.choice(["\n6\n", "\nвернуться\n", "\n99\n", "\nвернуться 12\n", " [3] ",
                                       "\nXIV. ", "\nI. \n", "\nПравила.\n", "\nИгра.\n"]) + text[pos:]
    elif kind == "cp1251":
        return text.encode("cp1251", errors="replace"), kind
    elif kind == "utf16":
        return text.encode("utf-16"), kind
    else:  # headings: a line in capitals, as a title would stand
        out = text[:pos] + "\n" + "".join(rng.choice(LETTERS) for _ in range(rng.randint(3, 20))).upper() + ".\n" \
            + text[pos:]
    return out.encode("utf-8", errors="surrogatepass"), kind


def _json_mutation(rng: random.Random, path: Path) -> str:
    raw = path.read_text(encoding="utf-8")
    kind = rng.choice(["truncate", "empty", "wrong-type", "drop-key", "retype", "delete", "huge-number",
                       "deep", "bad-utf8", "nonchar", "duplicate-game"])
    if kind == "truncate":
        path.write_text(raw[:rng.randrange(len(raw))], encoding="utf-8")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "wrong-type":
        path.write_text(rng.choice(["[]", "null", "42", '"text"', "[{}]", "true"]), encoding="utf-8")
    elif kind == "delete":
        path.unlink()
    elif kind == "deep":
        n = rng.choice([100, 100_000])
        path.write_text("[" * n + "]" * n, encoding="utf-8")
    elif kind == "bad-utf8":
        path.write_bytes(raw.encode("utf-8")[:50] + b"\xff\xfe" + raw.encode("utf-8")[50:])
    else:
        data = json.loads(raw)
        if not isinstance(data, dict):  # an earlier mutation of this case wrote another type (wrong-type, deep)
            raise ValueError(f"{path.name} holds no JSON object")  # make_case records it as skipped
        lists = [(k, v) for k, v in data.items() if isinstance(v, list) and v]
        if not lists:
            path.write_text("{}", encoding="utf-8")
            return f"{path.name}:{kind}"
        key, items = rng.choice(lists)
        item = rng.choice(items)
        if not isinstance(item, dict) or not item:
            data[key] = {"not": "a list"}
        elif kind == "drop-key":
            item.pop(rng.choice(list(item)))
        elif kind == "retype":
            k = rng.choice(list(item))
            item[k] = rng.choice([None, 1.5, -1, "x", [], {}, True, "", 10 ** 30])
        elif kind == "huge-number":
            k = rng.choice(list(item))
            item[k] = rng.choice([10 ** 9, -(10 ** 9), 10 ** 100])
        elif kind == "nonchar":
            k = rng.choice(list(item))
            item[k] = "x\uffffy"
        else:
            items.append(dict(item))
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return f"{path.name}:{kind}"


def _name_mutation(rng: random.Random, folder: Path, names: list[str]) -> str:
    kind = rng.choice(["rename", "collide", "backup", "hidden", "other-ext", "folder", "link-out", "link-in",
                       "broken-link", "not-utf8", "empty", "whitespace", "bom-only", "copy", "sparse", "fifo",
                       "txt-folder"])
    victim = folder / rng.choice(names) if names else None
    if kind == "rename" and victim:
        target = folder / rng.choice(NAMES)
        if not target.exists():
            victim.rename(target)
    elif kind == "collide" and victim:
        pair = rng.choice([("a b.txt", "a_b.txt"), ("x.txt", "x.md"), ("a#b.txt", "a$b.txt"), ("1.txt", "1.TXT")])
        (folder / pair[0]).write_bytes(victim.read_bytes())
        (folder / pair[1]).write_bytes(victim.read_bytes()[: len(victim.read_bytes()) // 2])
    elif kind == "backup" and victim:
        shutil.copy(victim, folder / (victim.name + "~"))
    elif kind == "hidden" and victim:
        shutil.copy(victim, folder / ("." + victim.name))
    elif kind == "other-ext" and victim:
        shutil.copy(victim, folder / (victim.stem + rng.choice([".md", ".json", ".TXT", ".txt.orig", ""])))
    elif kind == "folder":
        (folder / "sub").mkdir(exist_ok=True)
        if victim:
            shutil.copy(victim, folder / "sub" / victim.name)
    elif kind == "txt-folder":
        (folder / "chapter.txt").mkdir(exist_ok=True)
    elif kind == "link-out":
        secret = folder.parent.parent / "secret.txt"
        secret.write_text("root:x:0:0:root:/root:/bin/bash\n")
        (folder / "passwd.txt").symlink_to(secret)
    elif kind == "link-in" and victim:
        (folder.parent / "kept").mkdir(exist_ok=True)
        inner = folder.parent / "kept" / "inner.txt"
        shutil.copy(victim, inner)
        (folder / "link.txt").symlink_to(inner)
    elif kind == "broken-link":
        (folder / "gone.txt").symlink_to(folder / "nothing-here.txt")
    elif kind == "not-utf8" and victim:
        os.rename(os.fsencode(victim), os.fsencode(folder) + b"/bad\xff\xfe.txt")
    elif kind == "empty":
        (folder / "empty.txt").write_bytes(b"")
    elif kind == "whitespace":
        (folder / "blank.txt").write_bytes(b" \n\t\r\n  \n")
    elif kind == "bom-only":
        (folder / "bom.txt").write_bytes(b"\xef\xbb\xbf")
    elif kind == "copy" and victim:
        shutil.copy(victim, folder / ("copy-" + victim.name))
    elif kind == "sparse":
        with (folder / "sparse.txt").open("wb") as f:
            f.truncate(1_500_000_000)
    elif kind == "fifo":
        os.mkfifo(folder / "pipe.txt")
    return kind


def make_case(rng: random.Random, dest: Path) -> tuple[Path, Path, list[str]]:
    """A source folder with mutations; returns (source, out, what was done)."""
    src = dest / "source"
    (src / "witnesses").mkdir(parents=True)
    shutil.copytree(ROOT / "source" / "editorial", src / "editorial")
    k = rng.choice([1, 1, 1, 1, 1, 1, 2, 2, 3, 5])  # mostly one witness: a case takes a second or two
    chosen = rng.sample(SEEDS, k)
    if k == 1 and rng.random() < 0.5:
        chosen = [min(SEEDS, key=lambda p: p.stat().st_size)]
    for p in chosen:
        shutil.copy(p, src / "witnesses" / p.name)
    done = [f"seeds {','.join(p.name[:3] for p in chosen)}"]
    for _ in range(rng.choice([1, 1, 2, 3])):
        area = rng.choices(["text", "name", "json", "out"], weights=[6, 3, 2, 0.3])[0]
        try:
            _mutate(rng, area, src, dest, done)
        except (OSError, ValueError) as err:  # a file an earlier mutation removed, renamed or left undecodable
            done.append(f"{area}:skipped ({type(err).__name__})")
    return src, dest / "out", done


def _mutate(rng: random.Random, area: str, src: Path, dest: Path, done: list[str]) -> None:
    """One mutation of ``area`` (text, name, json, out), recorded in ``done``."""
    names = sorted(p.name for p in (src / "witnesses").iterdir() if p.is_file() and not p.is_symlink()
                   and p.suffix == ".txt")
    if area == "text" and names:
        victim = src / "witnesses" / rng.choice(names)
        data, kind = _text_mutation(rng, victim.read_bytes())
        victim.write_bytes(data)
        done.append(f"text:{kind}:{victim.name[:12]}")
    elif area == "json":
        done.append("json:" + _json_mutation(rng, src / "editorial" / rng.choice(EDITORIAL).name))
    elif area == "out":
        (dest / "out").write_text("a file where the output folder should be")
        done.append("out:file")
    else:
        try:
            done.append("name:" + _name_mutation(rng, src / "witnesses", names))
        except FileExistsError:  # the same mutation twice in one case
            done.append("name:repeated")


# ---------------------------------------------------------------- running

def _child(src: Path, out: Path, log: Path, memory: int, cpu: int) -> None:
    """In the forked child: limits, output to ``log``, the command's main; the exit status tells the parent."""
    code = 0
    try:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))  # SIGXCPU, then SIGKILL: a hang
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        from pipeline import cli

        code = cli.main(["build", "--source", str(src), "--out", str(out)])
    except MemoryError:
        code = 71
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    except BaseException:  # noqa: BLE001 — the point is to see it
        import traceback

        traceback.print_exc()
        code = 70
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _vm_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cpu", type=float, default=60.0, help="CPU seconds per case (more is a hang)")
    ap.add_argument("--timeout", type=float, default=900.0,
                    help="wall-clock seconds per case (a hang too; generous, the machine may be shared)")
    ap.add_argument("--memory-mb", type=int, default=3000, help="address space a case may add to the parent's")
    ap.add_argument("--keep", type=Path, help="copy the cases that are not success/clean error here")
    ap.add_argument("--examples", type=int, default=5, help="examples printed per outcome")
    ap.add_argument("--log", type=Path, help="append one JSON line per case here (outcome, mutations, detail)")
    ap.add_argument("--only", type=int, nargs="*", help="run only these case numbers (to look at one again)")
    args = ap.parse_args()

    from pipeline.text import build

    t0 = time.perf_counter()
    build.build(ROOT / "source")  # load the lexicons once; every case is forked from here
    print(f"warm-up build of the seeds: {time.perf_counter() - t0:.1f} s", flush=True)
    memory = _vm_bytes() + args.memory_mb * 1024 * 1024
    work = Path(tempfile.mkdtemp(prefix="edition-fuzz-"))
    counts: collections.Counter = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    running: dict[int, tuple[int, Path, Path, Path, list[str], float]] = {}
    started = time.perf_counter()

    def finish(pid: int, status: str, code: int | None) -> None:
        i, dest, src, out, done, _ = running.pop(pid)
        log = dest / "log"
        stderr = log.read_text(encoding="utf-8", errors="backslashreplace") if log.exists() else ""
        verdict = classify(src, out, status, code, stderr)
        counts[verdict.kind] += 1
        if len(examples[verdict.kind]) < args.examples:
            line = f"case {i} [{'; '.join(done)}] {verdict.detail}"
            if verdict.misses:
                line += " — " + "; ".join(verdict.misses[:3])
            examples[verdict.kind].append(line)
        if args.log:
            with args.log.open("a", encoding="utf-8", errors="backslashreplace") as f:
                f.write(json.dumps({"case": i, "outcome": verdict.kind, "mutations": done, "detail": verdict.detail,
                                    "misses": verdict.misses[:5]}, ensure_ascii=False) + "\n")
        if args.keep and verdict.kind not in ("success", "clean error"):
            try:
                shutil.copytree(dest, args.keep / f"case-{i}", symlinks=True, dirs_exist_ok=True)
            except shutil.Error:
                pass  # a pipe or a socket is not copied; the rest is
        shutil.rmtree(dest, ignore_errors=True)
        total = sum(counts.values())
        if total % 50 == 0:
            rate = (time.perf_counter() - started) / total
            print(f"{total} cases, {rate:.2f} s each: {dict(counts)}", flush=True)

    wanted = sorted(args.only) if args.only else list(range(args.cases))
    while wanted or running:
        while wanted and len(running) < args.jobs:
            next_case = wanted.pop(0)
            rng = random.Random(f"{args.seed}:{next_case}")
            dest = work / f"case-{next_case}"
            dest.mkdir()
            src, out, done = make_case(rng, dest)
            pid = os.fork()
            if pid == 0:
                _child(src, out, dest / "log", memory, int(args.cpu))
            running[pid] = (next_case, dest, src, out, done, time.perf_counter())
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        if pid:
            if os.WIFSIGNALED(status) and usage.ru_utime + usage.ru_stime >= args.cpu - 1:
                finish(pid, "hang", None)  # SIGXCPU (or SIGKILL after it): the CPU limit
            elif os.WIFSIGNALED(status):
                finish(pid, "oom", None)
            else:
                finish(pid, "exit", os.WEXITSTATUS(status))
            continue
        now = time.perf_counter()
        for pid, (*_, t) in list(running.items()):
            if now - t > args.timeout:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                finish(pid, "hang", None)
        time.sleep(0.02)
    shutil.rmtree(work, ignore_errors=True)
    total = sum(counts.values())
    print(f"\n{total} cases in {time.perf_counter() - started:.0f} s (seed {args.seed}, timeout {args.timeout:g} s, "
          f"+{args.memory_mb} MB)")
    order = ["success", "clean error", "unclear error", "traceback", "hang", "out of memory", "loss",
             "loss (collation)", "broken TEI", "audit false alarm"]
    for kind in order + sorted(set(counts) - set(order)):
        print(f"  {kind:18} {counts.get(kind, 0):6}")
    for kind in order + sorted(set(examples) - set(order)):
        if kind in ("success", "clean error") or not examples.get(kind):
            continue
        print(f"\n{kind}:")
        for line in examples[kind]:
            print("  " + line[:600])
    return 0


if __name__ == "__main__":
    sys.exit(main())
