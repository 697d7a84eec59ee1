"""Trains a tabular Q-learning agent at Nim against the random bot through the Gymnasium
environment, then compares its win rate with a random agent's::

    python python/examples/train_nim.py [--episodes 3000] [--seed 0]

The table is keyed by the observation vector itself (Nim's is small), and only legal tokens are
ever chosen (the mask). Prints the win rates before and after training.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Dict, Tuple

import gymnasium
import numpy as np

import parlour  # noqa: F401  (registers parlour/<game>-v0)


def play(env: gymnasium.Env, q: Dict[bytes, np.ndarray], rng: np.random.Generator,
         epsilon: float, alpha: float, learn: bool, seed: int) -> float:
    """One episode; returns the final reward (+1 win, -1 loss)."""
    obs, _ = env.reset(seed=seed)
    n = env.action_space.n
    done, reward = False, 0.0
    while not done:
        key = obs["observation"].tobytes()
        legal = np.flatnonzero(obs["action_mask"])
        values = q.setdefault(key, np.zeros(n))
        if rng.random() < epsilon:
            action = int(rng.choice(legal))
        else:
            action = int(legal[np.argmax(values[legal])])
        obs, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
        if learn:
            if done:
                target = reward
            else:
                nxt = q.setdefault(obs["observation"].tobytes(), np.zeros(n))
                legal_next = np.flatnonzero(obs["action_mask"])
                # The opponent has moved: the value of our next decision, discounted slightly.
                target = 0.99 * float(nxt[legal_next].max()) if len(legal_next) else 0.0
            values[action] += alpha * (target - values[action])
    return float(reward)


def win_rate(env: gymnasium.Env, q: Dict[bytes, np.ndarray], games: int, seed: int,
             greedy: bool) -> float:
    rng = np.random.default_rng(seed)
    wins = sum(play(env, q, rng, 0.0 if greedy else 1.0, 0.0, False, seed + i) > 0
               for i in range(games))
    return wins / games


def train(episodes: int, seed: int) -> Tuple[float, float]:
    """Returns (random agent's win rate, trained agent's win rate) against the random bot."""
    env = gymnasium.make("parlour/nim-v0", opponents="random", reward="win")
    q: Dict[bytes, np.ndarray] = defaultdict(lambda: np.zeros(env.action_space.n))
    q = dict(q)
    before = win_rate(env, q, 400, 10_000, greedy=False)
    rng = np.random.default_rng(seed)
    for i in range(episodes):
        epsilon = max(0.05, 1.0 - i / (0.7 * episodes))
        play(env, q, rng, epsilon, 0.2, True, seed * 1_000_003 + i)
    after = win_rate(env, q, 400, 20_000, greedy=True)
    return before, after


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--episodes", type=int, default=3000)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    before, after = train(a.episodes, a.seed)
    print(f"win rate against random: {before:.1%} playing at random, {after:.1%} after "
          f"{a.episodes} episodes of Q-learning")


if __name__ == "__main__":
    main()
