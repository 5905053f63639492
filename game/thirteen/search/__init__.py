"""Searching in budgets: time and node budgets, searches cut into slices, the search loop,
and the results a search returns. May import the core."""
