"""kemble_tools: a toolchain for designing cards and scenarios for The Battle at Kemble's Cascade."""

__version__ = "0.1.0"
