"""A game-independent kernel for rules engines whose card rules are data.

It knows nothing of any one game. It runs a stack of paused work (frames of steps) kept inside
the game state, stops at choices (a player's decision, or chance), dispatches hooks (effects
that listen for a trigger) and holds the registry of step handlers: the DSL's actions in one
namespace, the engine's own internal steps in another. A game supplies its state class (with
`frames`, `choice` and `outcome`, where outcome 0 means the game goes on), its handlers and
its compiled effects; the kernel supplies the machine.
"""

from kemble_tools.engine.kernel.machine import (
    CHANCE,
    ONGOING,
    Choice,
    Effect,
    Frame,
    Registry,
    Step,
    Steps,
    answer,
    arm_effects,
    ask,
    push,
    push_all,
    push_below,
    push_effects,
    run,
    run_after,
)

__all__ = [
    "CHANCE",
    "ONGOING",
    "Choice",
    "Effect",
    "Frame",
    "Registry",
    "Step",
    "Steps",
    "answer",
    "arm_effects",
    "ask",
    "push",
    "push_all",
    "push_below",
    "push_effects",
    "run",
    "run_after",
]
