"""The JSON Schema of effects, generated from the DSL's definition (`spec`).

The schema checks the shape an editor can help with: known triggers, known actions and their
argument names, value kinds. Meaning (selector names, types, what a trigger makes available,
expressions) is checked by the compiler, which knows the context.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.dsl import spec

Schema = dict[str, Any]
UNKNOWN_CODE = "x-kemble-unknown-code"  # diagnostic code for an unknown key here
ENUM_CODE = "x-kemble-enum-code"  # diagnostic code for a value outside the enum here

_SELECTOR: Schema = {
    "type": ["string", "object"],
    "description": "A selector: a name such as `player`, or `{name: {arguments}}`.",
}
_VALUE_SCHEMAS: dict[str, Schema] = {
    spec.INT: {"type": ["integer", "string"], "description": "A number or an expression."},
    spec.BOOL: {"type": ["boolean", "string"], "description": "true, false or a condition."},
    spec.TEXT: {"type": "string"},
    spec.PLAYERS: _SELECTOR,
    spec.QUADRANTS: _SELECTOR,
    spec.CARDS: _SELECTOR,
    "target": _SELECTOR,
    "direction": {"type": "string", "description": "A direction: N, NE, E, SE, S, SW, W, NW."},
    "stat": {"enum": list(spec.STATS), ENUM_CODE: "dsl.unknown_stat"},
    "scope": {"enum": list(spec.SCOPES)},
    "object": {"type": "string", "description": "An object kind id."},
    "actions": {"type": "array", "items": {"$ref": "#/$defs/action"}},
    "choice": {
        "type": ["array", "object", "string"],
        "description": "Directions (a list), a selector, or named options.",
    },
}


def _arguments(action: spec.Action) -> Schema:
    properties = {p.name: {**_VALUE_SCHEMAS[p.type], "description": p.doc} for p in action.params}
    kinds = ["object", "null"]
    primary = action.param(action.primary) if action.primary else None
    if primary is not None:
        kinds += [k for k in _listed(_VALUE_SCHEMAS[primary.type].get("type")) if k != "object"]
    return {
        "type": kinds,
        "properties": properties,
        "additionalProperties": False,
        "description": action.doc,
    }


def _listed(value: Any) -> list[str]:
    return value if isinstance(value, list) else [value] if value else []


def effect_defs() -> dict[str, Schema]:
    """`$defs` entries for effects: `effect`, `effects` and `action`."""
    action = {
        "type": "object",
        "title": "action",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": {name: _arguments(a) for name, a in spec.ACTIONS.items()},
        "additionalProperties": False,
        UNKNOWN_CODE: "dsl.unknown_action",
        "description": "One action: `{action_name: arguments}`.",
    }
    effect = {
        "type": "object",
        "title": "effect",
        "properties": {
            "on": {
                "enum": list(spec.TRIGGERS),
                ENUM_CODE: "dsl.unknown_trigger",
                "description": "The event that runs the effect.",
            },
            "if": {"type": "string", "description": "A condition (expression)."},
            "do": {
                "type": "array",
                "items": {"$ref": "#/$defs/action"},
                "minItems": 1,
                "description": "Actions, in order.",
            },
        },
        "required": ["on", "do"],
        "additionalProperties": False,
        "description": "An effect: when `on` happens and `if` holds, do the actions.",
    }
    return {
        "action": action,
        "effect": effect,
        "effects": {
            "type": "array",
            "items": {"$ref": "#/$defs/effect"},
            "description": "Effects in the effect DSL (docs/dsl.md).",
        },
    }
