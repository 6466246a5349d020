"""The tools axsnap is compared with, and how each is driven and read (bench/compare.py)."""
