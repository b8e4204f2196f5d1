"""The CLI's p and q columns in `top` and the fdr k rule of `top` and `export`."""

import numpy as np
import pandas as pd
import pytest

from fsviz.cli import main
from fsviz.corpora.sample import load_sample
from fsviz.stats.significance import fdr_k, significance


def test_top_writes_p_and_q(tmp_path):
    out = tmp_path / "top.csv"
    assert main(["top", "sample", "--class", "scipy.stats", "-k", "5", "--metrics", "bns,chi", "--out", str(out)]) == 0
    table = pd.read_csv(out)
    task = load_sample().task("scipy.stats")
    found = significance(task)
    index = pd.Index(task.vocabulary).get_indexer(table["word"])
    np.testing.assert_allclose(table["p"], found.p[index], rtol=1e-12)
    np.testing.assert_allclose(table["q"], found.q[index], rtol=1e-12)


def test_the_fdr_rule_chooses_k(tmp_path, capsys):
    out = tmp_path / "top.csv"
    assert main(["top", "sample", "--class", "scipy.stats", "--k", "fdr0.01", "--metrics", "bns",
                 "--alternative", "two-sided", "--out", str(out)]) == 0
    k = fdr_k(load_sample().task("scipy.stats"), 0.01, alternative="two-sided")
    assert len(pd.read_csv(out)) == k > 0
    words = tmp_path / "words.csv"
    assert main(["export", "sample", "--class", "scipy.stats", "--metric", "bns", "--k", "fdr0.01",
                 "--out", str(words)]) == 0
    assert f"k = {fdr_k(load_sample().task('scipy.stats'), 0.01)}" in capsys.readouterr().out


@pytest.mark.parametrize("k", ["fdr1.5", "fdr0", "fdr", "many"])
def test_a_bad_rule_is_one_line(k, capsys):
    assert main(["top", "sample", "--class", "scipy.stats", "--k", k]) == 2
    assert "error:" in capsys.readouterr().err


def test_a_p_that_underflows_is_printed_from_its_log():
    from fsviz.stats.significance import p_label  # the CLI's and the app's one rule

    assert [p_label(p) for p in (0.0, 1e-300, 0.04321, 1.0)] == ["<1e-300", "1e-300", "0.0432", "1"]
    assert p_label(0.0, -1619.97345) == "1.1e-1620" and p_label(0.0, float("-inf")) == "<1e-300"
