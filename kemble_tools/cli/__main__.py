"""`python -m kemble_tools.cli`: the `kemble` command."""

from kemble_tools.cli import main

main()
