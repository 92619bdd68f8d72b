"""The designer's workbench: scaffolding, formatting, watching and the language server."""
