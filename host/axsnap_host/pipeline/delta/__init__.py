"""Deltas: diff two snapshots of one channel, keep the bases per tab, shape delta replies,
and apply a delta (what clients do)."""
