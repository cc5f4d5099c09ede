"""Posting one message to a Discord channel webhook: over HTTPS with the standard library (urllib keeps
`hostkit --help` and every command that sends nothing free of an HTTP stack), as Discord documents it.

Discord's rate-limit headers are followed: a post waits when its bucket has no room left; a 429 is waited out
for its retry_after (bounded); 5xx answers and failures to connect are retried with backoff. A post that may
have reached Discord without its answer reaching hostkit (a time-out, a dropped connection) is never retried:
it raises Uncertain, so that no message is delivered twice."""

from __future__ import annotations

import http.client
import json
import math
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hostkit.delivery.webhooks import Webhook, redacted
from hostkit.storage.retry import Attempt, Backoff, RetriesExhausted, parse_retry_after

TIMEOUT = 30.0
"""Seconds to wait for Discord's answer: it can take over 15 s to answer a post it accepted."""
PROJECT_URL = "https://github.com/hostkit/hostkit"
Headers = Any
"""An answer's headers (an http.client.HTTPMessage, or a dict in tests): read with .get(name)."""
GLOBAL_PER_SECOND = 25
"""Posts in any one second, whatever the webhooks: half of Discord's global 50 a second."""
LONGEST_WAIT = 300.0
"""The longest rate-limit wait believed; a longer (or nonsense) retry_after is taken as this."""
FORUM_NEEDS_THREAD = 220001


def now() -> float:
    return time.monotonic()


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


class DeliveryError(Exception):
    """A message could not be delivered; the text names the webhook only as …/webhooks/ID/****."""


class WebhookGone(DeliveryError):
    """Discord answered 401 or 404: the webhook was deleted, or its URL is wrong."""


class NeedsThread(DeliveryError):
    """The webhook is a forum or media channel's: a post there must name a thread."""


class Uncertain(DeliveryError):
    """The post was made but no answer came: Discord may or may not have accepted it."""


@dataclass
class RateLimits:
    """What Discord's headers said of each bucket, for every post of this process: a post waits until its
    bucket has room, and no more than GLOBAL_PER_SECOND posts go in any second."""

    buckets: dict[str, str] = field(default_factory=dict)
    """Webhook id -> Discord's bucket (X-RateLimit-Bucket), once an answer named it."""
    room: dict[str, tuple[int, float]] = field(default_factory=dict)
    """Bucket -> (posts left, when it fills again on now()'s clock)."""
    recent: deque = field(default_factory=deque)

    def wait_for(self, hook: Webhook) -> float:
        """Seconds to wait before posting to this webhook (0: go now)."""
        moment = now()
        while self.recent and moment - self.recent[0] >= 1.0:
            self.recent.popleft()
        wait = 1.0 - (moment - self.recent[0]) if len(self.recent) >= GLOBAL_PER_SECOND else 0.0
        bucket = self.buckets.get(hook.id, hook.id)
        left, reset_at = self.room.get(bucket, (1, 0.0))
        if left <= 0 and reset_at > moment:
            wait = max(wait, reset_at - moment)
        return wait

    def posted(self, hook: Webhook, headers: Headers | None) -> None:
        """Note a post and what its answer's headers say of the bucket."""
        moment = now()
        self.recent.append(moment)
        if headers is None:
            return
        bucket = headers.get("X-RateLimit-Bucket") or self.buckets.get(hook.id, hook.id)
        self.buckets[hook.id] = bucket
        left = _number(headers.get("X-RateLimit-Remaining"))
        after = _number(headers.get("X-RateLimit-Reset-After"))
        if left is not None and after is not None:
            self.room[bucket] = (int(left), moment + min(after, LONGEST_WAIT))

    def exhausted(self, hook: Webhook, seconds: float) -> None:
        """A 429: the bucket has no room for `seconds`."""
        self.room[self.buckets.get(hook.id, hook.id)] = (0, now() + seconds)


def post(
    hook: Webhook,
    content: str,
    backoff: Backoff,
    limits: RateLimits,
    on_wait: Callable[[str, float, int], None] | None = None,
) -> str:
    """Post `content` and return the id Discord gave the message ("" when its answer had none)."""
    body = json.dumps({"content": content, "allowed_mentions": {"parse": []}}).encode("utf-8")
    query = "?wait=true" + (f"&thread_id={hook.thread}" if hook.thread else "")

    def attempt() -> Attempt[str]:
        wait = limits.wait_for(hook)
        if wait > 0:
            if on_wait:
                on_wait("its rate limit", wait, 0)
            backoff.sleep(wait)
        request = urllib.request.Request(
            hook.url + query,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "User-Agent": user_agent()},
        )
        try:
            response = urllib.request.urlopen(request, timeout=TIMEOUT)  # noqa: S310 (checked by parse_webhook)
        except urllib.error.HTTPError as error:
            limits.posted(hook, error.headers)
            return _refused(hook, error, limits)
        except urllib.error.URLError as error:  # raised before the request was wholly sent: safe to retry
            limits.posted(hook, None)
            return Attempt(failure=f"no connection ({redacted(str(error.reason), [hook])})")
        except (OSError, http.client.HTTPException) as error:
            raise Uncertain(
                f"Discord did not answer ({type(error).__name__}); the message may have been posted"
            ) from None
        with response:
            limits.posted(hook, response.headers)
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
        return Attempt(result=str(answer.get("id") or "") if isinstance(answer, dict) else "")

    def giving_up(failure: str, tries: int, waited: float) -> str:
        return f"Discord kept answering {failure} ({tries} tries over {waited:.0f} s)"

    try:
        return backoff.run(attempt, on_wait, giving_up)
    except RetriesExhausted as error:
        raise DeliveryError(str(error)) from None


def _refused(hook: Webhook, error: urllib.error.HTTPError, limits: RateLimits) -> Attempt[str]:
    status = error.code
    detail = _answer(error)
    if status in (401, 404):
        raise WebhookGone(f"Discord answered {status}: the webhook {hook.redacted()} no longer exists")
    if status == 429:
        seconds = retry_after(detail, error.headers)
        limits.exhausted(hook, seconds if seconds is not None else 1.0)
        return Attempt(failure="429 Too Many Requests", retry_after=seconds)
    if status >= 500:
        return Attempt(failure=f"{status} {error.reason}")
    message = redacted(str(detail.get("message") or error.reason), [hook])
    if detail.get("code") == FORUM_NEEDS_THREAD:
        raise NeedsThread(f"Discord answered that the webhook {hook.redacted()} is a forum channel's ({message})")
    raise DeliveryError(f"Discord refused the message with {status} ({message})")


def retry_after(detail: Mapping, headers: Headers | None) -> float | None:
    """How long a 429 asks to wait: the body's retry_after, else the Retry-After or X-RateLimit-Reset-After
    header; a negative one is 0, a huge or infinite one LONGEST_WAIT, a missing or NaN one None."""
    seconds = _number(detail.get("retry_after"))
    if seconds is None and headers is not None:
        seconds = parse_retry_after(headers.get("Retry-After"))
        if seconds is None:
            seconds = _number(headers.get("X-RateLimit-Reset-After"))
    if seconds is None or math.isnan(seconds):
        return None
    return min(max(seconds, 0.0), LONGEST_WAIT)


def _number(value: object) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) else number


def _answer(error: urllib.error.HTTPError) -> dict:
    try:
        answer = json.loads(error.read() or b"{}")
    except (ValueError, OSError):
        return {}
    return answer if isinstance(answer, dict) else {}
