"""Shared pytest setup (kept minimal: subfolders add their own conftest files)."""

import os

# the game follows the desktop's language unless its settings choose one: the tests
# expect the English the code is written in, whatever the machine running them speaks
os.environ["LANGUAGE"] = "en"
