"""One clamp for every number a person sets: within its bounds, the default when unreadable."""

import math


def clamp(value: object, low: float, high: float, default: float) -> float:
    """`value` as a number between `low` and `high`; `default` when it is not a number."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    return default if math.isnan(number) else min(high, max(low, number))
