"""A page left open on one phone never touches a deal another phone deleted and entered again."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

from django.test import Client

from scorekeeper.games import services
from scorekeeper.games.models import Game


def hearts(points_a: int) -> dict[str, Any]:
    return {"trump": "hearts", "points": {"A": points_a}}


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page).group(1)


def test_stale_edit_form_and_delete_button_are_refused(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(deals=[hearts(100), hearts(80)])
    scorer = client_as("scorer")
    edit_page = scorer.get(f"/games/{game.pk}/deals/2/edit/").content.decode()
    game_page = scorer.get(f"/games/{game.pk}/").content.decode()
    old_token = str(game.deals.get(number=2).client_token)
    assert hidden(edit_page, "deal_token") == old_token
    assert f'name="client_token" value="{old_token}"' in game_page  # the Delete button names deal 2

    # Another phone deletes deal 2 and enters it again: a new deal 2, at version 1 again.
    owner = game.created_by
    services.delete_last_deal(game_id=game.pk, number=2, by=owner)
    services.record_deal(game_id=game.pk, entry=hearts(60), by=owner, number=2, client_token=uuid.uuid4())

    post = {
        "number": 2,
        "version": 1,
        "deal_token": old_token,
        "trump": "hearts",
        "team": "A",
        "points": 90,
    }
    edited = scorer.post(f"/games/{game.pk}/deals/2/edit/", post)
    assert edited.status_code == 422
    assert (
        "This deal was changed meanwhile on another phone. Check it and save again."
        in edited.content.decode()
    )
    deleted = scorer.post(f"/games/{game.pk}/deals/2/delete/", {"client_token": old_token}, follow=True)
    assert "Deal 2 was changed meanwhile on another phone: check the list." in deleted.content.decode()
    assert game.deals.get(number=2).entry == hearts(60)
