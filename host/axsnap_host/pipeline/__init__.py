"""Pipeline steps: one module per step (flatten, index, prune, redact, ...)."""
