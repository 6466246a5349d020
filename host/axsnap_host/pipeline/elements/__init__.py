"""One element model: what a person sees of each control a read keeps (model.py)."""
