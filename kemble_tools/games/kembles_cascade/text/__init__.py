"""Kemble's Cascade's card text, generated from compiled effects, so a printed card says what the
engine does: the renderer its vocabulary carries (`VOCABULARY.text(effects, host)`).

It gives short English sentences such as
"When a ship moves here: deal 2 damage to that player, then destroy this (no reward)."

Wording rules (tests/test_dsl_text.py holds a row for every construct of the vocabulary):
- a set of players, quadrants or cards reads "each ..." where every one is meant, "a ..." where
  one is chosen, "any ..." where it is a place to be near, and "...s" where it is counted;
- "adjacent" is the rulebook's 8 neighbours, "orthogonally adjacent" its 4 (R-GEO-3);
- a number carries its unit ("2 energy"); an expression that already names the unit is not
  followed by it again ("half its energy (rounded down)"), any other reads "Bellonium equal
  to ..."; whole-number division says "(rounded down)", and `x / 2` reads "half x";
- a verb agrees with its subject ("you gain", "that player gains");
- effects of two triggers that would print the same words print once, with both triggers
  ("When a ship moves or is pushed here: ...").

tables.py holds the words, phrases.py selectors and expressions, actions.py actions and whole
effects; the English that every game shares is kemble_tools/dsl/english.py.
"""

from kemble_tools.games.kembles_cascade.text.actions import effects_text

__all__ = ["effects_text"]
