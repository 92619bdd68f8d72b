"""Kemble's Cascade's part in solving its solo scenarios: the canonical key and its dominance
resources (canonical.py), what a scenario's game can read (reach.py), chance fixed and drawn as
`kemble run` draws it (chance.py), and the hooks the game-free solver calls (hooks.py, set on
the plugin as `solver`)."""
