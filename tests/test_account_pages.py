"""Django's password pages in the app's own look and language, and no password reset (no mail)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "/accounts/password_reset/",
        "/accounts/password_reset/done/",
        "/accounts/reset/MQ/set-password/",
        "/accounts/reset/done/",
    ],
)
def test_no_password_reset_is_offered(path: str) -> None:
    """It would mail a link, and there is no mail server nor an email address to send it to."""
    anna = User.objects.create_user("anna", password="correct-horse-battery")
    assert Client().get(path).status_code == 404
    assert Client().post(path, {"email": "anna@example.org"}).status_code == 404
    assert anna.check_password("correct-horse-battery")


def test_the_sign_in_page_says_who_sets_a_forgotten_password() -> None:
    body = Client(HTTP_ACCEPT_LANGUAGE="de-ch").get("/accounts/login/").content.decode()
    assert "Passwort vergessen? Wer diese Seite betreibt, kann dir ein neues setzen." in body
    assert "reset" not in body


def test_the_change_pages_for_a_signed_in_user_in_french() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(User.objects.create_user("anna", password="correct-horse-battery"))
    form = client.get("/accounts/password_change/").content.decode()
    assert 'lang="fr"' in form and 'name="old_password"' in form and "csrfmiddlewaretoken" in form
    done = client.get("/accounts/password_change/done/").content.decode()
    assert 'class="brand"' in done and "Votre mot de passe a été modifié." in done


def test_the_sign_out_question_says_one_deal_in_the_singular() -> None:
    """offline.js asks before signing out with deals still on the phone: one deal in the singular."""
    client = Client()
    client.force_login(User.objects.create_user("anna", password="correct-horse-battery"))
    body = client.get("/accounts/password_change/").content.decode()
    assert 'data-waiting-one="1 deal typed on this phone is not saved yet and will be lost' in body
    assert 'data-waiting-many="{n} deals typed on this phone are not saved yet and will be lost' in body
    assert "data-waiting=" not in body
