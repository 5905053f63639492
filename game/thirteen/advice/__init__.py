"""Advice built on the games' solvers: solving a position, hints, winnable deals, verdicts
and difficulty grades. May import the core, the searches and the games."""
