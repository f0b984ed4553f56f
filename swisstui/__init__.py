"""swisstui: run a Swiss-system chess tournament from the terminal."""

__version__ = "0.1.0"
