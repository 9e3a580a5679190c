#!/usr/bin/env bash
# Installs Tunewall's kiosk shell as a systemd service on a store display (Debian 12 or newer), from a checkout where
# `npm ci && npm run build:renderer && npm run build:kiosk` has run. Safe to run again: an existing vault key is kept
# (a new one would sign the display out).
#
#   sudo deploy/install.sh [--cage] [--no-start]
#        [--client-id ID --client-secret-file FILE --auth-url URL --api-url URL]
#        [--metrics-listen HOST:PORT [--metrics-token-file FILE]] [--metrics-textfile PATH]
#
# --cage: the box boots straight into Tunewall (the cage compositor on tty1; installs cage when missing).
# Without credentials the display runs against the embedded sandbox.
set -euo pipefail

APP_DIR=/opt/tunewall
CRED_DIR=/etc/tunewall/credentials
UNIT_DIR=/etc/systemd/system
DROPIN_DIR=$UNIT_DIR/tunewall-kiosk.service.d
SRC=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  cat <<'USAGE'
Usage: sudo deploy/install.sh [options]

Installs Tunewall's kiosk shell as a systemd service (tunewall-kiosk) on a store display, from a built checkout
(npm ci && npm run build:renderer && npm run build:kiosk). Safe to run again: an existing vault key is kept.

  --cage                      boot straight into Tunewall (the cage compositor on tty1; installs cage)
  --no-start                  install and enable, but do not start the service now
  --client-id ID              the music service's client id (needs the three below); without it, the embedded sandbox
  --client-secret-file FILE   a file holding the client secret (sealed with systemd-creds)
  --auth-url URL              the service's authorization server
  --api-url URL               the service's catalog API
  --metrics-listen HOST:PORT  serve /metrics (beyond loopback it needs --metrics-token-file)
  --metrics-token-file FILE   the bearer token /metrics asks for (sealed with systemd-creds)
  --metrics-textfile PATH     write the metrics for node_exporter's textfile collector (a .prom file)
  -h, --help                  show this and exit

More: docs/store-display.md.
USAGE
}

cage=no start=yes client_id='' secret_file='' auth_url='' api_url='' metrics_listen='' metrics_token='' metrics_textfile=''
while [ $# -gt 0 ]; do
  case "$1" in
    --cage) cage=yes ;;
    --no-start) start=no ;;
    --client-id) client_id=$2; shift ;;
    --client-secret-file) secret_file=$2; shift ;;
    --auth-url) auth_url=$2; shift ;;
    --api-url) api_url=$2; shift ;;
    --metrics-listen) metrics_listen=$2; shift ;;
    --metrics-token-file) metrics_token=$2; shift ;;
    --metrics-textfile) metrics_textfile=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo)" >&2; exit 1; }
[ -f "$SRC/out/kiosk/index.js" ] || { echo "install.sh: build first: npm ci && npm run build:renderer && npm run build:kiosk" >&2; exit 1; }
# The unit runs /usr/bin/node; Debian 12's own nodejs (18) is too old: install Node 20.19+ or 22.13+ there first.
if ! /usr/bin/node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit((a===20&&b>=19)||(a===22&&b>=13)||a>=24?0:1)' 2>/dev/null; then
  echo "install.sh: Node.js 20.19+, 22.13+ or 24+ is needed at /usr/bin/node (found: $(/usr/bin/node --version 2>/dev/null || echo none))" >&2; exit 1
fi
if [ -n "$client_id" ] && { [ -z "$secret_file" ] || [ -z "$auth_url" ] || [ -z "$api_url" ]; }; then
  echo "install.sh: --client-id needs --client-secret-file, --auth-url and --api-url" >&2; exit 2
fi
if [ -n "$metrics_listen" ] && [[ ! "$metrics_listen" =~ ^(127\.|\[::1\]|localhost) ]] && [ -z "$metrics_token" ]; then
  echo "install.sh: --metrics-listen beyond loopback needs --metrics-token-file" >&2; exit 2
fi

missing=()
command -v chromium >/dev/null || missing+=(chromium)
if [ "$cage" = no ]; then
  # On a bare X display (no window manager) the shell asks X for the screen's size (xprop, xwininfo).
  command -v xwininfo >/dev/null || missing+=(x11-utils)
fi
if [ "$cage" = yes ]; then
  command -v cage >/dev/null || missing+=(cage)
  # Chromium draws through X under cage unless told otherwise: Xwayland gives it one.
  command -v Xwayland >/dev/null || missing+=(xwayland)
fi
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# A user of its own: no login shell, no home but the state directory, in the groups that reach the display and input.
if ! id tunewall >/dev/null 2>&1; then
  useradd --system --user-group --home-dir /var/lib/tunewall --no-create-home --shell /usr/sbin/nologin tunewall
fi
for group in video render input; do getent group "$group" >/dev/null && usermod -aG "$group" tunewall; done

# The app: the built shell and renderer, and the production dependencies only.
install -d -m 0755 "$APP_DIR"
cp -a "$SRC/out" "$SRC/package.json" "$SRC/package-lock.json" "$SRC/README.md" "$APP_DIR/"
install -d -m 0755 "$APP_DIR/docs"
cp "$SRC"/docs/*.md "$APP_DIR/docs/"
(cd "$APP_DIR" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --omit=dev --ignore-scripts --no-audit --no-fund)
chown -R root:root "$APP_DIR"

# Credentials, sealed by systemd-creds: with the TPM2 where there is one, else the host key
# (/var/lib/systemd/credential.secret); only this machine can open them.
install -d -m 0700 "$CRED_DIR"
seal() { # NAME, plaintext on stdin
  systemd-creds encrypt --with-key=auto --name="$1" - "$CRED_DIR/$1.cred"
  chmod 0600 "$CRED_DIR/$1.cred"
}
if [ ! -f "$CRED_DIR/tunewall-vault-key.cred" ]; then
  head -c 32 /dev/urandom | seal tunewall-vault-key
fi

install -d -m 0755 "$DROPIN_DIR"
install -m 0644 "$SRC/deploy/tunewall-kiosk.service" "$UNIT_DIR/tunewall-kiosk.service"
if [ "$cage" = yes ]; then
  install -m 0644 "$SRC/deploy/cage.conf" "$DROPIN_DIR/cage.conf"
  systemctl set-default graphical.target >/dev/null
else
  rm -f "$DROPIN_DIR/cage.conf"
fi

{
  echo "# Written by deploy/install.sh: the service and how it is reached."
  echo "[Service]"
  if [ -n "$client_id" ]; then
    seal tunewall-client-secret < "$secret_file"
    echo "LoadCredentialEncrypted=tunewall-client-secret:$CRED_DIR/tunewall-client-secret.cred"
    echo "Environment=TUNEWALL_CLIENT_ID=$client_id TUNEWALL_AUTH_URL=$auth_url TUNEWALL_API_URL=$api_url"
  fi
  if [ -n "$metrics_listen" ]; then
    echo "Environment=TUNEWALL_METRICS_LISTEN=$metrics_listen"
    if [ -n "$metrics_token" ]; then
      seal tunewall-metrics-token < "$metrics_token"
      echo "LoadCredentialEncrypted=tunewall-metrics-token:$CRED_DIR/tunewall-metrics-token.cred"
    fi
  fi
  if [ -n "$metrics_textfile" ]; then
    echo "Environment=TUNEWALL_METRICS_TEXTFILE=$metrics_textfile"
    echo "ReadWritePaths=$(dirname "$metrics_textfile")"
  fi
} > "$DROPIN_DIR/settings.conf"

systemd-analyze verify "$UNIT_DIR/tunewall-kiosk.service"
systemctl daemon-reload
systemctl enable tunewall-kiosk.service >/dev/null
if [ "$start" = yes ]; then systemctl restart tunewall-kiosk.service; fi
echo "Tunewall installed. Status: systemctl status tunewall-kiosk · log: journalctl -u tunewall-kiosk -o cat"
