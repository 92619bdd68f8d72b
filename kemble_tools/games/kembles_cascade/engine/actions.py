"""The action space: every action is an integer; words (formats.md §4) exist only at the edges.

A game numbers its actions once, from its content: `end`, `battle`, …, one `enter` per column,
one `move` per direction, one `fire` per weapon, one `play` per power-up, one `buy` per upgrade
level, one `sensor` per sensor card, one `choose` per option of a pending choice. `decode`
gives an action's verb and argument; `words` and `parse` translate for scripts, logs and
people. An action's meaning never depends on the state, except `choose N`, the N-th option of
the pending choice (as in OpenSpiel).
"""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.content import ORTHOGONAL, STEPS, Tables
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.state import (
    BATTLE,
    POWERDOWN,
    SENSOR,
    TURN_CHOICE,
    State,
)

# verbs
(
    END,
    BATTLE_,
    POWERDOWN_,
    SPEND,
    OVERLOAD_FIRE,
    BUY_POWERUP,
    CHOOSE_NONE,
    ENTER,
    MOVE,
    OVERLOAD_ENTER,
    OVERLOAD_MOVE,
    ROTATE,
    FIRE,
    PLAY,
    BUY,
    SENSOR_,
    CHOOSE,
) = range(17)
SINGLE = {
    END: "end",
    BATTLE_: "battle",
    POWERDOWN_: "powerdown",
    SPEND: "spend",
    OVERLOAD_FIRE: "overload fire",
    BUY_POWERUP: "buy powerup",
    CHOOSE_NONE: "choose none",
}
DIRECTION_LIST = tuple(STEPS)
MIN_CHOICES = 64  # room for any choice: options are board quadrants, cards or deck cards
_CHOICE_RULES = {"shift": "D-SCR-1", "splash": "R-UPG-MIS-1", "quadrant": "R-OBJ-WH-1"}


class ActionSpace:
    """The numbering of one game's actions."""

    def __init__(self, tables: Tables, width: int, cells: int) -> None:
        self.tables = tables
        self.levels = max((len(u.levels) for u in tables.upgrades), default=0)
        ranges: list[tuple[int, int]] = [(verb, 1) for verb in SINGLE]
        ranges += [
            (ENTER, width),
            (MOVE, len(DIRECTION_LIST)),
            (OVERLOAD_ENTER, width),
            (OVERLOAD_MOVE, len(DIRECTION_LIST)),
            (ROTATE, len(ORTHOGONAL)),
            (FIRE, len(tables.weapons)),
            (PLAY, len(tables.powerups)),
            (BUY, len(tables.upgrades) * self.levels),
            (SENSOR_, len(tables.sensors)),
            (CHOOSE, max(MIN_CHOICES, cells, len(tables.powerups), len(tables.sensors))),
        ]
        self.base: dict[int, int] = {}
        self.decoded: list[tuple[int, int]] = []
        for verb, count in ranges:
            self.base[verb] = len(self.decoded)
            self.decoded += [(verb, arg) for arg in range(count)]
        self.sensor_slot = {sensor.number: sensor.index for sensor in tables.sensors}

    def __len__(self) -> int:
        return len(self.decoded)

    def of(self, verb: int, arg: int = 0) -> int:
        return self.base[verb] + arg

    def decode(self, action: int) -> tuple[int, int]:
        if not isinstance(action, int) or not 0 <= action < len(self.decoded):
            raise IllegalAction("CONTRACT-4", f"there is no action {action!r}")
        return self.decoded[action]

    def verb(self, action: int) -> int:
        """What kind of action it is (ROTATE, FIRE, …), without checking it."""
        return self.decoded[action][0]

    def buy(self, upgrade: int, level: int) -> int:
        return self.base[BUY] + upgrade * self.levels + level - 1

    # --- words ---------------------------------------------------------------------------------

    def words(self, s: State, action: int) -> str:
        verb, arg = self.decode(action)
        if verb in SINGLE:
            return SINGLE[verb]
        t = self.tables
        if verb in (ENTER, OVERLOAD_ENTER):
            return f"{'overload ' if verb == OVERLOAD_ENTER else ''}enter {arg + 1}"
        if verb in (MOVE, OVERLOAD_MOVE):
            return f"{'overload ' if verb == OVERLOAD_MOVE else ''}move {DIRECTION_LIST[arg]}"
        if verb == ROTATE:
            return f"rotate {ORTHOGONAL[arg]}"
        if verb == FIRE:
            return "fire" if arg == 0 else f"fire {t.weapons[arg]}"
        if verb == PLAY:
            return f"play {t.powerups[arg].id}"
        if verb == BUY:
            upgrade, level = divmod(arg, self.levels)
            return f"buy {t.upgrades[upgrade].id} {level + 1}"
        if verb == SENSOR_:
            return f"sensor {t.sensors[arg].number}"
        return f"choose {self.option_word(s, arg)}"

    def option_word(self, s: State, index: int) -> str:
        """How a player names an option of the pending choice (formats.md §4 `choose`)."""
        choice = s.choice
        if choice is None or index >= len(choice.values):
            return str(index)
        value = choice.values[index]
        if choice.kind == "quadrant":
            cell = s.game.cell_of(s, value)
            return _position_word(s, cell)
        if choice.kind == "card":
            return _position_word(s, s.game.card_cell(s, value))
        if choice.kind == "powerup":
            return self.tables.powerups[value].id
        return str(value)

    # --- parsing -------------------------------------------------------------------------------

    def parse(self, s: State, text: str) -> int:
        """The action a line of a script names, or IllegalAction with the rule it breaks."""
        words = text.split()
        if not words:
            raise IllegalAction("CONTRACT-4", "empty action")
        if s.outcome:
            raise IllegalAction("R-END-1", "the game is over")
        verb = words[0]
        if len(words) > _MOST_WORDS.get(verb, len(words)):
            extra = " ".join(words[_MOST_WORDS[verb] :])
            raise IllegalAction("CONTRACT-4", f"unexpected words after the action: '{extra}'")
        if verb in _ONE_WORD:
            return self.of(_ONE_WORD[verb])
        reader = getattr(self, f"_parse_{verb}", None)
        if reader is None:
            raise _unknown(s, self, words)
        return reader(s, words)

    def _parse_enter(self, s: State, words: list[str], verb: int = ENTER) -> int:
        column = _int_word(words, 1, "R-MOV-2", "enter needs a column")
        if not 1 <= column <= s.width:
            raise IllegalAction("R-GEO-1", "that is outside the play area")
        return self.of(verb, column - 1)

    def _parse_move(self, s: State, words: list[str], verb: int = MOVE) -> int:
        return self.of(verb, DIRECTION_LIST.index(_word(words, 1, DIRECTION_LIST, "R-MOV-1")))

    def _parse_rotate(self, s: State, words: list[str]) -> int:
        return self.of(ROTATE, ORTHOGONAL.index(_word(words, 1, ORTHOGONAL, "R-FIR-2")))

    def _parse_fire(self, s: State, words: list[str]) -> int:
        weapon = words[1] if len(words) > 1 else self.tables.weapons[0]
        if weapon not in self.tables.weapons:
            raise IllegalAction("R-FIR-1", f"unknown weapon '{weapon}'")
        return self.of(FIRE, self.tables.weapons.index(weapon))

    def _parse_overload(self, s: State, words: list[str]) -> int:
        what = words[1] if len(words) > 1 else None
        if what == "fire":
            if len(words) > 2 and words[2] != self.tables.weapons[0]:
                raise IllegalAction("R-OVL-1", "an overload gives one extra turret shot")
            return self.of(OVERLOAD_FIRE)
        if what == "move":
            return self._parse_move(s, words[1:], OVERLOAD_MOVE)
        if what == "enter":
            return self._parse_enter(s, words[1:], OVERLOAD_ENTER)
        raise IllegalAction("R-OVL-1", "overload gives one extra move or one extra shot")

    def _parse_play(self, s: State, words: list[str]) -> int:
        name = _word(words, 1, None, "R-BUY-5")
        if name not in self.tables.powerup_index:
            raise IllegalAction("R-BUY-5", f"'{name}' is not in your hand")
        return self.of(PLAY, self.tables.powerup_index[name])

    def _parse_buy(self, s: State, words: list[str]) -> int:
        what = _word(words, 1, None, "R-BUY-1")
        if what == "powerup":
            if len(words) > 2:
                raise IllegalAction(
                    "CONTRACT-4", f"unexpected words after the action: '{words[2]}'"
                )
            return self.of(BUY_POWERUP)
        index = self.tables.upgrade_index.get(what)
        if index is None:
            raise IllegalAction("R-BUY-1", f"unknown upgrade '{what}'")
        player = s.players[s.turn.player if s.turn else 0]
        current = player.upgrades[index]
        if len(words) > 2 and not _is_number(words[2]):
            raise IllegalAction("R-BUY-2", f"the level must be a number from 1, not '{words[2]}'")
        target = int(words[2]) if len(words) > 2 else current + 1
        if target <= current:
            raise IllegalAction("R-BUY-4", f"you already own {what} level {current}")
        if target > len(self.tables.upgrades[index].levels):
            raise IllegalAction("R-BUY-2", f"{what} level {target} is not for sale")
        return self.buy(index, target)

    def _parse_sensor(self, s: State, words: list[str]) -> int:
        number = _int_word(words, 1, "R-SEN-1", "play a sensor card: sensor N")
        if number not in self.sensor_slot:
            raise _sensor_refused(s)
        return self.of(SENSOR_, self.sensor_slot[number])

    def _parse_choose(self, s: State, words: list[str]) -> int:
        choice = s.choice
        if choice is None:
            return self.of(CHOOSE)  # refused by the phase, as any action out of turn
        if len(words) < 2:
            raise _unknown(s, self, words)
        word = words[1]
        if word == "none" and choice.optional:
            return self.of(CHOOSE_NONE)
        options = [self.option_word(s, i) for i in range(len(choice.values))]
        if word in options:
            return self.of(CHOOSE, options.index(word))
        index = self._option_by_other_name(s, word)
        if index is None:
            raise IllegalAction(
                _CHOICE_RULES.get(choice.kind, "CONTRACT-4"),
                f"'{word}' is not one of: {', '.join(options)}",
            )
        return self.of(CHOOSE, index)

    def _option_by_other_name(self, s: State, word: str) -> int | None:
        """A card by its id or by either of its quadrants; a splash by its position."""
        choice = s.choice
        assert choice is not None
        game = s.game
        if choice.kind == "card":
            card = self.tables.card_index.get(word)
            cell = _position_cell(s, word)
            if card is None and cell >= 0:
                card = self.tables.quadrants[s.cells[cell]].card
            if card in choice.values:
                return choice.values.index(card)
        if choice.kind == "splash":
            cell = _position_cell(s, word)
            then = choice.then.steps[0].args if choice.then else ()
            if cell >= 0 and then:
                target = then[2]
                for i, direction in enumerate(choice.values):
                    if board.step(game.geo, s, target, direction) == cell:
                        return i
        return None


_ONE_WORD = {"end": END, "battle": BATTLE_, "powerdown": POWERDOWN_, "spend": SPEND}
# The most words each action takes (formats.md §4): a script with more is refused, not guessed.
_MOST_WORDS = dict.fromkeys(_ONE_WORD, 1) | {
    "enter": 2,
    "move": 2,
    "rotate": 2,
    "fire": 2,
    "play": 2,
    "sensor": 2,
    "choose": 2,
    "buy": 3,
    "overload": 3,
}


def _position_word(s: State, cell: int) -> str:
    if cell < 0:
        return "?"
    row, column = board.position(s, cell)
    return f"{row},{column}"


def _position_cell(s: State, word: str) -> int:
    parts = word.split(",")
    if len(parts) == 2 and all(_is_number(part) for part in parts):
        return board.cell_at(s, int(parts[0]), int(parts[1]))
    return -1


def _unknown(s: State, space: ActionSpace, words: list[str]) -> IllegalAction:
    """An action that makes no sense now, refused as the phase refuses it."""
    if s.choice is not None:
        return answer_first(s, space)
    if s.phase == SENSOR:
        return _sensor_refused(s)
    if s.phase == TURN_CHOICE:
        return IllegalAction("R-TRN-1", f"'{words[0]}': choose battle or powerdown first")
    return IllegalAction("CONTRACT-4", f"unknown action '{' '.join(words)}'")


def answer_first(s: State, space: ActionSpace) -> IllegalAction:
    choice = s.choice
    assert choice is not None
    options = [f"choose {space.option_word(s, i)}" for i in range(len(choice.values))]
    options += ["choose none"] if choice.optional else []
    return IllegalAction(
        "CONTRACT-4", f"answer the pending {choice.kind} choice first: {', '.join(options)}"
    )


def _sensor_refused(s: State) -> IllegalAction:
    index = next((i for i, p in enumerate(s.players) if p.sensor < 0 and p.hand_sensors), 0)
    return IllegalAction(
        "R-SEN-1",
        "play one of the sensor cards in your hand: "
        + ", ".join(str(n) for n in s.players[index].hand_sensors),
    )


def refuse_out_of_phase(s: State, space: ActionSpace, verb: int, action: int) -> IllegalAction:
    """Why an action of this verb is not possible in the current phase."""
    word = space.words(s, action).split()[0]
    if s.phase == SENSOR:
        return _sensor_refused(s)
    if s.phase == TURN_CHOICE:
        return IllegalAction("R-TRN-1", f"'{word}': choose battle or powerdown first")
    if s.phase == POWERDOWN:
        return IllegalAction("R-PWD-2", f"'{word}' is not possible during Power Down")
    assert s.phase == BATTLE
    return IllegalAction("CONTRACT-4", f"unknown action '{space.words(s, action)}'")


def _word(words: list[str], index: int, allowed: Any, rule: str) -> str:
    if len(words) <= index:
        raise IllegalAction(rule, f"'{words[0]}' needs another word")
    word = words[index]
    if allowed is not None and word not in allowed:
        raise IllegalAction(rule, f"'{word}' is not one of {', '.join(allowed)}")
    return word


def _int_word(words: list[str], index: int, rule: str, message: str) -> int:
    if len(words) <= index or not _is_number(words[index]):
        raise IllegalAction(rule, message)
    return int(words[index])


def _is_number(word: str) -> bool:
    """ASCII digits only: `str.isdigit` also takes ² and other digits `int` refuses."""
    return word.isascii() and word.isdigit()
