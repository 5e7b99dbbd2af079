"""The fuzz checker's word check (benchmarks/fuzz.py) on hand-made builds: a line broken inside a word."""
import importlib.util
import json
import sys
from pathlib import Path

spec = importlib.util.spec_from_file_location("fuzz", Path(__file__).resolve().parents[2] / "benchmarks/fuzz.py")
fuzz = importlib.util.module_from_spec(spec)
sys.modules["fuzz"] = fuzz  # its dataclasses look their module up
spec.loader.exec_module(fuzz)

TEI = ('<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader/><text><body>'
       '<p>Кладутъ карту на среднемъ {word} и замѣняютъ ее другою.</p><p>Тузъ и туз.</p></body></text></TEI>')


def verdict(tmp_path, witness: str, word: str) -> str:
    case, out = tmp_path / "case", tmp_path / "out"
    (case / "witnesses").mkdir(parents=True)
    (out / "tei").mkdir(parents=True)
    (case / "witnesses" / "a.txt").write_text(witness, encoding="utf-8")
    (out / "report.json").write_text(json.dumps({"witnesses": [{"file": "a.txt"}]}), encoding="utf-8")
    (out / "tei" / "x.xml").write_text(TEI.format(word=word), encoding="utf-8")
    return fuzz.check_words(case, out, "").kind


def test_a_line_broken_inside_a_word_reads_the_tei_word_it_begins(tmp_path):
    # «туз» ends a line (the rest of «тузѣ» on the next), and «туз» is also a TEI word elsewhere
    assert verdict(tmp_path, "Кладутъ карту на среднемъ туз\nѣ и замѣняютъ ее другою.\nТузъ и туз.\n",
                   "тузѣ") == "success"


def test_a_lines_last_word_the_tei_lacks_is_still_a_loss(tmp_path):
    assert verdict(tmp_path, "Кладутъ карту на среднемъ туз\nѣ и замѣняютъ ее другою.\nТузъ и туз.\n",
                   "королѣ") == "loss"
