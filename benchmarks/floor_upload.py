"""The least a Streamlit page that takes an upload does: one file box, and the file's size once it is in.

Served by ``bench_visitors_memory.py`` beside the app, so the server's memory over visitors who upload a file and
leave is measured against Streamlit's own, in the same run.
"""

import streamlit as st

uploaded = st.file_uploader("A file")
if uploaded is not None:
    st.write(f"{len(uploaded.getvalue()):,} bytes received")
