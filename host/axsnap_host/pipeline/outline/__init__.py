"""The hybrid outline: lines from the AX tree with XPath and URL maps, compact, budget,
elision."""
