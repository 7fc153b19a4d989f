#!/usr/bin/env bash
# Run a command (the vault tests) against a real Secret Service: a private D-Bus session with
# gnome-keyring's secrets component, unlocked with a throwaway password, and XDG directories in a
# temporary folder so the tests never see or touch the user's own keyring.
#
#   bash scripts/vault/with-secret-service.sh npx vitest run test/unit/vault test/integration/vault
#
# Without dbus-run-session or gnome-keyring-daemon the command still runs, with
# GATEHOUSE_SECRET_SERVICE_MISSING saying what is missing so the keychain tests skip with that reason;
# under GATEHOUSE_REQUIRE_REAL_PARTS=1 (CI) that is an error instead.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 command [args...]" >&2
  exit 2
fi

missing=""
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  reason="not installed:$missing (apt-get install -y gnome-keyring dbus-x11 libsecret-tools)"
  if [ "${GATEHOUSE_REQUIRE_REAL_PARTS:-}" = "1" ]; then
    echo "vault: the real Secret Service is required (GATEHOUSE_REQUIRE_REAL_PARTS=1) but $reason" >&2
    exit 1
  fi
  echo "vault: keychain tests will be skipped: $reason" >&2
  GATEHOUSE_SECRET_SERVICE_MISSING="$reason" exec "$@"
fi

scratch="$(mktemp -d -t gatehouse-secret-service.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/data" "$scratch/cache" "$scratch/config" "$scratch/runtime"
chmod 700 "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data" XDG_CACHE_HOME="$scratch/cache" XDG_CONFIG_HOME="$scratch/config"
export XDG_RUNTIME_DIR="$scratch/runtime"
# Tells the tests the keyring is a throwaway one, so they may use the real service name "Gatehouse".
export GATEHOUSE_ISOLATED_SECRET_SERVICE=1

# A fresh password each run: the keyring lives only as long as this session.
GATEHOUSE_KEYRING_PASSWORD="$(head -c 18 /dev/urandom | base64)"
export GATEHOUSE_KEYRING_PASSWORD

status=0
dbus-run-session -- bash -c '
  printf %s "$GATEHOUSE_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  unset GATEHOUSE_KEYRING_PASSWORD
  "$@"
' gatehouse-secret-service "$@" || status=$?
exit "$status"
