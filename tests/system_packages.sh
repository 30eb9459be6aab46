#!/usr/bin/env bash
# Install the Debian packages the tests drive (chromium for the browser tests, fonts that render Korean
# and emoji, PostgreSQL for the second storage backend) when they are missing; when that is not possible,
# say exactly what to run, and stop.
set -euo pipefail
packages=(chromium fonts-noto-cjk fonts-noto-color-emoji postgresql)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  run=(sudo -n)
else
  echo "Missing Debian packages for the tests; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq
"${run[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
