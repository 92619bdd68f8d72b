"""Bossin' Space's selectors: the targets (Enemy cards, the Boss marker) and the columns an
effect is about. Targeting follows D-BS-GEO-3: a column's targets from the lowest Enemy card up,
then the Boss marker standing there."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import INT, Param, Selector
from kemble_tools.games.bossins_space.vocabulary.values import COLUMNS, TARGETS

IN_SHIP_COLUMN = Param("column", COLUMNS, "Which column (default: the Ship's).", "ship_column")

SELECTORS: dict[str, Selector] = {
    s.name: s
    for s in [
        # --- targets ---
        Selector(
            "this_card",
            TARGETS,
            "The card that carries the effect; on a Boss Threat card, the Boss marker "
            "(D-BS-BOSS-9).",
            "this_card",
            True,
            phrase="this card",
            plural="this card",
        ),
        Selector(
            "boss",
            TARGETS,
            "The Boss marker, while the Boss is in play (D-BS-BOSS-1); nothing before.",
            single=True,
            phrase="the Boss",
            plural="the Boss",
        ),
        Selector(
            "targets",
            TARGETS,
            "A column's targets, from the lowest Enemy card up, then the Boss marker if it "
            "stands there (D-BS-GEO-3).",
            params=(IN_SHIP_COLUMN,),
            phrase="each target in {column}",
            plural="targets in {column}",
        ),
        Selector(
            "nearest_enemy",
            TARGETS,
            "A column's nearest target: its lowest Enemy card, else the Boss marker there "
            "(R-BS-GEO-4, D-BS-GEO-3, D-BS-BOSS-8).",
            single=True,
            params=(IN_SHIP_COLUMN,),
            phrase="the nearest enemy in {column}",
            plural="nearest enemies in {column}",
        ),
        Selector(
            "enemies_in_row",
            TARGETS,
            "Every Enemy card in a row, left to right; never the Boss (R-BS-CMD-12).",
            params=(Param("row", "row", "A, B or C.", required=True),),
            phrase="each enemy in row {row}",
            plural="enemies in row {row}",
        ),
        Selector(
            "all_enemies",
            TARGETS,
            "Every Enemy card on the grid, in reading order (D-BS-THR-4); never the Boss.",
            phrase="each enemy on the grid",
            plural="enemies on the grid",
        ),
        Selector(
            "chosen",
            TARGETS,
            "Inside a `choose` block: what was chosen (its type is the choice's).",
            "chosen",
            True,
            phrase="the chosen {kind}",
            plural="chosen {kind}s",
        ),
        # --- columns ---
        Selector(
            "ship_column",
            COLUMNS,
            "The column the Ship stands in (R-BS-GEO-7).",
            single=True,
            phrase="the Ship's column",
            plural="the Ship's column",
        ),
        Selector(
            "this_column",
            COLUMNS,
            "The column of the card that carries the effect (the Boss marker's on a Boss "
            "Threat card; a Threat card's Timeline column).",
            "this_card",
            True,
            phrase="this card's column",
            plural="this card's column",
        ),
        Selector(
            "timeline_column",
            COLUMNS,
            "The Timeline column being resolved (R-BS-RND-5).",
            "timeline_column",
            True,
            phrase="this Timeline column",
            plural="this Timeline column",
        ),
        Selector(
            "column_offset",
            COLUMNS,
            "The column `by` columns to the right of another (left if negative); none off "
            "the board, which does not wrap (R-BS-GEO-3).",
            single=True,
            params=(
                Param(
                    "from", COLUMNS, "The column counted from (default: the Ship's).", "ship_column"
                ),
                Param("by", INT, "How many columns right (negative: left).", required=True),
            ),
            phrase="the column {by} from {from}",
            plural="the column {by} from {from}",
        ),
        Selector(
            "marked_columns",
            COLUMNS,
            "The columns printed on this Threat card (R-BS-THR-2, R-BS-THR-6).",
            "this_card",
            phrase="each marked column",
            plural="marked columns",
        ),
        Selector(
            "column",
            COLUMNS,
            "One column by its number.",
            single=True,
            params=(Param("number", INT, "1 to 4.", required=True),),
            phrase="column {number}",
            plural="column {number}",
        ),
        Selector(
            "all_columns",
            COLUMNS,
            "The four columns, 1 to 4.",
            phrase="each column",
            plural="columns",
        ),
    ]
}
