"""Shared pieces of the scripts that set Tafel against OpenSpiel: one module per game pair
(the translation of moves, seats and positions), and `venv.sh`, the private environment."""
