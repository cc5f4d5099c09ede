"""Fixtures for the storage tests: the fake Sheets API mounted in place of Google, and a service-account key."""

from __future__ import annotations

import json

import pytest

from tests.storage.fake_sheets import FakeSheets

KEY = "1HostkitFakeSpreadsheetKey0000000000000000"
PUBLIC_KEY = "1HostkitFakePublicSheetKey0000000000000000"
ACCOUNT = "hostkit-bot@season-3.iam.gserviceaccount.com"


@pytest.fixture(scope="session")
def private_key_pem() -> str:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


@pytest.fixture
def credentials(tmp_path, private_key_pem):
    """A service-account key file of the real shape, with a freshly made key (it opens no real account)."""
    path = tmp_path / "credentials.json"
    path.write_text(
        json.dumps(
            {
                "type": "service_account",
                "project_id": "season-3",
                "private_key_id": "0" * 40,
                "private_key": private_key_pem,
                "client_email": ACCOUNT,
                "client_id": "1" * 21,
                "auth_uri": "https://accounts.google.com/o/oauth2/auth",
                "token_uri": "https://oauth2.googleapis.com/token",
            }
        )
    )
    return path


@pytest.fixture
def waits(monkeypatch):
    """Every retry wait, recorded instead of slept."""
    from hostkit.storage import sheets
    from hostkit.storage.retry import GoogleBackoff

    slept: list[float] = []
    monkeypatch.setattr(sheets, "BACKOFF", GoogleBackoff(sleep=slept.append, random=lambda: 0.5))
    return slept


@pytest.fixture
def fake(monkeypatch, waits):
    """The fake Sheets API, which every SheetsBook opened from the command line talks to."""
    from hostkit.storage import sheets

    api = FakeSheets()
    sessions = []

    def connect(credentials):
        sessions.append(credentials)
        return api.session()

    monkeypatch.setattr(sheets, "connect", connect)
    api.credentials_seen = sessions
    return api
