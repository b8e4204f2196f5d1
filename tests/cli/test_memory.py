"""--memory on the commands that read a corpus (issue 55): a file that would take more memory read whole is counted
in parts, and what the command prints is what it prints for the corpus read whole. Over generated corpora and
budgets down to a handful of documents a part; a string path counts as a Path does."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsviz.cli import main
from fsviz.corpora import count_in_parts, part_docs_for

WORDS = [f"w{i}" for i in range(40)]


@st.composite
def corpora(draw):
    n = draw(st.integers(12, 60))
    labels = ["a", "b"] + draw(st.lists(st.sampled_from("abc"), min_size=n - 2, max_size=n - 2))
    texts = [" ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8)) + [f"{label}{label}"])
             for label in labels]
    return texts, labels


def _write(folder, texts, labels):
    path = folder / "corpus.jsonl"
    path.write_text("".join(json.dumps({"text": t, "label": c}) + "\n" for t, c in zip(texts, labels)))
    return path


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(corpus=corpora(), budget=st.sampled_from(["200", "1KB", "4KB"]))
def test_top_in_parts_prints_what_top_prints_for_the_corpus_read_whole(tmp_path, capsys, corpus, budget):
    path = str(_write(tmp_path, *corpus))
    assert part_docs_for(path, int(budget.rstrip("KB")) * (1024 if "KB" in budget else 1)) is not None
    common = ["top", path, "--class", "a", "--k", "5", "--metrics", "bns,ig,chi,dfreq", "--min-df", "1"]
    assert main(common) == 0
    whole = capsys.readouterr().out
    assert main([*common, "--memory", budget]) == 0
    parted = capsys.readouterr()
    assert parted.out == whole
    assert "counted in" in parted.err and "parts" in parted.err


def test_info_in_parts_counts_the_classes_and_a_group_is_refused(tmp_path, capsys):
    texts = [f"w1 w2 {c}{c}" for c in "aab" * 10]
    path = str(_write(tmp_path, texts, list("aab" * 10)))
    assert main(["info", path, "--memory", "100", "--min-df", "1"]) == 0
    out = capsys.readouterr().out
    assert "30 documents" in out and "counted in parts" in out
    assert [line.split()[:3] for line in out.splitlines()[2:]] == [["a", "20", "10"], ["b", "10", "20"]]
    assert count_in_parts(path, part_docs=4, min_df=1).n_docs == 30  # a str path, as a Path
    assert main(["top", path, "--class", "a", "--vs", "b", "--memory", "100", "--min-df", "1"]) == 2
    assert "counted in parts gives a class against the rest" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["lots", "5 parsecs", "1.5.2GB"])
def test_a_memory_that_is_not_a_size_says_so(tmp_path, capsys, size):
    path = str(_write(tmp_path, ["w1 aa", "w2 bb"], ["a", "b"]))
    assert main(["info", path, "--memory", size]) == 2
    assert "--memory must be a size such as 500MB" in capsys.readouterr().err


def test_a_metric_that_reads_more_than_the_counts_is_refused_in_parts_with_what_to_do(tmp_path, capsys):
    path = str(_write(tmp_path, [f"w1 w2 {c}{c}" for c in "abc" * 10], list("abc" * 10)))
    assert main(["top", path, "--class", "a", "--metrics", "chi_max,bns", "--memory", "100", "--min-df", "1"]) == 2
    assert "chi_max read more than each word's documents per class" in capsys.readouterr().err
