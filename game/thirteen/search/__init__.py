"""Searching in budgets: time and node budgets, searches cut into slices, the search loop,
the results a search returns, and the one solver adapter each game's searches plug into.
May import the core."""
