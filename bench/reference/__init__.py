"""Reference set of interactive elements, computed independently of every tool under test."""
