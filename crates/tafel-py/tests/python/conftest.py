"""Shared helpers of the Python tests: the games and random walks through their positions."""

import random

import pytest

import tafel

GAMES = tafel.games()


def random_positions(game, games, seed, limit=400):
    """The positions of `games` uniformly random games of `game` (at most `limit` actions each,
    chance by its probabilities), start and end included."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        yield state.clone()
        for _ in range(limit):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, weights)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            yield state.clone()


@pytest.fixture(params=GAMES)
def game(request):
    """Every game with its default settings."""
    return tafel.load_game(request.param)
