"""What the corrector derives from the frequency list (ru_freq.json), kept ready under ``.cache/lexicon/``.

Reading the list and deriving its tables (each word's Zipf frequency, the letter trigrams of its words) takes
longer than the rest of a small build's start; their results are saved once, in ``marshal``'s format, under a
name made of the SHA-256 of the list *and of this module's source*: a changed list or a changed derivation makes
another name, so a stale table is never read (old files are removed when a new one is written). Where the
folder cannot be written, the tables are derived in memory each time, which gives the same tables.
"""
from __future__ import annotations

import hashlib
import json
import marshal
import os
import tempfile
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
FREQ = HERE / "ru_freq.json"
CACHE = HERE.parents[3] / ".cache" / "lexicon"


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


def _name(data: bytes) -> str:
    h = hashlib.sha256(data)
    h.update(Path(__file__).read_bytes())
    return f"ru_freq-{h.hexdigest()[:24]}.marshal"


@lru_cache(maxsize=1)
def tables(folder: Path = CACHE) -> tuple[dict[str, float], dict[str, int]]:
    """(frequencies, trigrams) of ru_freq.json: from the cache when it holds this list's, else derived (and saved)."""
    data = FREQ.read_bytes()
    path = folder / _name(data)
    try:
        freq, trigrams = marshal.loads(path.read_bytes())
        if isinstance(freq, dict) and isinstance(trigrams, dict):
            return freq, trigrams
    except (OSError, ValueError, EOFError, TypeError):
        pass
    freq, trigrams = derive(data)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(marshal.dumps((freq, trigrams)))
            os.replace(tmp, path)  # atomic: a build reading at the same time sees the whole file or none
        finally:
            Path(tmp).unlink(missing_ok=True)
        for old in folder.glob("ru_freq-*.marshal"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
    return freq, trigrams
