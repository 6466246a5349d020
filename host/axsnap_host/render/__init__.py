"""Renderers: one module per output built from the pipeline."""
