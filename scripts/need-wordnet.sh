#!/bin/sh
# The definitions' tests check the senses shown against WordNet's parts of speech (dictionaries/build_definitions.py
# reads /usr/share/wordnet): install Debian's wordnet-base when it is missing (the tests' command runs this; as root).
test -f /usr/share/wordnet/index.noun && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q wordnet-base >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q wordnet-base >/dev/null; }
