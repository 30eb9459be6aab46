"""The compression rate's bounds and default, in one place for the engine and the UI."""

import math

MIN_COMPRESSION_RATE = 0.1
MAX_COMPRESSION_RATE = 0.5
DEFAULT_COMPRESSION_RATE = 0.3
COMPRESSION_RATE_STEP = 0.05


def clamp_rate(rate: object) -> float:
    """A usable compression rate whatever was given: 0.1 to 0.5, the default when unreadable."""
    try:
        value = float(rate)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT_COMPRESSION_RATE
    if math.isnan(value):
        return DEFAULT_COMPRESSION_RATE
    return min(MAX_COMPRESSION_RATE, max(MIN_COMPRESSION_RATE, value))
