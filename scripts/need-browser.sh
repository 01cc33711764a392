#!/bin/sh
# The browser door's tests drive a real Chromium: install Debian's chromium and its driver when they are missing
# (the tests' command runs this first; installing needs root, as CI has).
command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q chromium chromium-driver >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q chromium chromium-driver >/dev/null; }
