"""The context policies a session can choose from; seed 000's 3-turn policy is the default."""

DEFAULT_POLICY = "seed000"

POLICIES = {
    DEFAULT_POLICY: "Seed 000 — summarize every 3 turns, keep all summaries",
}


def policy_or_default(name: str | None) -> str:
    """A known policy name; unknown or empty names fall back to the default."""
    return name if name in POLICIES else DEFAULT_POLICY
