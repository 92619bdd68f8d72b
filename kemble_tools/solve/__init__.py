"""Solvability analysis of single-player scenarios, built on the engine's own transitions."""
