"""Bossin' Space's printed cards: every kind's face and back drawn on the generic painter
(palette.py, shapes.py, faces.py, fronts.py), the Upgrade board and the Timeline mat
(boards.py), the rules text each card carries (rules.py, through the game's text renderer), the
cards to print by pile (cards.py) and what `kemble validate` checks of them (check.py); hooks.py
is what the export stage calls."""
