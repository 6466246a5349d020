"""What a tab keeps of its last whole-page read so the next computes only what changed."""
