#!/usr/bin/env bash
# Installs what Tunewall needs on a fresh Debian machine: Chromium, Xvfb and CJK fonts (for the kiosk shell and the
# end-to-end tests), espeak-ng and speech-dispatcher (the shell's voice for voice guidance) and sox (which measures what
# it said) when missing, then the npm
# packages from the lock file. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v spd-say >/dev/null 2>&1 || missing+=(speech-dispatcher)
# The real-speech check (docs/accessibility.md, test/e2e/realSpeech.spec.ts) measures espeak-ng's recordings with sox.
command -v sox >/dev/null 2>&1 || missing+=(sox)
# Operations' tests: systemd's notify socket stand-in (python3), the unit's checks (systemd-analyze), promtool.
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
# systemd-analyze verify checks that the cage drop-in's compositor exists.
command -v cage >/dev/null 2>&1 || missing+=(cage)
# The keyring test: a D-Bus session with GNOME Keyring, read back with secret-tool.
command -v dbus-daemon >/dev/null 2>&1 || missing+=(dbus-daemon)
command -v dbus-send >/dev/null 2>&1 || missing+=(dbus-bin)
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=(gnome-keyring)
command -v secret-tool >/dev/null 2>&1 || missing+=(libsecret-tools)
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
