"""Bossin' Space (Jindřich Pavlásek and Petr Vojtěch; Albi, 2020) as a plugin of the pipeline:
its DSL vocabulary, its content kinds with their schemas and checks, and its compiler. Its
rules are summarised in docs/bossins-space/rules.md; rule IDs (R-BS-…, D-BS-…) are named where the
code implements them."""
