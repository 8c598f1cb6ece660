"""Django's password pages in the app's own look and language: each answers with its title, text and form."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/accounts/password_reset/", ["Password reset", "Reset my password", 'name="email"']),
        ("/accounts/password_reset/done/", ["emailed you instructions", "Back to the start page"]),
        ("/accounts/reset/MQ/set-password/", ["The password reset link was invalid", "Reset my password"]),
        ("/accounts/reset/done/", ["Your password has been set", "Sign in"]),
    ],
)
def test_the_reset_pages_speak_as_the_app(path: str, words: list[str]) -> None:
    body = Client().get(path).content.decode()
    assert [word for word in words if word not in body] == []
    assert 'class="brand"' in body  # our base page, not the admin's


def test_the_change_pages_for_a_signed_in_user_in_french() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(User.objects.create_user("anna", password="correct-horse-battery"))
    form = client.get("/accounts/password_change/").content.decode()
    assert 'lang="fr"' in form and 'name="old_password"' in form and "csrfmiddlewaretoken" in form
    done = client.get("/accounts/password_change/done/").content.decode()
    assert 'class="brand"' in done and "Votre mot de passe a été modifié." in done
