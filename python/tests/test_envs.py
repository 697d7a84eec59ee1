"""The PettingZoo and Gymnasium environments: the libraries' own checkers for every game and
variant, illegal actions, opponents, and what each agent is shown."""

from __future__ import annotations

import contextlib
import io

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import parlour
from parlour.pettingzoo import env as aec_env
from conftest import CASES, IDS


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_pettingzoo_api_test_passes(name, options):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        api_test(aec_env(name, **options), num_cycles=400)
    assert "Passed API test" in out.getvalue()


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_gymnasium_check_env_passes(name, options):
    env = gymnasium.make(f"parlour/{name}-v0", **options)
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("name", ["uno", "go", "phased", "bo", "chexers", "nim"])
def test_a_gymnasium_episode_ends_with_the_seats_return(name):
    env = gymnasium.make(f"parlour/{name}-v0", opponents="random")
    obs, _ = env.reset(seed=3)
    total, done, steps = 0.0, False, 0
    while not done:
        action = env.action_space.sample(mask=obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
        steps += 1
    state = env.unwrapped.state
    assert state.is_terminal and total == state.returns()[0]
    assert "illegal_move" not in info


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_an_illegal_action_ends_the_episode_with_the_penalty(name, options):
    e = aec_env(name, **options)
    e.reset(seed=1)
    # Legal steps until some token is illegal (at most decisions all of whose tokens are legal).
    for _ in range(200):
        obs, *_ = e.last()
        if not obs["action_mask"].all():
            break
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0
    assert all(r == 0 for a, r in e.rewards.items() if a != agent)
    assert e.infos[agent]["illegal_move"] is True
    # Gymnasium: the same, and never an exception, even for a token out of range.
    env = gymnasium.make(f"parlour/{name}-v0", illegal_reward=-5.0, **options)
    obs, _ = env.reset(seed=2)
    bad_tokens = [10**9, -1]
    if not obs["action_mask"].all():
        bad_tokens.append(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    for bad in bad_tokens:
        env.reset(seed=2)
        _, reward, terminated, _, info = env.step(bad)
        assert (reward, terminated, info["illegal_move"]) == (-5.0, True, True)


def test_a_compound_action_takes_several_steps_of_the_same_agent():
    e = aec_env("phased")
    e.reset(seed=4)
    state = e.unwrapped.state
    # Play until some seat can lay a phase, then spell it.
    rng = np.random.default_rng(4)
    for _ in range(3000):
        lays = [a for a in state.legal_actions() if a.startswith("lay ")]
        if lays:
            break
        obs, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    else:
        pytest.fail("no phase could be laid in 3000 steps")
    agent = e.agent_selection
    tokens = state.action_tokens(lays[0])
    assert len(tokens) > 1
    shown = [e.last()[0]["observation"].copy()]
    for t in tokens[:-1]:
        e.step(t)
        assert e.agent_selection == agent and state.pending
        obs, reward, *_ = e.last()
        assert obs["action_mask"].any() and reward == 0
        shown.append(obs["observation"].copy())
    # Each token chosen shows in the agent's vector.
    assert all((a != b).any() for a, b in zip(shown, shown[1:]))
    e.step(tokens[-1])
    assert state.history[-1] == lays[0] and not state.pending


def test_an_agent_not_to_act_sees_no_legal_actions_and_only_its_own_view():
    e = aec_env("go")
    e.reset(seed=5)
    raw = e.unwrapped
    acting = e.agent_selection
    for agent in raw.possible_agents:
        obs = raw.observe(agent)
        assert obs["action_mask"].any() == (agent == acting)
        seat = raw.possible_agents.index(agent)
        np.testing.assert_array_equal(obs["observation"],
                                      raw.state.resample(seat, 7).observation_tensor(seat))


def test_opponents_are_built_in_bots_or_python_bots():
    class First:
        def act(self, observation, legal):
            return 0

    env = gymnasium.make("parlour/uno-v0", opponents=["ismcts:iters=10", First(), "random"])
    obs, _ = env.reset(seed=6)
    done = False
    while not done:
        obs, reward, terminated, truncated, _ = env.step(
            env.action_space.sample(mask=obs["action_mask"]))
        done = terminated or truncated
    # The episode ran to the end of the round with every seat answering legally: nobody was
    # penalised, and the agent's reward is its points (never negative in Uno).
    assert terminated and not truncated
    assert env.unwrapped.state.is_terminal and reward >= 0
    state = env.unwrapped.state
    assert sum(1 for r in state.returns() if r > 0) <= 1
    with pytest.raises(parlour.BotError):
        gymnasium.make("parlour/uno-v0", opponents="grandmaster")
    with pytest.raises(parlour.SeatError):
        gymnasium.make("parlour/uno-v0", opponents=["random"])


def test_every_game_is_registered():
    for info in parlour.games():
        assert f"parlour/{info['name']}-v0" in gymnasium.registry


def test_the_default_opponents_are_each_games_heuristic():
    expected = {"uno": "heuristic", "go": "heuristic", "phased": "heuristic", "bo": "heuristic",
                "chexers": "greedy", "nim": "perfect"}
    for name, bot in expected.items():
        env = gymnasium.make(f"parlour/{name}-v0")
        assert env.unwrapped.opponent_specs == [bot] * (env.unwrapped.game.num_players - 1)
