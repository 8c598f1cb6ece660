"""Security headers on every kind of response, sign-in attempts limited per username and address, and
table links that cannot be guessed. (The crawl of every page for inline script is tests/test_escaping.py.)"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.utils import timezone

from scorekeeper.config.security import client_ip
from tournaments import models as tournament_models
from tournaments.models import new_token

PASSWORD = "correct-horse-battery"
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self' 'unsafe-inline'",
    "style-src-elem": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    "base-uri": "'none'",
    "object-src": "'none'",
}


def policy(response: Any) -> dict[str, str]:
    directives = (part.strip() for part in response["Content-Security-Policy"].split(";"))
    return dict(directive.split(" ", 1) for directive in directives if directive)


@pytest.mark.parametrize(
    ("path", "status"),
    [("/", 200), ("/accounts/login/", 200), ("/no/such/page/", 404), ("/clubs/new/", 302), ("/t/x/", 404)],
)
def test_every_kind_of_response_carries_the_headers(db: None, path: str, status: int) -> None:
    response = Client().get(path)
    assert response.status_code == status
    assert policy(response) == POLICY
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_hsts_only_over_tls(db: None) -> None:
    assert "Strict-Transport-Security" not in Client().get("/")
    secure = Client().get("/", secure=True)
    assert secure["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"


# ---- sign-in attempts -----------------------------------------------------------------------------


@pytest.fixture
def anna(db: None) -> User:
    return User.objects.create_user(username="anna", password=PASSWORD)


def sign_in(username: str, password: str, address: str = "203.0.113.7") -> Any:
    return Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": username, "password": password})


def test_five_wrong_passwords_lock_out_even_the_right_one(anna: User) -> None:
    for _ in range(4):
        assert sign_in("anna", "wrong").status_code == 200  # the form again, with its error
    assert sign_in("anna", "wrong").status_code == 429  # the fifth locks
    locked = sign_in("anna", PASSWORD)  # the sixth, with the right password
    assert locked.status_code == 429
    assert "_auth_user_id" not in locked.client.session
    page = locked.content.decode()
    assert "Too many sign-in attempts" in page and "Try again in 15 minutes." in page


def test_the_lock_holds_one_username_from_one_address(anna: User) -> None:
    User.objects.create_user(username="beat", password=PASSWORD)
    for _ in range(5):
        sign_in("anna", "wrong")
    assert sign_in("anna", PASSWORD).status_code == 429
    assert sign_in("anna", PASSWORD, address="198.51.100.1").status_code == 302  # anna elsewhere
    assert sign_in("beat", PASSWORD).status_code == 302  # someone else at the same address


def test_the_lock_ends_after_15_minutes(anna: User) -> None:
    for _ in range(5):
        sign_in("anna", "wrong")
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert sign_in("anna", PASSWORD).status_code == 302


def test_a_right_password_clears_the_failures(anna: User) -> None:
    for _ in range(4):
        sign_in("anna", "wrong")
    assert sign_in("anna", PASSWORD).status_code == 302
    for _ in range(4):
        assert sign_in("anna", "wrong").status_code == 200


def test_a_username_of_any_length_is_counted_not_a_server_error(anna: User) -> None:
    """axes records the username in 255 characters; the sign-in form passes on any length."""
    for _ in range(5):
        assert sign_in("a" * 5000, "wrong").status_code in (200, 429)
    assert AccessAttempt.objects.get().username == "a" * 150
    assert sign_in("a" * 5000, "wrong").status_code == 429


def test_the_test_clients_login_and_scripts_need_no_request(anna: User) -> None:
    """authenticate() without a request is no attempt from outside: no lockout check, no refusal."""
    assert Client().login(username="anna", password=PASSWORD)
    assert not Client().login(username="anna", password="wrong")


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "198.51.100.9", "203.0.113.7"),  # no proxy: the header is the client's to forge
        (1, "198.51.100.9", "198.51.100.9"),
        (1, "6.6.6.6, 198.51.100.9", "198.51.100.9"),  # a forged entry on the left is ignored
        (2, "6.6.6.6, 198.51.100.9, 10.0.0.2", "198.51.100.9"),
        (2, "198.51.100.9", "203.0.113.7"),  # fewer entries than proxies: the socket's address
    ],
)
def test_the_client_address_behind_trusted_proxies(
    settings: Any, proxies: int, forwarded: str, expected: str
) -> None:
    settings.TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == expected


# ---- table links ------------------------------------------------------------------------------------


def test_table_tokens_carry_at_least_128_random_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    token_urlsafe = secrets.token_urlsafe

    def spy(nbytes: int) -> str:
        asked.append(nbytes)
        return token_urlsafe(nbytes)

    monkeypatch.setattr(tournament_models.secrets, "token_urlsafe", spy)
    token = new_token()
    assert asked and asked[0] * 8 >= 128
    assert len(token) >= 22  # 128 bits in URL-safe base64, 6 bits a character
    monkeypatch.undo()
    assert len({new_token() for _ in range(1000)}) == 1000


# ---- input no view should see ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("get", "/t/abc%00def/", {}),
        ("get", "/", {"q": "a\x00b"}),
        ("get", "/", {"a\x00": "b"}),
        ("post", "/accounts/login/", {"username": "anna\x00", "password": "x"}),
    ],
)
def test_a_nul_character_is_refused_before_any_view(db: None, method: str, path: str, data: Any) -> None:
    """PostgreSQL refuses NUL in text: a raw value reaching a query would be a server error."""
    response = getattr(Client(), method)(path, data)
    assert response.status_code == 400
    assert response["Content-Security-Policy"]


def test_a_nul_character_in_a_cookie_is_refused(db: None) -> None:
    client = Client()
    client.cookies["sessionid"] = "abc\x00def"
    assert client.get("/").status_code == 400
