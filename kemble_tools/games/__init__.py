"""The games, one plugin package each; the core finds them through the `kemble_tools.games`
entry points and never imports this package."""
