"""The Battle at Kemble's Cascade as a plugin of the registry (its stages still live in the
stage packages; they move here game by game, see docs/games.md)."""
