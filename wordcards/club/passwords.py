"""Passwords for the browser door, kept as memory-hard hashes (scrypt, from the standard library)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

COST = (2**14, 8, 1)
"""scrypt's n, r and p: 16 MB of memory and about 50 ms a guess."""
SHORTEST = 8


def hashed(password: str) -> str:
    """``scrypt$n$r$p$salt$hash``, the salt and hash in base64."""
    n, r, p = COST
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, maxmem=2**26, dklen=32)
    return "$".join(["scrypt", str(n), str(r), str(p), base64.b64encode(salt).decode(), base64.b64encode(digest).decode()])


def matches(password: str, kept: str) -> bool:
    try:
        kind, n, r, p, salt, digest = kept.split("$")
        if kind != "scrypt":
            return False
        found = hashlib.scrypt(password.encode(), salt=base64.b64decode(salt), n=int(n), r=int(r), p=int(p),
                               maxmem=2**26, dklen=32)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(found, base64.b64decode(digest))


def weak(password: str) -> str | None:
    """Why ``password`` will not do, or None."""
    if len(password) < SHORTEST:
        return f"a password needs at least {SHORTEST} characters"
    return None
