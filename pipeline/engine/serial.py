"""State, moves and steps to and from JSON-ready dicts (pile names and card ids, never bare indices)."""
from __future__ import annotations

from typing import Any

from .cards import card_id, parse_card
from .core import Game, Move, State, Step


def step_to_json(game: Game, step: Step) -> list:
    """Compact form kept in the state's history: pile names instead of indices."""
    if step[0] == "move":
        return ["move", game.names[step[1]], game.names[step[2]], step[3], step[4], step[5]]
    if step[0] == "pick":
        return ["pick", game.names[step[1]], step[2], game.names[step[3]], step[4], step[5]]
    if step[0] == "flip":
        return ["flip", game.names[step[1]], step[2], step[3]]
    return list(step)


def step_from_json(game: Game, data: list) -> Step:
    if data[0] == "move":
        return ("move", game.index[data[1]], game.index[data[2]], data[3], data[4], data[5])
    if data[0] == "pick":
        return ("pick", game.index[data[1]], data[2], game.index[data[3]], data[4], data[5])
    if data[0] == "flip":
        return ("flip", game.index[data[1]], data[2], data[3])
    return tuple(data)


def move_to_json(game: Game, move: Move) -> dict[str, Any]:
    return {"id": move.id, "kind": move.kind, "steps": [step_to_json(game, s) for s in move.steps]}


def move_from_json(game: Game, data: dict) -> Move:
    return Move(data["id"], [step_from_json(game, s) for s in data["steps"]], data.get("kind", "play"))


def state_to_json(game: Game, state: State) -> dict[str, Any]:
    return {
        "game": state.game,
        "deal": state.deal,
        "phase": state.vars["phase"],
        "players": state.vars["players"],
        "to_move": state.vars["to_move"],
        "piles": {name: [card_id(c) for c in state.piles[i]] for i, name in enumerate(game.names)},
        "down": {name: state.down[i] for i, name in enumerate(game.names) if state.down[i]},
        "vars": dict(state.vars),
        "history": [move_to_json(game, m) for m in state.history],
        "future": [move_to_json(game, m) for m in state.future],
    }


def state_from_json(game: Game, data: dict) -> State:
    if data.get("game") != game.slug:
        raise ValueError(f"state is for game {data.get('game')!r}, not {game.slug!r}")
    piles = [[parse_card(c) for c in data["piles"][name]] for name in game.names]
    down = [data.get("down", {}).get(name, 0) for name in game.names]
    return State(game.slug, data["deal"], piles, down, dict(data["vars"]),
                 [move_from_json(game, m) for m in data.get("history", [])],
                 [move_from_json(game, m) for m in data.get("future", [])])


def steps_for_display(game: Game, before: State, steps: list[Step], undo: bool = False) -> list[dict[str, Any]]:
    """Steps with the cards they carry, for animation. `before` is a throwaway copy of the state before them."""
    from .core import do_step, undo_step

    out = []
    for step in steps:
        if step[0] == "move":
            src, dst, n = (step[2], step[1], step[3]) if undo else (step[1], step[2], step[3])
            cards = [card_id(c) for c in before.piles[src][-n:]]
            out.append({"op": "move", "from": game.names[src], "to": game.names[dst], "cards": cards})
        elif step[0] == "pick":
            src, dst = (step[3], step[1]) if undo else (step[1], step[3])
            card = before.piles[step[3]][-1] if undo else before.piles[step[1]][step[2]]
            out.append({"op": "move", "from": game.names[src], "to": game.names[dst], "cards": [card_id(card)],
                        "position": step[2]})
        elif step[0] == "flip":
            out.append({"op": "flip", "pile": game.names[step[1]],
                        "down": step[2] if undo else step[3]})
        else:
            out.append({"op": "set", "key": step[1], "value": step[2] if undo else step[3]})
        (undo_step if undo else lambda s, st: do_step(s, st, game.face_down))(before, step)
    return out


def copy_state(state: State) -> State:
    return State(state.game, state.deal, [list(p) for p in state.piles], list(state.down), dict(state.vars))
