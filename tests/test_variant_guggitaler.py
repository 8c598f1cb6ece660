"""Guggitaler through the pages: the form fitted to each game of the round, the engine's refusals beside the
field with nothing saved, corrections, all in one, the chalk board and the new-game page. Every penalty is
computed by hand in a comment.

Penalties (defaults): a trick 5, a Schellen card 10, an Ober 20, the Rosen König 40, the last trick 50; the
Domino's places -150, -100, -55, 0 (four players).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from scorekeeper.games.settings_form import SettingsForm
from tests.scored import deal_scores as scored_deal

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
NEW_GAME = "/clubs/zuerich/games/new/"
ROUND = [
    {"game": "tricks", "taken": {"Anna": 3, "Beat": 2, "Cla": 4, "Dora": 0}},  # 15, 10, 20, 0
    {"game": "schellen", "taken": {"Anna": 2, "Beat": 3, "Cla": 1, "Dora": 3}},  # 20, 30, 10, 30
    {"game": "ober", "taken": {"Anna": 1, "Cla": 2, "Dora": 1}},  # 20, 0, 40, 20
    {"game": "rosen_koenig", "player": "Dora"},  # Dora 40
    {"game": "last_trick", "player": "Anna"},  # Anna 50
    {"game": "domino", "order": ["Beat", "Dora", "Anna", "Cla"]},  # -150, -100, -55, 0
]


@pytest.fixture
def make_guggitaler(club: Club, players: list[Player]) -> Callable[..., Game]:
    """A Guggitaler game for Anna, Beat, Cla, Dora (or the players given), with some deals played."""

    def make(
        settings: dict[str, Any] | None = None,
        deals: Sequence[dict[str, Any]] = (),
        seated: Sequence[Player] | None = None,
    ) -> Game:
        owner = User.objects.get(username="owner")
        game = services.create_game(
            club=club,
            variant="guggitaler",
            players=list(seated or players),
            settings=settings or {},
            by=owner,
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


@pytest.fixture
def scorer(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("scorer")


def counts(number: int, game: str, *values: int | str, name: str = "counts") -> dict[str, Any]:
    """What the form posts for a counted game: one number per seat, in seat order."""
    data = {"number": number, "client_token": str(uuid.uuid4()), "game": game}
    data.update({f"{name}_{index}": value for index, value in enumerate(values)})
    return data


def taker(number: int, game: str, player: str = "") -> dict[str, Any]:
    return {"number": number, "client_token": str(uuid.uuid4()), "game": game, "player": player}


def domino(number: int, *order: str) -> dict[str, Any]:
    data = {"number": number, "client_token": str(uuid.uuid4()), "game": "domino"}
    data.update({f"order_{index}": player for index, player in enumerate(order)})
    return data


def html(response: Any) -> str:
    return response.content.decode()


def text(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def between(page: str, start: str, end: str) -> str:
    begin = page.index(start) + len(start)
    return page[begin : page.index(end, begin)]


def heading(page: str) -> str:
    return text(re.search(r'<h2 class="flush"[^>]*>(.*?)</h2>', page, re.S).group(1))


def totals(game: Game) -> dict[str, int]:
    game.refresh_from_db()
    return dict(game.totals)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused post must leave as it was."""
    game.refresh_from_db()
    deals = list(game.deals.values_list("number", "entry", "version"))
    return deals, game.revision, dict(game.totals), game.finished


def post_deal(client: Client, game: Game, data: dict[str, Any], **headers: Any) -> Any:
    return client.post(f"/games/{game.pk}/deals/", data, **headers)


def chalk(page: str) -> dict[str, list[str]]:
    """The chalk board as a reader sees it: the header, each game's row, and the totals."""
    board = between(page, '<table class="list gug-chalk"', "</table>")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", board, re.S)
    return {
        text(re.search(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S).group(1)): text(row).split()[-4:]
        for row in rows
    }


# ---- a whole round through the form ------------------------------------------------------------------


def test_a_round_with_the_domino_through_the_form(
    make_guggitaler: Callable[..., Game], scorer: Client
) -> None:
    game = make_guggitaler()
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 1 · Tricks"
    assert "9 in all · 5 per trick" in page
    assert len(re.findall(r'name="counts_\d" id="id_counts_\d"[^>]*max="9"', page)) == 4
    assert "Left to share out:" in page
    # Tricks: Anna 3, Beat 2, Cla 4, Dora blank (0): 15, 10, 20, 0.
    assert post_deal(scorer, game, counts(1, "tricks", 3, 2, 4, "")).status_code == 302
    assert game.deals.get(number=1).entry == {"game": "tricks", "taken": {"Anna": 3, "Beat": 2, "Cla": 4}}
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 2 · Schellen"
    assert "9 in all · 10 per Schellen card" in page
    assert post_deal(scorer, game, counts(2, "schellen", 2, 3, 1, 3)).status_code == 302
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "4 in all · 20 per Ober" in page
    assert 'max="4"' in page
    assert post_deal(scorer, game, counts(3, "ober", 1, 0, 2, 1)).status_code == 302
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 4 · Rosen König"
    assert "Who took the Rosen König? (+40)" in page
    assert len(re.findall(r'type="radio" name="player"', page)) == 4
    assert post_deal(scorer, game, taker(4, "rosen_koenig", "Dora")).status_code == 302
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Who took the last trick? (+50)" in page
    assert post_deal(scorer, game, taker(5, "last_trick", "Anna")).status_code == 302
    # Before the Domino: Anna 15+20+20+50 = 105, Beat 10+30 = 40, Cla 20+10+40 = 70, Dora 30+20+40 = 90.
    assert totals(game) == {"Anna": 105, "Beat": 40, "Cla": 70, "Dora": 90}
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 6 · Domino"
    assert "tap the names in the order they went out" in page
    assert "1st out" in page and "4th out" in page
    assert "(\N{MINUS SIGN}150)" in page
    assert len(re.findall(r'type="radio" name="order_\d"', page)) == 16
    # Domino: Beat -150, Dora -100, Anna -55, Cla 0.
    response = post_deal(scorer, game, domino(6, "Beat", "Dora", "Anna", "Cla"), **HTMX)
    assert response.status_code == 200
    assert game.deals.get(number=6).entry == {"game": "domino", "order": ["Beat", "Dora", "Anna", "Cla"]}
    assert scored_deal(game.deals.get(number=6)) == {"Anna": -55, "Beat": -150, "Cla": 0, "Dora": -100}
    assert totals(game) == {"Anna": 50, "Beat": -110, "Cla": 70, "Dora": -10}
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Beat")
    for page in (html(response), html(scorer.get(f"/games/{game.pk}/"))):
        assert "🏆 Beat wins!" in page
        ranking = text(between(page, 'aria-label="Final ranking">', "</ol>"))
        assert ranking == "1. Beat -110 2. Dora -10 3. Anna 50 4. Cla 70"
        assert 'id="dealform"' not in page
    before = snapshot(game)
    response = post_deal(scorer, game, counts(7, "tricks", 9, 0, 0, 0))
    assert response.status_code == 422
    assert "The game ended with deal 6: no more deals." in html(response)
    assert snapshot(game) == before


def test_the_chalk_board_shows_each_games_penalty_lowest_first(
    make_guggitaler: Callable[..., Game], scorer: Client
) -> None:
    game = make_guggitaler(deals=ROUND[:5])
    page = html(scorer.get(f"/games/{game.pk}/"))
    board = chalk(page)
    # Lowest first: Beat 40, Cla 70, Dora 90, Anna 105.
    assert board["Game"] == ["Beat", "Cla", "Dora", "Anna"]
    assert board["Tricks"] == ["10", "20", "0", "15"]
    assert board["Schellen"] == ["30", "10", "30", "20"]
    assert board["Ober"] == ["0", "40", "20", "20"]
    assert board["Rosen K."] == ["0", "0", "40", "0"]
    assert board["Last trick"] == ["0", "0", "0", "50"]
    assert board["Domino next"] == ["\N{EN DASH}"] * 4
    assert board["Total"] == ["40", "70", "90", "105"]
    assert 'data-chalk="domino" aria-current="step"' in page
    # The deal list notes who took the Rosen König.
    assert re.search(r"Rosen K\.</strong>\s*<br><span class=\"muted gug-note\">Dora</span>", page)
    play(game, ROUND[5:], by=User.objects.get(username="owner"))
    board = chalk(html(scorer.get(f"/games/{game.pk}/")))
    # Beat -110, Dora -10, Anna 50, Cla 70.
    assert board["Game"] == ["Beat", "Dora", "Anna", "Cla"]
    assert board["Domino"] == ["-150", "-100", "-55", "0"]
    assert board["Total"] == ["-110", "-10", "50", "70"]


# ---- refusals: the engine's message beside the field, nothing saved -----------------------------------

REFUSALS = [
    # (deals played, posted, where the message is shown, the engine's message)
    ([], counts(1, "tricks", 3, 2, 3, ""), 'id="counts-error"', "Tricks: 8 of 9 entered."),
    (
        [],
        counts(1, "tricks", 10, "", "", ""),
        'id="counts-error"',
        "Tricks for Anna must be a whole number from 0 to 9.",
    ),
    (ROUND[:1], counts(2, "schellen", 5, 5, "", ""), 'id="counts-error"', "Schellen: 10 of 9 entered."),
    (ROUND[:3], taker(4, "rosen_koenig"), 'id="player-error"', "Enter who took the Rosen König."),
    (ROUND[:5], domino(6, "Beat", "Dora", "Anna"), 'id="order-error"', "Domino: the order leaves out Cla."),
    (ROUND[:5], domino(6, "Beat", "Dora", "Beat", "Cla"), 'id="order-error"', "Domino: Beat is named twice."),
    ([], counts(1, "schellen", 9, 0, 0, 0), 'class="form-errors"', "The next game is Tricks, not Schellen."),
]


@pytest.mark.parametrize(("played", "data", "where", "message"), REFUSALS, ids=[r[3] for r in REFUSALS])
def test_a_wrong_entry_is_refused_beside_its_field_and_nothing_is_saved(
    make_guggitaler: Callable[..., Game],
    scorer: Client,
    played: list[dict[str, Any]],
    data: dict[str, Any],
    where: str,
    message: str,
) -> None:
    game = make_guggitaler(deals=played)
    before = snapshot(game)
    response = post_deal(scorer, game, data)
    assert response.status_code == 422
    page = html(response)
    assert escape(message) in between(page, where, "</")
    assert snapshot(game) == before


def test_a_name_not_at_the_table_and_a_count_that_is_no_number_are_refused(
    make_guggitaler: Callable[..., Game], scorer: Client
) -> None:
    game = make_guggitaler(deals=ROUND[:3])
    before = snapshot(game)
    response = post_deal(scorer, game, taker(4, "rosen_koenig", "Xaver"))
    assert response.status_code == 422
    assert "Select a valid choice. Xaver is not one of the available choices." in html(response)
    fresh = make_guggitaler()
    response = post_deal(scorer, fresh, counts(1, "tricks", "two", 2, 5, 0))
    assert response.status_code == 422
    assert "Enter a whole number." in between(html(response), 'id="counts-error"', "</ul>")
    assert snapshot(game) == before
    assert not fresh.deals.exists()


@pytest.mark.parametrize("typed", ["\u00b2", "7" * 5000], ids=["superscript two", "5000 digits"])
def test_a_count_that_only_looks_like_a_number_is_refused_not_a_server_error(
    make_guggitaler: Callable[..., Game], scorer: Client, typed: str
) -> None:
    """ "²" is a digit to str.isdigit() and int() refuses it, as it refuses 5000 digits: the form is drawn
    again with the refusal (the share-out left and the round read what was typed)."""
    game = make_guggitaler(settings={"rounds": 2})
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = post_deal(
            scorer, game, {**counts(1, "tricks", typed, 2, 5, 0), "number": typed}, **headers
        )
        assert response.status_code == 422
        response = post_deal(scorer, game, counts(1, "tricks", typed, 2, 5, 0), **headers)
        assert response.status_code == 422
        assert "Enter a whole number." in between(html(response), 'id="counts-error"', "</ul>")
    assert not game.deals.exists()


def test_the_preview_counts_what_is_entered_so_far(
    make_guggitaler: Callable[..., Game], scorer: Client
) -> None:
    game = make_guggitaler(deals=ROUND[:2])
    response = scorer.post(f"/games/{game.pk}/deals/preview/", counts(3, "ober", 2, 1, "", ""))
    assert "Ober: 3 of 4 entered." in html(response)
    # Anna 2 x 20 = 40, Beat 1 x 20 = 20, Dora 1 x 20 = 20.
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", counts(3, "ober", 2, 1, "", 1)))
    assert "✓ Ober: 4 of 4 entered" in page
    assert text(page).endswith("penalties Anna +40 · Beat +20 · Cla 0 · Dora +20")
    assert game.deals.count() == 2


# ---- corrections ------------------------------------------------------------------------------------------


def test_a_correction_of_the_domino_shows_its_order_and_re_derives_the_totals(
    make_guggitaler: Callable[..., Game], scorer: Client
) -> None:
    game = make_guggitaler(deals=ROUND)
    page = html(scorer.get(f"/games/{game.pk}/deals/6/edit/"))
    assert heading(page) == "Correct deal 6 · Domino"
    assert re.findall(r'name="order_(\d)" value="(\w+)" checked', page) == [
        ("0", "Beat"),
        ("1", "Dora"),
        ("2", "Anna"),
        ("3", "Cla"),
    ]
    # Anna went out first (-150), then Cla (-100), Beat (-55), Dora (0):
    # Anna 105-150 = -45, Beat 40-55 = -15, Cla 70-100 = -30, Dora 90.
    data = domino(6, "Anna", "Cla", "Beat", "Dora") | {"version": 1}
    assert scorer.post(f"/games/{game.pk}/deals/6/edit/", data).status_code == 302
    assert totals(game) == {"Anna": -45, "Beat": -15, "Cla": -30, "Dora": 90}
    game.refresh_from_db()
    assert game.winner == "Anna"


def test_a_refused_correction_changes_nothing(make_guggitaler: Callable[..., Game], scorer: Client) -> None:
    game = make_guggitaler(deals=ROUND[:2])
    before = snapshot(game)
    page = html(scorer.get(f"/games/{game.pk}/deals/1/edit/"))
    assert re.findall(r'name="counts_\d" id="id_counts_\d"[^>]*value="(\d*)"', page) == ["3", "2", "4", "0"]
    response = scorer.post(
        f"/games/{game.pk}/deals/1/edit/", counts(1, "tricks", 3, 2, 4, 1) | {"version": 1}
    )
    assert response.status_code == 422
    assert "Tricks: 10 of 9 entered." in between(html(response), 'id="counts-error"', "</ul>")
    assert snapshot(game) == before


# ---- three players, rounds, all in one ---------------------------------------------------------------------


def test_three_players_share_twelve_tricks(
    make_guggitaler: Callable[..., Game], players: list[Player], scorer: Client
) -> None:
    game = make_guggitaler({"rounds": 2}, seated=players[:3])
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Round 1 · 12 in all · 5 per trick" in page
    assert 'name="counts_3"' not in page
    # Anna 5 x 5 = 25, Beat 4 x 5 = 20, Cla 3 x 5 = 15.
    assert post_deal(scorer, game, counts(1, "tricks", 5, 4, 3)).status_code == 302
    assert totals(game) == {"Anna": 25, "Beat": 20, "Cla": 15}
    assert "Round 1 of 2" in html(scorer.get(f"/games/{game.pk}/"))


def test_all_in_one_asks_the_three_counts_and_two_names_at_once(
    make_guggitaler: Callable[..., Game], scorer: Client
) -> None:
    game = make_guggitaler({"all_in_one": True, "deals": 2})
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 1 · All in one"
    for name in ("tricks", "schellen", "ober"):
        assert len(re.findall(rf'name="{name}_\d"', page)) == 4
    assert "Who took the Rosen König? (+40)" in page
    assert "Who took the last trick? (+50)" in page
    data = {"number": 1, "client_token": str(uuid.uuid4()), "game": "all", "rosen_koenig": "Dora"}
    data |= counts(1, "all", 3, 2, 4, "", name="tricks") | counts(1, "all", 2, 3, 1, 3, name="schellen")
    data |= counts(1, "all", 1, "", 2, 1, name="ober")
    before = snapshot(game)
    response = post_deal(scorer, game, data)  # no last trick
    assert response.status_code == 422
    assert "Enter who took the last trick." in between(html(response), 'id="last_trick-error"', "</ul>")
    assert snapshot(game) == before
    wrong = data | {"last_trick": "Anna", "ober_1": 1}
    response = post_deal(scorer, game, wrong)
    assert response.status_code == 422
    assert "Ober: 5 of 4 entered." in between(html(response), 'id="ober-error"', "</ul>")
    assert snapshot(game) == before
    # Anna 15+20+20+50 = 105, Beat 10+30 = 40, Cla 20+10+40 = 70, Dora 30+20+40 = 90.
    assert post_deal(scorer, game, data | {"last_trick": "Anna"}).status_code == 302
    assert game.deals.get().entry == {
        "taken": {
            "tricks": {"Anna": 3, "Beat": 2, "Cla": 4},
            "schellen": {"Anna": 2, "Beat": 3, "Cla": 1, "Dora": 3},
            "ober": {"Anna": 1, "Cla": 2, "Dora": 1},
        },
        "rosen_koenig": "Dora",
        "last_trick": "Anna",
    }
    assert totals(game) == {"Anna": 105, "Beat": 40, "Cla": 70, "Dora": 90}
    board = chalk(html(scorer.get(f"/games/{game.pk}/")))
    assert board["Ober"] == ["0", "40", "20", "20"]  # Beat, Cla, Dora, Anna
    assert "Domino" not in board


# ---- the new-game page -------------------------------------------------------------------------------------


def new_game_post(names: Sequence[str], **settings: Any) -> dict[str, Any]:
    """The new-game form as the page fills it: the standard preset's values, then the changes typed."""
    form = SettingsForm(variant="guggitaler", preset="standard")
    data: dict[str, Any] = {"variant": "guggitaler", "preset": "standard"}
    for name, field in form.fields.items():
        value = field.initial
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else json.dumps(value) if isinstance(value, list) else value
    data.update({f"seat_{seat}": name for seat, name in enumerate(names, start=1)})
    data.update(settings)
    return data


def test_the_new_game_page_offers_guggitaler_with_its_settings(scorer: Client, club: Club) -> None:
    page = html(scorer.get(f"{NEW_GAME}?variant=guggitaler"))
    assert '<option value="guggitaler" selected>Guggitaler</option>' in page
    assert "Seat 4 (optional)" in page
    assert 'name="seat_5"' not in page
    assert 'name="penalties.rosen_koenig" value="40"' in page
    assert 'name="domino_points"' in page


def test_the_new_game_page_starts_a_game_of_three_with_its_own_domino_points(
    scorer: Client, players: list[Player]
) -> None:
    data = new_game_post(["Anna", "Beat", "Cla"], domino_points="[-90, -60, -30]", **{"penalties.ober": "25"})
    response = scorer.post(NEW_GAME, data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.variant == "guggitaler"
    assert game.settings["domino_points"] == [-90, -60, -30]
    assert game.settings["penalties"]["ober"] == 25
    assert game.settings["domino"] is True
    assert heading(html(scorer.get(response["Location"]))) == "Deal 1 · Tricks"


def test_domino_points_for_the_wrong_number_of_players_are_refused(
    scorer: Client, players: list[Player]
) -> None:
    data = new_game_post(["Anna", "Beat", "Cla", "Dora"], domino_points="[-90, -60, -30]")
    response = scorer.post(NEW_GAME, data)
    assert response.status_code == 422
    assert "Domino points: give one number per place, 4 in all." in html(response)
    assert not Game.objects.exists()


def test_the_preview_of_the_domino_shows_the_order(
    make_guggitaler: Callable[..., Game], scorer: Client
) -> None:
    game = make_guggitaler(deals=ROUND[:5])
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", domino(6, "Beat", "Dora", "Anna", "Cla")))
    assert "✓ Domino: Beat → Dora → Anna → Cla" in page
    # Anna 105 - 55, Beat 40 - 150, Cla 70, Dora 90 - 100: this deal's scores only.
    assert text(page).endswith(
        "penalties Anna \N{MINUS SIGN}55 · Beat \N{MINUS SIGN}150 · Cla 0 · Dora \N{MINUS SIGN}100"
    )
    assert game.deals.count() == 5
