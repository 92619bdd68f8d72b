"""kemble_tools: design, check, play and print content for The Battle at Kemble's Cascade."""

# Before any engine module is imported: whether the compiled hot path or its sources run.
from kemble_tools import hot_path as _hot_path  # noqa: F401

__version__ = "0.1.0"
