#!/usr/bin/env bash
# Headless Chromium for the tests that open the live pages in a real browser
# (tests/bot/test_site_browser.py); prints the browser's path to give the tests:
#
#     export TDBOT_TEST_CHROMIUM=$(deploy/chromium-for-tests.sh)
#
# Idempotent: it installs Debian's chromium package only when no chromium is installed. Any
# step that fails stops the script with a non-zero exit, so CI fails rather than skipping
# the browser tests (they are skipped only on a machine without chromium and outside CI).
set -euo pipefail

say() { echo "chromium-for-tests: $*" >&2; }

found=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$found" ]]; then
    if [[ $(id -u) -ne 0 ]]; then
        say "no chromium installed; as root: apt-get install -y chromium"
        exit 1
    fi
    say "installing chromium (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq chromium >&2
    found=$(command -v chromium)
fi
"$found" --version >&2
echo "$found"
