"""The language layer: how English, Korean and Chinese write what the product reads (numbers and their units)."""
