"""The screens around the table, one module each: start, help, statistics, settings,
the end of a game and text entry, on the base and pieces in :mod:`.menu`."""
