"""Kemble's Cascade's compiler hooks: its validated files as bundle sections."""
