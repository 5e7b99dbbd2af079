"""What the game models share (`pipeline.solve.model`), on stand-ins whose answers are worked out by hand."""
from types import SimpleNamespace

from pipeline.solve.model import in_play, legal_ids_of, probes_then_full
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution


def position(phase: str, won: bool):
    return SimpleNamespace(won=lambda state: won), SimpleNamespace(vars={"phase": phase})


def test_in_play_settles_a_won_or_ended_position_without_a_search():
    searched = []

    @in_play
    def solve(game, state, node_limit, time_limit=None):
        searched.append(node_limit)
        return Solution(UNKNOWN, [], node_limit, 1.0)

    assert solve(*position("end", True), 50) == Solution(WON, [], 0, 0.0)
    assert solve(*position("play", True), 50) == Solution(WON, [], 0, 0.0)
    assert solve(*position("end", False), 50) == Solution(LOST, [], 0, 0.0)
    assert searched == []
    assert solve(*position("play", False), 50, time_limit=2.0).nodes == 50 and searched == [50]


def test_legal_ids_of_names_the_models_moves_and_none_out_of_play():
    class Model:
        def __init__(self, game, state):
            self.n = state.vars["n"]

        def moves(self):
            return list(range(self.n))

        def move_id(self, m):
            return f"m{m}"

    legal_ids = legal_ids_of(Model)
    assert legal_ids(None, SimpleNamespace(vars={"phase": "play", "n": 3})) == {"m0", "m1", "m2"}
    assert legal_ids(None, SimpleNamespace(vars={"phase": "end", "n": 3})) == set()


def test_probes_then_full_takes_only_the_first_probes_uncut_loss_as_a_proof():
    model = SimpleNamespace(cut=True)
    calls = []

    def search(results):
        def run(limit, noise, streamline):
            assert model.cut is False or not streamline  # each probe starts uncut
            calls.append((limit, noise is None, streamline))
            status, cut = results(len(calls) - 1)
            model.cut = cut
            return status, [], 4
        return run

    # a later probe's uncut loss is not taken as a proof: all 8 probes, then the full search
    got = probes_then_full(model, search(lambda i: (LOST, i != 3)), 160, 8)
    assert got == (LOST, [], 9 * 4) and len(calls) == 9
    assert calls[0] == (10, True, True) and calls[1] == (10, False, True) and calls[-1] == (160 - 32, True, False)
    calls.clear()
    # the first probe cut nothing: its loss stands
    assert probes_then_full(model, search(lambda i: (LOST, False)), 160, 8) == (LOST, [], 4) and len(calls) == 1
