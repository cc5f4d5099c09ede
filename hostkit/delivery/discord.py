"""Posting one message to a Discord channel webhook, or editing one it posted: over HTTPS with the standard
library (urllib keeps `hostkit --help` and every command that sends nothing free of an HTTP stack), as Discord
documents it, always to API version 10 (`/api/v10/webhooks/...`).

Discord's rate-limit headers are followed (RateLimits): a post waits when its bucket has no room left; a 429 is
waited out for its retry_after (bounded); 5xx answers and failures to connect are retried with backoff. A post
that may have reached Discord without its answer reaching hostkit (a time-out, a dropped connection) is never
retried: it raises Uncertain, so that no message is delivered twice. A message with a picture goes as
multipart/form-data: its JSON as payload_json and the PNG as files[0]."""

from __future__ import annotations

import http.client
import json
import math
import secrets
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hostkit.delivery.journal import StateFile
from hostkit.delivery.webhooks import Webhook, redacted
from hostkit.errors import DeliveryError as DeliveryError
from hostkit.errors import WebhookGone as WebhookGone
from hostkit.storage.retry import Attempt, Backoff, RetriesExhausted, parse_retry_after

TIMEOUT = 30.0
"""Seconds to wait for Discord's answer: it can take over 15 s to answer a post it accepted."""
PROJECT_URL = "https://github.com/hostkit/hostkit"
FORUM_NEEDS_THREAD = 220001
UNKNOWN_WEBHOOK = 10015
TOO_LARGE = 40005
UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's default upload size limit, 10 MiB, for a webhook's files."""
PICTURE_NAME = "board.png"
GLOBAL_PER_SECOND = 25
"""Posts in any one second, whatever the webhooks: half of Discord's global 50 a second."""
LONGEST_WAIT = 300.0
"""The longest rate-limit wait believed; a longer (or nonsense) retry_after is taken as this."""
PATIENCE = 120.0
"""The longest hostkit waits before one post: a webhook asking for more leaves the message due at once."""
Headers = Any
"""An answer's headers (an http.client.HTTPMessage, or a dict in tests): read with .get(name)."""
Waiting = Callable[[str, float, int], None]


def now() -> float:
    return time.monotonic()


def wall() -> float:
    return time.time()


def pause(seconds: float) -> None:
    time.sleep(seconds)


def user_agent() -> str:
    """`DiscordBot (url, version)`, the form Discord requires, with the installed version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        installed = version("hostkit")
    except PackageNotFoundError:
        installed = "0"
    return f"DiscordBot ({PROJECT_URL}, {installed})"


class NeedsThread(DeliveryError):
    """The webhook is a forum or media channel's: a post there must name a thread."""


class Uncertain(DeliveryError):
    """The post was made but no answer came: Discord may or may not have accepted it."""


class CannotEdit(DeliveryError):
    """Discord would not edit the message (it is unknown, too old, or another webhook's): post it anew."""


class TooLarge(DeliveryError):
    """Discord refused the picture as larger than it takes."""


class TooLong(Exception):
    """The webhook's bucket stays empty for longer than PATIENCE: seconds it asks to wait."""

    def __init__(self, seconds: float):
        super().__init__(seconds)
        self.seconds = seconds


@dataclass
class RateLimits:
    """What Discord's rate-limit headers said: a post waits until its webhook's bucket has room, and no more
    than GLOBAL_PER_SECOND go in any second.

    Discord's bucket name (X-RateLimit-Bucket) leaves out the webhook it is for, so two webhooks can answer
    with one name while each has its own room: rooms are kept per (webhook id, bucket), and between commands
    in a StateFile beside the journal (on the wall clock there, the monotonic one while a command runs)."""

    file: StateFile | None = None
    """The file keeping the rooms between commands (None: kept for this process only)."""
    buckets: dict[str, str] = field(default_factory=dict)
    """'webhook id method' -> Discord's bucket (X-RateLimit-Bucket), once an answer named it."""
    room: dict[str, tuple[int, float]] = field(default_factory=dict)
    """'webhook id bucket' -> (posts left, when it fills again on the monotonic clock)."""
    recent: deque = field(default_factory=deque)
    clock: Callable[[], float] = field(default=lambda: now(), repr=False)
    wall: Callable[[], float] = field(default=lambda: wall(), repr=False)

    def wait_for(self, hook_id: str, method: str = "POST") -> float:
        """Seconds to wait before posting to this webhook (0: go now); TooLong past PATIENCE."""
        moment = self.clock()
        while self.recent and moment - self.recent[0] >= 1.0:
            self.recent.popleft()
        wait = 1.0 - (moment - self.recent[0]) if len(self.recent) >= GLOBAL_PER_SECOND else 0.0
        left, reset_at = self.room.get(self._room_key(hook_id, method), (1, 0.0))
        if left <= 0 and reset_at > moment:
            wait = max(wait, reset_at - moment)
        if wait > PATIENCE:
            raise TooLong(wait)
        return wait

    def posted(self, hook_id: str, method: str, headers: Headers | None) -> None:
        """Note a post and what its answer's headers say of the bucket."""
        moment = self.clock()
        self.recent.append(moment)
        if headers is None:
            return
        route = f"{hook_id} {method}"
        bucket = headers.get("X-RateLimit-Bucket") or self.buckets.get(route, method)
        self.buckets[route] = bucket
        left = number(headers.get("X-RateLimit-Remaining"))
        after = number(headers.get("X-RateLimit-Reset-After"))
        if left is not None and after is not None:
            self.room[f"{hook_id} {bucket}"] = (int(left), moment + min(max(after, 0.0), LONGEST_WAIT))
            self.save()

    def exhausted(self, hook_id: str, method: str, seconds: float) -> None:
        """A 429: the bucket has no room for `seconds`."""
        self.room[self._room_key(hook_id, method)] = (0, self.clock() + seconds)
        self.save()

    def _room_key(self, hook_id: str, method: str) -> str:
        return f"{hook_id} {self.buckets.get(f'{hook_id} {method}', method)}"

    @classmethod
    def kept(cls, file: StateFile) -> RateLimits:
        """The rooms the file keeps, still running."""
        limits = cls(file)
        try:
            state = _valid(file.read())
        except OSError:
            return limits
        offset = limits.clock() - limits.wall()
        limits.buckets = {str(k): str(v) for k, v in state.get("buckets", {}).items()}
        for key, (left, until) in state.get("room", {}).items():
            if until > limits.wall():
                limits.room[str(key)] = (int(left), until + offset)
        return limits

    def save(self) -> None:
        """Add this process's rooms to the file's, dropping every one already filled again."""
        if self.file is None:
            return
        offset = self.wall() - self.clock()

        def merged(state: dict) -> dict:
            state = _valid(state)
            ours = {key: [left, until + offset] for key, (left, until) in self.room.items()}
            room = {k: v for k, v in {**state.get("room", {}), **ours}.items() if v[1] > self.wall()}
            return {"buckets": {**state.get("buckets", {}), **self.buckets}, "room": room}

        try:
            self.file.update(merged)
        except OSError:  # the rooms are a courtesy to Discord: a post never fails for want of them
            return


def _valid(state: dict) -> dict:
    """The state file's rooms and buckets, or {} when they are not what save() writes."""
    room, buckets = state.get("room"), state.get("buckets")
    if not isinstance(room, dict) or not isinstance(buckets, dict):
        return {}
    pairs = [v for v in room.values() if isinstance(v, list) and len(v) == 2]
    numbers = all(type(x) in (int, float) and x == x for v in pairs for x in v)
    return state if len(pairs) == len(room) and numbers else {}


def post(
    hook: Webhook,
    content: str,
    backoff: Backoff,
    limits: RateLimits,
    on_wait: Waiting | None = None,
    image: bytes | None = None,
) -> str:
    """Post `content` (with `image` as a PNG attachment) and return the id Discord gave the message ("" when
    its answer had none)."""
    query = "?wait=true" + (f"&thread_id={hook.thread}" if hook.thread else "")
    return _request(Call(hook, "POST", hook.url + query, content, image), backoff, limits, on_wait)


def edit(
    hook: Webhook,
    message_id: str,
    content: str,
    backoff: Backoff,
    limits: RateLimits,
    on_wait: Waiting | None = None,
    image: bytes | None = None,
) -> str:
    """Replace the text (and picture) of a message this webhook posted; CannotEdit when Discord will not."""
    query = f"?thread_id={hook.thread}" if hook.thread else ""
    address = f"{hook.url}/messages/{message_id}{query}"
    return _request(Call(hook, "PATCH", address, content, image), backoff, limits, on_wait) or message_id


@dataclass(frozen=True)
class Call:
    """One request to a webhook: its method, address (with the token: never shown), text and picture."""

    hook: Webhook
    method: str
    address: str
    content: str
    image: bytes | None = None

    def body(self) -> tuple[bytes, str]:
        """The request's body and Content-Type: JSON, or with a picture multipart/form-data (payload_json and
        files[0], named in payload_json's attachments) as Discord documents uploading files."""
        payload: dict[str, Any] = {"content": self.content, "allowed_mentions": {"parse": []}}
        if self.image is None:
            return json.dumps(payload).encode("utf-8"), "application/json"
        payload["attachments"] = [{"id": 0, "filename": PICTURE_NAME}]
        boundary = f"hostkit-{secrets.token_hex(16)}"
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n'
            f"Content-Type: application/json\r\n\r\n{json.dumps(payload)}\r\n"
            f'--{boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="{PICTURE_NAME}"\r\n'
            f"Content-Type: image/png\r\n\r\n"
        )
        body = head.encode("utf-8") + self.image + f"\r\n--{boundary}--\r\n".encode("ascii")
        return body, f"multipart/form-data; boundary={boundary}"


def _request(call: Call, backoff: Backoff, limits: RateLimits, on_wait: Waiting | None) -> str:
    body, kind = call.body()
    hook = call.hook

    def attempt() -> Attempt[str]:
        _wait(call, limits, backoff, on_wait)
        headers = {"Content-Type": kind, "User-Agent": user_agent()}
        request = urllib.request.Request(call.address, data=body, method=call.method, headers=headers)
        try:
            response = urllib.request.urlopen(request, timeout=TIMEOUT)  # noqa: S310 (checked by parse_webhook)
        except urllib.error.HTTPError as error:
            limits.posted(hook.id, call.method, error.headers)
            return _refused(call, error, limits)
        except urllib.error.URLError as error:  # raised before the request was wholly sent: safe to retry
            limits.posted(hook.id, call.method, None)
            return Attempt(failure=f"no connection ({redacted(str(error.reason), [hook])})")
        except (OSError, http.client.HTTPException) as error:
            raise Uncertain(
                f"Discord did not answer ({type(error).__name__}); the message may have been posted"
            ) from None
        return Attempt(result=_message_id(response, limits, call))

    def giving_up(failure: str, tries: int, waited: float) -> str:
        return f"Discord kept answering {failure} ({tries} tries over {waited:.0f} s)"

    try:
        return backoff.run(attempt, on_wait, giving_up)
    except RetriesExhausted as error:
        raise DeliveryError(str(error)) from None


def _wait(call: Call, limits: RateLimits, backoff: Backoff, on_wait: Waiting | None) -> None:
    """Wait until the webhook's bucket has room; DeliveryError when that is longer than hostkit waits."""
    try:
        wait = limits.wait_for(call.hook.id, call.method)
    except TooLong as error:
        raise DeliveryError(_too_long(call.hook, error.seconds)) from None
    if wait > 0:
        if on_wait:
            on_wait("its rate limit", wait, 0)
        backoff.sleep(wait)


def _message_id(response: Any, limits: RateLimits, call: Call) -> str:
    with response:
        limits.posted(call.hook.id, call.method, response.headers)
        try:
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            raise Uncertain(
                f"Discord's answer was cut off ({type(error).__name__}); it was most likely posted"
            ) from None
    try:
        answer = json.loads(data or b"{}")
    except ValueError:
        answer = {}
    return str(answer.get("id") or "") if isinstance(answer, dict) else ""


def _refused(call: Call, error: urllib.error.HTTPError, limits: RateLimits) -> Attempt[str]:
    status, hook = error.code, call.hook
    detail = _answer(error)
    if status == 429:
        seconds = retry_after(detail, error.headers)
        limits.exhausted(hook.id, call.method, seconds if seconds is not None else 1.0)
        if seconds is not None and seconds > PATIENCE:
            asked = number(detail.get("retry_after"))
            raise DeliveryError(_too_long(hook, asked if asked is not None and math.isfinite(asked) else seconds))
        return Attempt(failure="429 Too Many Requests", retry_after=seconds)
    if status >= 500:
        return Attempt(failure=f"{status} {error.reason}")
    message = redacted(str(detail.get("message") or error.reason), [hook])
    if call.method == "PATCH" and status != 401 and detail.get("code") != UNKNOWN_WEBHOOK:
        raise CannotEdit(f"Discord would not edit it: {status} ({message})")
    if status in (401, 403):
        raise WebhookGone(f"Discord answered {status}: the webhook {hook.redacted()} no longer accepts posts")
    if status == 404:
        raise WebhookGone(f"Discord answered {status}: the webhook {hook.redacted()} no longer exists")
    if detail.get("code") == FORUM_NEEDS_THREAD:
        raise NeedsThread(f"Discord answered that the webhook {hook.redacted()} is a forum channel's ({message})")
    if call.image is not None and (status == 413 or detail.get("code") == TOO_LARGE):
        raise TooLarge(f"Discord refused the picture as too large ({message})")
    raise DeliveryError(f"Discord refused the message with {status} ({message})")


def _too_long(hook: Webhook, seconds: float) -> str:
    return (
        f"Discord asked hostkit to wait {seconds:.0f} s before posting to {hook.redacted()} again, longer than "
        f"the {PATIENCE:.0f} s hostkit waits for one message"
    )


def retry_after(detail: Mapping, headers: Headers | None) -> float | None:
    """How long a 429 asks to wait: the body's retry_after, else the Retry-After or X-RateLimit-Reset-After
    header; a negative one is 0, a huge or infinite one LONGEST_WAIT, a missing or NaN one None."""
    seconds = number(detail.get("retry_after"))
    if seconds is None and headers is not None:
        seconds = parse_retry_after(headers.get("Retry-After"))
        if seconds is None:
            seconds = number(headers.get("X-RateLimit-Reset-After"))
    if seconds is None or math.isnan(seconds):
        return None
    return min(max(seconds, 0.0), LONGEST_WAIT)


def _answer(error: urllib.error.HTTPError) -> dict:
    try:
        answer = json.loads(error.read() or b"{}")
    except (ValueError, OSError):
        return {}
    return answer if isinstance(answer, dict) else {}


def number(value: object) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        figure = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return None if math.isnan(figure) else figure
