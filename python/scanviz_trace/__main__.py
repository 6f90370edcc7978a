"""`python3 -m scanviz_trace FILE...`: a one-line summary of each trace or bench report."""

import sys

from . import main

sys.exit(main(sys.argv[1:]))
