#!/usr/bin/env bash
# Build the documentation site into docs/_build/html: offline, warnings as errors.
# The gallery's examples run during the build; the screenshots are made separately (docs/screenshots.py).
set -euo pipefail
cd "$(dirname "$0")"
exec python -m sphinx -W --keep-going -b html -j "${DOCS_JOBS:-auto}" . _build/html "$@"
