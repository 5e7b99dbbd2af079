"""What the corrector derives from its lexicons alone, kept ready under ``.cache/lexicon/``.

Two kinds of file, one helper (``_read``/``_write``) for both:

* ``tables()``: what the frequency list (ru_freq.json) gives — each word's Zipf frequency, the letter trigrams of its
  words. Reading the list and deriving them takes longer than the rest of a small build's start; they are saved once,
  in ``marshal``'s format, under a name made of the SHA-256 of the list *and of this module's source*.
* ``persistent``: the answers of functions of a word form (or a few) that depend on nothing but their arguments, the
  pinned morphology dictionary, the lexicon files and the code (the dictionary's neighbours of a form, the OCR
  channel's cost between two forms, a form's word classes …) — never on the text being corrected. Saved under a name
  made of the SHA-256 of the corrector's code (``WORD_CODE``), of the lexicon files, of every file of the morphology
  dictionary the process reads and of the versions of pymorphy3 and of Python: a changed rule, list or dictionary
  makes another name, so an answer of the old code or dictionary is never read.

A changed source makes another name, so a stale file is never read (old files are removed when a new one is
written); each file also holds its own key and the SHA-256 of its contents, so a damaged or foreign file is not
trusted but derived again. Files are written whole to a temporary name and renamed (a build reading at the same time
sees the whole file or none; of two builds writing at once, the last one's file stays, whole). Where the folder
cannot be written, everything is derived in memory each time, which gives the same answers.
"""
from __future__ import annotations

import hashlib
import json
import marshal
import os
import sys
import tempfile
import threading
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
FREQ = HERE / "ru_freq.json"
CACHE = HERE.parents[3] / ".cache" / "lexicon"
MAGIC = b"lexicon-cache 1\n"


def _read(path: Path, key: str):
    """What ``_write`` saved at ``path`` under ``key``; None where the file is missing, damaged or not of ``key``."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(MAGIC) + 64 + 32
    if len(data) < head or not data.startswith(MAGIC) or data[len(MAGIC):len(MAGIC) + 64] != key.encode("ascii"):
        return None
    body = data[head:]
    if hashlib.sha256(body).digest() != data[head - 32:head]:
        return None
    try:
        return marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None


def _write(folder: Path, name: str, key: str, value, stale: str) -> None:
    """Save ``value`` (``marshal``'s types only) as ``folder/name`` under ``key``, whole or not at all; then remove
    the other files matching ``stale`` (the same kind of file for another key). Silent where the folder cannot be
    written."""
    try:
        body = marshal.dumps(value)
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".part")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(MAGIC + key.encode("ascii") + hashlib.sha256(body).digest() + body)
            os.replace(tmp, folder / name)  # atomic: a build reading at the same time sees the whole file or none
        finally:
            Path(tmp).unlink(missing_ok=True)
        for old in folder.glob(stale):
            if old.name != name:
                old.unlink(missing_ok=True)
    except (OSError, ValueError):
        pass


# ---------------------------------------------------------------- the frequency tables

def derive(data: bytes) -> tuple[dict[str, float], dict[str, int]]:
    """From the bytes of ru_freq.json: Zipf frequency by word (ё read as е; the highest of the forms that fold
    together), and the counts of the letter trigrams (with ^ and $ at the ends) of those words."""
    freq: dict[str, float] = {}
    for z, words in json.loads(data.decode("utf-8"))["zipf10"].items():
        for w in words.split():
            key = w.replace("ё", "е")
            freq[key] = max(freq.get(key, 0.0), int(z) / 10)
    trigrams: dict[str, int] = {}
    for w in freq:
        padded = f"^{w}$"
        for i in range(len(padded) - 2):
            t = padded[i:i + 3]
            trigrams[t] = trigrams.get(t, 0) + 1
    return freq, trigrams


def _key(data: bytes) -> str:
    h = hashlib.sha256(data)
    h.update(Path(__file__).read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=1)
def tables(folder: Path = CACHE) -> tuple[dict[str, float], dict[str, int]]:
    """(frequencies, trigrams) of ru_freq.json: from the cache when it holds this list's, else derived (and saved)."""
    data = FREQ.read_bytes()
    key = _key(data)
    name = f"ru_freq-{key[:24]}.marshal"
    got = _read(folder / name, key)
    if isinstance(got, tuple) and len(got) == 2 and isinstance(got[0], dict) and isinstance(got[1], dict):
        return got
    freq, trigrams = derive(data)
    _write(folder, name, key, (freq, trigrams), "ru_freq-*.marshal")
    return freq, trigrams


# ---------------------------------------------------------------- answers by word form

LANG = HERE.parent
# the code whose functions are kept (and everything they call in the project): any change to it makes another key
WORD_CODE = (LANG / "correct.py", LANG / "spelling.py", LANG / "syntax.py", LANG / "morph.py", Path(__file__))
WORD_DATA = (FREQ, HERE / "yat_roots.json")
MAX_ANSWERS = 200_000  # a function's answers kept in memory (then forgotten, as an lru_cache would) …
MAX_SAVED = 60_000     # … and saved, in all (the sources' build asks about 30 000)


def _digest(path: Path) -> bytes:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").digest()


def _package_files(name: str) -> list[Path]:
    """The files of an installed package or module (found, not imported): a package's .py sources, a compiled
    module's file."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        return []
    if spec.submodule_search_locations:
        return sorted(Path(top, f) for d in spec.submodule_search_locations for top, _, files in os.walk(d)
                      for f in files if f.endswith(".py"))
    return [Path(spec.origin)]


def words_key() -> str:
    """The SHA-256 of what the kept answers depend on: the code (WORD_CODE), the lexicon files, every file of the
    morphology dictionary (its bytes), the code of pymorphy3 and of the DAWG readers it may use, and Python's
    version. Nothing is imported for it: where nothing needs morphology, the dictionary is not loaded."""
    from pipeline.text.lang.spelling import dictionary_path

    h = hashlib.sha256(f"python {sys.version_info[:3]} marshal {marshal.version}\n".encode())
    dictionary = sorted(p for p in Path(dictionary_path()).iterdir() if p.is_file())
    code = [*WORD_CODE, *WORD_DATA, *_package_files("pymorphy3"), *_package_files("dawg_python"),
            *_package_files("dawg")]
    for path in code + dictionary:
        h.update(f"{path.name} {path.stat().st_size}\n".encode())
        h.update(_digest(path))
    return h.hexdigest()


_MISSING = object()


class Answers:
    """The answers of the ``persistent`` functions: those this process asked for (``asked``, by function, in the
    order asked), read on first use from the file of ``words_key()`` in ``folder`` (``saved``), saved by ``save``."""

    def __init__(self, folder: Path = CACHE):
        self.folder = folder
        self.asked: dict[str, dict] = {}
        self.saved: dict[str, dict] | None = None
        self.key = ""
        self.derived = 0  # answers computed, not read: save writes only where there are some
        self._keying: threading.Thread | None = None
        self._key_ready = ""
        self._memos: list = []  # the functions' in-process memos, emptied by reset

    def reset(self, folder: Path | None = None) -> None:
        """Forget every answer (in memory; not the file), and read ``folder``'s file next."""
        if folder is not None:
            self.folder = folder
        for table in self.asked.values():
            table.clear()
        for memo in self._memos:
            memo.cache_clear()
        if self._keying is not None:
            self._keying.join()
            self._keying = None
        self.saved, self.key, self.derived, self._key_ready = None, "", 0, ""

    def prepare(self) -> None:
        """Begin computing the key (reading and hashing some 20 MB) in a thread, where its file is going to be read:
        the hashing, which lets other threads run, goes on beside the stages before the first answer is asked."""
        if self.saved is None and self._keying is None:
            self._keying = threading.Thread(target=self._compute_key, daemon=True)
            self._keying.start()

    def _compute_key(self) -> None:
        try:
            self._key_ready = words_key()
        except Exception:  # computed again where it is needed, and raised there
            self._key_ready = ""

    def _load(self) -> dict[str, dict]:
        if self._keying is not None:
            self._keying.join()
            self._keying = None
        self.key = self._key_ready or words_key()
        self._key_ready = ""
        got = _read(self.folder / self._name(), self.key)
        ok = isinstance(got, dict) and all(isinstance(k, str) and isinstance(v, dict) for k, v in got.items())
        self.saved = got if ok else {}
        return self.saved

    def _name(self) -> str:
        return f"words-{self.key[:24]}.marshal"

    def lookup(self, name: str, key):
        """The saved answer of function ``name`` for ``key``, or _MISSING."""
        saved = self.saved if self.saved is not None else self._load()
        table = saved.get(name)
        return _MISSING if table is None else table.get(key, _MISSING)

    def mark(self) -> tuple[int, dict[str, int]]:
        """How many answers were derived, and how many each function has, now (for ``since``)."""
        return self.derived, {name: len(table) for name, table in self.asked.items()}

    def since(self, mark: tuple[int, dict[str, int]]) -> tuple[int, dict[str, list]]:
        """How many answers were derived after ``mark``, and those asked for after it, as (key, answer) lists by
        function: what a forked child learnt, for ``absorb`` in the parent."""
        derived, counts = mark
        out = {}
        for name, table in self.asked.items():
            items = list(table.items())[counts.get(name, 0):]
            if items:
                out[name] = items
        return self.derived - derived, out

    def absorb(self, got) -> None:
        """Take what ``since`` gave in another process as if asked here."""
        try:
            derived, answers = got
            for name, items in answers.items():
                table = self.asked.get(name)
                if table is not None:
                    for key, answer in items:
                        table.setdefault(key, answer)
            self.derived += max(int(derived), 0)
        except (TypeError, ValueError, AttributeError):
            pass

    def save(self) -> None:
        """Write the answers asked for in this process (the first MAX_SAVED), where some were derived here or the file
        holds a tenth more than were asked; nothing where every one was read from a file of about these. Only these:
        the file holds what a build of these sources asks, no more (each answer costs its reading, on every build),
        and a build of other sources reads the answers the two share and derives the others."""
        if not self.key:
            return
        asked = sum(len(table) for table in self.asked.values())
        if not self.derived and 10 * sum(len(table) for table in (self.saved or {}).values()) <= 11 * asked:
            return  # every answer read, and the file holds little more than was asked (what a first build derived
            # on its way to the answers asked, say)
        out: dict[str, dict] = {}
        room = MAX_SAVED
        for name, table in self.asked.items():
            if table and room > 0:
                kept = dict(list(table.items())[:room])
                out[name] = kept
                room -= len(kept)
        _write(self.folder, self._name(), self.key, out, "words-*.marshal")
        self.saved = out
        self.derived = 0

    def persistent(self, fn=None, *, name: str = "", star: bool = False):
        """Decorator: ``fn(key)`` (with ``star``, ``fn(*args)``, keyed by the tuple of its arguments: every call
        with all of them, positionally) answered from memory, else from the file, else computed. ``fn`` must depend
        on nothing but its arguments, the lexicon files, the morphology dictionary and the code of WORD_CODE, and
        return ``marshal``'s types only (tuples, not lists: an answer read back is equal to the one computed)."""
        if fn is None:
            return lambda f: self.persistent(f, name=name, star=star)
        label = name or f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__qualname__}"
        asked = self.asked.setdefault(label, {})
        answers = self

        def first(*key):  # the first call with these arguments (in this process, since the last reset)
            key = key if star else key[0]
            got = asked.get(key, _MISSING)
            if got is _MISSING:
                got = answers.lookup(label, key)
                if got is _MISSING:
                    got = fn(*key) if star else fn(key)
                    answers.derived += 1
                if len(asked) >= MAX_ANSWERS:
                    asked.clear()
                asked[key] = got
            return got

        # the calls after the first answered by functools' memo (in C: these are most calls, many per word)
        memo = lru_cache(maxsize=MAX_ANSWERS)(first)
        self._memos.append(memo)
        memo.__wrapped__ = fn
        memo.__name__ = getattr(fn, "__name__", label)
        memo.__doc__ = fn.__doc__
        memo.label = label
        return memo


ANSWERS = Answers()
persistent = ANSWERS.persistent
