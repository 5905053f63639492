"""The pygame interface: scenes, card drawing, geometry, sound and animation.

Everything here is a function of the engine's state plus a little view state
(selection, focus, animations, hint), so the engine stays the only authority
on what is legal.
"""

WIDTH, HEIGHT = 1280, 720
"""The fixed logical canvas; the page (or the desktop window) scales it."""
