"""One package per game; ``wordcards.core.registry`` names them."""
