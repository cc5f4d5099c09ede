"""An imitation of Discord's channel webhooks on 127.0.0.1: each webhook id answers as it is told (a 429 with
retry_after, a 5xx, a 404 for a deleted webhook, an answer held back for some seconds), keeps every message it
was given (and the thread it went to, the picture it carried, and the edits made to it), and keeps Discord's
rate limit: `limit` posts per webhook in every `window` seconds of `clock`, told in X-RateLimit-* headers, and a
429 beyond it. With `shared_bucket` every webhook names that one bucket, as Discord's bucket names leave the
webhook out, while each webhook still counts its own room."""

from __future__ import annotations

import email.parser
import email.policy
import itertools
import json
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

UPLOAD_LIMIT = 10 * 1024 * 1024


class FakeClock:
    """Seconds that pass only when hostkit sleeps: stands in for time.monotonic, time.time and time.sleep."""

    def __init__(self) -> None:
        self.seconds = 1000.0
        self.slept: list[float] = []

    def now(self) -> float:
        return self.seconds

    def wall(self) -> float:
        return 1_800_000_000.0 + self.seconds

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0 and seconds == seconds, seconds
        self.slept.append(seconds)
        self.seconds += seconds


class Refused(Exception):
    """A request answered other than by keeping the message: its status, body and headers (None: the
    webhook's rate-limit headers)."""

    def __init__(self, status: int, answer: dict | None, headers: dict | None = None):
        super().__init__(status)
        self.status, self.answer, self.headers = status, answer, headers


class FakeDiscord:
    def __init__(self, clock: Callable[[], float] = time.monotonic, limit: int = 5, window: float = 2.0) -> None:
        self.received: dict[str, list[str]] = defaultdict(list)
        """Each webhook's messages as they stand now (an edit replaces the text)."""
        self.threads: dict[str, list[str]] = defaultdict(list)
        """The thread_id each message went to ("" for the channel itself)."""
        self.pictures: dict[str, list[tuple[str, bytes] | None]] = defaultdict(list)
        """Each message's attachment (file name, bytes), None for one without."""
        self.edits: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        """Each webhook's edits: (message id, thread_id, new text)."""
        self.paths: list[str] = []
        """Each request's method and path, the token left out."""
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
        self.shared_bucket: str | None = None
        self.clock, self.limit, self.window = clock, limit, window
        self._buckets: dict[str, tuple[int, float]] = {}
        self._messages: dict[str, tuple[str, int]] = {}
        """Message id -> (webhook id, its place in received)."""
        self._ids = itertools.count(1_200_000_000_000_000_001)
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                self._handle("POST")

            def do_PATCH(self) -> None:  # noqa: N802
                self._handle("PATCH")

            def _handle(self, method: str) -> None:
                address = urlsplit(self.path)
                parts = address.path.strip("/").split("/")
                editing = method == "PATCH" and len(parts) >= 2 and parts[-2] == "messages"
                hook = (parts[-4] if editing else parts[-2]) if len(parts) >= 4 else ""
                thread = parse_qs(address.query).get("thread_id", [""])[0]
                data = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with fake._lock:
                    fake.requests += 1
                    fake.paths.append(f"{method} " + "/".join(p if "SECRET" not in p else "TOKEN" for p in parts))
                    fake.user_agents.append(self.headers.get("User-Agent", ""))
                    try:
                        limits, answer = fake._take(hook, method, thread, parts, data, self.headers)
                    except Refused as refused:
                        headers = fake._headers(hook) if refused.headers is None else refused.headers
                        return self._answer(refused.status, refused.answer, headers)
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

    def _take(self, hook: str, method: str, thread: str, parts: list[str], data: bytes, headers) -> tuple[dict, dict]:
        """Keep (or edit) one message: the rate-limit headers and the answer; Refused as Discord would refuse."""
        if hook in self.deleted:
            raise Refused(404, {"message": "Unknown Webhook", "code": 10015}, {})
        if self.script[hook]:
            status, answer, *extra = self.script[hook].popleft()
            raise Refused(status, answer, extra[0] if extra else {})
        limits = self._room(hook)
        if limits is None:
            self.rate_limited += 1
            left = self._buckets[hook][1] - self.clock()
            answer = {"message": "You are being rate limited.", "retry_after": left, "global": False}
            raise Refused(429, answer, {"X-RateLimit-Scope": "user", **self._headers(hook)})
        if hook in self.forums and not thread:
            raise Refused(
                400,
                {"message": "Webhooks posted to forum channels must have a thread_name or thread_id", "code": 220001},
            )
        content, picture = self._body(data, headers.get("Content-Type", ""))
        if len(content) > 2000:
            raise Refused(400, {"message": "Must be 2000 or fewer in length."})
        if method == "PATCH":
            return limits, self._edit(hook, parts[-1], thread, content, picture)
        self.received[hook].append(content)
        self.threads[hook].append(thread)
        self.pictures[hook].append(picture)
        message_id = str(next(self._ids))
        self._messages[message_id] = (hook, len(self.received[hook]) - 1)
        return limits, {"id": message_id, "content": content}

    def _edit(self, hook: str, message_id: str, thread: str, content: str, picture) -> dict:
        owner = self._messages.get(message_id)
        if owner is None or owner[0] != hook or self.threads[hook][owner[1]] != thread:
            raise Refused(404, {"message": "Unknown Message", "code": 10008})
        self.received[hook][owner[1]] = content
        self.pictures[hook][owner[1]] = picture
        self.edits[hook].append((message_id, thread, content))
        return {"id": message_id, "content": content}

    @staticmethod
    def _body(data: bytes, kind: str) -> tuple[str, tuple[str, bytes] | None]:
        """The message's text and picture, from a JSON body or a multipart/form-data one as Discord takes it."""
        if not kind.startswith("multipart/form-data"):
            return str(json.loads(data or b"{}").get("content", "")), None
        if len(data) > UPLOAD_LIMIT:
            raise Refused(413, {"message": "Request entity too large", "code": 40005})
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            f"Content-Type: {kind}\r\n\r\n".encode() + data
        )
        fields = {part.get_param("name", header="content-disposition"): part for part in message.iter_parts()}
        payload = json.loads(fields["payload_json"].get_content())
        upload = fields["files[0]"]
        name = upload.get_filename()
        valid = (
            set(fields) == {"payload_json", "files[0]"}
            and payload.get("attachments") == [{"id": 0, "filename": name}]
            and upload.get_content_type() == "image/png"
            and payload.get("allowed_mentions") == {"parse": []}
        )
        if not valid:
            raise Refused(400, {"message": "Invalid Form Body", "code": 50035})
        return str(payload.get("content", "")), (name, upload.get_payload(decode=True))

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
            "X-RateLimit-Bucket": self.shared_bucket or f"bucket-{hook}",
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
