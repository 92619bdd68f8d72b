"""Bossin' Space's effect DSL: its vocabulary, as one object (`VOCABULARY`) that the generic DSL
machinery reads (kemble_tools/dsl/vocabulary.py). What a Command kind, a Threat effect or an
Enemy effect does is written in it, as data (`bs_kinds`); the engine implements the rules the
actions name. values.py holds what selectors give, the hosts and the closed words; triggers.py,
selectors.py, actions.py and functions.py the language; the card text is ../text.py.
"""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import Prose, Vocabulary
from kemble_tools.games.bossins_space.text import effects_text
from kemble_tools.games.bossins_space.vocabulary.actions import ACTIONS
from kemble_tools.games.bossins_space.vocabulary.functions import CHOICES, FUNCTIONS
from kemble_tools.games.bossins_space.vocabulary.selectors import SELECTORS
from kemble_tools.games.bossins_space.vocabulary.triggers import TRIGGERS
from kemble_tools.games.bossins_space.vocabulary.values import (
    BOSS_HOST,
    BOSS_THREAT_HOST,
    COLUMNS,
    COMMAND_HOST,
    ENEMY_HOST,
    GLOBALS,
    HOSTS,
    SET_TYPES,
    TARGETS,
    THREAT_HOST,
    UNIONS,
    WORDS,
)

DSL_VERSION = 1

INTRO = """\
# Bossin' Space: the effect DSL

What a Command kind, a Threat effect kind, an Enemy effect kind (`bs_kinds`), a Boss Threat card
or a Boss card's side *does* is written as **effects** in YAML and compiled (`kemble compile`)
into typed IR that the engine runs. This page is generated from Bossin' Space's vocabulary
(`kemble_tools/games/bossins_space/vocabulary/`) by `kemble generate`. DSL version: {version}.
The rule IDs (R-BS-…, D-BS-…) are those of the game's rules catalogue.

## Effects

```yaml
effects:
  - on: on_used                       # a trigger: when this runs
    do:                               # actions, in order
      - repeat:
          count: "1 + upgrade_level('missiles')"
          do:
            - choose:
                column: all_columns
                then: [damage: {{to: {{nearest_enemy: {{column: chosen}}}}}}]
```

An action is a one-key mapping `{{action: arguments}}`. Arguments left out take their defaults;
where an action has a main argument a bare value stands for it (`- heat: 2` is
`- heat: {{amount: 2}}`). Numbers and conditions may be expressions (see Expressions).

### Hosts and what is available

- **enemy**: an Enemy card on the grid, and the Enemy effect kinds: `this_card` is the card.
- **command**: a Command card being used, and the Command kinds.
- **threat**: a Threat card on the Timeline: `this_card` is the card, `marked_columns` its
  printed columns.
- **boss_threat**: a Boss Threat card: `this_card` is the Boss marker (D-BS-BOSS-9).
- **boss**: a Boss card's sides.

There is one Ship: the actions that damage, repair, move or heat it need no target. The Round
Captain makes every choice (D-BS-CMD-7). Values printed on a card (a Heat amount, a Move's
distance) reach its kind's effects as `printed('amount')`, and a printed direction as the word
`printed`.
"""

VOCABULARY = Vocabulary(
    game="bossins-space",
    version=DSL_VERSION,
    hosts=HOSTS,
    set_types=SET_TYPES,
    unions=UNIONS,
    words=WORDS,
    triggers=TRIGGERS,
    actions=ACTIONS,
    selectors=SELECTORS,
    choices=CHOICES,
    functions=FUNCTIONS,
    globals=GLOBALS,
    renderer=effects_text,
    prose=Prose(INTRO, "this_card.life", "count(all_enemies)"),
)

__all__ = [
    "BOSS_HOST",
    "BOSS_THREAT_HOST",
    "COLUMNS",
    "COMMAND_HOST",
    "DSL_VERSION",
    "ENEMY_HOST",
    "TARGETS",
    "THREAT_HOST",
    "VOCABULARY",
]
