"""The site on this machine, as the browser tests (conftest.py) and bench/web.py open it:
web/dist served by Python's static server on 127.0.0.1, and the flags Debian's Chromium
runs headless with (no network of its own: no QUIC, updates, sync or background calls)."""

import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.request import urlopen

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(root: Path):
    """Starts a static server on ``root`` at a free port and waits (up to about 5 s) for
    it to answer; returns the server's process (to terminate) and its URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(root)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urlopen(url, timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    return server, url
