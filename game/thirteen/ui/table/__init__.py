"""The table: one game in play, cut by concern.

- :mod:`.scene`: :class:`~.scene.TableScene`, the scene that holds the table's view
  state and glues the parts together;
- :mod:`.controller`: the click model (selection, moves, undo and redo, auto-draw),
  which draws nothing, so tests drive it with plain calls;
- :mod:`.input`: presses, keys and the pointer turned into clicks and commands, and the
  keyboard focus; :mod:`.commands`: what the panel's buttons do;
- :mod:`.searches`: the hint, the "can this still be won?" indicator and the deal's
  difficulty, searched beside the game;
- :mod:`.paint` and :mod:`.panel`: drawing the table and its panel;
- :mod:`.places`: the spots by name; :mod:`.words`: what the table says.
"""
