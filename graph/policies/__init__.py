"""The context policies a session can choose from; seed 000's 3-turn policy is the default."""

from graph.policies import every_three_turns, sliding_window, token_threshold, window_share
from graph.policies.base import ContextPolicy, PolicyInput
from state.session import RENAMED_POLICIES

DEFAULT_POLICY = every_three_turns.POLICY.name
_ALL = (every_three_turns.POLICY, token_threshold.POLICY, window_share.POLICY, sliding_window.POLICY)
REGISTRY: dict[str, ContextPolicy] = {policy.name: policy for policy in _ALL}
POLICIES = {name: policy.label for name, policy in REGISTRY.items()}
SEED_IDS = RENAMED_POLICIES  # the ids older sessions stored, named for the seed each policy comes from


def policy_or_default(name: str | None) -> str:
    """A known policy name (a seed id read from an older session becomes its policy's name); unknown or
    empty names fall back to the default."""
    name = SEED_IDS.get(name or "", name)
    return name if name in REGISTRY else DEFAULT_POLICY


def get_policy(name: str | None) -> ContextPolicy:
    """The policy object for a session's setting."""
    return REGISTRY[policy_or_default(name)]


__all__ = ["ContextPolicy", "PolicyInput", "POLICIES", "DEFAULT_POLICY", "SEED_IDS", "get_policy",
           "policy_or_default"]
