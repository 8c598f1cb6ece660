"""A game as a whole (issue 13, point 18): abandoned (and resumed) by a scorer, deleted by an admin, each
audited; "play again" starts the next game with the same players. An abandoned or deleted game counts in
no statistic, rating, leaderboard or player page.

Who may do what is in permissions.GAME_ACTIONS; tests/test_permissions.py holds the routes' matrix.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Club, Game, GameChange, Player
from scorekeeper.games.selectors import user_clubs
from scorekeeper.ratings.models import Rating
from tests.conftest import play
from tournaments import services as events
from tournaments.models import Table

TO_300 = {"target": 300}
A_WINS = [{"trump": "hearts", "points": {"A": points}} for points in (100, 100, 120)]  # A 320, B 151
B_WINS = [{"trump": "hearts", "points": {"B": points}} for points in (100, 100, 120)]
RUNNING = [{"trump": "hearts", "points": {"B": 150}}]


def html(response: Any) -> str:
    return response.content.decode()


def post(client: Client, game: Game, action: str) -> Any:
    return client.post(reverse(f"games:game_{action}", args=[game.pk]))


def audit(game: Game) -> list[tuple[str, str]]:
    return list(game.game_changes.order_by("pk").values_list("action", "by__username"))


def test_a_scorer_abandons_a_running_game_which_then_takes_no_deal_until_resumed(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(TO_300, RUNNING)
    scorer = client_as("scorer")
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert f'action="/games/{game.pk}/abandon/"' in page
    assert f'action="/games/{game.pk}/delete/"' not in page  # deleting is the admins'
    response = post(scorer, game, "abandon")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.abandoned_at is not None and audit(game) == [("abandoned", "scorer")]
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Game abandoned: it counts in no statistic." in page
    assert 'id="dealform"' not in page and f'action="/games/{game.pk}/resume/"' in page
    refused = scorer.post(
        f"/games/{game.pk}/deals/",
        {"number": 2, "client_token": str(uuid.uuid4()), "trump": "hearts", "team": "A", "points": "80"},
        follow=True,
    )
    assert "This game was abandoned: resume it to change its deals." in html(refused)
    assert game.deals.count() == 1
    assert "abandoned" in html(scorer.get("/clubs/zuerich/"))
    assert "Game abandoned" in html(scorer.get(f"/games/{game.pk}/history/"))

    post(scorer, game, "resume")
    game.refresh_from_db()
    assert game.abandoned_at is None and audit(game) == [("abandoned", "scorer"), ("resumed", "scorer")]
    assert 'id="dealform"' in html(scorer.get(f"/games/{game.pk}/"))


def test_a_finished_game_is_not_abandoned_but_an_admin_deletes_it_for_good(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(TO_300, A_WINS)
    admin = client_as("admin")
    refused = post(admin, game, "abandon")
    assert refused.status_code == 302
    game.refresh_from_db()
    assert game.abandoned_at is None and audit(game) == []
    response = post(admin, game, "delete")
    assert response.status_code == 302 and response["Location"] == "/clubs/zuerich/"
    assert "Schieber #1 deleted." in html(admin.get("/clubs/zuerich/"))
    game.refresh_from_db()
    assert game.deleted_at is not None and audit(game) == [("deleted", "admin")]
    assert f'href="/games/{game.pk}/"' not in html(admin.get("/clubs/zuerich/"))
    for path in ("", "history/", "live/", "record.json"):
        assert admin.get(f"/games/{game.pk}/{path}").status_code == 404
    assert "deleted by admin on" in html(admin.get("/clubs/zuerich/manage/"))  # the audit outlives it
    assert user_clubs(User.objects.get(username="admin")).get(slug="zuerich").game_count == 0


def stats_of(client: Client, player: Player) -> dict[str, tuple[int, int]]:
    page = client.get(reverse("players:player", args=[player.club.slug, player.pk]))
    return {stat.variant: (stat.games, stat.wins) for stat in page.context["stats"]}


def listed(client: Client, player: Player) -> set[int]:
    page = client.get(reverse("players:player", args=[player.club.slug, player.pk]))
    return {game.game for game in page.context["page"]}


def test_abandoned_and_deleted_games_count_nowhere(
    make_game: Callable[..., Game], players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    """Anna (team A) wins one game and loses one; a third is abandoned. Deleting the lost one and abandoning
    the third leaves one game, won, on her page, in her rating and on the leaderboard."""
    won, lost, stopped = make_game(TO_300, A_WINS), make_game(TO_300, B_WINS), make_game(TO_300, RUNNING)
    anna = players[0]
    viewer = client_as("viewer")
    assert stats_of(viewer, anna) == {"schieber": (2, 1)}
    assert listed(viewer, anna) == {won.pk, lost.pk, stopped.pk}
    assert Rating.objects.get(player=anna, variant="schieber").games == 2

    post(client_as("admin"), lost, "delete")
    post(client_as("scorer"), stopped, "abandon")

    assert stats_of(viewer, anna) == {"schieber": (1, 1)}
    assert listed(viewer, anna) == {won.pk}
    assert "running game" not in html(viewer.get(reverse("players:player", args=["zuerich", anna.pk])))
    rating = Rating.objects.get(player=anna, variant="schieber")
    assert (rating.games, rating.wins) == (1, 1)
    board = viewer.get(reverse("ratings:leaderboard", args=["zuerich", "schieber"]))
    assert {p.rating.player.name: p.rating.games for p in board.context["places"]} == dict.fromkeys(
        ("Anna", "Beat", "Cla", "Dora"), 1
    )
    history = viewer.get(reverse("players:player_history_json", args=["zuerich", anna.pk]))
    assert [game["game"] for game in json.loads(history.content)["games"]] == [won.pk]
    rivals = viewer.get(reverse("players:player_vs", args=["zuerich", anna.pk, players[1].pk]))
    assert [game.game for game in rivals.context["page"]] == [won.pk]


def test_play_again_starts_the_next_game_with_the_same_players_once(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(TO_300, A_WINS)
    scorer = client_as("scorer")
    assert f'action="/games/{game.pk}/again/"' in html(scorer.get(f"/games/{game.pk}/"))
    response = post(scorer, game, "again")
    following = Game.objects.get(follows=game)
    assert response["Location"] == f"/games/{following.pk}/"
    assert (following.variant, following.settings, following.number) == ("schieber", TO_300, 2)
    assert following.names_by_seat() == game.names_by_seat() == ["Anna", "Beat", "Cla", "Dora"]
    assert list(following.seats.values_list("player", flat=True)) == list(
        game.seats.values_list("player", flat=True)
    )
    assert following.created_by == User.objects.get(username="scorer")
    # a second tap, or another phone: the same next game, not a third
    assert post(client_as("admin"), game, "again")["Location"] == f"/games/{following.pk}/"
    assert Game.objects.count() == 2
    # a running game offers no "play again"; an abandoned one does
    assert f'action="/games/{following.pk}/again/"' not in html(scorer.get(f"/games/{following.pk}/"))
    post(scorer, following, "abandon")
    assert f'action="/games/{following.pk}/again/"' in html(scorer.get(f"/games/{following.pk}/"))


@pytest.mark.parametrize("action", ["abandon", "resume", "delete", "again"])
def test_a_tournament_tables_game_is_the_directors(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client], action: str
) -> None:
    owner = User.objects.get(username="owner")
    tournament = events.create_tournament(club=club, name="Cup", format="einzelschieber", by=owner, passes=1)
    for player in players:
        events.check_in(entrant=events.register(tournament=tournament, name=player.name))
    events.draw_next_pass(tournament=tournament, by=owner)
    game = Table.objects.get(pass_played__tournament=tournament).game
    play(game, [{"trump": "hearts", "points": {"A": 100}}], by=owner)
    assert post(client_as("owner"), game, action).status_code == 403
    game.refresh_from_db()
    assert (game.abandoned_at, game.deleted_at, Game.objects.count()) == (None, None, 1)
    assert not GameChange.objects.exists()
    page = html(client_as("owner").get(f"/games/{game.pk}/"))
    for offered in ("abandon", "resume", "delete", "again"):
        assert f'action="/games/{game.pk}/{offered}/"' not in page
