"""The compression rate's bounds and default, in one place for the engine and the UI."""

from state.bounds import clamp

MIN_COMPRESSION_RATE = 0.1
MAX_COMPRESSION_RATE = 0.5
DEFAULT_COMPRESSION_RATE = 0.3
COMPRESSION_RATE_STEP = 0.05


def clamp_rate(rate: object) -> float:
    """A usable compression rate whatever was given: 0.1 to 0.5, the default when unreadable."""
    return clamp(rate, MIN_COMPRESSION_RATE, MAX_COMPRESSION_RATE, DEFAULT_COMPRESSION_RATE)
