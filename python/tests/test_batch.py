"""The batch API: many games stepped in Rust, deterministic whatever the thread count, checked
before anything moves."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from conftest import CASES, IDS


def random_tokens(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    noise = rng.random(masks.shape)
    return np.argmax(np.where(masks, noise, -1.0), axis=1).astype(np.int64)


def trajectory(game: parlour.Game, threads: int, steps: int) -> list:
    batch = game.batch(64, seed=9, threads=threads)
    rng = np.random.default_rng(0)
    out = [a.copy() for a in batch.reset(seed=9)]
    for _ in range(steps):
        arrays = batch.step(random_tokens(batch.masks, rng))
        out.extend(a.copy() for a in arrays)
    return out


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_a_batch_is_the_same_on_one_thread_or_two(name, options):
    game = parlour.game(name, **options)
    one, two = trajectory(game, 1, 120), trajectory(game, 2, 120)
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_batch_games_end_with_their_returns_and_are_dealt_anew(name, options):
    game = parlour.game(name, **options)
    batch = game.batch(16, seed=1)
    rng = np.random.default_rng(1)
    obs, masks, players, rewards, dones = batch.reset(seed=1)
    assert obs.shape == (16, game.observation_size) and masks.shape == (16, game.action_space)
    assert rewards.shape == (16, game.num_players) and not dones.any()
    ended = 0
    for _ in range(20000):
        batch.step(random_tokens(masks, rng))
        assert masks.any(axis=1).all() and (obs >= 0).all() and (obs <= 1).all()
        assert ((players >= 0) & (players < game.num_players)).all()
        assert (rewards[~dones] == 0).all()
        ended += int(dones.sum())
        if ended >= 20:
            break
    assert batch.finished == ended >= 20


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_batch_shows_what_a_state_shows(name, options):
    # Each batch game is the deal `new_state(seed)` gives, stepped token by token: its vector
    # and mask are that state's, through whole games and into the next deals.
    game = parlour.game(name, **options)
    batch = game.batch(3, seed=2)
    states = [game.new_state(s) for s in batch.seeds]
    rng = np.random.default_rng(2)
    restarted = 0
    for _ in range(400):
        for i, state in enumerate(states):
            seat = int(batch.players[i])
            assert seat == state.current_player
            np.testing.assert_array_equal(batch.observations[i], state.observation_tensor(seat))
            np.testing.assert_array_equal(batch.masks[i], state.legal_mask())
        tokens = random_tokens(batch.masks, rng)
        batch.step(tokens)
        for i, state in enumerate(states):
            state.apply_token(int(tokens[i]))
            if batch.dones[i]:
                assert state.is_terminal
                np.testing.assert_allclose(batch.rewards[i], state.returns(), rtol=1e-6)
                states[i] = game.new_state(batch.seeds[i])
                restarted += 1
            else:
                assert not state.is_terminal
    assert name not in ("uno", "go", "nim") or restarted > 0


def test_an_illegal_token_changes_no_game():
    game = parlour.game("uno")
    batch = game.batch(8, seed=3)
    before = [a.copy() for a in (batch.observations, batch.masks, batch.players)]
    tokens = random_tokens(batch.masks, np.random.default_rng(3))
    tokens[5] = int(np.flatnonzero(~batch.masks[5])[0])
    with pytest.raises(parlour.IllegalActionError, match="game 5"):
        batch.step(tokens)
    for a, b in zip(before, (batch.observations, batch.masks, batch.players)):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(parlour.ShapeError):
        batch.step(tokens[:3])
    tokens[5] = -1
    with pytest.raises(parlour.IllegalActionError):
        batch.step(tokens)
