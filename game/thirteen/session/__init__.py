"""The game in progress as a player meets it: the session (deals, saves, statistics), shared
links and spoken announcements. May import the records, the advice and everything below."""
