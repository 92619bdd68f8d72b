"""Kemble's Cascade's selectors: the players, quadrants and cards an effect is about."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import BOOL, Param, Selector
from kemble_tools.games.kembles_cascade.vocabulary.values import CARDS, PLAYERS, QUADRANTS

SELECTORS: dict[str, Selector] = {
    s.name: s
    for s in [
        Selector(
            "player",
            PLAYERS,
            "The player the event is about (who enters, is pushed, draws, "
            "buys, plays, or whose turn it is).",
            "player",
            True,
            phrase="that player",
            plural="players the event is about",
        ),
        Selector(
            "active_player",
            PLAYERS,
            "The player whose turn it is.",
            "active_player",
            True,
            phrase="the active player",
            plural="active players",
        ),
        Selector(
            "shooter",
            PLAYERS,
            "The player whose shot hit or destroyed the quadrant; nobody when no shot did.",
            "shooter",
            True,
            phrase="the shooter",
            plural="shooters",
        ),
        Selector(
            "rammer",
            PLAYERS,
            "The player whose ship moved or was pushed onto the quadrant and so destroyed its "
            "object (R-OBJ-ENEMY-2, R-OBJ-MINE-1); nobody otherwise.",
            "rammer",
            True,
            phrase="the rammer",
            plural="rammers",
        ),
        Selector(
            "owner",
            PLAYERS,
            "The player who owns the card (power-up, sensor, upgrade, mission).",
            "owner",
            True,
            phrase="you",
            plural="owners",
        ),
        Selector(
            "all_players",
            PLAYERS,
            "Every player, astral ones too (rules still protect astral players, R-AST-3).",
            phrase="every player",
            plural="players",
        ),
        Selector(
            "players_in_play",
            PLAYERS,
            "Every player whose ship is in the play area.",
            phrase="every ship in play",
            plural="ships in play",
        ),
        Selector(
            "players_adjacent",
            PLAYERS,
            "Players on the 8 quadrants around a quadrant (R-GEO-3).",
            params=(
                Param("to", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
            ),
            phrase="each ship adjacent to {to}",
            plural="ships adjacent to {to}",
        ),
        Selector(
            "players_in_row",
            PLAYERS,
            "Players in the same row as a quadrant.",
            params=(
                Param("of", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
            ),
            phrase="each ship in the same row as {of}",
            plural="ships in the same row as {of}",
        ),
        Selector(
            "players_in_line",
            PLAYERS,
            "Players in a straight line from a quadrant in a direction, up to the first ship "
            "or blocking object other than an enemy (R-THR-5), or through everything with "
            "`through_all` (R-THR-8).",
            params=(
                Param("from", QUADRANTS, "Start (default: this quadrant).", "this_quadrant"),
                Param("direction", "direction", "Direction of the line.", required=True),
                Param("through_all", BOOL, "Ignore blocking objects (gamma).", False),
            ),
            phrase="each ship in a clear line {direction} of {from}",  # text/phrases.py
            plural="ships in a clear line {direction} of {from}",
        ),
        Selector(
            "matching_players",
            PLAYERS,
            "Inside `reveal_sensors`: players whose symbol is "
            "on a revealed sensor card (R-OBJ-BOMB-2).",
            "matching_players",
            phrase="each player whose symbol was revealed",
            plural="players whose symbol was revealed",
        ),
        Selector(
            "this_quadrant",
            QUADRANTS,
            "The quadrant that carries the effect.",
            "this_quadrant",
            True,
            phrase="this",
            plural="quadrants that carry this effect",
        ),
        Selector(
            "event_quadrant",
            QUADRANTS,
            "The quadrant the event happened on.",
            "event_quadrant",
            True,
            phrase="that quadrant",
            plural="quadrants the event happened on",
        ),
        Selector(
            "player_quadrant",
            QUADRANTS,
            "The quadrant under the player's ship.",
            "player",
            True,
            phrase="that player's quadrant",
            plural="quadrants under that player's ship",
        ),
        Selector(
            "adjacent_quadrants",
            QUADRANTS,
            "The quadrants around a quadrant: its 8 neighbours, or 4 with `orthogonal` (R-GEO-3).",
            params=(
                Param("to", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
                Param("orthogonal", BOOL, "Only N, E, S and W neighbours.", False),
            ),
            phrase="each quadrant {orthogonally}adjacent to {to}",
            plural="quadrants {orthogonally}adjacent to {to}",
        ),
        Selector(
            "quadrants_of",
            QUADRANTS,
            "Visible quadrants showing an object kind.",
            params=(
                Param("object", "object", "Object kind id.", required=True),
                Param("unoccupied", BOOL, "Only quadrants with no ship.", False),
                Param("except_this", BOOL, "Leave out this quadrant.", False),
                Param("near", QUADRANTS, "Only quadrants adjacent to these (8 neighbours)."),
            ),
            phrase="each {object}",  # text/phrases.py: with its options
            plural="{object}s",
        ),
        Selector(
            "boss_parts",
            QUADRANTS,
            "Every boss part quadrant in play.",
            phrase="every boss part",
            plural="boss parts",
        ),
        Selector(
            "chosen",
            QUADRANTS,
            "Inside a `choose` block: what was chosen (its type is the choice's).",
            "chosen",
            True,
            phrase="the chosen {kind}",
            plural="chosen {kind}s",
        ),
        Selector(
            "this_card",
            CARDS,
            "The card that carries the effect.",
            "this_quadrant",
            True,
            phrase="this card",
            plural="cards that carry this effect",
        ),
        Selector(
            "adjacent_cards",
            CARDS,
            "Cards next to a card (orthogonally: same row left and "
            "right, and the cards above and below).",
            params=(Param("to", CARDS, "The card (default: this card).", "this_card"),),
            phrase="each card orthogonally adjacent to {to}",
            plural="cards orthogonally adjacent to {to}",
        ),
    ]
}
