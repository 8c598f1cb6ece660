"""A member linked to the roster player they are: club admins link and unlink them (one player per member
and club, one member per player), and the member finds "My games" and "My rating" from the header.

Also: a visitor who is no member reads no name of an event that is not public on a player's, rating or
season page (as the club page lists none).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.test import Client

from scorekeeper.games import members, services
from scorekeeper.games.models import Club, Game, Player
from scorekeeper.ratings.models import Rating, RatingChange
from tests.club_world import build_world
from tests.db_snapshot import changed, rows
from tournaments.models import Tournament

from .conftest import play


def manage(club: Club) -> str:
    return f"/clubs/{club.slug}/manage/"


def link_path(club: Club, user: User) -> str:
    return f"/clubs/{club.slug}/members/{club.memberships.get(user=user).pk}/player/"


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


# ---- linking ----------------------------------------------------------------------------------------


def test_an_admin_links_and_unlinks_a_member(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    admin = client_as("admin")
    response = admin.post(link_path(club, users["scorer"]), {"player": players[2].pk}, follow=True)
    assert messages_of(response) == ["scorer is Cla on the roster now."]
    players[2].refresh_from_db()
    assert players[2].user == users["scorer"]
    page = admin.get(manage(club)).content.decode()
    assert "<span>Cla</span>" in page and ">Cla</option>" not in page  # linked: no more offered
    response = admin.post(link_path(club, users["scorer"]), {"unlink": "1"}, follow=True)
    assert messages_of(response) == ["scorer is linked to no player now."]
    players[2].refresh_from_db()
    assert players[2].user is None


def test_linking_the_same_again_changes_nothing(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    members.link_player(player=players[0], user=users["viewer"])
    before = rows()
    response = client_as("admin").post(
        link_path(club, users["viewer"]), {"player": players[0].pk}, follow=True
    )
    assert messages_of(response) == ["viewer is Anna on the roster now."]
    assert changed(before, rows()) == set()


def test_a_second_player_for_a_member_is_refused_and_nothing_is_saved(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    members.link_player(player=players[0], user=users["viewer"])
    before = rows()
    response = client_as("admin").post(
        link_path(club, users["viewer"]), {"player": players[1].pk}, follow=True
    )
    assert messages_of(response) == ["viewer is linked to Anna already: unlink them first."]
    assert changed(before, rows()) == set()


def test_a_player_linked_to_another_member_is_refused_and_nothing_is_saved(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    members.link_player(player=players[0], user=users["viewer"])
    before = rows()
    response = client_as("admin").post(
        link_path(club, users["scorer"]), {"player": players[0].pk}, follow=True
    )
    assert messages_of(response) == ["Anna is linked to another member already: unlink them first."]
    assert changed(before, rows()) == set()


@pytest.mark.parametrize("player", ["", "0", "x", "2147483648"])
def test_no_player_or_another_clubs_is_refused(
    club: Club,
    other_club: Club,
    users: dict[str, User],
    client_as: Callable[[str | None], Client],
    player: str,
) -> None:
    theirs = members.add_player(club=other_club, name="Xaver")
    before = rows()
    for sent in (player, str(theirs.pk)):
        response = client_as("admin").post(link_path(club, users["scorer"]), {"player": sent}, follow=True)
        assert messages_of(response) == ["Choose a player of the roster."]
    assert changed(before, rows()) == set()


def test_the_database_holds_one_player_per_member_and_club(
    club: Club, players: list[Player], users: dict[str, User]
) -> None:
    Player.objects.filter(pk=players[0].pk).update(user=users["viewer"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.filter(pk=players[1].pk).update(user=users["viewer"])


def test_a_member_who_leaves_keeps_no_player(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    members.link_player(player=players[0], user=users["viewer"])
    membership = club.memberships.get(user=users["viewer"])
    client_as("admin").post(f"/clubs/{club.slug}/members/{membership.pk}/", {"remove": "1"})
    players[0].refresh_from_db()
    assert players[0].user is None


# ---- my games, my rating ----------------------------------------------------------------------------


def finished_game(club: Club, players: list[Player], by: User) -> Game:
    """A Schieber game to 1000 that team A (the first and third player) wins: 7 deals of 157 (1099)."""
    game = services.create_game(
        club=club, variant="schieber", players=players, settings={"target": 1000}, by=by
    )
    play(game, [{"trump": "hearts", "points": {"A": 157}}] * 7, by=by)
    game.refresh_from_db()
    assert game.finished and game.winner == "A"
    return game


def test_my_games_lists_my_players_games_and_ratings_across_clubs(
    club: Club, other_club: Club, players: list[Player], users: dict[str, User],
    client_as: Callable[[str | None], Client],
) -> None:  # fmt: skip
    viewer = users["viewer"]
    members.link_player(player=players[0], user=viewer)
    finished_game(club, players, users["owner"])
    members.set_membership(club=other_club, user=viewer, role="viewer")
    bern = [members.add_player(club=other_club, name=name) for name in ("Vreni", "Wale", "Xaver", "Yves")]
    members.link_player(player=bern[1], user=viewer)
    services.create_game(club=other_club, variant="schieber", players=bern, settings={}, by=users["stranger"])
    page = client_as("viewer").get("/me/")
    html = page.content.decode()
    assert page.status_code == 200
    assert [(p.name, p.club.slug) for p in page.context["players"]] == [("Wale", "bern"), ("Anna", "zuerich")]
    games = {player.name: [game.game for game in played] for player, played in page.context["linked"]}
    assert games == {
        "Anna": list(Game.objects.filter(club=club).values_list("pk", flat=True)),
        "Wale": list(Game.objects.filter(club=other_club).values_list("pk", flat=True)),
    }
    assert f'href="/clubs/zuerich/players/{players[0].pk}/"' in html
    assert f'href="/clubs/zuerich/ratings/{players[0].pk}/"' in html
    rating = Rating.objects.get(player=players[0], variant="schieber")
    shown = round(rating.mu - 3 * rating.sigma, 1)
    assert f'href="/clubs/zuerich/ratings/{players[0].pk}/">{shown}</a>' in html
    assert 'href="/me/" title="My games">' in html  # the header's way there: the member's name


def test_my_games_without_a_linked_player_says_how_to_get_one(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    html = client_as("scorer").get("/me/").content.decode()
    assert "No roster player is linked to your account yet." in html


def test_a_club_left_is_not_on_my_games(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    members.link_player(player=players[0], user=users["viewer"])
    club.memberships.filter(user=users["viewer"]).delete()  # as the admin site would, past the service
    assert client_as("viewer").get("/me/").context["players"] == []


def test_my_games_costs_the_same_queries_however_many_games_and_clubs(
    club: Club, other_club: Club, players: list[Player], users: dict[str, User],
    client_as: Callable[[str | None], Client], django_assert_max_num_queries: Callable,
) -> None:  # fmt: skip
    viewer = users["viewer"]
    members.link_player(player=players[0], user=viewer)
    finished_game(club, players, users["owner"])
    client = client_as("viewer")
    with django_assert_max_num_queries(6) as few:  # session, user, players, games, seats, ratings
        client.get("/me/")
    for _ in range(12):
        finished_game(club, players, users["owner"])
    members.set_membership(club=other_club, user=viewer, role="viewer")
    bern = [members.add_player(club=other_club, name=name) for name in ("Vreni", "Wale", "Xaver", "Yves")]
    members.link_player(player=bern[0], user=viewer)
    finished_game(other_club, bern, users["stranger"])
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = client.get("/me/")
    shown = {player.name: len(played) for player, played in page.context["linked"]}
    assert shown == {"Anna": 10, "Vreni": 1}  # the latest ten per player; the player page has them all


# ---- events that are not public, on pages a visitor reads ---------------------------------------------


@pytest.fixture
def public_world(db: None):
    """The club world, public; its team event made for members only."""
    world = build_world(public=True)
    world.team_tournament.visibility = "members"
    world.team_tournament.save(update_fields=["visibility"])
    assert world.tournament.visibility == "public"
    return world


def test_a_player_page_shows_a_visitor_no_event_that_is_not_public(public_world) -> None:
    world = public_world
    world.tournament.visibility = "link"
    world.tournament.save(update_fields=["visibility"])
    Tournament.objects.filter(club=world.club).update(visibility="link")  # the Differenzler evening too
    member = Client()
    member.force_login(world.users["viewer"])
    player = world.players[0]
    path = f"/clubs/{world.club.slug}/players/{player.pk}/"
    tables = Game.objects.filter(seats__player=player, tournament_table__isnull=False).count()
    assert tables > 0
    for who, client, events in (("visitor", Client(), False), ("member", member, True)):
        page = client.get(path)
        html = page.content.decode()
        assert (world.names.tournament in html) is events, who
        assert (world.tournament.slug in html) is events, who
        listed = [game.game for game in page.context["page"].paginator.object_list]
        assert Game.objects.filter(pk__in=listed, tournament_table__isnull=False).exists() is events, who
        for export in ("history.csv", "history.json"):
            assert (world.names.tournament in client.get(f"{path}{export}").content.decode()) is events, who


def test_a_season_leaves_out_for_a_visitor_an_event_that_is_not_public(public_world) -> None:
    """Neither its name nor its places (tests/test_event_places.py counts the totals): the page says so."""
    world = public_world
    member = Client()
    member.force_login(world.users["viewer"])
    path = f"/clubs/{world.club.slug}/seasons/{world.season.pk}/"
    visitor_html = Client().get(path).content.decode()
    assert world.names.team_tournament not in visitor_html
    assert world.team_tournament.slug not in visitor_html
    assert "Event 2" not in visitor_html and world.names.tournament in visitor_html
    assert "This season also counts events only the club's members see" in visitor_html
    assert world.names.team_tournament in member.get(path).content.decode()


def test_a_rating_history_shows_a_visitor_no_event_that_is_not_public(public_world) -> None:
    world = public_world
    event = world.tournament
    player = world.players[0]
    RatingChange.objects.create(
        player=player, variant="schieber", tournament=event, team="1", rank=1, won=True,
        mu_before=25, sigma_before=8, mu_after=26, sigma_after=7, at=event.created_at,
    )  # fmt: skip
    type(event).objects.filter(pk=event.pk).update(visibility="members")  # a save would re-rate the event
    member = Client()
    member.force_login(world.users["viewer"])
    path = f"/clubs/{world.club.slug}/ratings/{player.pk}/"
    visitor_html = Client().get(path).content.decode()
    assert world.names.tournament not in visitor_html and event.slug not in visitor_html
    assert "A tournament for the club's members" not in visitor_html  # no row of it at all
    assert world.names.tournament in member.get(path).content.decode()
