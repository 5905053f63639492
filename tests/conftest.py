"""Shared pytest setup (kept minimal: subfolders add their own conftest files)."""
