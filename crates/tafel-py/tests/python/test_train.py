"""The training example of docs/python.md: sb3-contrib's MaskablePPO learns on a Tafel game
for a few thousand steps. Needs torch and sb3-contrib (requirements-train.txt), which
scripts/test-python installs with TAFEL_PY_TRAIN=1; skipped, saying so, without them."""

import os
import re

import pytest

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "docs", "python.md")


def training_example():
    """The Python block of docs/python.md that follows the marker comment."""
    text = open(DOC, encoding="utf-8").read()
    match = re.search(r"<!-- the training example -->\n```python\n(.*?)```", text, re.S)
    assert match, "docs/python.md has no training example"
    return match.group(1)


def test_maskable_ppo_example_trains():
    pytest.importorskip("sb3_contrib", reason="torch and sb3-contrib are not installed "
                        "(requirements-train.txt; TAFEL_PY_TRAIN=1 scripts/test-python)")
    namespace = {}
    exec(compile(training_example(), "docs/python.md", "exec"), namespace)
    model, mean_reward = namespace["model"], namespace["mean_reward"]
    assert model.num_timesteps >= 4096
    assert -1.0 <= mean_reward <= 1.0
