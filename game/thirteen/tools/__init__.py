"""Developer tools, never shipped to the browser: benchmarks, odds, simulated players,
headless screenshots and their commands. May import every other layer."""
