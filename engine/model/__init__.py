"""The lowest floor: what a pairing starts from and what it gives back, importing nothing else of the engine.

``tournament`` (players, history, settings), ``result`` and ``explain`` (a pairing
and its story), ``catalogue`` (what each system edition is: data the validator
reads without loading any pairing code), ``acceleration`` (the virtual points of
C.04.7 the pairing scores carry) and ``terms`` (the words of the rules the
pairing systems and the independent validator both use, as types only).
"""
