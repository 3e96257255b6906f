"""Tafel's games registered with OpenSpiel: its own tests and algorithms on them, and EinStein
würfelt nicht played identically by OpenSpiel's implementation and Tafel's."""

import copy
import os
import pickle
import random
import subprocess
import sys

import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import tafel
import tafel.openspiel
from conftest import GAMES, SETTINGS, case_id

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "scripts"))
from peers import einstein as peer  # noqa: E402

NAMES = tafel.openspiel.register()


def test_register_names_every_game():
    assert NAMES == [tafel.openspiel.short_name(name) for name in GAMES]
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert tafel.openspiel.register() == NAMES  # twice is harmless


def openspiel_game(name, settings):
    """`pyspiel.load_game` of Tafel's game `name` with `settings` given as typed parameters."""
    params = {key: tafel.openspiel.parameter(value) for key, value in settings.items()}
    return pyspiel.load_game(tafel.openspiel.short_name(name), params)


def played(game, plies, seed):
    """A state of `game` after `plies` random actions (fewer if the game ends)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name):
    """OpenSpiel's own checks, serialisation of game and state included."""
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_parameters_are_typed():
    """Whole numbers are ints, text with commas has colons (OpenSpiel's game strings split
    parameters at commas), and a game carries all its settings."""
    spec = {name: pyspiel.load_game(tafel.openspiel.short_name(name)).get_type().parameter_specification
            for name in GAMES}
    assert spec["karls-race"]["players"] == 2
    assert spec["carreaux"]["size"] == 6 and spec["carreaux"]["ply-limit"] == 200
    assert spec["quarx"]["ply-limit"] == 1000 and spec["kauri"]["tiebreak"] == "none"
    assert spec["black-path"] == {"size": "8x8", "start": "0:0:W"}
    game = pyspiel.load_game("python_tafel_black_path")
    assert str(game) == "python_tafel_black_path(size=8x8,start=0:0:W)"
    assert game.get_parameters() == {"size": "8x8", "start": "0:0:W"}
    # What the games do not have yet follows OpenSpiel's reading too.
    for text, value in (("true", True), ("false", False), ("0.5", 0.5), ("-3", -3)):
        assert tafel.openspiel.parameter(text) == value
        assert type(tafel.openspiel.parameter(text)) is type(value)
        assert tafel.openspiel.setting(value) == text
    with pytest.raises(pyspiel.SpielError, match="Expected type: kInt"):
        pyspiel.load_game("python_tafel_karls_race", {"players": "4"})


def test_commas_are_accepted_too():
    game = pyspiel.load_game("python_tafel_black_path", {"size": "5x5", "start": "0,2,N"})
    assert game.tafel_game.settings()["start"] == "0,2,N"
    assert str(game) == "python_tafel_black_path(size=5x5,start=0:2:N)"


@pytest.mark.parametrize("case", SETTINGS, ids=case_id)
def test_every_setting_survives_the_game_string_and_pickling(case):
    """Every value of every setting: `load_game(str(game))`, pickling and deep copies of the
    game give the same game, and a state after a few random plies survives
    `serialize_game_and_state`, pickling and `copy.deepcopy`, and plays on identically."""
    name, settings = case
    game = openspiel_game(name, settings)
    for key, value in settings.items():
        assert game.tafel_game.settings()[key] == value
    for again in (pyspiel.load_game(str(game)), pickle.loads(pickle.dumps(game)),
                  copy.deepcopy(game)):
        assert str(again) == str(game)
        assert again.tafel_game == game.tafel_game
    state = played(game, 7, seed=len(SETTINGS))
    for copied in (pyspiel.deserialize_game_and_state(
                       pyspiel.serialize_game_and_state(game, state))[1],
                   pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(copied.get_game()) == str(game)
        assert copied.history() == state.history()
        assert copied.tafel_state.code() == state.tafel_state.code()
        assert copied.legal_actions() == state.legal_actions()
        if not state.is_terminal():
            action = state.legal_actions()[-1]
            copied.apply_action(action)
            assert copied.history() == state.history() + [action]


@pytest.mark.parametrize("case", SETTINGS, ids=case_id)
def test_random_sim_test_every_setting(case):
    """OpenSpiel's own checks with serialisation on a game of every value of every setting."""
    pyspiel.random_sim_test(openspiel_game(*case), num_sims=1, serialize=True, verbose=False)


def test_unpickling_in_a_fresh_interpreter():
    """A pickled game and state load where nothing was registered yet."""
    game = pyspiel.load_game("python_tafel_black_path", {"size": "4x6", "start": "3,5,E"})
    state = played(game, 3, seed=1)
    data = pickle.dumps((game, state))
    code = ("import pickle, sys; game, state = pickle.loads(sys.stdin.buffer.read()); "
            "print(str(game)); print(state.history()); print(state.tafel_state.code())")
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True,
                         check=True).stdout.decode().splitlines()
    assert out == [str(game), str(state.history()), state.tafel_state.code()]


def test_action_to_string_honours_the_player():
    state = pyspiel.load_game("python_tafel_kauri").new_initial_state()
    assert state.action_to_string(0, 5) == "f"
    with pytest.raises(ValueError, match="player 1 is not to move"):
        state.action_to_string(1, 5)


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
    four = pyspiel.load_game("python_tafel_karls_race", {"players": 4})
    assert four.num_players() == 4
    assert pyspiel.load_game("python_tafel_karls_race(players=4)").num_players() == 4


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
