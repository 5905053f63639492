"""The core of every game: cards and their notation, deal numbers, moves, the Game base,
options, the record each game declares, the registry and the words. Imports nothing above it."""
