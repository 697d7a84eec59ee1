"""The games' rule libraries as functions.

Cards are two-character texts (``AS``, ``0H`` for a ten, ``XJ`` for a Joker), as a list or one
space-separated string. A bad card raises :class:`parlour.CardError`; cards that break a rule
raise :class:`parlour.RuleError` with the library's reason::

    from parlour import rules

    rules.go_best_partition("2S 3S 4S KH KD")      # (score, groups)
    rules.phased_group_type("7H 7S 7D")            # 1: a set of three of one value
    rules.phased_find_phase("2S 2S 2H 7H 7S 7D", [1])

- Comp10001-Go: :func:`go_score_group`, :func:`go_score_partition`, :func:`go_best_partition`
  (the optimal partition parlour scores by).
- Phased Out: :func:`phased_group_type`, :func:`phased_phase_type`, :func:`phased_phase_plays`
  (every way to lay a phase, canonically), :func:`phased_find_phase`.
- Comp10001-Bo: :func:`bo_validate` (a play checked against a seat's observation).
"""

from ._parlour import (bo_validate, go_best_partition, go_score_group, go_score_partition,
                       phased_find_phase, phased_group_type, phased_phase_plays,
                       phased_phase_type)

__all__ = ["go_score_group", "go_score_partition", "go_best_partition", "phased_group_type",
           "phased_phase_type", "phased_phase_plays", "phased_find_phase", "bo_validate"]
