"""Bad input through the command line: a clear message naming the file (and line), non-zero exit where it is
fatal, never a traceback, and the other witnesses still built."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = "002_e76d93ddfacf88cf.txt"  # Calculation, a whole chapter on its own


def run_build(tmp_path: Path, source_with, extra: dict[str, bytes]):
    good = (ROOT / "source/witnesses" / GOOD).read_bytes()
    src = source_with(tmp_path, {GOOD: good, **extra})
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipeline", "build", "--source", str(src), "--out", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert "Traceback" not in proc.stderr + proc.stdout
    manifest = json.loads((out / "manifest.json").read_text()) if (out / "manifest.json").exists() else None
    return proc, manifest


def still_built(manifest) -> bool:
    return manifest is not None and [g["slug"] for g in manifest["games"]] == ["calculation"]


@pytest.mark.parametrize("name, data, message", [
    ("plate.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "plate.txt:3: NUL byte"),
    ("latin1.txt", "Игра.\nКарты".encode("utf-8") + b" \xe9t\xe9\n", "latin1.txt:2: invalid UTF-8"),
    ("huge.txt", ("Пасьянсъ вторично не раскладывается.\n" * 80_000).encode("utf-8"), "huge.txt: 5,"),
])
def test_a_fatal_file_is_named_and_the_rest_is_built(tmp_path, source_with, name, data, message):
    proc, manifest = run_build(tmp_path, source_with, {name: data})
    assert proc.returncode == 1
    assert f"/witnesses/{message}" in proc.stderr
    assert still_built(manifest)


def test_the_5_mb_file_is_really_5_mb():
    assert len(("Пасьянсъ вторично не раскладывается.\n" * 80_000).encode("utf-8")) > 5_000_000


@pytest.mark.parametrize("name, data, message", [
    ("empty.txt", b"", "empty.txt: empty file"),
    ("menu.txt", "Выбрать главу\n\nвернуться\n".encode("utf-8"), "menu.txt: only reader artifacts"),
    ("cut.txt", "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n\nI. Основныя карты выбира".encode("utf-8"),
     "cut.txt:5: ends mid-sentence"),
])
def test_a_suspicious_file_is_a_warning_and_nothing_is_lost(tmp_path, source_with, name, data, message):
    proc, manifest = run_build(tmp_path, source_with, {name: data})
    assert proc.returncode == 0, proc.stderr
    assert f"/witnesses/{message}" in proc.stderr and "warning: " in proc.stderr  # file[:line] as given
    assert still_built(manifest)
    report = json.loads((tmp_path / "out/report.json").read_text())
    w = next(w for w in report["witnesses"] if w["file"] == name)
    assert w["kept"] + w["duplicate"] + w["artifact"] + w["layout"] == w["characters"]


def test_the_truncated_chunk_is_a_copy_of_the_whole_chapter(tmp_path, source_with):
    data = "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n\nI. Основныя карты выбираются изъ колоды, масти не соблю"
    proc, manifest = run_build(tmp_path, source_with, {"cut.txt": data.encode("utf-8")})
    report = json.loads((tmp_path / "out/report.json").read_text())
    cut = next(w for w in report["witnesses"] if w["file"] == "cut.txt")
    # every passage of it is in 002 already; the rule it breaks off is kept whole, from 002
    assert cut["duplicate"] >= len("I. Основныя карты выбираются изъ колоды, масти не соблю")
    assert cut["kept"] + cut["duplicate"] + cut["layout"] == cut["characters"]
    assert manifest["games"][0]["complete"]
    text = (tmp_path / "out/text/pre-reform/calculation.txt").read_text().splitlines()
    assert "I. Основныя карты выбираются изъ колоды, масти не соблюдаются." in text
    assert sum(line.startswith("I. ") for line in text) == 1


def test_a_missing_source_folder_is_a_clear_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pipeline", "build", "--source", str(tmp_path / "nowhere"),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"{tmp_path / 'nowhere'}: no such folder")


def test_a_chapter_no_evidence_identifies_is_kept_apart_and_reported(tmp_path, source_with):
    page = ("КРАСАВИЦА.\n\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n\nI. Всѣ карты годны для игры, если онѣ лежатъ "
            "сверху пачекъ.\n\nИгра.\n\nРаскладываютъ восемнадцать пачекъ по три карты въ каждой пачкѣ.\n")
    proc, manifest = run_build(tmp_path, source_with, {"new.txt": page.encode("utf-8")})
    assert proc.returncode == 0
    assert "could not be identified" in proc.stderr
    games = {g["slug"]: g for g in manifest["games"]}
    assert games["unidentified-1"]["number"] is None
    text = (tmp_path / "out/text/pre-reform/unidentified-1.txt").read_text().splitlines()
    assert text[0] == "КРАСАВИЦА." and text[-1].startswith("Раскладываютъ восемнадцать пачекъ")


def test_a_warning_about_a_passage_names_its_file_and_line(tmp_path, source_with):
    # a chapter no heading identifies, on the third line of its file: the warning says where to look
    text = ("\n\nКогда всѣ карты разложены, игрокъ беретъ карты талона одну за другою и кладетъ ихъ на основанія, "
            "если онѣ подходятъ по масти и по порядку.\n")
    proc, manifest = run_build(tmp_path, source_with, {"odd.txt": text.encode("utf-8")})
    assert proc.returncode == 0, proc.stderr
    assert f"warning: {tmp_path}/source/witnesses/odd.txt:3: a chapter beginning 'Когда" in proc.stderr, proc.stderr
