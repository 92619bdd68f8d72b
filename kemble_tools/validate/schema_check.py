"""JSON Schema validation with messages a card designer understands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import get_close_matches
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from kemble_tools.core.registry import hooks, registry
from kemble_tools.diagnostics import Diagnostic, did_you_mean
from kemble_tools.dsl.schema import ENUM_CODE, UNKNOWN_CODE
from kemble_tools.load.yaml_loader import Document
from kemble_tools.validate.hooks import GameValidation

_TYPE_NAMES = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "empty",
}


def _is_whole_number(checker: Any, instance: Any) -> bool:
    """JSON Schema counts 1.0 as an integer; the game does not (`energy: 1.0` is a mistake to
    report, not a number to round)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def _ecma(pattern: str) -> re.Pattern[str]:
    """A schema pattern with JSON Schema's (ECMA 262) meaning of `$`: the end of the text.
    Python's `$` also matches before a final newline, which let `"S1-07\n"` pass as an id."""
    return re.compile(re.sub(r"(?<!\\)\$", r"\\Z", pattern))


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "string") and not _ecma(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


Validator = validators.extend(
    Draft202012Validator,
    validators={"pattern": _pattern},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number),
)


# (id of the game's hooks, kind) -> the hooks, kept so that the id stays theirs, and the validator
_VALIDATORS: dict[tuple[int, str], tuple[GameValidation, Any]] = {}


def validator_for(kind: str, game: GameValidation | None = None) -> Any:
    """The validator of a kind of the game's files (None: of the game of the files that name
    none), made once per process."""
    game = game or hooks(registry().game(None), "validation")
    key = (id(game), kind)
    if key not in _VALIDATORS:
        _VALIDATORS[key] = (game, Validator(inline_refs(game.schema(kind))))
    return _VALIDATORS[key][1]


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with every `$ref` to a definition that does not contain itself replaced by
    that definition: the same meaning, without a reference lookup for every node checked (the
    lookups were a third of `kemble validate`'s time). Recursive definitions stay references."""
    definitions = schema.get("$defs", {})
    recursive = _recursive(definitions)

    def inline(node: Any) -> Any:
        if isinstance(node, list):
            return [inline(item) for item in node]
        if not isinstance(node, dict):
            return node
        name = _local_ref(node)
        if name is not None and name not in recursive:
            merged = _merged(definitions[name], node)
            if merged is not None:
                return inline(merged)
        return {key: inline(value) for key, value in node.items()}

    return inline(schema)


_ANNOTATIONS = {"title", "description", "examples", "default", "$comment", "markdownDescription"}


def _merged(definition: dict[str, Any], node: dict[str, Any]) -> dict[str, Any] | None:
    """A definition with the keys written beside its `$ref`, which apply too; None when a key
    would change what a key of the definition checks (then the reference stays)."""
    merged = dict(definition)
    for key, value in node.items():
        if key == "$ref":
            continue
        if key == "required" and key in merged:
            merged[key] = [*merged[key], *(name for name in value if name not in merged[key])]
        elif key in _ANNOTATIONS or key not in merged:
            merged[key] = value
        else:
            return None
    return merged


def _local_ref(node: dict[str, Any]) -> str | None:
    ref = node.get("$ref")
    return (
        ref.removeprefix("#/$defs/")
        if isinstance(ref, str) and ref.startswith("#/$defs/")
        else None
    )


def _recursive(definitions: dict[str, Any]) -> set[str]:
    """The definitions that refer to themselves, directly or through others."""
    refers = {name: _refs(node) for name, node in definitions.items()}
    found = set()
    for name in definitions:
        reached, frontier = set(), set(refers[name])
        while frontier:
            reached |= frontier
            frontier = {ref for key in frontier for ref in refers.get(key, ())} - reached
        if name in reached:
            found.add(name)
    return found


def _refs(node: Any) -> set[str]:
    """The definitions a schema node refers to directly."""
    found, stack = set(), [node]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            name = _local_ref(node)
            if name is not None:
                found.add(name)
            stack.extend(node.values())
    return found


MAX_SCHEMA_ERRORS = 1000  # per file: nobody reads more, and an alias can multiply them


def check_schema(doc: Document, kind: str, game: GameValidation | None = None) -> list[Diagnostic]:
    """The schema problems of one document of a kind of the game's (None: of the game of the
    files that name none), each positioned at its YAML node; the checking stops after
    MAX_SCHEMA_ERRORS of them (the errors come lazily, so that saves the time)."""
    found: list[Diagnostic] = []
    for count, error in enumerate(validator_for(kind, game).iter_errors(doc.data), start=1):
        if count > MAX_SCHEMA_ERRORS:
            found.append(
                doc.diagnostic(
                    (),
                    "report.stopped",
                    f"schema checking stopped after {MAX_SCHEMA_ERRORS:,} problems in this file",
                    hint="fix these first; an alias (*name) repeats the problems of what it names",
                )
            )
            break
        found.extend(_translate(doc, error))
    return found


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, (dict, list)):
        return _TYPE_NAMES["object" if isinstance(value, dict) else "array"]
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _field(path: tuple[Any, ...]) -> str:
    """The name a designer knows the value by: its key, then 1-based item numbers."""
    items: list[str] = []
    for step in reversed(path):
        if isinstance(step, str):
            return f"'{step}'" + (f" item {'.'.join(reversed(items))}" if items else "")
        items.append(str(step + 1))
    return f"item {'.'.join(reversed(items))}" if items else "the file"


def _translate(doc: Document, error: ValidationError) -> Iterator[Diagnostic]:
    path = tuple(error.absolute_path)
    keyword, value, expected = error.validator, error.instance, error.validator_value
    name = _field(path)
    if keyword == "additionalProperties" and isinstance(value, dict):
        yield from _unknown_keys(doc, error, path)
    elif keyword == "required":
        misspelt = set(_misspelt_required(error.schema, value).values())
        missing = [key for key in expected if key not in value and key not in misspelt]
        for key in missing:
            yield doc.diagnostic(
                path,
                "schema.required",
                f"{name} is missing the required key '{key}'",
                at_key=bool(path),
            )
    elif keyword in ("oneOf", "anyOf"):
        yield from _alternatives(doc, error, path, name)
    elif keyword == "type":
        wanted = expected if isinstance(expected, list) else [expected]
        kinds = " or ".join(_TYPE_NAMES.get(t, t) for t in wanted)
        yield doc.diagnostic(path, "schema.type", f"{name} must be {kinds}, not {_describe(value)}")
    elif keyword in ("enum", "const"):
        values = expected if keyword == "enum" else [expected]
        choices = [c if isinstance(c, str) else _describe(c) for c in values]  # true, not True
        near = did_you_mean(str(value), choices) if isinstance(value, str) else None
        listed = ", ".join(choices)
        short = len(choices) <= 8  # long lists go to the hint, unless a near miss is there
        message = f"{name} is {_describe(value)}" + (
            f"; allowed: {listed}" if short else ", which is not one of the allowed values"
        )
        yield doc.diagnostic(
            path,
            error.schema.get(ENUM_CODE, "schema.enum"),
            message,
            hint=near or (None if short else f"allowed: {listed}"),
        )
    elif keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = "at least" if "inimum" in keyword else "at most"
        yield doc.diagnostic(
            path, "schema.range", f"{name} must be {bound} {expected}, not {_describe(value)}"
        )
    elif keyword in ("minItems", "maxItems", "minProperties", "maxProperties", "minLength"):
        yield doc.diagnostic(path, "schema.size", _size_message(name, keyword, expected, value))
    elif keyword == "pattern":
        yield doc.diagnostic(
            path,
            "schema.pattern",
            f"{name} {_describe(value)} is not a valid {_id_kind(error)}",
            hint=_pattern_hint(error),
        )
    elif keyword == "uniqueItems":
        yield doc.diagnostic(path, "schema.unique", f"{name} lists the same value twice")
    elif keyword == "propertyNames":
        yield doc.diagnostic(path, "schema.pattern", f"a key in {name} is not a valid id")
    else:
        yield doc.diagnostic(path, "schema.invalid", f"{name}: {error.message}")


def _unknown_keys(
    doc: Document, error: ValidationError, path: tuple[Any, ...]
) -> Iterator[Diagnostic]:
    known = tuple(error.schema.get("properties", {}))
    code = error.schema.get(UNKNOWN_CODE, "schema.unknown_key")
    title = error.schema.get("title")
    misspelt = _misspelt_required(error.schema, error.instance)
    for key in error.instance:
        if key in known:
            continue
        where = f"in {_field(path)}" if path else "at the top level"
        # A title names what the keys are (an effect's `action`); a file's title does not.
        message = f"unknown {title} '{key}'" if title and path else f"unknown key '{key}' {where}"
        listing = f"known: {', '.join(known)}" if len(known) <= 12 else None
        hint = did_you_mean(key, known) or listing
        if key in misspelt:  # one mistake, said once: not also "missing the required key"
            message = f"{message} — did you mean '{misspelt[key]}'?"
            hint = f"'{misspelt[key]}' is required here"
        yield doc.diagnostic((*path, key), code, message, hint=hint, at_key=True)


@cache
def _closest(word: str, choices: tuple[str, ...]) -> str | None:
    """The choice `did_you_mean` would suggest (the same cut-off), or None."""
    match = get_close_matches(word, choices, n=1, cutoff=0.6)
    return match[0] if match else None


def _misspelt_required(schema: dict[str, Any], instance: Any) -> dict[str, str]:
    """Unknown keys that are near misses of a missing required key: {written: meant}. The
    schema reports such a slip twice (an unknown key, a missing one); it is said once."""
    known = tuple(schema.get("properties", {}))
    required = schema.get("required", ())
    if not isinstance(instance, dict) or schema.get("additionalProperties") is not False:
        return {}
    found: dict[str, str] = {}
    for key in instance:
        if key not in known and isinstance(key, str):
            meant = _closest(key, known)
            if meant in required and meant not in instance:
                found[key] = meant
    return found


def _alternatives(
    doc: Document, error: ValidationError, path: tuple[Any, ...], name: str
) -> Iterator[Diagnostic]:
    branches = error.validator_value
    if all(set(b) == {"required"} for b in branches):
        keys = [b["required"][0] for b in branches]
        yield doc.diagnostic(
            path, "schema.one_of", f"{name} needs exactly one of: {', '.join(keys)}"
        )
        return
    same_type = [e for e in error.context or [] if e.validator != "type"]
    if same_type:
        yield from _translate(doc, best_match(same_type))
        return
    description = error.schema.get("description", "")
    yield doc.diagnostic(
        path,
        "schema.type",
        f"{name} has the wrong form ({_describe(error.instance)})",
        hint=description or None,
    )


def _size_message(name: str, keyword: str, expected: int, value: Any) -> str:
    if keyword == "minLength":
        return f"{name} must not be empty"
    if keyword == "maxProperties":
        return f"{name} must have at most {expected} key{'s' if expected > 1 else ''}"
    if keyword == "minProperties":
        return f"{name} must have at least {expected} key{'s' if expected > 1 else ''}"
    count = len(value)
    if keyword == "minItems":
        return f"{name} has {count} item{'s' if count != 1 else ''}; at least {expected} needed"
    return f"{name} has {count} items; at most {expected} allowed"


def _id_kind(error: ValidationError) -> str:
    return str(error.schema.get("title", "id"))


def _pattern_hint(error: ValidationError) -> str:
    description = error.schema.get("description")
    return description or f"it must match {error.validator_value}"
