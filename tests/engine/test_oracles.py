"""The "no legal move" verdict must never be wrong: for each game, the legal moves are worked out again here,
straight from the rules and independently of the engine's declarations, at every position of random games."""
import pytest

from pipeline.engine import registry
from pipeline.engine.rng import SplitMix64


def rank(c): return c % 13 + 1
def suit(c): return c // 13 % 4


def tops(game, st, group):
    return [(f"{group}-{i}", p[-1] if p else None) for i, p in enumerate(
        (st.piles[game.index[f"{group}-{i}"]] for i in range(1, len(game.group(group)) + 1)), 1)]


def up_in_suit(top, card):
    return top is not None and suit(top) == suit(card) and rank(card) == rank(top) + 1


def foundation_targets(found, card, in_suit=True):
    """Ids of foundations taking `card`: an ace to the first empty one, else on the next rank (in suit)."""
    if rank(card) == 1:
        first = next((name for name, top in found if top is None), None)
        return [first] if first else []
    return [n for n, t in found if t is not None and rank(card) == rank(t) + 1 and (not in_suit or suit(t) == suit(card))]


def parterre(game, st):
    found, beds, bouquet = tops(game, st, "foundation"), tops(game, st, "bed"), tops(game, st, "bouquet")
    out = set()
    for src, card in beds + bouquet:
        if card is None:
            continue
        out |= {f"{src}>{f}" for f in foundation_targets(found, card)}
        for bed, top in beds:
            if bed != src and (top is None or rank(top) == rank(card) + 1):
                out.add(f"{src}>{bed}")
    return out


def windmill(game, st):
    pile = lambda name: st.piles[game.index[name]]
    wings, angles = tops(game, st, "wing"), tops(game, st, "angle")
    space = next((w for w, top in wings if top is None), None)
    if space and (pile("stock") or pile("talon")):
        return {f"{src}>{space}" for src in ("talon", "stock") if pile(src)}
    centre = pile("centre")

    def fits_centre(card, centre_top, size):
        return size < 52 and rank(card) == rank(centre_top) % 13 + 1

    def playable(centre_top, size, angle_tops):
        av = [(w, t) for w, t in wings if t is not None] + ([("talon", pile("talon")[-1])] if pile("talon") else [])
        out = set()
        for src, card in av:
            if fits_centre(card, centre_top, size):
                out.add((src, "centre"))
            for a, t in angle_tops:
                if (t is None and rank(card) == 13) or (t is not None and rank(t) > 1 and rank(card) == rank(t) - 1):
                    out.add((src, a))
        return out

    out = set()
    for src, dst in playable(centre[-1], len(centre), angles):
        if dst.startswith("angle") and dict(angles)[dst] is None:
            dst = next(a for a, t in angles if t is None)  # a king goes to the first empty angle
        out.add(f"{src}>{dst}")
    before = playable(centre[-1], len(centre), angles)
    for a, t in angles:
        if t is None or st.vars.get("borrowed") == a or not fits_centre(t, centre[-1], len(centre)):
            continue
        rest = pile(a)[:-1]
        after = playable(t, len(centre) + 1, [(x, (rest[-1] if rest else None) if x == a else y) for x, y in angles])
        if {src for src, _ in after} - {src for src, _ in before}:  # a card playable that was not (issue 22)
            out.add(f"{a}>centre")
    if pile("stock"):
        out.add("turn")
    return out


def calculation(game, st):
    pile = lambda name: st.piles[game.index[name]]
    out = set()
    if pile("stock") and not pile("hand"):
        out.add("turn")
    sources = [("hand", pile("hand"))] + [(f"talon-{i}", pile(f"talon-{i}")) for i in range(1, 5)]
    for src, cards in sources:
        if not cards:
            continue
        for step in range(1, 5):
            found = pile(f"foundation-{step}")
            if len(found) < 13 and rank(cards[-1]) == (rank(found[-1]) + step - 1) % 13 + 1:
                out.add(f"{src}>foundation-{step}")
        if src == "hand":
            out |= {f"hand>talon-{i}" for i in range(1, 5)}
    return out


def blockade(game, st):
    found, cols = tops(game, st, "foundation"), tops(game, st, "column")
    out, blocking = set(), False
    for src, card in cols:
        if card is None:
            continue
        plays = {f"{src}>{f}" for f in foundation_targets(found, card)}
        marriages = {f"{src}>{c}" for c, t in cols if c != src and t is not None and up_in_suit(card, t)}
        # a new row only if no card can be played and no row card (one not married onto another) married
        blocking |= bool(plays) or (bool(marriages) and not st.vars.get(f"m-{src}"))
        out |= plays | marriages
    if st.piles[game.index["stock"]] and not blocking:
        out.add("deal")
    return out


ORACLES = {"parterre": parterre, "windmill": windmill, "calculation": calculation, "blockade": blockade}


@pytest.mark.parametrize("slug", sorted(ORACLES))
def test_the_engine_offers_exactly_the_moves_the_rules_allow(slug):
    game, oracle = registry.get(slug), ORACLES[slug]
    positions = 0
    for deal in range(1, 21):
        rng = SplitMix64(deal)
        st, _ = game.new_state(deal)
        while len(st.history) < 300:  # beds can shuffle cards to and fro for ever
            engine = {m.id for m in game.legal_moves(st)}
            assert engine == oracle(game, st), f"deal {deal}, move {len(st.history)}"
            positions += 1
            if not engine:
                break
            moves = game.legal_moves(st)
            game.apply(st, moves[rng.below(len(moves))])
    assert positions > 500
