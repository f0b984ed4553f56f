"""What the screens show, as data and text: table cells, pairing cards, the explained trace, findings.

Nothing here is a widget and nothing imports Textual (Rich text at most): screens put
these rows and texts into their widgets. Numbers of points are written by
:func:`engine.model.explain.points_text`, the one formatter the engine's explanations use too.
"""
