"""Games made up for the tests, each a folder as a real game is (its rules, its record and
its words), registered by the tests that play them and by nothing else."""
