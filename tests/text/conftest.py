"""Fixtures for the pipeline tests: the seeds' texts, and a source folder with chosen witnesses."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "source"
SEEDS = sorted((SOURCE / "witnesses").glob("*.txt"))


def source_with(tmp: Path, witnesses: dict[str, bytes]) -> Path:
    """A copy of ``source/`` whose witnesses are exactly ``witnesses`` (file name → bytes)."""
    src = tmp / "source"
    shutil.copytree(SOURCE / "editorial", src / "editorial")
    (src / "witnesses").mkdir(parents=True)
    for name, data in witnesses.items():
        (src / "witnesses" / name).write_bytes(data)
    return src


def seed_texts() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in SEEDS}


@pytest.fixture(name="source_with")
def _source_with():
    return source_with


@pytest.fixture(name="make_source", scope="session")
def _make_source():
    return source_with


@pytest.fixture(name="seed_texts", scope="session")
def _seed_texts():
    return seed_texts()
