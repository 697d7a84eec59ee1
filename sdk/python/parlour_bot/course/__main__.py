"""``python3 -m parlour_bot.course GAME FILE``: see :mod:`parlour_bot.course`."""

import sys

from . import main

sys.exit(main())
