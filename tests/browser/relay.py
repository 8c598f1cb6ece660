"""A TCP relay between the browser and the live server, which a test cuts as a phone loses its network.

Chromium's offline emulation alone lets some requests through (a service worker, a page already
loading), so the offline tests also cut the wire itself: while cut, every connection is closed at once,
new ones are refused (counted), and nothing sent meanwhile is passed on (counted too).
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading


class Relay:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.cut = threading.Event()
        self.closed = False
        self.refused_while_cut = 0
        self.held_back = 0  # bytes the browser sent while cut: never passed on
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def go_offline(self) -> None:
        """The phone's network is gone: what is open breaks, nothing new gets through."""
        self.cut.set()
        with self._lock:
            for conn in list(self._open):
                _reset(conn)
            self._open.clear()

    def go_online(self) -> None:
        self.cut.clear()

    def close(self) -> None:
        self.closed = True
        self.go_offline()
        self.listener.close()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.cut.is_set():
                self.refused_while_cut += 1
                _reset(client)
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                _reset(client)
                continue
            with self._lock:
                self._open.update((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if self.cut.is_set():
                    self.held_back += len(data)
                    break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for conn in (source, sink):
                with self._lock:
                    self._open.discard(conn)
                _reset(conn)


def _reset(conn: socket.socket) -> None:
    """Close with a reset, as a dropped network does, not a polite goodbye."""
    with contextlib.suppress(OSError):
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with contextlib.suppress(OSError):
        conn.close()
