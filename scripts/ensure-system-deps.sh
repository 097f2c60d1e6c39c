#!/usr/bin/env bash
# The tests need Debian's Chromium, PostgreSQL and HAProxy (the load balancer of the many-instances e2e), and a
# Chinese font (the zh layout e2e measure Chinese text as a phone draws it, not as empty boxes); install them when
# missing (never a downloaded browser).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
ls /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages..."
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
