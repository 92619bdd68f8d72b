"""The reference interpreter of the rules (RULES.md): one transition function for everything."""
