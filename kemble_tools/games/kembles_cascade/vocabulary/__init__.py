"""The Battle at Kemble's Cascade's effect DSL: its vocabulary, as one object (`VOCABULARY`) that
the generic DSL machinery reads (kemble_tools/dsl/vocabulary.py). The JSON Schema of effects,
the compiler's checks, the rules text printed on cards and `docs/dsl.md` are all derived from it,
so they cannot drift apart (tests check the committed schema and docs against it).

values.py holds what selectors give, the hosts and the closed words; triggers.py, selectors.py,
actions.py and functions.py (with the choices) the language itself; the card text is
kemble_tools/games/kembles_cascade/text/.
"""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import Prose, Vocabulary
from kemble_tools.games.kembles_cascade.text import effects_text
from kemble_tools.games.kembles_cascade.vocabulary.actions import ACTIONS
from kemble_tools.games.kembles_cascade.vocabulary.functions import CHOICES, FUNCTIONS
from kemble_tools.games.kembles_cascade.vocabulary.selectors import SELECTORS
from kemble_tools.games.kembles_cascade.vocabulary.triggers import TRIGGERS
from kemble_tools.games.kembles_cascade.vocabulary.values import (
    BASE_WEAPON,
    BOSS_HOST,
    CARDS,
    COUNTERS,
    DIRECTIONS,
    GLOBALS,
    HOSTS,
    ORTHOGONAL,
    OWNED_HOST,
    OWNED_ONLY,
    PLAYERS,
    QUADRANT_HOST,
    QUADRANTS,
    SCOPES,
    SET_TYPES,
    STATS,
    TARGET,
    UNIONS,
    WEAPONS,
    WORDS,
)

DSL_VERSION = 1

INTRO = """\
# The effect DSL

Everything a card, an object kind, a boss, an upgrade, a sensor card, a power-up, a mission or an
achievement *does* is written as **effects** in YAML and compiled (`kemble compile`) into typed IR
that the engine runs. This page is generated from Kemble's Cascade's vocabulary
(`kemble_tools/games/kembles_cascade/vocabulary/`) by `kemble generate`; a test fails when it is
out of date. DSL version: {version}.

## Effects

```yaml
effects:
  - on: on_enter                      # a trigger: when this runs
    if: not marked(player, this_quadrant)   # optional condition (an expression)
    do:                               # actions, in order
      - gain_reward: {{}}
      - mark: {{}}
```

An action is a one-key mapping `{{action: arguments}}`. Arguments left out take their defaults;
where an action has a main argument a bare value stands for it (`- damage: 2` is
`- damage: {{amount: 2}}`). Numbers and conditions may be expressions (see Expressions).

### Hosts and what is available

What an effect may refer to depends on what carries it:

- **quadrant** hosts — an object kind's effects (`cards/kembles-cascade/objects.yaml`) and a boss
  special rule carried by some of the boss's quadrants: `this_quadrant` and `this_card` are
  available.
- **boss** host — a boss special rule that no card carries: boss-wide, no quadrant.
- **owned** hosts — upgrades, sensor cards, power-ups, missions, achievements: `owner` is
  available. Some triggers only make sense here.

Each trigger lists every name it provides and what that name means there. `choose` adds
`chosen` inside its `then`, and `reveal_sensors` adds `matching_players`. Using a name where it
is not available is a compile error (`dsl.unavailable`), and so is an action a trigger cannot
carry out (`dsl.not_in_trigger`).

A name may be *nobody* in some events (`shooter` when no shot was fired): then it selects no
player, actions on it do nothing, its attributes read 0, and `==` with it is false.
"""

VOCABULARY = Vocabulary(
    game="kembles-cascade",
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
    prose=Prose(INTRO, "player.energy", "count(boss_parts)"),
)

__all__ = [
    "BASE_WEAPON",
    "BOSS_HOST",
    "CARDS",
    "COUNTERS",
    "DIRECTIONS",
    "DSL_VERSION",
    "ORTHOGONAL",
    "OWNED_HOST",
    "OWNED_ONLY",
    "PLAYERS",
    "QUADRANTS",
    "QUADRANT_HOST",
    "SCOPES",
    "STATS",
    "TARGET",
    "VOCABULARY",
    "WEAPONS",
]
