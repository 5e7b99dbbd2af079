from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
WITNESSES = ROOT / "source" / "witnesses"
OVERRIDES = ROOT / "source" / "editorial" / "corrections.json"


@lru_cache(maxsize=1)
def witness_paragraphs() -> dict[str, list[str]]:
    """Paragraphs of each witness as the corrector gets them (the mechanical ђ → ѣ applied)."""
    out = {}
    for f in sorted(WITNESSES.glob("*.txt")):
        text = f.read_text(encoding="utf-8").replace("ђ", "ѣ")
        out[f.name[:3]] = [p for p in text.split("\n") if p.strip()]
    return out


@lru_cache(maxsize=1)
def _corrector():
    from pipeline.text.lang.correct import Corrector

    corpus = [p for ps in witness_paragraphs().values() for p in ps]
    return Corrector(corpus, str(OVERRIDES))


@pytest.fixture(scope="session")
def corrector():
    return _corrector()


@pytest.fixture(scope="session")
def paragraphs():
    return witness_paragraphs()
