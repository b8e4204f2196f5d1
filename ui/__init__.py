"""The app's shared code, for the scripts Streamlit runs (``app.py`` and ``pages/``); the library is ``fsviz``.

- :mod:`ui.state`: session state (the corpus source, the held upload, the sidebar's context, the shown results);
- :mod:`ui.cache`: the only place for ``st.cache_data`` and ``st.cache_resource``;
- :mod:`ui.charts`: every chart, drawn in place (``Plotly.react`` on the same element);
- :mod:`ui.components`: widgets several pages share (the grid run panel, the documents behind a word, downloads);
- :mod:`ui.sidebar`: the page menu and the sidebar every page draws first.

Imports run one way: pages → ui.sidebar → ui.components → ui.state → ui.charts → ui.cache → fsviz.
"""
