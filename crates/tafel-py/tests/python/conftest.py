"""Shared helpers of the Python tests: the games and random walks through their positions."""

import random

import pytest

import tafel

GAMES = tafel.games()


# Values for the settings of free form (every choice of the others is tried): a default and
# another value each.
TEXT_VALUES = {
    ("black-path", "size"): ["8x8", "5x7", "1x9"],
    ("black-path", "start"): ["0,0,W", "0,3,N", "7,7,E"],
    ("carreaux", "ply-limit"): ["200", "0", "31"],
    ("kauri", "ply-limit"): ["0", "150"],
    ("quarx", "ply-limit"): ["1000", "0", "40"],
}


def every_setting():
    """(game name, settings as Tafel text) for every value of every setting of every game: the
    choices of each (with the setting they depend on), the free-form values of TEXT_VALUES;
    the others at their defaults. Black Path's start goes with a size it lies on."""
    cases = []
    for name in GAMES:
        for spec in tafel.load_game(name).setting_specs():
            key = spec["key"]
            values = spec["choices"] or TEXT_VALUES[(name, key)]
            for value in values:
                settings = {key: value}
                if spec["choices_by"]:
                    by, allowed = spec["choices_by"]
                    settings[by] = next(v for v, words in allowed.items() if value in words)
                if spec["applies_when"]:
                    settings.setdefault(*spec["applies_when"])
                if (name, key) == ("black-path", "size") and value != "8x8":
                    settings["start"] = "0,0,N"
                cases.append((name, settings))
    return cases


SETTINGS = every_setting()


def case_id(case):
    name, settings = case
    return name + ":" + ",".join(f"{k}={v}" for k, v in settings.items())


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
