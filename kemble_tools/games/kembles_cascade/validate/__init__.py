"""Kemble's Cascade's validation hooks: its kinds, schemas, catalogue and checks."""
