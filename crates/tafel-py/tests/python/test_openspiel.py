"""Tafel's games registered with OpenSpiel: its own tests and algorithms on them, and EinStein
würfelt nicht played identically by OpenSpiel's implementation and Tafel's."""

import os
import random
import sys

import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import tafel
import tafel.openspiel
from conftest import GAMES

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "scripts"))
from peers import einstein as peer  # noqa: E402

NAMES = tafel.openspiel.register()


def test_register_names_every_game():
    assert NAMES == [tafel.openspiel.short_name(name) for name in GAMES]
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert tafel.openspiel.register() == NAMES  # twice is harmless


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_mcts_plays(name):
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=evaluator)
    state = game.new_initial_state()
    for _ in range(40 if "quarx" not in name else 6):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert len(state.history()) > 0


def test_settings_as_parameters():
    game = pyspiel.load_game("python_tafel_kauri", {"tiebreak": "old"})
    assert game.tafel_game.settings()["tiebreak"] == "old"
    four = pyspiel.load_game("python_tafel_karls_race", {"players": "4"})
    assert four.num_players() == 4


def test_observer_matches_the_state():
    game = pyspiel.load_game("python_tafel_einstein")
    state = game.new_initial_state()
    state.apply_action(0)
    for player in (0, 1):
        assert list(state.observation_tensor(player)) == list(state.tafel_state.observation_tensor().ravel())
        assert state.observation_string(player) == state.tafel_state.observation_string()


def test_tafel_bot_in_evaluate_bots():
    game = pyspiel.load_game("python_tafel_black_path")
    bots = [tafel.openspiel.bot(level=1), tafel.openspiel.bot(level=2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert sorted(returns) == [-1.0, 1.0]


def board_field(tafel_state):
    """The board part of a Tafel EinStein position code."""
    return tafel_state.code().split(":")[1]


def test_einstein_identical_to_openspiel():
    """1,000 random games of OpenSpiel's einstein_wurfelt_nicht, replayed action by action in
    python_tafel_einstein (chance outcomes are numbered alike), compared at every position
    through the public API: whose turn, legal moves as notation, chance outcomes with their
    probabilities, the board, and the returns."""
    theirs_game = pyspiel.load_game(peer.OPENSPIEL_GAME)
    ours_game = pyspiel.load_game("python_tafel_einstein")
    rng = random.Random(34)
    positions = 0
    for _ in range(1000):
        theirs, ours = theirs_game.new_initial_state(), ours_game.new_initial_state()
        while True:
            positions += 1
            assert theirs.is_terminal() == ours.is_terminal()
            assert theirs.is_chance_node() == ours.is_chance_node()
            if theirs.is_terminal():
                returns = theirs.returns()
                assert ours.returns() == [returns[peer.openspiel_player(s)] for s in range(2)]
                break
            if len(theirs.history()) >= peer.ARRANGEMENT_PLIES:
                assert peer.board_field(theirs) == board_field(ours.tafel_state)
            if theirs.is_chance_node():
                outcomes, weights = zip(*theirs.chance_outcomes())
                our_outcomes, our_weights = zip(*ours.chance_outcomes())
                assert our_outcomes == outcomes
                assert our_weights == pytest.approx(weights)
                action = rng.choices(outcomes, weights)[0]
                theirs.apply_action(action)
                ours.apply_action(action)
                continue
            assert ours.current_player() == peer.tafel_seat(theirs.current_player())
            moves = sorted(peer.move_text(theirs, a) for a in theirs.legal_actions())
            assert moves == sorted(ours.action_to_string(ours.current_player(), a)
                                   for a in ours.legal_actions())
            action = rng.choice(theirs.legal_actions())
            ours.apply_action(ours.string_to_action(peer.move_text(theirs, action)))
            theirs.apply_action(action)
    assert positions > 40_000
