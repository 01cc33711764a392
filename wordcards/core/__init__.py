"""Game-agnostic parts: errors, cards, lexicon, saves, the game registry."""
