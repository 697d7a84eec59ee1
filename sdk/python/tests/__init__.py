"""Tests for parlour_bot. Run from the repository root, without installing:

    python3 -m unittest discover -s sdk/python/tests -t sdk/python
"""

import os
import sys

_SDK = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _SDK not in sys.path:
    sys.path.insert(0, _SDK)
