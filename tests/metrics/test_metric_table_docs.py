"""The API page of ``fsviz.metrics`` lists every registered metric with its formula and paper: the table is
written from the registry by ``docs/api_pages.py`` (no Sphinx needed to check it), and it is valid reST."""

import sys

import pytest
from conftest import REPO

import fsviz

sys.path.insert(0, str(REPO / "docs"))
api_pages = pytest.importorskip("api_pages")
docutils_core = pytest.importorskip("docutils.core", reason="the docs tools (pip install '.[docs]') are not installed")


def test_every_registered_metric_is_listed_with_its_reference():
    table = api_pages.metrics_table()
    for name in fsviz.metric_names():
        metric = fsviz.get_metric(name)
        assert metric.reference, name
        assert f"   * - ``{name}``" in table, name
        assert api_pages._escape(metric.reference) in table, name
        assert api_pages._escape(metric.formula) in table, name
    assert table in api_pages.package_page("fsviz.metrics")


def test_the_table_is_valid_restructured_text():
    text = api_pages.metrics_table().replace(":func:`fsviz.metric_names`", "fsviz.metric_names")
    tree = docutils_core.publish_doctree(text, settings_overrides={"halt_level": 2, "report_level": 2})
    rows = tree.findall(lambda node: node.tagname == "row")
    assert sum(1 for _ in rows) == len(fsviz.metric_names()) + 1  # one row per metric and the header
