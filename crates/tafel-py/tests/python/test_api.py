"""The OpenSpiel-shaped per-state API, for every game."""

import copy
import math
import pickle

import numpy as np
import pytest

import tafel
from conftest import GAMES, SETTINGS, case_id, random_positions


def test_games_lists_all_six():
    assert tafel.games() == ["black-path", "karls-race", "carreaux", "kauri", "quarx", "einstein"]


def test_game_facts(game):
    assert game.num_players() in (2, 4)
    assert game.num_distinct_actions() > 0
    assert game.max_chance_outcomes() >= 0
    assert game.max_game_length() is None or game.max_game_length() > 0
    shape = game.observation_tensor_shape()
    assert game.observation_tensor_size() == math.prod(shape)
    assert game.settings()  # every game has settings, all listed
    assert repr(game).startswith(f'tafel.load_game("{game.name}"')


def test_every_position_of_random_games(game):
    """Action/move round trips over every legal move, masks, observations, chance
    probabilities, codes and copies at every position of a few random games."""
    shape = tuple(game.observation_tensor_shape())
    positions = 0
    for state in random_positions(game, games=3, seed=34):
        positions += 1
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        player = state.current_player()
        if state.is_terminal():
            assert player == tafel.TERMINAL_PLAYER and legal == []
            returns = state.returns()
            assert len(returns) == game.num_players()
            assert all(r in (-1.0, 0.0, 1.0) for r in returns)
            assert sum(returns) == 0.0
            assert state.result() != "*"
        elif state.is_chance_node():
            assert player == tafel.CHANCE_PLAYER
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == legal
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(a < game.max_chance_outcomes() for a in legal)
        else:
            assert 0 <= player < game.num_players()
            assert state.chance_outcomes() == ()
            assert all(a < game.num_distinct_actions() for a in legal)
            assert state.legal_actions(1 - player if player < 2 else 0) == []
        mask = state.legal_actions_mask()
        assert mask.dtype == np.bool_ and list(np.flatnonzero(mask)) == legal
        for action in legal:
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action
            assert state.action_to_string(player, action) == text
            assert state.string_to_action(player, text) == action
        observation = state.observation_tensor()
        assert observation.dtype == np.float32 and observation.shape == shape
        assert np.array_equal(observation, state.observation_tensor(0))
        assert state.observation_string().startswith(str(state))
        again = game.state_from_code(state.code())
        assert again.code() == state.code()
        assert again.legal_actions() == legal
    assert positions > 10


def test_copies_are_independent_and_pickles_restore(game):
    state = game.new_initial_state()
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])
    for copied in (state.clone(), copy.copy(state), copy.deepcopy(state),
                   pickle.loads(pickle.dumps(state))):
        assert copied.code() == state.code()
        assert copied.history() == state.history()
        if not copied.is_terminal():
            copied.apply_action(copied.legal_actions()[0])
            assert copied.history() != state.history()
    assert pickle.loads(pickle.dumps(game)) == game


def test_settings_as_keyword_arguments():
    old = tafel.load_game("kauri", tiebreak="old")
    assert old.settings()["tiebreak"] == "old"
    assert old != tafel.load_game("kauri")
    four = tafel.load_game("karls-race", players=4)
    assert four.num_players() == 4
    assert four.new_initial_state().returns() == [0.0] * 4


def test_kauri_start_matches_the_registry_example():
    state = tafel.load_game("kauri", tiebreak="old").new_initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == list("abcdef")
    state.apply_action(state.string_to_action("f"))
    assert state.code() == "A/5+1,5+1,5+1,5+1,5+1,0+0/6+1,6+1,6+1,6+1,6+1,5+2/0,0"
    assert state.perft(2) == 32
    assert state.history() == [5]


def test_random_playouts_and_perft(game):
    stats = game.new_initial_state().random_playouts(5, seed=3)
    assert stats["games"] == 5 and stats["plies"] > 0
    assert sum(stats["wins"]) + stats["draws"] >= 5 - 0  # a team win counts for each member
    assert stats == game.new_initial_state().random_playouts(5, seed=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.perft(1) == len(state.legal_actions())


def test_quarx_multiple_capture_is_one_action():
    """Quarx captures of several jumps are one action whose notation lists every landing."""
    game = tafel.load_game("quarx")
    for state in random_positions(game, games=6, seed=5, limit=300):
        for action in state.legal_actions():
            text = state.action_to_string(action)
            if text.count("x") >= 2:
                after = state.clone()
                after.apply_action(action)
                assert after.current_player() != state.current_player() or after.is_terminal()
                return
    pytest.fail("no multiple capture in the random games")


# Where each game's observation says whose turn it is (docs/python.md's layouts): the part of
# the flattened tensor for each seat.
def to_move_parts(game, observation):
    flat = observation.ravel()
    players = game.num_players()
    if game.name == "karls-race":
        return [flat[-players + seat:][:1] for seat in range(players)]
    if game.name == "kauri":
        return [flat[26:27], flat[27:28]]
    first = {"einstein": 18}.get(game.name, 4)
    planes = observation.reshape(observation.shape[0], -1)
    return [planes[first], planes[first + 1]]


def test_to_move_planes(game):
    """The "to move" part is all ones for the seat to move and zero for the others, and zero
    for every seat once the game is over (the ends of random games of every game)."""
    endings = 0
    for state in random_positions(game, games=6, seed=8):
        parts = to_move_parts(game, state.observation_tensor())
        if state.is_terminal():
            endings += 1
            assert all(not part.any() for part in parts), state.code()
        elif not state.is_chance_node():
            for seat, part in enumerate(parts):
                assert (part == (seat == state.current_player())).all(), state.code()
    assert endings > 0


def test_action_to_string_honours_the_player():
    state = tafel.load_game("kauri").new_initial_state()
    assert state.action_to_string(0, 5) == "f"
    with pytest.raises(ValueError, match="player 1 is not to move: player 0 is"):
        state.action_to_string(1, 5)
    with pytest.raises(ValueError, match="player 1 is not to move"):
        state.string_to_action(1, "f")
    with pytest.raises(ValueError, match="player -1 is not to move"):
        state.action_to_string(-1, 5)
    dice = tafel.load_game("karls-race").new_initial_state()
    assert dice.is_chance_node() and dice.action_to_string(-1, 0) == "1"
    with pytest.raises(ValueError, match="chance \\(-1\\) acts here"):
        dice.action_to_string(0, 0)


def remembers(name, settings):
    """Whether the rules of `name` with `settings` remember earlier positions (repetition
    bans): Quarx, and Carreaux under `rule=free`."""
    return name == "quarx" or (name == "carreaux" and settings.get("rule") == "free")


@pytest.mark.parametrize("case", SETTINGS, ids=case_id)
def test_codes_are_whole_states(case):
    """For every value of every setting of every game: at every position of random games, a
    state read back from its code has the same seat to move, legal actions, returns and
    observation, and plays the game's next action into the same position (so, position by
    position, it plays on as the game it came from); where the rules remember earlier
    positions, some positions of the games do."""
    name, settings = case
    game = tafel.load_game(name, **settings)
    games = 12 if remembers(name, settings) else 6
    positions = list(random_positions(game, games=games, seed=49, limit=300))
    remembering = 0
    for state, following in zip(positions, positions[1:]):
        again = game.state_from_code(state.code())
        assert again.code() == state.code()
        assert again.current_player() == state.current_player(), state.code()
        assert again.legal_actions() == state.legal_actions(), state.code()
        assert again.returns() == state.returns(), state.code()
        assert np.array_equal(again.observation_tensor(), state.observation_tensor())
        remembering += state.code().count(",") > 0 and remembers(name, settings)
        if following.history()[:-1] == state.history():
            again.apply_action(following.history()[-1])
            assert again.code() == following.code(), state.code()
            assert again.legal_actions() == following.legal_actions(), state.code()
    # Quarx's games stopped at 40 plies end before any king slides.
    if remembers(name, settings) and settings != {"ply-limit": "40"}:
        assert remembering > 0


def test_observation_from_a_seat():
    """`observation_tensor(view=...)`: the seat's own blocks first (EinStein: White's six cube
    planes, then Black's), `"mover"` the seat to move's; no mover at a chance node."""
    game = tafel.load_game("einstein")
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="no seat is to move"):
        state.observation_tensor(view="mover")
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    absolute = state.observation_tensor()
    black = state.observation_tensor(view=1)
    assert np.array_equal(black[:6], absolute[6:12]) and np.array_equal(black[6:12], absolute[:6])
    assert np.array_equal(black[12:], absolute[12:])
    assert np.array_equal(state.observation_tensor(view=0), absolute)
    assert np.array_equal(state.observation_tensor(view="mover"),
                          state.observation_tensor(view=state.current_player()))
    assert np.array_equal(state.observation_tensor(view="absolute"), absolute)
    with pytest.raises(ValueError, match="seat"):
        state.observation_tensor(view=2)
    with pytest.raises(ValueError, match="absolute"):
        state.observation_tensor(view="black")
