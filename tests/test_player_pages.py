"""The player page, head-to-head and the exports, on games played through the services.

Anna's fixture, worked out by hand (flat Schieber to 300, so every score is as written):

- Schieber 1, Anna & Cla (A) against Beat & Dora: A 100 + Weis 20 = 120; a match by A, 257: A wins 377.
- Schieber 2, Beat & Dora (A) against Anna & Cla (B): B 100 + Weis 50 = 150, A 57; a match by A: A wins.
- Differenzler (2 deals): Anna misses 0 and 15, Beat 10 and 2, Cla 10 and 0, Dora 0 and 13: Cla wins,
  Anna is 4th.
- Molotow (1 deal): 60, 50, 30, 17 give Anna and Dora a stick, Beat and Cla a potato: Anna and Dora share
  first place, so nobody wins.
- A running Schieber game: listed, counted nowhere.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from importlib import import_module
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper import rules
from scorekeeper.games import members, services, summaries
from scorekeeper.games.models import Club, Deal, Game, Player, Seat
from scorekeeper.players.exports import HISTORY_COLUMNS
from tests.spreadsheets import assert_laid_out, csv_rows, xlsx_rows, xlsx_sheet
from tournaments import services as events
from tournaments.models import Tournament
from tournaments.selectors import standings

from .conftest import make_user, play

FLAT = {"multipliers": "flat", "target": 300}
PASS_SETTINGS = {"multipliers": "flat", "match_bonus": 0, "target": 10**9}
MAX_PAGE_QUERIES = 13  # session, user, club, player, choices, seats, deals, entrants, evenings, 4 standings

SCHIEBER_1 = [
    {"trump": "hearts", "points": {"A": 100}, "weis": {"A": 20}},
    {"trump": "spades", "match": "A"},
]
SCHIEBER_2 = [
    {"trump": "clubs", "points": {"A": 57}, "weis": {"B": 50}},
    {"trump": "hearts", "match": "A"},
]
DIFFERENZLER = [
    {
        "trump": "hearts",
        "predictions": {"Anna": 40, "Beat": 30, "Cla": 50, "Dora": 37},
        "points": {"Anna": 40, "Beat": 20, "Cla": 60, "Dora": 37},
    },
    {
        "trump": "obenabe",
        "predictions": {"Anna": 50, "Beat": 40, "Cla": 30, "Dora": 37},
        "points": {"Anna": 35, "Beat": 42, "Cla": 30, "Dora": 50},
    },
]
MOLOTOW = [{"points": {"Anna": 60, "Beat": 50, "Cla": 30, "Dora": 17}}]


def owner() -> User:
    return User.objects.get(username="owner")


def start(club: Club, variant: str, seats: Sequence[Player], settings: dict[str, Any], deals: list) -> Game:
    game = services.create_game(club=club, variant=variant, players=seats, settings=settings, by=owner())
    play(game, deals, by=owner())
    game.refresh_from_db()
    return game


@pytest.fixture
def fixture_games(club: Club, players: list[Player]) -> dict[str, Game]:
    anna, beat, cla, dora = players
    return {
        "schieber_1": start(club, "schieber", [anna, beat, cla, dora], FLAT, SCHIEBER_1),
        "schieber_2": start(club, "schieber", [beat, anna, dora, cla], FLAT, SCHIEBER_2),
        "differenzler": start(club, "differenzler", players, {"deals": 2}, DIFFERENZLER),
        "molotow": start(club, "molotow", players, {"deals": 1}, MOLOTOW),
        "running": start(club, "schieber", players, FLAT, [{"trump": "hearts", "points": {"A": 80}}]),
    }


@pytest.fixture
def viewer(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("viewer")


def page_of(player: Player, **query: Any) -> str:
    return reverse("players:player", args=[player.club.slug, player.pk]) + (
        "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else ""
    )


def stats_by_variant(response: Any) -> dict[str, Any]:
    return {stat.variant: stat for stat in response.context["stats"]}


def test_the_page_shows_the_hand_computed_figures(
    viewer: Client, players: list[Player], fixture_games: dict[str, Game]
) -> None:
    anna = players[0]
    response = viewer.get(page_of(anna))
    assert response.status_code == 200
    stats = stats_by_variant(response)
    schieber = stats["schieber"]
    assert (schieber.games, schieber.wins, schieber.deals) == (2, 1, 4)
    assert schieber.figure("points_per_deal") == pytest.approx((377 + 150) / 4)
    assert schieber.figure("points_per_pass") is None  # no tournament pass
    assert (schieber.figure("matches_made"), schieber.figure("matches_conceded")) == (1, 1)
    assert schieber.figure("weis_per_deal") == pytest.approx((20 + 50) / 4)
    differenzler = stats["differenzler"]
    assert (differenzler.games, differenzler.wins) == (1, 0)
    assert differenzler.figure("average_deviation") == pytest.approx(7.5)
    assert differenzler.figure("exact_hits") == 1
    molotow = stats["molotow"]
    assert (molotow.games, molotow.wins, molotow.figure("net_sticks_per_game")) == (1, 0, 1)

    html = response.content.decode()
    for shown in (
        "<dt>Points per deal</dt><dd>131.8</dd>",
        "<dt>Points per pass</dt><dd>—</dd>",
        "<dt>Matches made</dt><dd>1</dd>",
        "<dt>Matches conceded</dt><dd>1</dd>",
        "<dt>Weis per deal</dt><dd>17.5</dd>",
        "<dt>Average deviation</dt><dd>7.5</dd>",
        "<dt>Exact hits</dt><dd>1</dd>",
        "<dt>Net sticks per game</dt><dd>1.0</dd>",
        '<dt>Wins</dt><dd>1 <span class="muted">(50%)</span></dd>',
        "1 running game not counted yet",
    ):
        assert shown in html
    for game in fixture_games.values():  # every game is listed, the running one too
        assert f'href="{reverse("games:game", args=[game.pk])}"' in html


def test_partners_and_opponents_on_the_page(
    viewer: Client, players: list[Player], fixture_games: dict[str, Game]
) -> None:
    anna = players[0]
    response = viewer.get(page_of(anna))
    partners = [(r.name, r.games, r.wins, r.losses) for r in response.context["partners"]]
    assert partners == [("Cla", 2, 1, 1)]
    opponents = {r.name: (r.games, r.wins, r.losses, r.ties) for r in response.context["opponents"]}
    # Beat: Schieber 1 won, 2 lost, Differenzler behind, Molotow ahead; Dora: the same, but level in Molotow
    # and ahead of Anna in Differenzler; Cla only as an opponent in Differenzler (behind) and Molotow (ahead)
    assert opponents == {"Beat": (4, 2, 2, 0), "Dora": (4, 1, 2, 1), "Cla": (2, 1, 1, 0)}
    assert response.context["best_partner"] is None  # 2 games with Cla: fewer than 3
    assert response.context["toughest_opponent"].name == "Dora"
    assert (
        reverse("players:player_vs", args=[anna.club.slug, anna.pk, players[3].pk])
        in response.content.decode()
    )


def test_head_to_head(viewer: Client, players: list[Player], fixture_games: dict[str, Game]) -> None:
    anna, beat, cla, _ = players
    response = viewer.get(reverse("players:player_vs", args=[anna.club.slug, anna.pk, beat.pk]))
    overall = response.context["overall"]
    assert (overall.together.games, overall.against.games) == (0, 4)
    assert (overall.against.wins, overall.against.losses) == (2, 2)
    assert len(overall.games) == 5  # the running game too
    # Anna and Beat never were partners: the list of their games does not say "together"
    assert "<h2>Every game both played, as partners or as opponents</h2>" in response.content.decode()
    assert "Games together" not in response.content.decode()
    assert [v for v, _ in response.context["per_variant"]] == ["schieber", "differenzler", "molotow"]
    with_cla = viewer.get(reverse("players:player_vs", args=[anna.club.slug, anna.pk, cla.pk])).context[
        "overall"
    ]
    assert (with_cla.together.games, with_cla.together.wins, with_cla.together.losses) == (2, 1, 1)
    assert (with_cla.against.games, with_cla.against.wins, with_cla.against.losses) == (2, 1, 1)
    same = viewer.get(reverse("players:player_vs", args=[anna.club.slug, anna.pk, anna.pk]))
    assert same.status_code == 302 and same.url == page_of(anna)


def test_filters_by_variant_and_year(
    viewer: Client, players: list[Player], fixture_games: dict[str, Game]
) -> None:
    anna = players[0]
    Game.objects.filter(pk=fixture_games["differenzler"].pk).update(
        created_at=datetime(2024, 6, 1, 18, tzinfo=UTC)
    )
    this_year = fixture_games["schieber_1"].created_at.year
    response = viewer.get(page_of(anna, variant="schieber"))
    assert [s.variant for s in response.context["stats"]] == ["schieber"]
    assert {g.variant for g in response.context["page"]} == {"schieber"}
    assert len(response.context["page"]) == 3
    response = viewer.get(page_of(anna, year=2024))
    assert [g.game for g in response.context["page"]] == [fixture_games["differenzler"].pk]
    assert response.context["years"] == [this_year, 2024]
    assert response.context["variants"] == ["schieber", "differenzler", "molotow"]
    assert '<option value="2024" selected>' in response.content.decode()
    everything = viewer.get(page_of(anna, year="nonsense", variant="poker"))
    assert len(everything.context["page"]) == 5  # a filter it does not know is no filter


def test_pagination_newest_first(viewer: Client, club: Club, players: list[Player]) -> None:
    games = [start(club, "molotow", players, {"deals": 1}, MOLOTOW) for _ in range(23)]
    anna = players[0]
    first = viewer.get(page_of(anna)).context["page"]
    assert [g.game for g in first] == [g.pk for g in reversed(games)][:20]
    assert first.paginator.num_pages == 2
    second = viewer.get(page_of(anna, page=2)).context["page"]
    assert [g.game for g in second] == [g.pk for g in reversed(games)][20:]
    assert "Older →" in viewer.get(page_of(anna)).content.decode()


def test_a_player_without_games(viewer: Client, club: Club) -> None:
    newcomer = members.add_player(club=club, name="Ueli")
    response = viewer.get(page_of(newcomer))
    assert response.status_code == 200
    assert (response.context["stats"], response.context["charts"]) == ([], [])
    assert "No finished games yet." in response.content.decode()


def test_a_game_that_no_longer_scores_is_listed_and_counted_nowhere(
    viewer: Client, players: list[Player], fixture_games: dict[str, Game]
) -> None:
    """Summarizing the games again (the migration that added the summaries) replays them with today's
    rules: a game they refuse keeps no summary, and the page lists it with its stored total only."""
    stored = {game.pk: game.summary for game in Game.objects.all()}
    broken = fixture_games["molotow"]
    Deal.objects.filter(game=broken).update(entry={"points": {"Anna": 157}})  # the others are missing
    Game.objects.update(summary={})
    import_module("scorekeeper.games.migrations.0006_game_summaries").summarize_games(django_apps, None)
    again = {game.pk: game.summary for game in Game.objects.all()}
    assert again == {**stored, broken.pk: {}}
    response = viewer.get(page_of(players[0]))
    listed = next(game for game in response.context["page"] if game.game == broken.pk)
    assert (listed.result, listed.total, listed.deal_count) == ("running", 1, 0)  # the stored total
    assert "molotow" not in stats_by_variant(response)


def test_the_club_page_links_each_player(viewer: Client, players: list[Player]) -> None:
    html = viewer.get(reverse("games:club", args=[players[0].club.slug])).content.decode()
    for player in players:
        assert f'href="{page_of(player)}"' in html


# ---- exports ------------------------------------------------------------------------------------------


def test_history_csv(viewer: Client, players: list[Player], fixture_games: dict[str, Game]) -> None:
    anna = players[0]
    response = viewer.get(reverse("players:player_history_csv", args=[anna.club.slug, anna.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    header, *rows = csv_rows(response)
    assert header[:3] == ["date", "game", "variant"]
    by_game = {int(row[1]): dict(zip(header, row, strict=True)) for row in rows}
    assert len(by_game) == 5
    first = by_game[fixture_games["schieber_1"].pk]
    assert (first["side"], first["partners"], first["opponents"]) == ("A", "Cla", "Beat, Dora")
    assert (first["points"], first["rank"], first["places"], first["result"], first["deals"]) == (
        "377",
        "1",
        "2",
        "won",
        "2",
    )
    second = by_game[fixture_games["schieber_2"].pk]
    assert (second["side"], second["points"], second["result"]) == ("B", "150", "lost")
    differenzler = by_game[fixture_games["differenzler"].pk]
    assert (differenzler["points"], differenzler["rank"], differenzler["places"]) == ("15", "4", "4")
    assert by_game[fixture_games["running"].pk]["result"] == "running"
    only = csv_rows(
        viewer.get(reverse("players:player_history_csv", args=[anna.club.slug, anna.pk]) + "?variant=molotow")
    )
    assert len(only) == 2 and only[1][2] == "molotow"


def test_history_xlsx_has_the_csvs_rows_typed(
    viewer: Client, players: list[Player], fixture_games: dict[str, Game]
) -> None:
    anna = players[0]
    path = reverse("players:player_history_xlsx", args=[anna.club.slug, anna.pk])
    response = viewer.get(path)
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="{anna.club.slug}-player-{anna.pk}-history.xlsx"'
    )
    sheet = xlsx_sheet(response)
    assert_laid_out(sheet)
    header, *rows = xlsx_rows(response)
    assert header == list(HISTORY_COLUMNS)
    first = next(
        dict(zip(header, row, strict=True)) for row in rows if row[1] == fixture_games["schieber_1"].pk
    )
    assert isinstance(first["date"], datetime) and sheet["A2"].number_format == "DD.MM.YYYY"
    assert (first["points"], first["rank"], first["places"], first["deals"]) == (377, 1, 2, 2)
    assert (first["partners"], first["opponents"], first["result"]) == ("Cla", "Beat, Dora", "won")
    assert len(rows) == 5
    only = xlsx_rows(viewer.get(path + "?variant=molotow"))  # the page's filters, as the CSV
    assert len(only) == 2 and only[1][2] == "molotow"


def test_history_json(viewer: Client, players: list[Player], fixture_games: dict[str, Game]) -> None:
    anna = players[0]
    data = viewer.get(reverse("players:player_history_json", args=[anna.club.slug, anna.pk])).json()
    assert data["player"] == {"id": anna.pk, "name": "Anna", "club": anna.club.slug}
    games = {game["game"]: game for game in data["games"]}
    molotow = games[fixture_games["molotow"].pk]
    assert molotow["totals"] == {"Anna": 1, "Beat": -1, "Cla": -1, "Dora": 1}
    assert (molotow["rank"], molotow["result"], molotow["opponents"]) == (1, "tied", ["Beat", "Cla", "Dora"])
    assert games[fixture_games["schieber_2"].pk]["partners"] == ["Cla"]
    assert data["tournaments"] == []


def test_game_record_json_and_csv(viewer: Client, fixture_games: dict[str, Game]) -> None:
    game = fixture_games["schieber_1"]
    record = viewer.get(reverse("players:game_record_json", args=[game.pk])).json()
    assert record["settings"] == FLAT and record["variant"] == "schieber"
    assert [(s["position"], s["name"], s["side"]) for s in record["seats"]] == [
        (1, "Anna", "A"),
        (2, "Beat", "B"),
        (3, "Cla", "A"),
        (4, "Dora", "B"),
    ]
    assert [d["entry"] for d in record["deals"]] == SCHIEBER_1
    assert [d["scores"] for d in record["deals"]] == [{"A": 120, "B": 57}, {"A": 257, "B": 0}]
    assert record["deals"][1]["details"]["match"] == "A"
    assert (record["totals"], record["finished"], record["winner"]) == ({"A": 377, "B": 57}, True, "A")
    assert record["sides"][0] == {"side": "A", "label": "Anna & Cla", "total": 377, "rank": 1}

    rows = csv_rows(viewer.get(reverse("players:game_record_csv", args=[game.pk])))
    assert rows[0][:3] == ["game", "club", "variant"] and rows[1][6] == "A"
    assert json.loads(rows[1][7]) == FLAT
    assert rows[4:8] == [["1", "Anna", "A"], ["2", "Beat", "B"], ["3", "Cla", "A"], ["4", "Dora", "B"]]
    assert rows[9] == ["deal", "Anna & Cla", "Beat & Dora", "entry", "dealer", "pushed"]
    assert rows[10][:3] == ["1", "120", "57"] and json.loads(rows[10][3]) == SCHIEBER_1[0]
    assert rows[10][4:] == ["", ""]  # not noted
    assert rows[-1] == ["total", "377", "57", "", "", ""]


def test_game_record_xlsx_has_the_csvs_rows_typed(viewer: Client, fixture_games: dict[str, Game]) -> None:
    game = fixture_games["schieber_1"]
    response = viewer.get(reverse("players:game_record_xlsx", args=[game.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="game-{game.pk}.xlsx"'
    assert_laid_out(xlsx_sheet(response))
    rows = [[cell for cell in row if cell is not None] for row in xlsx_rows(response)]
    assert rows[0] == [
        "game",
        "club",
        "variant",
        "started",
        "deal limit",
        "finished",
        "winner",
        "settings",
        "name",
    ]
    assert rows[1][0] == game.pk and isinstance(rows[1][3], datetime)
    assert rows[4:8] == [[1, "Anna", "A"], [2, "Beat", "B"], [3, "Cla", "A"], [4, "Dora", "B"]]
    assert rows[10][:3] == [1, 120, 57] and json.loads(rows[10][3]) == SCHIEBER_1[0]
    assert rows[-1] == ["total", 377, 57]


def test_the_game_record_says_who_dealt_and_who_pushed(
    viewer: Client, fixture_games: dict[str, Game]
) -> None:
    game = fixture_games["schieber_1"]
    game.deals.filter(number=1).update(dealer_seat=2, pushed=True)
    game.deals.filter(number=2).update(dealer_seat=3, pushed=False)
    record = viewer.get(reverse("players:game_record_json", args=[game.pk])).json()
    assert [(d["dealer_seat"], d["pushed"]) for d in record["deals"]] == [(2, True), (3, False)]
    rows = csv_rows(viewer.get(reverse("players:game_record_csv", args=[game.pk])))
    assert [row[4:] for row in rows[10:12]] == [["Beat", "yes"], ["Cla", "no"]]


def test_csv_cells_never_start_a_formula(viewer: Client, club: Club) -> None:
    names = ["=HYPERLINK(1)", "Beat", "Cla", "Dora"]
    seats = [members.add_player(club=club, name=name) for name in names]
    game = start(club, "schieber", seats, FLAT, SCHIEBER_1)
    rows = csv_rows(viewer.get(reverse("players:game_record_csv", args=[game.pk])))
    assert rows[4][1] == "'=HYPERLINK(1)"
    history = csv_rows(viewer.get(reverse("players:player_history_csv", args=[club.slug, seats[1].pk])))
    assert history[1][8] == "'=HYPERLINK(1), Cla"


def test_xlsx_cells_keep_a_formula_like_name_as_text(viewer: Client, club: Club) -> None:
    """Excel runs no text cell: the name goes in as typed, with no apostrophe."""
    seats = [members.add_player(club=club, name=name) for name in ["=HYPERLINK(1)", "Beat", "Cla", "Dora"]]
    game = start(club, "schieber", seats, FLAT, SCHIEBER_1)
    sheet = xlsx_sheet(viewer.get(reverse("players:game_record_xlsx", args=[game.pk])))
    assert (sheet["B5"].value, sheet["B5"].data_type) == ("=HYPERLINK(1)", "s")
    history = xlsx_sheet(viewer.get(reverse("players:player_history_xlsx", args=[club.slug, seats[1].pk])))
    assert (history["I2"].value, history["I2"].data_type) == ("=HYPERLINK(1), Cla", "s")


# ---- permissions --------------------------------------------------------------------------------------


def player_urls(player: Player, other: Player) -> list[str]:
    slug = player.club.slug
    return [
        reverse("players:player", args=[slug, player.pk]),
        reverse("players:player_vs", args=[slug, player.pk, other.pk]),
        reverse("players:player_history_csv", args=[slug, player.pk]),
        reverse("players:player_history_xlsx", args=[slug, player.pk]),
        reverse("players:player_history_json", args=[slug, player.pk]),
    ]


def game_urls(game: Game) -> list[str]:
    return [
        reverse("players:game_record_csv", args=[game.pk]),
        reverse("players:game_record_xlsx", args=[game.pk]),
        reverse("players:game_record_json", args=[game.pk]),
    ]


def test_a_private_clubs_players_are_for_its_members(
    client_as: Callable[[str | None], Client], players: list[Player], fixture_games: dict[str, Game]
) -> None:
    urls = player_urls(players[0], players[1]) + game_urls(fixture_games["schieber_1"])
    for url in urls:
        anonymous = client_as(None).get(url)
        assert anonymous.status_code == 302 and anonymous.url.startswith(reverse("login")), url
        assert client_as("stranger").get(url).status_code == 404, url
        assert client_as("viewer").get(url).status_code == 200, url


def test_a_public_clubs_players_are_for_anyone(client_as: Callable[[str | None], Client], db: None) -> None:
    club = members.create_club(name="Offener Jass", slug="offen", owner=make_user("host"), is_public=True)
    seats = [members.add_player(club=club, name=name) for name in ("Anna", "Beat", "Cla", "Dora")]
    game = services.create_game(club=club, variant="schieber", players=seats, settings=FLAT, by=None)
    for url in player_urls(seats[0], seats[1]) + game_urls(game):
        assert Client().get(url).status_code == 200, url


def test_a_player_is_found_only_in_their_own_club(
    client_as: Callable[[str | None], Client], other_club: Club, players: list[Player]
) -> None:
    outsider = members.add_player(club=other_club, name="Zora")
    viewer = client_as("viewer")
    assert viewer.get(reverse("players:player", args=[players[0].club.slug, outsider.pk])).status_code == 404
    assert (
        viewer.get(
            reverse("players:player_vs", args=[players[0].club.slug, players[0].pk, outsider.pk])
        ).status_code
        == 404
    )
    stranger = client_as("stranger")  # owner of the other club, asking through its own slug
    assert stranger.get(reverse("players:player", args=[other_club.slug, players[0].pk])).status_code == 404


# ---- queries ------------------------------------------------------------------------------------------


def bulk_passes(club: Club, players: list[Player], count: int) -> None:
    """`count` finished two-deal passes, fast: hearts A 100 then A 80 (A 180, B 134); Anna sits in team A
    in the even ones and in team B in the odd ones."""
    anna, beat, cla, dora = players
    entries = [{"trump": "hearts", "points": {"A": 100}}, {"trump": "hearts", "points": {"A": 80}}]
    # the same result whoever sits where: stored as a write would store it
    result = rules.score_game("schieber", [p.name for p in players], PASS_SETTINGS, entries, deal_limit=2)
    games = Game.objects.bulk_create(
        Game(
            club=club,
            variant="schieber",
            settings=PASS_SETTINGS,
            deal_limit=2,
            finished=True,
            totals=dict(result.totals),
            winner=result.winner,
            summary=summaries.game_summary(result),
        )
        for _ in range(count)
    )
    seats, deals = [], []
    for index, game in enumerate(games):
        order = [anna, beat, cla, dora] if index % 2 == 0 else [beat, anna, dora, cla]
        seats += [Seat(game=game, position=i, player=p, name=p.name) for i, p in enumerate(order, start=1)]
        deals += [Deal(game=game, number=number, entry=entry) for number, entry in enumerate(entries, 1)]
    Seat.objects.bulk_create(seats)
    Deal.objects.bulk_create(deals)


def count_queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_page_takes_the_same_queries_with_5_and_50_games(
    viewer: Client, club: Club, players: list[Player], django_assert_max_num_queries: Any
) -> None:
    anna = players[0]
    viewer.get(reverse("games:club", args=[club.slug]))  # the session is warm for both counts
    bulk_passes(club, players, 5)
    with django_assert_max_num_queries(MAX_PAGE_QUERIES):
        viewer.get(page_of(anna))
    five = count_queries(viewer, page_of(anna))
    bulk_passes(club, players, 45)
    fifty = count_queries(viewer, page_of(anna))
    assert five == fifty
    for name in ("players:player_vs",):
        url = reverse(name, args=[club.slug, anna.pk, players[1].pk])
        assert count_queries(viewer, url) <= MAX_PAGE_QUERIES


@pytest.mark.parametrize("games", [1000])
def test_a_player_with_1000_games_in_constant_queries_with_hand_computed_figures(
    viewer: Client, club: Club, players: list[Player], games: int, django_assert_max_num_queries: Any
) -> None:
    anna = players[0]
    bulk_passes(club, players, 4)
    small = count_queries(viewer, page_of(anna))
    bulk_passes(club, players, games - 4)
    with django_assert_max_num_queries(MAX_PAGE_QUERIES):
        response = viewer.get(page_of(anna))
    assert count_queries(viewer, page_of(anna)) == small
    stats = stats_by_variant(response)["schieber"]
    # 500 passes in team A (180, won), 500 in team B (134, lost): 2 deals each
    assert (stats.games, stats.wins, stats.deals) == (1000, 500, 2000)
    assert stats.figure("points_per_pass") == pytest.approx((180 + 134) / 2)
    assert stats.figure("points_per_deal") == pytest.approx((180 + 134) / 4)
    assert response.context["page"].paginator.num_pages == 50
    chart = response.context["charts"][0]
    assert chart.title == "Points per pass" and len(chart.chart.points) == 40


# ---- tournaments --------------------------------------------------------------------------------------


def einzelschieber(club: Club, players: list[Player], name: str) -> Tournament:
    """Eight entrants, two passes of two deals, every table A 100 then A 80, then finished."""
    tournament = events.create_tournament(
        club=club, name=name, format="einzelschieber", by=owner(), passes=2, deals_per_pass=2
    )
    for player in players:
        events.check_in(entrant=events.register(tournament=tournament, name=player.name))
    for number in (1, 2):
        drawn = events.draw_next_pass(
            tournament=tournament, by=owner(), force_reason="tests" if number > 1 else ""
        )
        for table in drawn.tables.all():
            play(
                table.game,
                [
                    {"trump": "hearts", "points": {"A": 100}},
                    {"trump": "hearts", "points": {"A": 80 + table.number}},
                ],
                by=owner(),
            )
    Tournament.objects.filter(pk=tournament.pk).update(finished=True)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def eight(club: Club, players: list[Player]) -> list[Player]:
    return players + [
        members.add_player(club=club, name=name) for name in ("Emil", "Fränzi", "Gian", "Hanna")
    ]


def test_tournament_ranks_match_the_standings_and_cost_no_extra_queries_per_event(
    viewer: Client, club: Club, eight: list[Player]
) -> None:
    first = einzelschieber(club, eight, "Frühlingsturnier")
    anna = eight[0]
    one = count_queries(viewer, page_of(anna))
    einzelschieber(club, eight, "Sommerturnier")
    einzelschieber(club, eight, "Herbstturnier")
    response = viewer.get(page_of(anna))
    assert count_queries(viewer, page_of(anna)) == one <= MAX_PAGE_QUERIES
    placings = response.context["tournaments"]
    assert [p.name for p in placings] == ["Herbstturnier", "Sommerturnier", "Frühlingsturnier"]
    for placing in placings:
        tournament = Tournament.objects.get(slug=placing.slug)
        line = next(line for line in standings(tournament) if line.name == "Anna")
        assert (placing.rank, placing.total, placing.entrants) == (line.standing.rank, line.standing.total, 8)
    stats = stats_by_variant(response)["schieber"]
    passes = [g for g in response.context["page"] if g.is_pass]
    assert len(passes) == 6 and all(g.event is not None for g in passes)
    assert stats.figure("points_per_pass") == pytest.approx(sum(g.total for g in passes) / 6)
    titles = [chart.title for chart in response.context["charts"]]
    assert titles == ["Points per pass", "Rank per tournament", "Schieber: points per game"]
    html = response.content.decode()
    assert html.count('role="img"') == 3 and 'viewBox="0 0 320 180"' in html
    assert reverse("tournaments:tournament", args=[first.slug]) in html


def test_a_running_tournament_has_no_rank_yet(viewer: Client, club: Club, eight: list[Player]) -> None:
    tournament = einzelschieber(club, eight, "Abendturnier")
    Tournament.objects.filter(pk=tournament.pk).update(finished=False)
    placing = viewer.get(page_of(eight[0])).context["tournaments"][0]
    assert (placing.rank, placing.finished) == (None, False)
