"""Gymnasium environments: one seat of a parlour game against bots, registered as
``parlour/<game>-v0`` for every game (``uno``, ``go``, ``phased``, ``bo``, ``chexers``,
``nim``)::

    import gymnasium
    import parlour  # registers the environments

    env = gymnasium.make("parlour/uno-v0", opponents=["heuristic"] * 3)
    obs, info = env.reset(seed=0)
    done = False
    while not done:
        action = env.action_space.sample(mask=obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

The agent plays seat ``seat`` (default 0); the other seats are ``opponents``: built-in bot names
(``"random"``, ``"heuristic"``, ``"ismcts:iters=200"``) or Python bot objects (the
``parlour_bot`` kit's, or anything with ``act(observation, legal)``), one for each other seat in
seat order, or one name for all. By default each opponent is the game's heuristic (Chexers'
one-ply ``greedy``, Nim's ``perfect``). Each opponent's bot is seeded from the episode's seed.

The observation is a dict as in :mod:`parlour.pettingzoo`: ``observation`` (float32, what the
agent's seat may see) and ``action_mask`` (int8 over the action tokens). Pass the mask to
``action_space.sample(mask=...)`` for a random legal action. The reward is 0 until the game
ends, then the seat's return (``reward="returns"``) or +1/-1/0 for a win, a loss or a draw
(``reward="win"``). An illegal action ends the episode with ``illegal_reward`` (default -1) and
``info["illegal_move"] = True``; it never raises.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import parlour
from parlour._inprocess import Adapter

__all__ = ["ParlourEnv", "register"]


def _default_opponent(game: parlour.Game) -> str:
    """The game's own quick bot: its heuristic (Chexers' one-ply ``greedy``, Nim's ``perfect``)."""
    names = [name for name, _ in game.bots()]
    return next((n for n in ("heuristic", "greedy", "perfect") if n in names), "random")


class ParlourEnv(gymnasium.Env):
    """One seat of a parlour game against bots (see the module docs)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: str = "uno",
                 opponents: Optional[Union[str, Sequence[Any]]] = None, seat: int = 0,
                 render_mode: Optional[str] = None, reward: str = "returns",
                 illegal_reward: float = -1.0, **options: Any) -> None:
        super().__init__()
        self.game = parlour.game(game, **options)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise parlour.SeatError(f"no seat {seat} at a table of {n}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise parlour.OptionsError(f"render_mode {render_mode!r} is not one of "
                                       f"{self.metadata['render_modes']}")
        if reward not in ("returns", "win"):
            raise parlour.OptionsError(f"reward {reward!r} is not 'returns' or 'win'")
        if opponents is None:
            opponents = _default_opponent(self.game)
        if isinstance(opponents, str):
            opponents = [opponents] * (n - 1)
        opponents = list(opponents)
        if len(opponents) != n - 1:
            raise parlour.SeatError(f"{len(opponents)} opponents for the {n - 1} other seats")
        for o in opponents:
            if isinstance(o, str):
                self.game.bot(o, 0)  # a bad name fails here, not at the first reset
        self.opponent_specs = opponents
        self.seat = seat
        self.render_mode = render_mode
        self.reward_kind = reward
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.game.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.action_space,), np.int8),
        })
        self.action_space = spaces.Discrete(self.game.action_space)
        self.state: Optional[parlour.State] = None
        self._seats: Dict[int, Any] = {}

    def _obs(self) -> Dict[str, np.ndarray]:
        assert self.state is not None
        if self.state.current_player == self.seat:
            mask = self.state.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.action_space, dtype=np.int8)
        return {"observation": self.state.observation_tensor(self.seat), "action_mask": mask}

    def _reward(self) -> float:
        assert self.state is not None
        if self.reward_kind == "returns":
            return float(self.state.returns()[self.seat])
        winners = self.state.winners()
        if not winners:
            return 0.0
        return 1.0 if self.seat in winners else -1.0

    def _play_others(self) -> None:
        """Opponents act until the agent's seat is to act or the game is over."""
        state = self.state
        assert state is not None
        while not state.is_terminal and state.current_player != self.seat:
            seat = state.current_player
            p = self._seats[seat]
            if isinstance(p, parlour.Bot):
                action = p.act(state)
            else:
                legal = state.legal_actions()
                answer = p.act(state.observation(seat), legal)
                action = legal[answer] if isinstance(answer, int) else answer
            state.apply(action)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict] = None) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_state(deal)
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._seats = {}
        for s, spec in zip(others, self.opponent_specs):
            bot_seed = int(self.np_random.integers(0, 2**63 - 1))
            if isinstance(spec, str):
                self._seats[s] = self.game.bot(spec, bot_seed)
            else:
                a = Adapter(spec, self.game.name, self.game.options, self.game.num_players,
                            type(spec).__name__)
                a.start(s, bot_seed, 0)
                self._seats[s] = a
        self._play_others()
        return self._obs(), {"seat": self.seat}

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], float, bool, bool,
                                         Dict[str, Any]]:
        assert self.state is not None, "reset() first"
        if self.state.is_terminal:
            return self._obs(), 0.0, True, False, {"seat": self.seat}
        try:
            done = self.state.apply_token(int(action))
        except (parlour.ParlourError, TypeError, ValueError, OverflowError):
            return self._obs(), self.illegal_reward, True, False, {"seat": self.seat,
                                                                   "illegal_move": True}
        if done is not None:
            self._play_others()
        if self.render_mode == "human":
            self.render()
        if self.state.is_terminal:
            return self._obs(), self._reward(), True, False, {"seat": self.seat}
        return self._obs(), 0.0, False, False, {"seat": self.seat}

    def render(self) -> Optional[str]:
        if self.render_mode is None or self.state is None:
            return None
        text = self.state.describe(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> List[str]:
    """Registers ``parlour/<game>-v0`` for every game (done on ``import parlour``); returns the
    ids."""
    ids = []
    for info in parlour.games():
        env_id = f"parlour/{info['name']}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="parlour.gym:ParlourEnv",
                               kwargs={"game": info["name"]})
        ids.append(env_id)
    return ids


register()
