#!/usr/bin/env bash
# Installs what Tunewall needs on a fresh Debian machine: Chromium, Xvfb and CJK fonts (for the kiosk shell and the
# end-to-end tests) when missing, then the npm packages from the lock file. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
# A Latin ellipsis for text cut short (the CJK fonts draw it centred).
fc-list 2>/dev/null | grep -qi 'DejaVu Sans' || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The Electron binary is fetched on first use, never at install time (this keeps installs working offline).
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
