#!/usr/bin/env bash
# The floors check: install pnp with every runtime dependency at the lowest version that
# pyproject.toml allows (constraints/floors.txt), from wheels only, in a fresh virtualenv,
# then validate and build all five bundled games with it. A floor that does not install,
# or a game that no longer validates or builds on it, fails the check (exit 1).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d /tmp/pnp-floors.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
if ! "$work/venv/bin/python" -m pip install --only-binary :all: \
    -c constraints/floors.txt "$root" >"$work/pip.log" 2>&1; then
  tail -n 30 "$work/pip.log"
  echo "floors: pip could not install pnp with constraints/floors.txt" >&2
  exit 1
fi
"$work/venv/bin/python" -m pip freeze --exclude pnp | tr '\n' ' '
echo

# Run outside the checkout, so pnp reads the games bundled in the installed package.
cd "$work"
for game in boom bigidea bidness oldbiddy smallprint; do
  "$work/venv/bin/pnp" validate "$game" >"$work/$game.log" 2>&1 \
    && "$work/venv/bin/pnp" build "$game" --pdf --out "$work/out/$game" >>"$work/$game.log" 2>&1 \
    || { cat "$work/$game.log"; echo "floors: $game failed on the floor versions" >&2; exit 1; }
  echo "floors: $game validates and builds"
done
