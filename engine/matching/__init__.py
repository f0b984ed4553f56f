"""Graph matchings the pairing systems ask questions of: plain graphs and weights, no chess.

``perfect`` (maximum-weight perfect matching, built from ``stage`` and ``hints``),
``solver`` (the sparse matching over every player still to pair that the Dutch
and Burstein systems share) and ``cardinality`` (maximum matchings).
"""
