"""swisstui's pairing engine: pure Python, no user interface, no file formats but TRF text.

Usable on its own::

    from engine import trf
    from engine.systems import pair
    tournament = trf.loads(text).tournament
    result = pair(tournament)
"""

__all__ = ["__version__"]
__version__ = "0.1.0"
