"""What the player keeps: storage (the browser's localStorage or SQLite on the desktop) and
the profile built on it (statistics, high scores, settings, the saved game). May import
the layers below."""
