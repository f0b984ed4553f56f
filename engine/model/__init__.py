"""The lowest floor: what a pairing starts from and what it gives back, importing nothing else of the engine.

``tournament`` (players, history, settings), ``result`` and ``explain`` (a pairing
and its story), ``catalogue`` (what each system edition is: data the validator
reads without loading any pairing code), ``acceleration`` (the virtual points of
C.04.7 the pairing scores carry) and ``terms`` (the words of the rules the
pairing systems and the independent validator both use, as types only).
``registration`` defines a player's registration fields once, for the engine's
``Player`` and the application's record alike. ``units``, ``matches`` and ``match_rounds`` hold the formats that pair units (a player
or a team) into matches of one or more games: a result per game, a match's score from
its games, and the shape every round of matches has; the individual case is the
one-game match between one-player units.
"""
