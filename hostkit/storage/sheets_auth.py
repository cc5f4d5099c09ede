"""Signing in to Google Sheets: the spreadsheet's key from what the host typed, and the credentials in a key
file (a service account's JSON key, or a person's own sign-in), scoped to spreadsheets only."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from google.auth import exceptions as auth_errors

from hostkit.storage.book import StorageError

SCOPES = ("https://www.googleapis.com/auth/spreadsheets",)

_KEY_IN_URL = re.compile(r"/spreadsheets/(?:u/\d+/)?d/([A-Za-z0-9_-]+)")
_KEY = re.compile(r"[A-Za-z0-9_-]{20,}")


def parse_key(key_or_url: str) -> str:
    """The spreadsheet key from a key or from the spreadsheet's address (https://docs.google.com/…/d/KEY/edit)."""
    text = str(key_or_url or "").strip()
    found = _KEY_IN_URL.search(text)
    if found:
        return found.group(1)
    if _KEY.fullmatch(text):
        return text
    raise StorageError(
        f"{text!r} is not a spreadsheet key or address; copy the address of the spreadsheet from the "
        f"browser (https://docs.google.com/spreadsheets/d/KEY/edit) or just its KEY."
    )


_SIGNED_IN: dict[str, Any] = {}
"""Credentials by the digest of their key file's text: every spreadsheet a process opens with the same key file
shares one object, and so one OAuth token until it expires (not one token per spreadsheet)."""


def load_credentials(path: str | Path | None) -> Any:
    """The credentials in a key file, scoped to spreadsheets only: a service account's JSON key, or an
    authorized-user file (what `gcloud auth application-default login` and gspread's OAuth flow write),
    for a host who signs in as themselves. The same file's text gives the same credentials object, within a
    process."""
    text = _key_file_text(path)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if digest not in _SIGNED_IN:
        _SIGNED_IN[digest] = _credentials(text, f"The credentials file {Path(str(path))}")
    return _SIGNED_IN[digest]


def _key_file_text(path: str | Path | None) -> str:
    if not path:
        raise StorageError(
            "No Google credentials given; pass --credentials FILE (a service account's JSON key, or the "
            "authorized-user file of your own sign-in) or set HOSTKIT_CREDENTIALS to its path (see "
            "docs/google-sheets.md)."
        )
    file = Path(path)
    where = f"The credentials file {file}"
    if not file.is_file():
        raise StorageError(
            f"{where} does not exist; pass --credentials with the path of the service account's "
            f"JSON key you downloaded from Google Cloud."
        )
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise StorageError(
            f"{where} cannot be read ({error.__class__.__name__}); check that it is yours and "
            f"readable (chmod 600 {file})."
        ) from None


def _credentials(text: str, where: str) -> Any:
    from google.oauth2 import service_account

    try:
        info = json.loads(text)
    except ValueError:
        raise StorageError(
            f"{where} is not JSON; download the service account's key again as JSON "
            f"(Keys > Add key > Create new key > JSON)."
        ) from None
    kind = info.get("type") if isinstance(info, dict) else None
    if kind == "authorized_user":
        return _authorized_user(info, where)
    if kind != "service_account":
        raise StorageError(
            f"{where} is neither a service-account key nor an authorized-user file (its type is {kind!r}); "
            f"download a service account's JSON key, or sign in as yourself, as docs/google-sheets.md describes."
        )
    missing = [k for k in ("client_email", "private_key", "token_uri") if not info.get(k)]
    if missing:
        raise StorageError(
            f"{where} lacks {', '.join(missing)}; download the service account's JSON key again, unedited."
        )
    try:
        return service_account.Credentials.from_service_account_info(info, scopes=list(SCOPES))
    except Exception:  # each signer google-auth may use (cryptography's, rsa's) fails on a bad key its own way
        raise StorageError(
            f"{where} holds a private key that cannot be read; download a new JSON key for "
            f"{info['client_email']} and point --credentials at it."
        ) from None


def _authorized_user(info: dict, where: str) -> Any:
    """Your own Google account's credentials: its refresh token, with the client that was signed in with."""
    from google.oauth2 import credentials as user_credentials

    missing = [k for k in ("client_id", "client_secret", "refresh_token") if not info.get(k)]
    if missing:
        raise StorageError(
            f"{where} lacks {', '.join(missing)}; sign in again (gcloud auth application-default login "
            f"--scopes=https://www.googleapis.com/auth/spreadsheets,https://www.googleapis.com/auth/cloud-platform) "
            f"and point --credentials at the file it writes."
        )
    try:
        return user_credentials.Credentials.from_authorized_user_info(info, scopes=list(SCOPES))
    except (ValueError, TypeError, auth_errors.GoogleAuthError):
        raise StorageError(f"{where} cannot be read as an authorized-user file; sign in again.") from None
