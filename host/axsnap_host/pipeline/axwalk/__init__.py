"""The accessibility tree of a whole-page read from the walk (ax_source "walk"): the walker's
rows as the flat tree (tree.py) and SnapshotV1's rows of it (rows.py)."""
