"""The engine core: declarations (Rule, Build, PileSpec), State, steps, Move and the Game base class.

A game module subclasses `Game` once (no deeper inheritance), declares its rules and piles as data, and overrides
a few hooks only where a rule is odd. Everything the engine enforces is read from those declarations, and the
rules panel and the board layout are read from the same objects, so the site and the engine cannot drift.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from . import cards as C
from .rng import shuffled

# --- rules as data ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """One rule of a game, as shown in the rules panel and in the rule ledger (`ledger.py`).

    `number` is the book's ("I", "II") or "play" (from the Игра section). `source` is "text" (the edition's
    Russian text) or "reconstructed". A rule from the text names in `cite` the xml:id of the TEI element that
    states it (a rules item `windmill-rule-I`, a play paragraph `windmill-p3`, a book note `note-7`), and its `ru`
    is a verbatim quotation of that element's pre-reform reading (corrections' corr, spelling's orig, whitespace
    normalised): one contiguous part, or several in order joined by " … ". A reconstructed rule has `cite=""`
    and says in `origin` exactly where it comes from, in Russian: the site shows it (e.g. "Cadogan 1874/1914, «The
    Clock», правило II"). `variant` names the game's other reading (`Game.variants`) the rule belongs to: such a
    rule quotes its sentence like any other (the ledger counts it), but only that reading plays it; "" is the
    edition's own reading."""

    id: str
    number: str
    ru: str
    en: str
    source: str = "text"
    origin: str = ""
    cite: str = ""
    variant: str = ""

    def __post_init__(self) -> None:
        if self.source not in ("text", "reconstructed"):
            raise ValueError(f"rule {self.id}: source must be 'text' or 'reconstructed', not {self.source!r}")
        if self.source == "reconstructed" and not self.origin:
            raise ValueError(f"rule {self.id}: a reconstructed rule must name its origin")
        if self.source == "reconstructed" and self.cite:
            raise ValueError(f"rule {self.id}: a reconstructed rule cites no sentence of the text")


@dataclass(frozen=True)
class Build:
    """How a card goes on another: `dir` +1 up, -1 down, 0 either; `suit` "same", "any" or "alternate" (colour);
    `step` the rank difference (Calculation builds by 2s, 3s, 4s; 0 = any card at all); `wrap` lets king and ace
    follow each other."""

    dir: int = -1
    suit: str = "any"
    step: int = 1
    wrap: bool = False

    def __post_init__(self) -> None:
        # fits() is the engine's hottest call: answer it from a table over (rank, suit) pairs, built once
        table = bytearray(52 * 52)
        for onto in range(52):
            for card in range(52):
                table[onto * 52 + card] = self._fits(onto, card)
        object.__setattr__(self, "_table", bytes(table))

    def fits(self, onto: int, card: int) -> bool:
        return self._table[onto % 52 * 52 + card % 52] == 1

    def _fits(self, onto: int, card: int) -> bool:
        if self.suit == "same" and C.suit(onto) != C.suit(card):
            return False
        if self.suit == "alternate" and C.colour(onto) == C.colour(card):
            return False
        if self.step == 0:
            return True
        a, b = C.rank(onto), C.rank(card)
        for d in ((1, -1) if self.dir == 0 else (self.dir,)):
            want = a + d * self.step
            if self.wrap:
                want = (want - 1) % 13 + 1
            if want == b:
                return True
        return False

    def describe(self) -> dict[str, Any]:
        return {"dir": self.dir, "suit": self.suit, "step": self.step, "wrap": self.wrap}


# pile kinds; "stock" is the pack in hand (face down), "talon" the waste heap
KINDS = ("foundation", "tableau", "reserve", "wing", "talon", "stock", "bouquet", "hand")


@dataclass(frozen=True)
class PileSpec:
    """A group of `count` piles named "<name>-1" … (or just <name> if count == 1).

    take: the top card may be moved away (rule "available"); build: how cards go on a non-empty pile (None: never);
    base: ranks an empty pile accepts (() nothing, None any card); sources: pile kinds it accepts cards from
    (None: any); capacity: most cards it may hold (0 = no limit); total: cards on a finished pile (foundations).
    at: grid positions (x, y in card units), one a pile; fan: "none", "down", "right"; rules: ids of the rules
    that give this pile its behaviour.
    """

    name: str
    kind: str
    at: tuple[tuple[float, float], ...]
    label_ru: str
    label_en: str
    take: bool = True
    build: Build | None = None
    base: tuple[int, ...] | None = ()
    sources: tuple[str, ...] | None = None
    capacity: int = 0
    total: int = 13
    fan: str = "none"
    face_down: bool = False
    rules: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        return len(self.at)

    def names(self) -> list[str]:
        return [self.name] if self.count == 1 else [f"{self.name}-{i + 1}" for i in range(self.count)]


# --- state and steps --------------------------------------------------------------------------------------------
# A step is a tuple, so that apply and undo stay cheap:
#   ("move", src, dst, n, src_down, dst_down)  top n cards of pile src onto pile dst, order kept; *_down are the
#                                               face-down counts of the two piles before the step (for undo)
#   ("pick", src, pos, dst, src_down, dst_down) the card at index pos of src onto dst (taking a foundation card
#                                               out of the pack)
#   ("flip", pile, old_down, new_down)         change how many bottom cards of a pile lie face down
#   ("set", key, old, new)                     a game variable (phase, to_move, redeals, …); None = absent
Step = tuple


@dataclass
class Move:
    """A legal move: a stable `id` (unique among the moves legal in a state), the user's steps, and a `kind`
    ("play" to a foundation, "marry" in the tableau, "fill" a space, "turn" the pack, "deal" a row, …)."""

    id: str
    steps: list[Step]
    kind: str = "play"


@dataclass
class State:
    """Compact mutable state: piles as lists of card ints (bottom first, top last), face-down counts, variables,
    and the history of applied moves (each the full list of steps, automatic ones included) for undo and redo."""

    game: str
    deal: int
    piles: list[list[int]]
    down: list[int]
    vars: dict[str, Any]
    history: list[Move] = field(default_factory=list)
    future: list[Move] = field(default_factory=list)

    @property
    def phase(self) -> str:
        return self.vars["phase"]

    @property
    def to_move(self) -> int:
        return self.vars["to_move"]

    def top(self, pile: int) -> int | None:
        p = self.piles[pile]
        return p[-1] if p else None

    def move_step(self, src: int, dst: int, n: int = 1) -> Step:
        return ("move", src, dst, n, self.down[src], self.down[dst])

    def pick_step(self, src: int, pos: int, dst: int) -> Step:
        return ("pick", src, pos, dst, self.down[src], self.down[dst])

    def set_step(self, key: str, new: Any) -> Step:
        return ("set", key, self.vars.get(key), new)

    def key(self) -> tuple:
        """Hashable position (piles, face-down counts, variables), for policies and solvers to spot repeats."""
        return (tuple(map(tuple, self.piles)), tuple(self.down), tuple(sorted(self.vars.items())))


def do_step(state: State, step: Step, face_down: list[bool]) -> None:
    op = step[0]
    if op == "move":
        _, src, dst, n, _, _ = step
        s, d = state.piles[src], state.piles[dst]
        d.extend(s[-n:])
        del s[-n:]
        if state.down[src] > len(s):
            state.down[src] = len(s)
        if face_down[dst]:
            state.down[dst] = len(d)
    elif op == "pick":
        _, src, pos, dst, _, _ = step
        s, d = state.piles[src], state.piles[dst]
        d.append(s.pop(pos))
        if state.down[src] > len(s):
            state.down[src] = len(s)
        if face_down[dst]:
            state.down[dst] = len(d)
    elif op == "flip":
        state.down[step[1]] = step[3]
    elif op == "set":
        if step[3] is None:  # None means absent, so a cleared variable compares equal to a never-set one
            state.vars.pop(step[1], None)
        else:
            state.vars[step[1]] = step[3]
    else:
        raise ValueError(f"unknown step {step!r}")


def undo_step(state: State, step: Step) -> None:
    op = step[0]
    if op == "move":
        _, src, dst, n, src_down, dst_down = step
        s, d = state.piles[src], state.piles[dst]
        s.extend(d[-n:])
        del d[-n:]
        state.down[src], state.down[dst] = src_down, dst_down
    elif op == "pick":
        _, src, pos, dst, src_down, dst_down = step
        state.piles[src].insert(pos, state.piles[dst].pop())
        state.down[src], state.down[dst] = src_down, dst_down
    elif op == "flip":
        state.down[step[1]] = step[2]
    elif op == "set":
        if step[2] is None:
            state.vars.pop(step[1], None)
        else:
            state.vars[step[1]] = step[2]
    else:
        raise ValueError(f"unknown step {step!r}")


# --- the game base class ----------------------------------------------------------------------------------------


class Game:
    """Base of every game. Subclasses set the class attributes and override hooks marked "hook"."""

    slug: str = ""
    number: int = 0  # chapter number in the book (1874 order)
    title_ru: str = ""  # as printed; supplied titles are marked in `title_supplied`
    title_en: str = ""
    title_supplied: bool = False
    decks: int = 1
    players: int = 1
    rules: tuple[Rule, ...] = ()
    piles: tuple[PileSpec, ...] = ()
    notes: str = ""  # editorial remarks on interpretation, shown with the rules
    # bump when what the rules allow changes in a way the rule ids and pile declarations do not show (a hook's
    # reading of a rule): it enters `fingerprint()`, so solver figures of the old reading are no longer current
    revision: int = 0
    # other readings of the text the player may choose (id -> what it changes, in English); the edition's own
    # reading is the default, "". The chosen one lives in state.vars["variant"], so it travels with the state.
    variants: dict[str, str] = {}
    # the same readings as the board names them for the player (id -> a short Russian label)
    variants_ru: dict[str, str] = {}

    def __init__(self) -> None:
        self.names: list[str] = []
        self.specs: list[PileSpec] = []
        for spec in self.piles:
            for name in spec.names():
                self.names.append(name)
                self.specs.append(spec)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.face_down = [s.face_down for s in self.specs]
        self.kind = [s.kind for s in self.specs]
        self.foundations = [i for i, s in enumerate(self.specs) if s.kind == "foundation"]
        self.ncards = 52 * self.decks
        n = len(self.names)
        self.siblings_before = [[i for i in range(d) if self.specs[i] is self.specs[d]] for d in range(n)]
        self.targets = [[d for d in range(n) if self.could_accept(s, d)] for s in range(n)]
        self.move_ids = [{d: f"{self.names[s]}>{self.names[d]}" for d in self.targets[s]} for s in range(n)]
        rule_ids = {r.id for r in self.rules}
        stray = sorted(r.id for r in self.rules if r.variant and r.variant not in self.variants)
        if stray:
            raise ValueError(f"{self.slug}: rules {stray} belong to a variant the game does not offer")
        for spec in self.piles:
            missing = set(spec.rules) - rule_ids
            if missing:
                raise ValueError(f"{self.slug}: pile {spec.name} cites undeclared rules {sorted(missing)}")

    @property
    def max_score(self) -> int:
        """Most cards that can reach the foundations: the declared totals of the foundation piles (Shah and the
        Empress keep 8 cards off them: 96 of 104), never more than the cards dealt."""
        total = sum(spec.total * spec.count for spec in self.piles if spec.kind == "foundation")
        return min(total, self.ncards) if total else self.ncards

    def fingerprint(self) -> str:
        """A short hash of what the game's rules are as the engine plays them: slug, packs, players, every pile
        declaration (kind, count, take, build, base, sources, capacity, total, face down) and `revision`. The rule
        declarations are left out (ids, wording, cites, origins: the ledger may split or re-quote a rule without
        changing play), and so are labels and positions; a changed reading of a rule in a hook must bump
        `revision`. Solver results record it (results/winnability.json), so a figure computed under other rules
        is recognised as such. It is the edition's own reading's: `variants` and rules of a variant are left out,
        since the table's figures are of that reading (`solve_deal` deals no variant) and offering another
        reading changes nothing it plays; figures of a variant would need a fingerprint of their own."""
        import hashlib
        import json

        piles = [[p.name, p.kind, p.count, p.take, p.build.describe() if p.build else None,
                  None if p.base is None else list(p.base), None if p.sources is None else list(p.sources),
                  p.capacity, p.total, p.face_down] for p in self.piles]
        data = {"slug": self.slug, "decks": self.decks, "players": self.players, "revision": self.revision,
                "piles": piles}
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]

    def group(self, name: str) -> list[int]:
        """Indices of the piles of one PileSpec, in order."""
        return [i for i, s in enumerate(self.specs) if s.name == name]

    # -- starting a deal
    def new_state(self, deal: int, variant: str = "") -> tuple[State, list[Step]]:
        """Shuffle deal `deal` into the stock, then lay it out (in the reading `variant`, "" the edition's own);
        returns the state and the layout's steps."""
        if variant and variant not in self.variants:
            raise ValueError(f"{self.slug} has no variant {variant!r}; variants: "
                             f"{', '.join(self.variants) or 'none'}")
        n = len(self.names)
        self.siblings_before = [[i for i in range(d) if self.specs[i] is self.specs[d]] for d in range(n)]
        stock = self.index.get("stock")
        if stock is None:
            raise ValueError(f"{self.slug}: every game declares a pile named 'stock' (the pack in hand)")
        piles: list[list[int]] = [[] for _ in range(n)]
        piles[stock] = shuffled(C.new_pack(self.decks), deal)
        down = [0] * n
        down[stock] = len(piles[stock])
        state = State(self.slug, deal, piles, down, {"phase": "deal", "to_move": 0, "players": self.players})
        if variant:
            state.vars["variant"] = variant
        steps: list[Step] = []
        for step in self.setup(state):  # setup yields steps one at a time, each seeing the state before it
            do_step(state, step, self.face_down)
            steps.append(step)
        self._finish(state, steps, ("set", "phase", "deal", "play"))
        return state, steps

    def setup(self, state: State) -> Iterable[Step]:
        """Hook: yield the steps that lay out the deal (run one by one; the state advances between yields)."""
        return ()

    # -- legal moves
    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, exactly: an empty list means the game is over."""
        if state.vars["phase"] != "play":
            return []
        return self.moves(state)

    def moves(self, state: State) -> list[Move]:
        """Hook: the moves of the play phase. Default: every available top card to every pile that accepts it,
        plus `extra_moves` (turning the pack, dealing a row …)."""
        out: list[Move] = []
        piles, down, kind, accepts = state.piles, state.down, self.kind, self.accepts
        for src, targets in enumerate(self.targets):
            pile = piles[src]
            if not pile or not targets or not self.can_take(state, src):
                continue
            card = pile[-1]
            ids = self.move_ids[src]
            for dst in targets:
                if accepts(state, dst, card, src):
                    k = "play" if kind[dst] == "foundation" else "marry" if piles[dst] else "fill"
                    out.append(Move(ids[dst], [("move", src, dst, 1, down[src], down[dst])], k))
        out.extend(self.extra_moves(state))
        return out

    def could_accept(self, src: int, dst: int) -> bool:
        """Hook, asked once per pair of piles when the game is built: can pile `dst` ever take a card from `src`?
        Default: from the PileSpec (it builds or takes a base card, and `sources` allows `src`). Only these pairs
        are offered to `accepts`, so a game whose `accepts` admits more must override this too."""
        spec = self.specs[dst]
        if dst == src or (spec.build is None and spec.base == ()):
            return False
        return spec.sources is None or self.kind[src] in spec.sources

    def can_take(self, state: State, src: int) -> bool:
        """Hook: may the top card of pile `src` move now? Default: the spec's `take` and the card is face up."""
        return self.specs[src].take and state.down[src] < len(state.piles[src])

    def accepts(self, state: State, dst: int, card: int, src: int) -> bool:
        """Hook: may `card` from pile `src` go on pile `dst`? Default: read from the PileSpec."""
        spec = self.specs[dst]
        pile = state.piles[dst]
        if pile:
            build = spec.build
            if build is None or not build._table[pile[-1] % 52 * 52 + card % 52]:  # Build.fits, inlined
                return False
            if spec.capacity and len(pile) >= spec.capacity:
                return False
        elif spec.base is not None and card % 13 + 1 not in spec.base:
            return False
        elif spec.kind == "foundation" and self._earlier_empty(state, dst):
            return False  # empty foundations of a group are interchangeable: offer the first one only
        return spec.sources is None or self.kind[src] in spec.sources

    def _earlier_empty(self, state: State, dst: int) -> bool:
        piles = state.piles
        for i in self.siblings_before[dst]:
            if not piles[i]:
                return True
        return False

    def extra_moves(self, state: State) -> list[Move]:
        """Hook: moves that are not 'one top card onto a pile' (turn the pack, deal a row)."""
        return []

    def auto(self, state: State) -> Step | None:
        """Hook: the next forced step after a move (refill a space, …), or None. Called until it returns None."""
        return None

    # -- applying
    def apply(self, state: State, move: Move) -> list[Step]:
        """Play `move` (its steps, then every forced step); record it in the history; return all its steps."""
        steps = list(move.steps)
        for step in steps:
            do_step(state, step, self.face_down)
        self._finish(state, steps)
        state.history.append(Move(move.id, steps, move.kind))
        state.future.clear()
        return steps

    def play(self, state: State, move: Move) -> list[Step]:
        """For solvers: play the move and its forced steps, with no history and no end-of-game step (the phase
        stays "play"; `moves(state) == []` is then the dead end). Take it back with `unplay`."""
        steps = list(move.steps)
        face_down = self.face_down
        for step in steps:
            do_step(state, step, face_down)
        while (step := self.auto(state)) is not None:
            do_step(state, step, face_down)
            steps.append(step)
        return steps

    def unplay(self, state: State, steps: list[Step]) -> None:
        for step in reversed(steps):
            undo_step(state, step)

    def _finish(self, state: State, steps: list[Step], first: Step | None = None) -> None:
        if first is not None:
            do_step(state, first, self.face_down)
            steps.append(first)
        while (step := self.auto(state)) is not None:
            do_step(state, step, self.face_down)
            steps.append(step)
        if self.won(state) or not self.moves(state):
            step = ("set", "phase", state.vars["phase"], "end")
            do_step(state, step, self.face_down)
            steps.append(step)

    def undo(self, state: State) -> list[Step]:
        """Take back the last move; returns its steps in the order they are undone (already inverted order)."""
        if not state.history:
            return []
        move = state.history.pop()
        for step in reversed(move.steps):
            undo_step(state, step)
        state.future.append(move)
        return list(reversed(move.steps))

    def redo(self, state: State) -> list[Step]:
        if not state.future:
            return []
        move = state.future.pop()
        for step in move.steps:
            do_step(state, step, self.face_down)
        state.history.append(move)
        return list(move.steps)

    # -- outcome
    def score(self, state: State) -> int:
        """Cards on the foundations."""
        return sum(len(state.piles[i]) for i in self.foundations)

    def won(self, state: State) -> bool:
        return self.score(state) == self.ncards

    def status(self, state: State) -> str:
        """"playing", "won" or "lost" (no legal move left and not won)."""
        if state.vars["phase"] != "end":
            return "playing"
        return "won" if self.won(state) else "lost"
