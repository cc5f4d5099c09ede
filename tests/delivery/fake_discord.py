"""An imitation of Discord's channel webhooks on 127.0.0.1: each webhook id answers as it is told (a 429 with
retry_after, a 5xx, a 404 for a deleted webhook), and keeps every message it was given."""

from __future__ import annotations

import itertools
import json
import threading
from collections import defaultdict, deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeDiscord:
    def __init__(self) -> None:
        self.received: dict[str, list[str]] = defaultdict(list)
        self.requests = 0
        self.script: dict[str, deque] = defaultdict(deque)
        self.deleted: set[str] = set()
        self._ids = itertools.count(1_200_000_000_000_000_001)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                fake.requests += 1
                parts = self.path.split("?")[0].strip("/").split("/")
                hook = parts[-2] if len(parts) >= 2 else ""
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                if hook in fake.deleted:
                    return self._answer(404, {"message": "Unknown Webhook", "code": 10015})
                if fake.script[hook]:
                    status, answer = fake.script[hook].popleft()
                    return self._answer(status, answer)
                if len(body.get("content", "")) > 2000:
                    return self._answer(400, {"message": "Must be 2000 or fewer in length."})
                fake.received[hook].append(body["content"])
                self._answer(200, {"id": str(next(fake._ids)), "content": body["content"]})

            def _answer(self, status: int, answer: dict) -> None:
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, hook: str) -> str:
        return f"http://127.0.0.1:{self.server.server_port}/api/webhooks/{hook}/tok-{hook}-SECRET"

    def __enter__(self) -> FakeDiscord:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
