"""The shared search strategies (`pipeline.solve.strategies`) on a toy puzzle whose answers are worked out by hand.

The puzzle: a counter starts at 0; a move adds 2 or 3 (tried in that order) as long as the counter stays at most
10; the puzzle is won when the counter shows the target. Reachable: 0, 2, 3, ..., 10 — every number but 1."""
from pipeline.solve.strategies import LOST, PRUNE, UNKNOWN, WON, best_first, depth_first, nested, probes


class Counter:
    def __init__(self, target: int, n: int = 0) -> None:
        self.target, self.n = target, n

    def moves(self) -> list[int]:
        return [d for d in (2, 3) if self.n + d <= 10]

    def play(self, d: int) -> int:
        self.n += d
        return d

    def unplay(self, d: int) -> None:
        self.n -= d

    def key(self) -> int:
        return self.n

    def won(self) -> bool:
        return self.n == self.target

    def copy(self) -> "Counter":
        return Counter(self.target, self.n)


def test_depth_first_finds_the_first_line_in_move_order_and_counts_the_positions_entered():
    # 0 -> 2 -> 4 -> 6 -> 8 -> 10 (stuck), back to 6 -> 9 (stuck), back to 4 -> 7: six positions entered
    toy = Counter(7)
    assert depth_first(toy, toy.moves, 100) == (WON, [2, 2, 3], 6)
    assert toy.n == 0  # left as it was found


def test_depth_first_proves_a_loss_by_entering_every_reachable_position_once():
    toy = Counter(1)  # 1 is never reached; the nine other positions are entered once each
    assert depth_first(toy, toy.moves, 100) == (LOST, [], 9)
    assert depth_first(toy, toy.moves, 100, root=1) == (LOST, [], 10)  # counting the start too


def test_depth_first_stops_at_the_node_limit_and_a_won_start_costs_nothing():
    toy = Counter(1)
    assert depth_first(toy, toy.moves, 3) == (UNKNOWN, [], 3)
    assert depth_first(Counter(0), Counter(0).moves, 5) == (WON, [], 0)


def test_depth_first_does_not_expand_a_position_proved_dead():
    toy = Counter(7)
    # a position above 7 can never come down to 7: with that proof, 10 and 9 are entered but not expanded
    status, line, nodes = depth_first(toy, toy.moves, 100, dead=lambda m: toy.n > 7)
    assert (status, line) == (WON, [2, 2, 3]) and nodes == 5  # 2, 4, 6, 8, 9 (8 is dead: 10 is never entered)


def test_depth_first_that_leaves_moves_out_ends_unknown_not_lost():
    toy = Counter(9)
    only_twos = lambda: [d for d in toy.moves() if d == 2]  # noqa: E731 (9 is odd: never reached by twos)
    assert depth_first(toy, only_twos, 100, exhausted=UNKNOWN)[0] == UNKNOWN


def test_best_first_expands_the_nearest_position_first_and_its_loss_is_a_proof():
    # distance to 7: expand 0, then 3 (4 away), 6 (1), 8 (1), 9 and 5 (2 each; the newer first), 5 -> 7 wins
    toy = Counter(7)
    status, path, nodes = best_first(toy, 100, None, lambda m, depth: abs(m.target - m.n), lambda k: Counter(7, k),
                                     lambda m: m.moves())
    assert status == WON and [m for m, _ in path] == [3, 2, 2] and [k for _, k in path] == [3, 5, 7] and nodes == 6
    lost = best_first(Counter(1), 100, None, lambda m, d: d, lambda k: Counter(1, k), lambda m: m.moves())
    assert lost == (LOST, [], 10)  # all ten reachable positions expanded
    assert best_first(Counter(1), 4, None, lambda m, d: d, lambda k: Counter(1, k), lambda m: m.moves())[0] == UNKNOWN


def test_best_first_takes_a_judges_proofs_and_its_rest_of_the_line():
    toy = Counter(7)
    pruned = best_first(toy, 100, None, lambda m, d: 0, lambda k: Counter(7, k), lambda m: m.moves(),
                        judge=lambda m: PRUNE if m.n in (4, 5) else None)
    assert pruned[0] == LOST  # 7 is reached only through 4 or 5
    shortcut = best_first(toy, 100, None, lambda m, d: 0, lambda k: Counter(7, k), lambda m: m.moves(),
                          judge=lambda m: [2, 2] if m.n == 3 else None)
    assert shortcut[0] == WON and [m for m, _ in shortcut[1]] == [3, 2, 2]


def test_probes_win_or_prove_only_as_their_cuts_allow():
    calls = []

    def search(limit, probe, result):
        calls.append((limit, probe))
        return result(probe)

    # every probe fails having cut lines: then the full search gets what the probes left
    got = probes(None, lambda lim, p: search(lim, p, lambda p: (LOST, [], 3)), 160, 8, lambda: True)
    assert got == (LOST, [], 8 * 3 + 3) and calls[-1] == (160 - 24, None) and calls[0] == (10, 0)
    calls.clear()
    # the first probe cut nothing: it was the full search, and its loss stands
    assert probes(None, lambda lim, p: search(lim, p, lambda p: (LOST, [], 5)), 160, 8, lambda: False) == (LOST, [], 5)
    calls.clear()
    # a later probe's win is a win
    got = probes(None, lambda lim, p: search(lim, p, lambda p: (WON, ["x"], 1) if p == 2 else (UNKNOWN, [], 10)),
                 160, 8, lambda: True)
    assert got == (WON, ["x"], 21) and len(calls) == 3


def test_nested_playouts_keep_the_best_line_and_win():
    toy = Counter(10)

    def playout(model, tail):  # add threes while they fit, then twos: a line that may miss 10
        b = model.copy()
        while b.moves():
            tail.append(b.play(b.moves()[-1]))
        return b.n

    line = nested(toy, lambda m: m.moves(), playout, 1, lambda: False, 10)
    b = Counter(10)
    for d in line:
        assert d in b.moves()
        b.play(d)
    assert b.won()


def test_the_hint_is_the_first_move_of_the_same_searchs_winning_line():
    from pipeline.engine import api, registry
    from pipeline.solve import search

    game = registry.get("empress-of-india")
    state, _ = game.new_state(1)
    line = search.solve_state(game, state, 100_000).moves
    start = api.new_game("empress-of-india", 1)["state"]
    assert line and search.hint(start, 100_000, seconds=None) == line[0]
