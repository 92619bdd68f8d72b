"""kemble_tools: design, check, play and print content for The Battle at Kemble's Cascade."""

__version__ = "0.1.0"
