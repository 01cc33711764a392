"""FEZ: make words from two-letter cards; flushes and stars double the score."""
