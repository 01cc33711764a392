#!/bin/sh
# The club's store is tested on a real PostgreSQL server too (tests/postgres_server.py starts a throwaway one):
# install Debian's PostgreSQL when its programs are missing (the tests' command runs this; installing needs root).
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q postgresql >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q postgresql >/dev/null; }
