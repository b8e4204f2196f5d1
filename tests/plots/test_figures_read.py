"""Small defects of reading (issue #26): every class named, α curves that read on white, powers of ten, whole
numbers on the vocabulary axis."""

import numpy as np

import fsviz
from fsviz.plots import agreement_scatter_figure, class_sizes_figure
from fsviz.plots.studies import _alpha_colour
from fsviz.plots.style import luminance


def _hex(colour: str) -> str:
    if colour.startswith("#"):
        return colour
    r, g, b = (int(float(v)) for v in colour[colour.index("(") + 1:-1].split(",")[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def test_the_class_bar_chart_names_every_class():
    corpus = fsviz.load_sample()
    fig = class_sizes_figure(corpus)
    assert list(fig.layout.xaxis.ticktext) == list(fig.data[0].x) and len(fig.data[0].x) == corpus.n_classes


def test_the_lesion_studys_alpha_curves_read_on_white():
    for alpha in (0.0, 0.1, 0.3, 0.4, 0.6, 0.7, 0.9, 1.0):
        assert luminance(_hex(_alpha_colour(alpha))) < 0.6, alpha
    assert _alpha_colour(0.4) != _alpha_colour(0.6)


def test_agreement_axes_use_powers_of_ten_not_si_prefixes():
    rng = np.random.default_rng(0)
    a, b = rng.random(200) * 1e-4, rng.random(200) * 1e3
    fig = agreement_scatter_figure(a, b, np.array([f"w{i}" for i in range(200)]), ("ig", "chi"))
    assert fig.layout.xaxis.exponentformat == "power" and fig.layout.yaxis.exponentformat == "power"


def test_the_zipf_curve_is_thinned_evenly_on_its_log_axis():
    from fsviz.plots import zipf_figure
    from fsviz.stats.tables import df_ranks

    corpus = fsviz.load_sample(min_df=3)
    ranks = df_ranks(corpus)
    fig = zipf_figure(corpus)
    assert [t.type for t in fig.data] == ["scatter", "scatter"]  # SVG: no WebGL layer on the first page
    kept = ranks[ranks["kept"]]
    drawn = np.asarray(fig.data[0].x)
    assert 100 < drawn.size <= 600 and drawn[0] == kept["rank"].min() and drawn[-1] == kept["rank"].max()
    assert drawn[:10].tolist() == list(range(1, 11))  # the head, rank by rank
    assert np.diff(np.log10(drawn[drawn >= 10])).max() < 0.05  # then no stretch of the log axis left empty
