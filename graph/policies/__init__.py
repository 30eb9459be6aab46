"""The context policies a session can choose from; seed 000's 3-turn policy is the default."""

from graph.policies import seed000, seed001, seed002, seed003
from graph.policies.base import ContextPolicy, PolicyInput

DEFAULT_POLICY = seed000.POLICY.name
REGISTRY: dict[str, ContextPolicy] = {p.name: p for p in (seed000.POLICY, seed001.POLICY, seed002.POLICY, seed003.POLICY)}
POLICIES = {name: policy.label for name, policy in REGISTRY.items()}


def policy_or_default(name: str | None) -> str:
    """A known policy name; unknown or empty names fall back to the default."""
    return name if name in REGISTRY else DEFAULT_POLICY


def get_policy(name: str | None) -> ContextPolicy:
    """The policy object for a session's setting."""
    return REGISTRY[policy_or_default(name)]


__all__ = ["ContextPolicy", "PolicyInput", "POLICIES", "DEFAULT_POLICY", "get_policy", "policy_or_default"]
