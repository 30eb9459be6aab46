"""Small stand-ins the benchmarks, examples and tests share (made here, never downloaded)."""
