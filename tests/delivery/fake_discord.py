"""An imitation of Discord's channel webhooks on 127.0.0.1: each webhook id answers as it is told (a 429 with
retry_after, a 5xx, a 404 for a deleted webhook, an answer held back for some seconds), keeps every message it
was given (and the thread it went to), and keeps Discord's rate limit: `limit` posts per webhook in every
`window` seconds of `clock`, told in X-RateLimit-* headers, and a 429 beyond it."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


class FakeClock:
    """Seconds that pass only when hostkit sleeps: stands in for time.monotonic and time.sleep."""

    def __init__(self) -> None:
        self.seconds = 1000.0
        self.slept: list[float] = []

    def now(self) -> float:
        return self.seconds

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0 and seconds == seconds, seconds
        self.slept.append(seconds)
        self.seconds += seconds


class FakeDiscord:
    def __init__(self, clock: Callable[[], float] = time.monotonic, limit: int = 5, window: float = 2.0) -> None:
        self.received: dict[str, list[str]] = defaultdict(list)
        self.threads: dict[str, list[str]] = defaultdict(list)
        """The thread_id each message went to ("" for the channel itself)."""
        self.user_agents: list[str] = []
        self.requests = 0
        self.rate_limited = 0
        self.script: dict[str, deque] = defaultdict(deque)
        self.deleted: set[str] = set()
        self.forums: set[str] = set()
        self.slow: dict[str, float] = {}
        """Seconds (real) a webhook holds its answer back, after keeping the message."""
        self.on_post: Callable[[str], None] | None = None
        """Called with the webhook id of each message kept, before it is answered."""
        self.clock, self.limit, self.window = clock, limit, window
        self._buckets: dict[str, tuple[int, float]] = {}
        self._ids = itertools.count(1_200_000_000_000_000_001)
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                address = urlsplit(self.path)
                parts = address.path.strip("/").split("/")
                hook = parts[-2] if len(parts) >= 2 else ""
                thread = parse_qs(address.query).get("thread_id", [""])[0]
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                with fake._lock:
                    fake.requests += 1
                    fake.user_agents.append(self.headers.get("User-Agent", ""))
                    if hook in fake.deleted:
                        return self._answer(404, {"message": "Unknown Webhook", "code": 10015})
                    if fake.script[hook]:
                        status, answer, *headers = fake.script[hook].popleft()
                        return self._answer(status, answer, headers[0] if headers else {})
                    limits = fake._room(hook)
                    if limits is None:
                        fake.rate_limited += 1
                        left = fake._buckets[hook][1] - fake.clock()
                        answer = {"message": "You are being rate limited.", "retry_after": left, "global": False}
                        return self._answer(429, answer, {"X-RateLimit-Scope": "user", **fake._headers(hook)})
                    if hook in fake.forums and not thread:
                        return self._answer(
                            400,
                            {
                                "message": "Webhooks posted to forum channels must have a thread_name or thread_id",
                                "code": 220001,
                            },
                            limits,
                        )
                    if len(body.get("content", "")) > 2000:
                        return self._answer(400, {"message": "Must be 2000 or fewer in length."}, limits)
                    fake.received[hook].append(body["content"])
                    fake.threads[hook].append(thread)
                    answer = {"id": str(next(fake._ids)), "content": body["content"]}
                if fake.on_post is not None:
                    fake.on_post(hook)
                if hook in fake.slow:
                    time.sleep(fake.slow[hook])
                self._answer(200, answer, limits)

            def _answer(self, status: int, answer: dict | None, headers: dict | None = None) -> None:
                data = b"" if answer is None else json.dumps(answer).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in (headers or {}).items():
                        self.send_header(name, str(value))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # hostkit stopped waiting
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)

    def _room(self, hook: str) -> dict | None:
        """Take one post from the webhook's bucket: its headers, or None when it has no room (a 429)."""
        now = self.clock()
        left, reset_at = self._buckets.get(hook, (self.limit, now + self.window))
        if now >= reset_at:
            left, reset_at = self.limit, now + self.window
        if left <= 0:
            self._buckets[hook] = (left, reset_at)
            return None
        self._buckets[hook] = (left - 1, reset_at)
        return self._headers(hook)

    def _headers(self, hook: str) -> dict:
        left, reset_at = self._buckets[hook]
        return {
            "X-RateLimit-Limit": self.limit,
            "X-RateLimit-Remaining": left,
            "X-RateLimit-Reset-After": f"{max(0.0, reset_at - self.clock()):.3f}",
            "X-RateLimit-Bucket": f"bucket-{hook}",
        }

    def url(self, hook: str, thread: str = "") -> str:
        query = f"?thread_id={thread}" if thread else ""
        return f"http://127.0.0.1:{self.server.server_port}/api/webhooks/{hook}/tok-{hook}-SECRET{query}"

    def __enter__(self) -> FakeDiscord:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
