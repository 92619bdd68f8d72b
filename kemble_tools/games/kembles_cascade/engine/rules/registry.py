"""The registry of Kemble's step handlers (kernel.Registry): the DSL's actions and the engine's
own steps."""

from kemble_tools.engine.kernel import Registry

RULES = Registry("kemble")
