"""What an event's results give out once its rounds are played: standings, categories, prizes, rating figures.

Beside the pairing: nothing here pairs or is used to pair. It stands on the
tie-breaks (``standings`` orders by them, ``ratings`` uses their rating
averages) and the model; the TRF writer and the application read it.
"""
