"""The one exception the rules raise: an action they do not allow now."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now; `rule` names the rule ID it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule, self.message = rule, message


class SetupError(Exception):
    """A game that cannot be set up (the validator catches these; this guards the API)."""
