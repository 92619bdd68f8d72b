"""Kemble's Cascade's printed cards: faces and backs drawn on the generic painter (symbols.py,
faces.py), the cards to print with their reference cards (cards.py, reference.py, decks.py) and
what `kemble validate` checks of them (check.py); hooks.py is what the export stage calls."""
