"""The review screen: a match's decisions, the graph, opening a saved match."""
