"""Security headers on every kind of response, sign-in attempts limited per username and address and per
address before any password is hashed (the password change sharing both limits, sign-ups limited per
address), the client's address believed only from the proxies, and table
links that cannot be guessed. (The crawl of every page for inline script is tests/test_escaping.py.)"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.utils import timezone

from scorekeeper.config import security
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


# ---- failed sign-ins per address ---------------------------------------------------------------------


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every password hash computed (the test settings' hasher; checking a password hashes it too)."""
    computed: list[str] = []
    encode = MD5PasswordHasher.encode

    def counting(self: MD5PasswordHasher, password: str, salt: str) -> str:
        computed.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counting)
    return computed


def test_an_address_that_failed_20_times_is_refused_before_any_password_is_hashed(
    anna: User, hashes: list[str]
) -> None:
    """24 wrong passwords over 12 usernames, none of them locked by axes (2 failures each): the 21st
    and later are refused, and so is the right password from that address; elsewhere it works."""
    answers = [sign_in(f"user{n % 12}", "wrong").status_code for n in range(24)]
    assert answers == [200] * 20 + [429] * 4
    assert len(hashes) == 20
    refused = sign_in("anna", PASSWORD)
    assert refused.status_code == 429
    assert "_auth_user_id" not in refused.client.session
    assert len(hashes) == 20  # no hash after the limit, not even for a real user's right password
    assert AccessAttempt.objects.filter(username="anna").exists() is False  # and nothing recorded
    assert sign_in("anna", PASSWORD, address="198.51.100.1").status_code == 302


def test_a_paused_address_is_told_when_to_try_again_in_its_language(anna: User, settings: Any) -> None:
    settings.SIGN_IN_FAILURES_PER_ADDRESS = 2
    for name in ("nobody", "anybody"):
        assert sign_in(name, "wrong").status_code == 200
    french = Client(REMOTE_ADDR="203.0.113.7", HTTP_ACCEPT_LANGUAGE="fr")
    response = french.post("/accounts/login/", {"username": "anna", "password": PASSWORD})
    assert response.status_code == 429
    assert 895 <= int(response["Retry-After"]) <= 900
    page = response.content.decode()
    assert "Trop de connexions ont échoué depuis votre adresse" in page
    assert "Réessayez dans 15 minutes." in page


def test_the_admins_sign_in_is_paused_too(anna: User, settings: Any, hashes: list[str]) -> None:
    settings.SIGN_IN_FAILURES_PER_ADDRESS = 2
    for _ in range(2):
        sign_in("nobody", "wrong")
    admin = Client(REMOTE_ADDR="203.0.113.7").post(
        "/admin/login/", {"username": "anna", "password": PASSWORD, "next": "/admin/"}
    )
    assert admin.status_code == 429
    assert len(hashes) == 2


def test_the_pause_ends_with_its_window(anna: User, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.SIGN_IN_FAILURES_PER_ADDRESS = 2
    for _ in range(2):
        sign_in("nobody", "wrong")
    assert sign_in("anna", PASSWORD).status_code == 429
    later = timezone.now() + timedelta(minutes=15, seconds=1)
    monkeypatch.setattr(security.timezone, "now", lambda: later)
    assert sign_in("anna", PASSWORD).status_code == 302


def test_a_failing_cache_pauses_nobody(anna: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """Like the standings, the limit needs the cache only to work, never to answer: axes still locks."""

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("Redis is gone")

    monkeypatch.setattr(cache, "get", broken)
    monkeypatch.setattr(cache, "set", broken)
    assert sign_in("anna", "wrong").status_code == 200
    assert sign_in("anna", PASSWORD).status_code == 302


# ---- the password change and the sign-up share the limits ------------------------------------------------

WRONG_OLD = "Your old password was entered incorrectly. Please enter it again."
ANNA_LOCKED = "anna cannot sign in from here for now: the password was wrong 5 times."
ADDRESS_PAUSED = "Too many sign-ins from your address have failed: nobody can sign in from it for now."


def change_password(anna: User, old: str, address: str = "203.0.113.7") -> Any:
    client = Client(REMOTE_ADDR=address)
    client.force_login(anna)
    new = "a-new-and-long-password"
    return client.post(
        "/accounts/password_change/", {"old_password": old, "new_password1": new, "new_password2": new}
    )


def sign_up(username: str, address: str = "203.0.113.7") -> Any:
    password = "x7-Lk!w9qPz"
    data = {"username": username, "password1": password, "password2": password}
    return Client(REMOTE_ADDR=address).post("/accounts/signup/", data)


def test_five_wrong_old_passwords_lock_out_even_the_right_one_before_any_hash(
    anna: User, hashes: list[str]
) -> None:
    for _ in range(4):
        refused = change_password(anna, "wrong")
        assert refused.status_code == 200
        assert WRONG_OLD in refused.content.decode()
    locked = change_password(anna, "wrong")  # the fifth locks, as on the sign-in page
    assert locked.status_code == 429 and ANNA_LOCKED in locked.content.decode()
    hashed = len(hashes)
    right = change_password(anna, PASSWORD)
    assert right.status_code == 429
    page = right.content.decode()
    assert "Too many sign-in attempts" in page and ANNA_LOCKED in page and "Try again in 15 minutes." in page
    assert len(hashes) == hashed  # refused before the old password was hashed
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)  # and nothing saved
    assert change_password(anna, PASSWORD, address="198.51.100.1").status_code == 302  # anna elsewhere


def test_sign_in_and_password_change_share_one_budget(anna: User) -> None:
    """Three wrong sign-ins and two wrong old passwords: the fifth failure of the pair locks both pages,
    with the same words."""
    for _ in range(3):
        assert sign_in("anna", "wrong").status_code == 200
    assert change_password(anna, "wrong").status_code == 200
    assert change_password(anna, "wrong").status_code == 429
    signed_in = sign_in("anna", PASSWORD)
    assert signed_in.status_code == 429 and ANNA_LOCKED in signed_in.content.decode()
    assert AccessAttempt.objects.filter(username="anna").count() == 1  # one record for both pages


def test_wrong_old_passwords_count_against_the_address(anna: User, settings: Any, hashes: list[str]) -> None:
    settings.SIGN_IN_FAILURES_PER_ADDRESS = 3
    assert sign_in("nobody", "wrong").status_code == 200
    assert change_password(anna, "wrong").status_code == 200
    assert change_password(anna, "wrong").status_code == 200
    hashed = len(hashes)
    for answer in (change_password(anna, PASSWORD), sign_in("anna", PASSWORD), sign_up("newcomer")):
        assert answer.status_code == 429
        assert ADDRESS_PAUSED in answer.content.decode()
        assert 895 <= int(answer["Retry-After"]) <= 900
    assert len(hashes) == hashed
    assert not User.objects.filter(username="newcomer").exists()


def test_sign_ups_are_limited_per_address(db: None, hashes: list[str]) -> None:
    for n in range(10):
        assert sign_up(f"member{n}").status_code == 302
    hashed = len(hashes)
    refused = sign_up("member10")
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many sign-ups" in page
    assert "Too many accounts have been created from your address: no more can be created from it" in page
    assert "Try again in 60 minutes." in page and 3595 <= int(refused["Retry-After"]) <= 3600
    assert len(hashes) == hashed and not User.objects.filter(username="member10").exists()
    assert Client(REMOTE_ADDR="203.0.113.7").get("/accounts/signup/").status_code == 200  # the form still
    assert sign_up("member10", address="198.51.100.1").status_code == 302  # another address
    assert sign_in("member0", "x7-Lk!w9qPz").status_code == 302  # signing in is not limited by it


def test_a_refused_sign_up_form_does_not_count(db: None, settings: Any) -> None:
    settings.SIGN_UPS_PER_ADDRESS = 1
    mismatch = {"username": "typo", "password1": "x7-Lk!w9qPz", "password2": "x7-Lk!w9qPy"}
    for _ in range(3):
        assert Client(REMOTE_ADDR="203.0.113.7").post("/accounts/signup/", mismatch).status_code == 200
    assert sign_up("typo").status_code == 302
    assert sign_up("second").status_code == 429


# ---- the client's address ------------------------------------------------------------------------------

PROXY = "10.0.0.2"


@pytest.mark.parametrize(
    ("proxies", "peer", "forwarded", "expected"),
    [
        (0, PROXY, "198.51.100.9", PROXY),  # no proxy counted: the header is the client's to forge
        (1, PROXY, "198.51.100.9", "198.51.100.9"),
        (1, PROXY, "6.6.6.6, 198.51.100.9", "198.51.100.9"),  # a forged entry on the left is ignored
        (1, PROXY, "", PROXY),  # the proxy sent no header
        (1, "203.0.113.7", "198.51.100.9", "203.0.113.7"),  # straight to the app: the header is forged
        (1, f"::ffff:{PROXY}", "198.51.100.9", "198.51.100.9"),  # the proxy on a dual-stack socket
        (2, PROXY, "6.6.6.6, 198.51.100.9, 10.0.1.5", "198.51.100.9"),  # two proxies, both trusted
        (2, PROXY, "6.6.6.6, 198.51.100.9", "198.51.100.9"),  # the outer proxy bypassed: its client
        (2, PROXY, "198.51.100.9", "198.51.100.9"),
    ],
)
def test_the_client_address_comes_from_the_proxies_only(
    settings: Any, proxies: int, peer: str, forwarded: str, expected: str
) -> None:
    settings.TRUSTED_PROXIES = proxies
    settings.TRUSTED_PROXY_ADDRESSES = [PROXY, "10.0.1.0/24"]
    request = RequestFactory().get("/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == expected


def test_a_forged_header_sent_straight_to_the_app_neither_escapes_nor_locks_out(
    anna: User, settings: Any
) -> None:
    """The app port reached directly (not through the proxy): the attacker's forged X-Forwarded-For,
    naming the victim's address, locks the attacker out, not the victim behind the proxy."""
    settings.TRUSTED_PROXIES = 1
    settings.TRUSTED_PROXY_ADDRESSES = [PROXY]
    victim = "198.51.100.1"
    attacker = Client(REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR=victim)
    for _ in range(5):
        attacker.post("/accounts/login/", {"username": "anna", "password": "wrong"})
    assert attacker.post("/accounts/login/", {"username": "anna", "password": PASSWORD}).status_code == 429
    via_proxy = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=victim)
    assert via_proxy.post("/accounts/login/", {"username": "anna", "password": PASSWORD}).status_code == 302
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}


@pytest.mark.parametrize(
    ("peer", "redirected"),
    [("203.0.113.7", True), (PROXY, False)],  # straight to the app: "https" forged; from the proxy: true
)
@pytest.mark.django_db
def test_https_is_believed_only_from_the_proxy(settings: Any, peer: str, redirected: bool) -> None:
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.TRUSTED_PROXIES = 1
    settings.TRUSTED_PROXY_ADDRESSES = [PROXY]
    response = Client(REMOTE_ADDR=peer, HTTP_X_FORWARDED_PROTO="https").get("/")
    if redirected:
        assert response.status_code == 301 and response["Location"] == "https://testserver/"
    else:
        assert response.status_code == 200


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
