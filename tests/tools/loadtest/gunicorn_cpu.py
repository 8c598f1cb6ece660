"""gunicorn hooks for `make loadtest`: the CPU each request takes in its worker thread, summed per kind.

The app servers' total CPU comes from /proc (servers.py). This splits what is spent inside requests by
what they were (a phone's poll, a deal post, a standings poll...), so that the figures say what
dominates. Only requests after the clock started count (the command then writes the file `clock`), not
the phones opening their pages. Each worker writes its sums when it exits; a worker killed with SIGKILL
writes none, so the split is complete only in a run without faults. The servers load it with
`-c python:tests.tools.loadtest.gunicorn_cpu`; the master and the workers import nothing of Django here.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

OUTPUT = "LOADTEST_CPU_DIR"
"""The environment variable naming the folder each worker writes its sums to (cpu-<pid>.json)."""
CLOCK = "clock"
"""The file in that folder that says the clock started."""

_sums: dict[str, tuple[int, float]] = {}
_lock = threading.Lock()
_local = threading.local()
_clock_started = False


def kind_of(method: str, path: str, query: str) -> str:
    """The load test's names for its requests (driver.py's Hit.kind), from the URL alone."""
    if path.startswith("/static/"):
        return "static"
    if path.endswith("/live/"):
        return "poll"
    if path.startswith("/t/"):
        if method == "POST" and path.endswith("/deals/"):
            return "deal"
        return "follow_up" if "state=" in query else "page"
    if path.endswith("/standings/"):
        return "standings"
    return "other"


def _counting() -> bool:
    global _clock_started
    if not _clock_started:
        folder = os.environ.get(OUTPUT)
        _clock_started = bool(folder) and Path(folder, CLOCK).exists()
    return _clock_started


def start_clock(folder: Path) -> None:
    """From now on the workers count (called by the command as the clock starts)."""
    Path(folder, CLOCK).touch()


def pre_request(worker: Any, req: Any) -> None:
    _local.started = time.thread_time() if _counting() else None


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """gthread runs both hooks and the request in the same thread: its CPU clock is the request's."""
    started = getattr(_local, "started", None)
    if started is None:
        return
    _local.started = None
    used = time.thread_time() - started
    kind = kind_of(req.method, req.path, req.query or "")
    with _lock:
        count, seconds = _sums.get(kind, (0, 0.0))
        _sums[kind] = (count + 1, seconds + used)


def worker_exit(server: Any, worker: Any) -> None:
    folder = os.environ.get(OUTPUT)
    if folder and _sums:
        with _lock:
            Path(folder, f"cpu-{os.getpid()}.json").write_text(json.dumps(_sums))


def read(folder: Path) -> dict[str, tuple[int, float]]:
    """Every worker's sums together: per kind, the requests and their CPU seconds."""
    total: dict[str, tuple[int, float]] = {}
    for file in folder.glob("cpu-*.json"):
        for kind, (count, seconds) in json.loads(file.read_text()).items():
            before = total.get(kind, (0, 0.0))
            total[kind] = (before[0] + count, before[1] + seconds)
    return total
