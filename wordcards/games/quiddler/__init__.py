"""Quiddler: spell your whole hand to go out; rounds of 3 to 6 cards (3 to 10 in the long game)."""
