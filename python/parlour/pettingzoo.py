"""PettingZoo AEC environments for every parlour game and variant.

::

    from parlour.pettingzoo import env

    e = env("phased", variant="bonus")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            mask = obs["action_mask"]
            action = int(e.np_random.choice(mask.nonzero()[0]))
        e.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seat order); the agent to act is the game's seat
to act, so turn order follows the rules (Uno's reverses and skips, say). Each agent observes a
dict, as PettingZoo's classic environments do: ``observation``, its float32 vector (only what
that seat may see; ``docs/encodings.md``), and ``action_mask``, an int8 mask over the game's
action tokens (all zero for an agent not to act). An action is one token; an action spelled in
several tokens (a Phased Out phase) takes several steps of the same agent, with no reward until
it is complete.

Rewards come at the end of a game: ``reward="returns"`` (the default) gives each seat its
return in the game's unit (Uno points, Chexers +1/0/-1, ...); ``reward="win"`` gives +1 to each
winner and -1 to every other seat (0 to all in a drawn game).

**An illegal action** (a token outside the mask, or no token at all) ends the episode, as
PettingZoo's classic environments do (their ``TerminateIllegalWrapper``): the agent that made it
gets ``illegal_reward`` (default -1), the others 0, and ``infos[agent]["illegal_move"]`` is
True. It never raises.

The environment is not wrapped: it enforces its own order (``reset`` before anything else) and
checks its own actions, so each step and each observation is one native call (PettingZoo's
wrappers would cost more than the game itself).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import parlour
from parlour._parlour import AecCore

__all__ = ["env", "raw_env"]


def env(game: str = "uno", **kwargs: Any) -> "raw_env":
    """The AEC environment of ``game`` (keyword arguments: ``render_mode``, ``reward``,
    ``illegal_reward``, and the game's options such as ``players`` or ``variant``)."""
    return raw_env(game, **kwargs)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the environment class
    """The AEC environment (see the module docs)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "parlour_v0",
                "is_parallelizable": False}

    def __init__(self, game: str = "uno", render_mode: Optional[str] = None,
                 reward: str = "returns", illegal_reward: float = -1.0, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise parlour.OptionsError(f"render_mode {render_mode!r} is not one of "
                                       f"{self.metadata['render_modes']}")
        self.game = parlour.game(game, **options)
        self.metadata = dict(self.metadata, name=f"parlour_{self.game.name}_v0")
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self._core = AecCore(self.game, self.possible_agents, reward, float(illegal_reward))
        self.agents = self.possible_agents[:]
        size, tokens = self.game.observation_size, self.game.action_space
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(tokens,), dtype=np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(tokens) for a in self.possible_agents}
        self.state: Optional[parlour.State] = None
        self.np_random, _ = seeding.np_random(None)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return self._core.observe(self._seat_of[agent])

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        return self._core.last(self._seat_of[self.agent_selection], observe, self.truncations)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        deal = int(self.np_random.integers(0, 2**63 - 1))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.state = self._core.reset(deal, self.rewards, self._cumulative_rewards,
                                      self.terminations, self.infos)
        self.agent_selection = self.possible_agents[self.state.current_player]

    def step(self, action: Any) -> None:
        seat = self._core.step(action)
        if seat < 0:  # the episode is over: PettingZoo's step of a finished agent
            self._was_dead_step(action)
            return
        self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None or self.state is None:
            return None
        seat = self.state.current_player
        text = (self.state.describe(seat) if seat is not None
                else f"game over: returns {self.state.returns()}")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
