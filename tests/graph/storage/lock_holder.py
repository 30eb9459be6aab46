"""Run in a separate process: hold a session's lock on a PostgreSQL database for a while, saying when."""

import sys
import time

from graph.storage.postgres import PostgresStorage


def main(url: str, session_id: str, seconds: float) -> None:
    """Print 'held' once the lock is taken and 'released' once it is given back."""
    storage = PostgresStorage.open(url)
    with storage.session_lock(session_id) as held:
        print("held" if held else "busy", flush=True)
        time.sleep(seconds)
    print("released", flush=True)
    storage.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], float(sys.argv[3]))
