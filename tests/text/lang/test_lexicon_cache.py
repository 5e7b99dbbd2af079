"""The frequency tables kept under .cache/lexicon/: what is read from the cache is what the list gives, and a
changed list is never answered from the tables of the old one."""
import json

from pipeline.text.lang.lexicon import cache

load = cache.tables.__wrapped__  # past the in-process memo: each call reads or writes the folder


def _list(tmp_path, zipf10: dict[str, str]):
    path = tmp_path / "ru_freq.json"
    path.write_text(json.dumps({"zipf10": zipf10}, ensure_ascii=False), encoding="utf-8")
    return path


def test_tables_of_a_small_list_from_scratch_and_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "FREQ", _list(tmp_path, {"50": "карта ёлка", "31": "елка"}))
    folder = tmp_path / "c"
    freq, tri = load(folder)
    # ё is read as е, and of two forms folding together the commoner counts
    assert freq == {"карта": 5.0, "елка": 5.0}
    assert tri["^ка"] == 1 and tri["ка$"] == 1 and tri["елк"] == 1 and "ёлк" not in tri
    (saved,) = folder.iterdir()
    assert load(folder) == (freq, tri)  # read back from the file
    saved.write_bytes(b"not marshal")
    assert load(folder) == (freq, tri)  # a damaged file is derived again ...
    assert load(folder) == (freq, tri) and saved.read_bytes() != b"not marshal"  # ... and rewritten


def test_a_changed_list_is_derived_anew_and_the_old_tables_removed(tmp_path, monkeypatch):
    folder = tmp_path / "c"
    monkeypatch.setattr(cache, "FREQ", _list(tmp_path, {"50": "карта"}))
    assert load(folder)[0] == {"карта": 5.0}
    (old,) = folder.iterdir()
    monkeypatch.setattr(cache, "FREQ", _list(tmp_path, {"40": "карта", "30": "масть"}))
    assert load(folder)[0] == {"карта": 4.0, "масть": 3.0}
    (new,) = folder.iterdir()
    assert new.name != old.name


def test_an_unwritable_cache_folder_still_gives_the_tables(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "FREQ", _list(tmp_path, {"50": "карта"}))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert load(blocker / "c")[0] == {"карта": 5.0}


def test_the_real_list_cached_reads_as_derived(tmp_path):
    assert load(tmp_path) == cache.derive(cache.FREQ.read_bytes()) == load(tmp_path)
