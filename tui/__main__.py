"""``python -m tui``: the same as the ``redemption`` command."""

import sys

from tui.cli import main

sys.exit(main())
