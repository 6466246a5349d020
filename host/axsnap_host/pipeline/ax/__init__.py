"""The accessibility channel: flatten the AX trees of every frame, prune, redact, and build
SnapshotV1."""
