"""Posting one message to a Discord channel webhook: over HTTPS with the standard library (urllib keeps
`hostkit --help` and every command that sends nothing free of an HTTP stack), waiting out 429 answers for as
long as Discord's retry_after says, retrying 5xx answers and time-outs with backoff, and naming a deleted
webhook."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable

from hostkit.delivery.webhooks import Webhook
from hostkit.errors import DeliveryError as DeliveryError
from hostkit.errors import WebhookGone as WebhookGone
from hostkit.storage.retry import Attempt, Backoff, parse_retry_after

TIMEOUT = 15.0
USER_AGENT = "hostkit (https://github.com/hostkit/hostkit, 0.1)"


def post(
    hook: Webhook,
    content: str,
    backoff: Backoff,
    on_wait: Callable[[str, float, int], None] | None = None,
) -> str:
    """Post `content` and return the id Discord gave the message."""
    body = json.dumps({"content": content, "allowed_mentions": {"parse": []}}).encode("utf-8")

    def attempt() -> Attempt[str]:
        request = urllib.request.Request(
            hook.url + "?wait=true",
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "User-Agent": USER_AGENT},
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (checked by parse_webhook)
                answer = json.loads(response.read() or b"{}")
                return Attempt(result=str(answer.get("id", "")))
        except urllib.error.HTTPError as error:
            status = error.code
            detail = _answer(error)
            if status in (401, 404):
                raise WebhookGone(
                    f"Discord answered {status}: the webhook {hook.redacted()} no longer exists"
                ) from None
            if status == 429:
                wait = detail.get("retry_after")
                seconds = (
                    float(wait)
                    if isinstance(wait, (int, float))
                    else parse_retry_after(error.headers.get("Retry-After"))
                )
                return Attempt(failure="429 Too Many Requests", retry_after=seconds)
            if status >= 500:
                return Attempt(failure=f"{status} {error.reason}")
            message = detail.get("message") or error.reason
            raise DeliveryError(f"Discord refused the message with {status} ({message})") from None
        except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as error:
            reason = getattr(error, "reason", error)
            return Attempt(failure=f"no answer ({reason})")

    def giving_up(failure: str, tries: int, waited: float) -> str:
        return f"Discord kept answering {failure} ({tries} tries over {waited:.0f} s)"

    from hostkit.storage.retry import RetriesExhausted

    try:
        return backoff.run(attempt, on_wait, giving_up)
    except RetriesExhausted as error:
        raise DeliveryError(str(error)) from None


def _answer(error: urllib.error.HTTPError) -> dict:
    try:
        answer = json.loads(error.read() or b"{}")
    except (ValueError, OSError):
        return {}
    return answer if isinstance(answer, dict) else {}
