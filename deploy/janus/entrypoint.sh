#!/bin/sh
# Fills in the admin key the app replicas share (JANUS_ADMIN_KEY: letters and digits, e.g.
# `openssl rand -hex 24`), then runs Janus. JANUS_PUBLIC_IP, the address browsers reach this host
# at, replaces the container's own address in the ICE candidates (Janus's 1:1 NAT setting).
set -eu
case "${JANUS_ADMIN_KEY:-}" in
  '' | *[!A-Za-z0-9]*) echo 'JANUS_ADMIN_KEY must be set, letters and digits only' >&2; exit 1 ;;
esac
mkdir -p /run/linkup-janus
for file in /etc/linkup-janus/*.jcfg; do
  sed "s/@JANUS_ADMIN_KEY@/$JANUS_ADMIN_KEY/" "$file" > "/run/linkup-janus/$(basename "$file")"
done
if [ -n "${JANUS_PUBLIC_IP:-}" ]; then
  exec janus -F /run/linkup-janus --nat-1-1="$JANUS_PUBLIC_IP"
fi
exec janus -F /run/linkup-janus
