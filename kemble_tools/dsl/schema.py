"""The JSON Schema of effects, generated from a game's DSL vocabulary.

The schema checks the shape an editor can help with: known triggers, known actions and their
argument names, value kinds. Meaning (selector names, types, what a trigger makes available,
expressions) is checked by the compiler, which knows the context.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.dsl.vocabulary import ACTIONS, BOOL, CHOICE, INT, TEXT, Action, Vocabulary

Schema = dict[str, Any]
UNKNOWN_CODE = "x-kemble-unknown-code"  # diagnostic code for an unknown key here
ENUM_CODE = "x-kemble-enum-code"  # diagnostic code for a value outside the enum here

_SELECTOR: Schema = {
    "type": ["string", "object"],
    "description": "A selector: its name, or `{name: {arguments}}`.",
}
_VALUE_SCHEMAS: dict[str, Schema] = {
    INT: {"type": ["integer", "string"], "description": "A number or an expression."},
    BOOL: {"type": ["boolean", "string"], "description": "true, false or a condition."},
    TEXT: {"type": "string"},
    ACTIONS: {"type": "array", "items": {"$ref": "#/$defs/action"}},
    CHOICE: {
        "type": ["array", "object", "string"],
        "description": "Directions (a list), a selector, or named options.",
    },
}


def value_schema(vocabulary: Vocabulary, kind: str) -> Schema:
    """The schema of an argument of type `kind`: a selector for a set, the list of a closed
    list of words (a string where a choice may give the word, or for ids of content)."""
    if vocabulary.is_selection(kind):
        return _SELECTOR
    words = vocabulary.words.get(kind)
    if words is None:
        return _VALUE_SCHEMAS[kind]
    chosen = any(choice.type == kind for choice in vocabulary.choices.values())
    if words.table or chosen:
        return {"type": "string"}
    schema: Schema = {"enum": list(words.values)}
    if words.code != "schema.enum":  # the validator's own code for a value outside an enum
        schema[ENUM_CODE] = words.code
    return schema


def _arguments(vocabulary: Vocabulary, action: Action) -> Schema:
    properties = {
        p.name: {**value_schema(vocabulary, p.type), "description": p.doc} for p in action.params
    }
    kinds = ["object", "null"]
    primary = action.param(action.primary) if action.primary else None
    if primary is not None:
        listed = _listed(value_schema(vocabulary, primary.type).get("type"))
        kinds += [k for k in listed if k != "object"]
    return {
        "type": kinds,
        "properties": properties,
        "additionalProperties": False,
        "description": action.doc,
    }


def _listed(value: Any) -> list[str]:
    return value if isinstance(value, list) else [value] if value else []


def effect_defs(vocabulary: Vocabulary) -> dict[str, Schema]:
    """`$defs` entries for the effects of a game: `effect`, `effects` and `action`."""
    action = {
        "type": "object",
        "title": "action",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": {name: _arguments(vocabulary, a) for name, a in vocabulary.actions.items()},
        "additionalProperties": False,
        UNKNOWN_CODE: "dsl.unknown_action",
        "description": "One action: `{action_name: arguments}`.",
    }
    effect = {
        "type": "object",
        "title": "effect",
        "properties": {
            "on": {
                "enum": list(vocabulary.triggers),
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
