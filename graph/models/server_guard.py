"""Runs a model server that ends with the process that started it, however that process ends (a supervisor's
SIGTERM, `timeout`, kill -9, a crash): the server's own process group is ended as soon as its parent is gone.

    python server_guard.py PARENT_PID -m llama_cpp.server --model ...

Started as a file (not a module of the package), so it works from any working directory.
"""

import os
import runpy
import signal
import sys
import threading
import time

POLL_SECONDS = 0.5


def parent_gone(parent_pid: int) -> bool:
    """Whether the starting process has ended (its children are then handed to another parent)."""
    return os.getppid() != parent_pid


def watch(parent_pid: int) -> None:
    """End this process group once the parent is gone: the server, and anything it started."""
    while not parent_gone(parent_pid):
        time.sleep(POLL_SECONDS)
    try:
        os.killpg(os.getpgrp(), signal.SIGTERM)
    finally:
        os._exit(0)


def main(argv: list[str]) -> None:
    """Watch the parent in a thread, then run the module named after -m with the remaining arguments."""
    parent_pid, flag, module, *arguments = argv
    if flag != "-m":
        raise SystemExit("usage: server_guard.py PARENT_PID -m MODULE [ARGUMENTS...]")
    threading.Thread(target=watch, args=(int(parent_pid),), daemon=True, name="parent-watch").start()
    sys.argv = [module, *arguments]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
