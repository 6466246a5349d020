"""Pydantic models: wire messages, capture options, RawCapture and the outputs built from it."""
