"""``python -m swisstui.cli``: the command line, as the ``swisstui`` script runs it."""

import sys

from swisstui.cli import main

sys.exit(main())
