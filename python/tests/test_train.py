"""The training example learns: a tabular Q-learner beats the random bot at Nim far more often
than a random agent does."""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))
from train_nim import train  # noqa: E402


def test_q_learning_beats_random_at_nim():
    before, after = train(episodes=2000, seed=1)
    assert 0.2 < before < 0.8, before
    assert after > before + 0.25 and after > 0.8, (before, after)
