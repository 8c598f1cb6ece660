"""The house rules of issue 14 in the new-event form and the event's settings page: the same inputs as a
new game (games.settings_form.SettingsForm, prefixed "rules-"), stored over the format's preset only where the
director changed them, refused with the engine's message beside the input, nothing saved.

A Schieber pass ends after its deals, never at a target: the form does not ask for what only counts on
the way to one (the counting order at the end, the marks, the Berg, the Schneider).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.games.models import Club
from tests.html_forms import Form, forms_on
from tournaments import services
from tournaments.formats import FORMATS, NEVER
from tournaments.models import Tournament
from tournaments.selectors import standings_rules

from .builders import director


def squeezed(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def event_form(client: Client, url: str) -> Form:
    page = client.get(url).content.decode()
    return next(form for form in forms_on(page) if "format" in form.names)


def post_as_shown(client: Client, url: str, **changes: str) -> Any:
    """The event form as the page fills it, named, with `changes` typed in."""
    typed = {"name": "Winterturnier"} if "events/new" in url else {}
    return client.post(url, event_form(client, url).data(**typed, **changes))


@pytest.fixture
def admin(club: Club, client_as: Callable[[str | None], Client]) -> Client:
    return client_as("admin")


def new_event(club: Club, format: str) -> str:
    return reverse("tournaments:tournament_new", args=[club.slug]) + f"?format={format}"


# ---- what the form asks ----------------------------------------------------------------------------------


def test_a_coiffeur_event_asks_for_the_counter_match_and_the_rounding_with_buttons(
    club: Club, admin: Client
) -> None:
    page = squeezed(admin.get(new_event(club, "coiffeur")))
    assert "<legend>Counter-match</legend>" in page and "<legend>Card points</legend>" in page
    assert (
        '<input type="radio" name="rules-counter_match" value="bonus" id="id_rules-counter_match_0" checked >'
        " <span>The other team gets the counter-match bonus</span>"
    ) in page
    assert (
        '<input type="radio" name="rules-round_to" value="10" id="id_rules-round_to_1" >'
        " <span>Rounded to tens</span>"
    ) in page
    assert 'id="id_rules-weis"> Count Weis and Stöck</label>' in page


def test_a_differenzler_event_asks_for_a_total_that_may_stay_blank(club: Club, admin: Client) -> None:
    page = squeezed(admin.get(new_event(club, "differenzler")))
    assert (
        '<label for="id_rules-end_at">End at a total</label> <input type="number" name="rules-end_at"'
        ' placeholder="after the number of deals"'
    ) in page
    assert 'id="id_rules-exact_bonus_on_zero"> Exact bonus for 0 too</label>' in page


def test_a_schieber_event_asks_what_counts_in_a_pass_of_deals_only(club: Club, admin: Client) -> None:
    page = squeezed(admin.get(new_event(club, "einzelschieber")))
    assert (
        '<input type="number" name="rules-counter_match_bonus" placeholder="same as the match bonus"' in page
    )
    assert "<legend>Extra modes</legend>" in page and 'aria-label="Mode 1"' in page
    assert 'id="id_rules-weis_card_twice"> One card in two Weis</label>' in page
    for name in ("count_order", "marks", "berg_at", "schneider_below", "target"):
        assert f'name="rules-{name}' not in page


# ---- what it stores ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("format", ["einzelschieber", "coiffeur", "differenzler"])
def test_an_event_left_as_shown_stores_its_formats_preset(club: Club, admin: Client, format: str) -> None:
    assert post_as_shown(admin, new_event(club, format)).status_code == 302
    assert Tournament.objects.get().settings == FORMATS[format].settings


@pytest.mark.parametrize(
    ("format", "changes", "settings"),
    [
        (
            "coiffeur",
            {"rules-counter_match": "penalty", "rules-round_to": "10"},
            {"counter_match": "penalty", "round_to": 10},
        ),
        (
            "differenzler",
            {"rules-end_at": "200", "rules-exact_bonus_on_zero": "on"},
            {"end_at": 200, "exact_bonus_on_zero": True},
        ),
        (
            "einzelschieber",
            {
                "rules-counter_match_bonus": "150",
                "rules-extra_modes-0-row": "slalom",
                "rules-extra_modes-0-multiplier": "4",
                "rules-weis_card_twice": "on",
            },
            {
                "multipliers": "flat",
                "match_bonus": 100,
                "target": NEVER,
                "counter_match_bonus": 150,
                "extra_modes": {"slalom": 4},
                "weis_card_twice": True,
            },
        ),
    ],
)
def test_a_changed_house_rule_is_stored_over_the_preset(
    club: Club, admin: Client, format: str, changes: dict[str, str], settings: dict[str, Any]
) -> None:
    assert post_as_shown(admin, new_event(club, format), **changes).status_code == 302
    assert Tournament.objects.get().settings == settings


@pytest.mark.parametrize(
    ("format", "changes", "field", "message"),
    [
        (
            "coiffeur",
            {"rules-round_to": "5"},
            "round_to",
            "Rounding must be 1 (card points as they are) or 10 (rounded to tens).",
        ),
        (
            "differenzler",
            {"rules-end_at": "0"},
            "end_at",
            "The total that ends the game must be a whole number from 1 to 1000.",
        ),
        (
            "einzelschieber",
            {"rules-counter_match_bonus": "1001"},
            "counter_match_bonus",
            "The counter-match bonus must be a whole number from 0 to 1000.",
        ),
        (
            "einzelschieber",
            {"rules-extra_modes-0-row": "misere", "rules-extra_modes-0-multiplier": "101"},
            "extra_modes",
            "The multiplier of Misère must be a whole number from 1 to 100.",
        ),
        (
            "team_schieber",
            {
                "rules-extra_modes-0-row": "gusti",
                "rules-extra_modes-0-multiplier": "2",
                "rules-extra_modes-1-row": "gusti",
                "rules-extra_modes-1-multiplier": "3",
            },
            "extra_modes",
            "Gusti is on two lines: give each mode one line.",
        ),
        (  # events seat and rank a Free board's players each for themself: teams would rank nobody
            "free_board",
            {"rules-sides": "teams"},
            "sides",
            "Events seat and rank this game as its format says: keep its sides as they are.",
        ),
    ],
)
def test_a_bad_house_rule_is_refused_beside_its_input_and_no_event_is_made(
    club: Club, admin: Client, format: str, changes: dict[str, str], field: str, message: str
) -> None:
    response = post_as_shown(admin, new_event(club, format), **changes)
    assert response.status_code == 422
    assert response.context["rules_form"].errors == {field: [message]}
    assert f'<ul class="errorlist" id="id_rules-{field}_error"><li>{escape(message)}</li></ul>' in squeezed(
        response
    )
    assert not Tournament.objects.exists()


# ---- an event's settings page ---------------------------------------------------------------------------


def test_an_events_own_extra_mode_is_shown_and_kept(club: Club, admin: Client) -> None:
    """A mode of the club's own (stored by the command line or an import) is offered as it is named."""
    settings = {**FORMATS["einzelschieber"].settings, "extra_modes": {"slalom": 4, "hornusser": 3}}
    tournament = services.create_tournament(
        club=club, name="Herbst", by=director(), format="einzelschieber", deals_per_pass=2, settings=settings
    )
    url = reverse("tournaments:tournament_settings", args=[tournament.slug])
    page = squeezed(admin.get(url))
    picked = re.findall(r'<option value="(\w+)" selected>([^<]*)</option>', page.split("Extra modes")[1])
    assert picked[:2] == [("slalom", "Slalom"), ("hornusser", "hornusser")]
    assert 'name="rules-extra_modes-3-row"' in page  # the three modes clubs know and the club's own
    assert post_as_shown(admin, url).status_code == 302
    tournament.refresh_from_db()
    assert tournament.settings == settings


def test_a_map_naming_some_items_shows_the_others_as_the_engine_counts_them(
    club: Club, admin: Client
) -> None:
    """Multipliers {"obenabe": 4}: the engine counts the other trumps at their default; so does the form."""
    tournament = services.create_tournament(
        club=club,
        name="Herbst",
        by=director(),
        format="einzelschieber",
        deals_per_pass=2,
        settings={"target": NEVER, "multipliers": {"obenabe": 4}},
    )
    url = reverse("tournaments:tournament_settings", args=[tournament.slug])
    form = event_form(admin, url)
    shown = {mode: form.fields[f"rules-multipliers.{mode}"] for mode in ("hearts", "diamonds", "obenabe")}
    assert shown == {"hearts": ["1"], "diamonds": ["2"], "obenabe": ["4"]}
    assert post_as_shown(admin, url).status_code == 302
    tournament.refresh_from_db()
    assert tournament.settings["multipliers"] == {
        "hearts": 1,
        "diamonds": 2,
        "spades": 2,
        "clubs": 1,
        "obenabe": 4,
        "undenufe": 3,
    }


def test_a_free_board_event_whose_lowest_total_wins_ranks_its_standings_lowest_first(
    club: Club, admin: Client
) -> None:
    response = post_as_shown(admin, new_event(club, "free_board"), **{"rules-lowest_wins": "on"})
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.settings == {"lowest_wins": True}
    assert standings_rules(tournament).lowest_wins is True
    tournament.settings = {}
    assert standings_rules(tournament).lowest_wins is False
