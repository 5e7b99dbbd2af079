"""The answers by word form kept under .cache/lexicon/ (``cache.persistent``): an answer read back is the one the
function gives; a damaged, foreign or stale file is not trusted; a change to the code or the lexicons makes another
file; and the corrector reads the same with the kept answers as without them."""
from pathlib import Path

import pytest

from pipeline.text.lang import correct, morph, spelling, syntax
from pipeline.text.lang.lexicon import cache

OVERRIDES = Path(__file__).resolve().parents[3] / "source" / "editorial" / "corrections.json"


def _counted(answers: cache.Answers):
    calls = []

    @answers.persistent(name="test.length")
    def length(form: str) -> tuple[int, str]:
        calls.append(form)
        return len(form), form[::-1]

    return length, calls


def test_answers_are_saved_and_read_back_as_computed(tmp_path):
    first = cache.Answers(tmp_path)
    length, calls = _counted(first)
    assert [length(w) for w in ("карта", "масть", "карта")] == [(5, "атрак"), (5, "ьтсам"), (5, "атрак")]
    assert calls == ["карта", "масть"]  # memoized in the process
    first.save()
    (saved,) = tmp_path.iterdir()
    assert saved.name.startswith("words-") and not list(tmp_path.glob("*.part"))
    second = cache.Answers(tmp_path)
    length, calls = _counted(second)
    assert length("масть") == (5, "ьтсам") and length("карта") == (5, "атрак") and calls == []  # read, not computed
    assert length("туз") == (3, "зут") and calls == ["туз"]


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "foreign key"])
def test_a_damaged_or_foreign_file_is_not_trusted(tmp_path, damage):
    first = cache.Answers(tmp_path)
    length, _ = _counted(first)
    length("карта")
    first.save()
    (saved,) = tmp_path.iterdir()
    data = saved.read_bytes()
    if damage == "flip":  # a byte of the answers changed: the checksum no longer fits
        data = data[:-3] + bytes([data[-3] ^ 1]) + data[-2:]
    elif damage == "truncate":
        data = data[:len(data) // 2]
    elif damage == "garbage":
        data = b"not marshal"
    else:  # another key's file under this name (as if written by another version of the code)
        key = first.key.encode()
        data = data.replace(key, (key[:-1] + (b"0" if key[-1:] != b"0" else b"1")))
    saved.write_bytes(data)
    second = cache.Answers(tmp_path)
    length, calls = _counted(second)
    assert length("карта") == (5, "атрак") and calls == ["карта"]  # derived again
    second.save()
    third = cache.Answers(tmp_path)
    length, calls = _counted(third)
    assert length("карта") == (5, "атрак") and calls == []  # … and saved whole again


def test_a_change_to_the_code_or_a_lexicon_makes_another_file(tmp_path, monkeypatch):
    rules = tmp_path / "rules.py"
    rules.write_text("A = 1\n")
    folder = tmp_path / "c"
    monkeypatch.setattr(cache, "WORD_CODE", cache.WORD_CODE + (rules,))
    first = cache.Answers(folder)
    length, _ = _counted(first)
    length("карта")
    first.save()
    (old,) = folder.iterdir()
    rules.write_text("A = 2\n")  # the code changed: the old answers are not read …
    second = cache.Answers(folder)
    length, calls = _counted(second)
    assert length("карта") == (5, "атрак") and calls == ["карта"]
    second.save()
    (new,) = folder.iterdir()  # … and their file is removed when the new one is written
    assert new.name != old.name


def test_nothing_is_written_where_every_answer_was_read(tmp_path):
    first = cache.Answers(tmp_path)
    length, _ = _counted(first)
    length("карта")
    first.save()
    (saved,) = tmp_path.iterdir()
    stamp = saved.stat().st_mtime_ns
    second = cache.Answers(tmp_path)
    length, _ = _counted(second)
    length("карта")
    second.save()
    assert saved.stat().st_mtime_ns == stamp


def test_an_unwritable_cache_folder_still_gives_the_answers(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    answers = cache.Answers(blocker / "c")
    length, _ = _counted(answers)
    assert length("карта") == (5, "атрак")
    answers.save()  # silently nothing


@pytest.fixture
def kept(tmp_path):
    """The corrector's own kept answers, read from and saved to an empty folder for the test."""
    cache.ANSWERS.reset(tmp_path)
    yield cache.ANSWERS
    cache.ANSWERS.reset(cache.CACHE)


def test_the_corrector_reads_alike_with_and_without_the_kept_answers(kept, tmp_path, paragraphs):
    corpus = [p for ps in paragraphs.values() for p in ps]
    texts = corpus[:40]
    fresh = [correct.Corrector(corpus, str(OVERRIDES)).correct(t) for t in texts]  # nothing saved: all derived
    kept.save()
    (saved,) = tmp_path.iterdir()
    kept.reset()  # the process forgets: every answer is read from the file now
    again = [correct.Corrector(corpus, str(OVERRIDES)).correct(t) for t in texts]
    assert again == fresh and kept.derived == 0
    # and every answer the file holds is what its function gives afresh
    functions = {f.label: f for module in (correct, syntax, spelling, morph) for f in vars(module).values()
                 if hasattr(f, "label")}
    checked = 0
    for name, table in kept.saved.items():
        fn = functions[name]
        for key, answer in list(table.items())[:300]:
            assert (fn.__wrapped__(*key) if isinstance(key, tuple) else fn.__wrapped__(key)) == answer, (name, key)
            checked += 1
    assert checked > 500


def test_the_key_names_the_dictionary_morphology_reads():
    import pymorphy3

    assert spelling.DICT_PATH_ENV == pymorphy3.MorphAnalyzer.DICT_PATH_ENV_VARIABLE
    assert spelling.morph().dictionary.path == spelling.dictionary_path()


def test_the_key_hashed_beforehand_in_a_thread_is_the_key(tmp_path):
    answers = cache.Answers(tmp_path)
    length, _ = _counted(answers)
    answers.prepare()
    assert length("карта") == (5, "атрак") and answers.key == cache.words_key()


def test_a_file_holding_much_more_than_a_build_asks_is_written_again_with_what_it_asks(tmp_path):
    first = cache.Answers(tmp_path)
    length, _ = _counted(first)
    for w in ("карта", "масть", "туз", "король", "дама"):
        length(w)
    first.save()
    second = cache.Answers(tmp_path)
    length, calls = _counted(second)
    length("карта")
    second.save()  # nothing derived, but the file holds five answers where one was asked
    third = cache.Answers(tmp_path)
    length, calls = _counted(third)
    assert length("карта") == (5, "атрак") and calls == [] and sum(map(len, third.saved.values())) == 1
