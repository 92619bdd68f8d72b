"""Solvability analysis of single-player scenarios, built on the engine's own transitions."""

# Engine states for measuring the winning lines after a verdict: one budget for `kemble solve`
# and `kemble build`, so that their counts agree (here, so the command line reads it cheaply).
ANALYSIS_STATES = 200_000

# A whole game's deals, by default (fullgame.py; here, so the command line reads it cheaply).
WHOLE_GAME_SAMPLES = 30
