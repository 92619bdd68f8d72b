"""Bossin' Space's choices and the functions its expressions call."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import ANY_SET, BOOL, INT, OPTION, TEXT, ChoiceKind, Function
from kemble_tools.games.bossins_space.vocabulary.values import COLUMNS, TARGETS

CHOICES: dict[str, ChoiceKind] = {
    c.name: c
    for c in [
        ChoiceKind("column", COLUMNS, "One column of a selector.", "column: all_columns"),
        ChoiceKind(
            "target",
            TARGETS,
            "One target of a selector: an Enemy card's space or the Boss marker.",
            "target: all_enemies",
        ),
        ChoiceKind("side", "side", "One of a list of sides.", "side: [left, right]"),
        ChoiceKind(
            "option",
            OPTION,
            "One of named options, each a list of actions (a Help bonus, D-BS-THR-5).",
            "option: {xp: [gain_xp: 1], repair: [repair_ship: 1]}",
        ),
    ]
}

FUNCTIONS: dict[str, Function] = {
    f.name: f
    for f in [
        Function(
            "count",
            (ANY_SET,),
            INT,
            "How many targets or columns a selector gives.",
            "count(all_enemies) == 0",
        ),
        Function(
            "upgrade_level",
            (TEXT,),
            INT,
            "The level of an upgrade path, 0 to 3 (R-BS-UPG-3).",
            "1 + upgrade_level('missiles')",
            text="path",
        ),
        Function(
            "printed",
            (TEXT,),
            INT,
            "A number printed on the card whose kind runs the effect (bs_kinds): its Heat "
            "amount, its distance, its attack's damage.",
            "printed('amount')",
            text="field",
        ),
        Function(
            "ship_in",
            (COLUMNS,),
            BOOL,
            "The Ship stands in one of the columns (a Help card's marked columns, R-BS-THR-6).",
            "ship_in(marked_columns)",
        ),
        Function(
            "enemies_in",
            (COLUMNS,),
            INT,
            "How many Enemy cards stand in the columns (a Move card's marked column, D-BS-THR-2).",
            "enemies_in(marked_columns)",
        ),
        Function("min", (INT, INT), INT, "The smaller of two numbers.", "min(heat, 2)"),
        Function("max", (INT, INT), INT, "The larger of two numbers.", "max(xp, 1)"),
    ]
}
