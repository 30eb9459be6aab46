"""`python -m graph chat [--session ID]`: the terminal chat on the session API."""

import sys

from graph.terminal import main

if __name__ == "__main__":
    sys.exit(main())
