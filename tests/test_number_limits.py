"""Every number field of every form refuses 2**31 and 10**20 (issue 13, point 1): the answer is 422, the
field's own message is the form's only error, and nothing is saved. Before, a Schieber multiplier of
10**9 made a game no deal could be saved in (500: out of range for type integer), and a bye score or a
capacity of 10**20 was a 500 itself.

The fields are read from the pages as a browser sees them (an input of type number, or typed with the
numeric keyboard), so a number field added later fails here until its refusal is written down below.
Each form is posted as the page fills it, with what a person would type to make it valid, and one
number field changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest
from django import forms
from django.db import IntegrityError, transaction
from django.test import Client
from django.test.utils import ContextList

from scorekeeper.games.models import STAKE_MAX, Evening
from scorekeeper.games.variants import playable_variants
from tests.club_world import World, build_world
from tests.db_snapshot import changed, rows
from tests.html_forms import Form, forms_on
from tournaments.formats import FORMATS as EVENT_FORMATS

pytestmark = pytest.mark.django_db

HUGE = (2**31, 10**20)
PLAYERS = ("Anna", "Beat", "Cla", "Dora")
MAX = "Ensure this value is less than or equal to %s."
MIN = "Ensure this value is greater than or equal to %s."
Expected = dict[str, tuple[str, str]]
"""Input name -> (the form field that shows the refusal, its message; "{value}" is the number typed)."""


def whole(what: str, low: int, high: int) -> str:
    return f"{what} must be a whole number from {low} to {high}."


MODES = ("hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe")
PENALTIES = {
    "spades": "The penalty for a spade",
    "clubs": "The penalty for a club",
    "tricks": "The penalty for a trick in Tricks",
    "plus": "The penalty for a trick in Plus",
    "honors": "The penalty for an honor",
    "jacks": "The penalty for a jack",
    "queens": "The penalty for a queen",
    "king_of_hearts": "The penalty for the King of Hearts",
    "last_trick": "The penalty for the last trick",
    "fantan": "The penalty for a card left in Fan Tan",
}
GUGGITALER_PENALTIES = {
    "tricks": "The penalty for a trick",
    "schellen": "The penalty for a Schellen card",
    "ober": "The penalty for an Ober",
    "rosen_koenig": "The penalty for the Rosen König",
    "last_trick": "The penalty for the last trick",
}
GUGGITALER_GAME = {"Tricks": "Schellen", "Spades": "Tricks"}
"""The Guggitaler game of each deal page: a new deal is deal 2 (Schellen), a correction deal 1 (Tricks)."""
NO_ROW = "Pick the row of line %s, or clear its multiplier."
BOARD = {
    **{f"rows-{n}-multiplier": whole(f"The multiplier of {mode}", 1, 100) for n, mode in enumerate(MODES)},
    **{f"rows-{n}-multiplier": NO_ROW % (n + 1) for n in range(6, 11)},
}
"""Coiffeur's board editor: the default board's six lines, then five at "none" (a number with no row)."""
MARKS = {
    "win": "The marks for a win",
    "berg": "The marks for the Berg",
    "match": "The marks for a match",
    "counter_match": "The marks for a counter-match",
    "schneider": "The marks for a Schneider",
}
NO_MODE = "Pick the mode of line %s, or clear its multiplier."
EXTRA_MODES = {
    "extra_modes-0-multiplier": whole("The multiplier of Slalom", 1, 100),
    **{f"extra_modes-{n}-multiplier": NO_MODE % (n + 1) for n in (1, 2)},
}
"""Schieber's extra modes: Slalom x4 typed on line 1 (SCHIEBER_TYPED), lines 2 and 3 left at "none"."""
SCHIEBER_TYPED = {"extra_modes-0-row": "slalom", "extra_modes-0-multiplier": "4"}
SETTINGS: dict[str, dict[str, str]] = {
    "schieber": {
        "match_bonus": whole("The match bonus", 0, 1000),
        **{f"multipliers.{mode}": whole(f"The multiplier of {mode}", 1, 100) for mode in MODES},
        "target": whole("The target", 1, 1_000_000_000),
        "counter_match_bonus": whole("The counter-match bonus", 0, 1000),  # blank: the match bonus
        **EXTRA_MODES,
        # marks counted (the box ticked, in `new_game`): each kind's number
        **{f"marks-{kind}": whole(words, 0, 100) for kind, words in MARKS.items()},
        "berg_at": whole("The Berg", 1, 1_000_000_000),  # blank: half the target
        "schneider_below": whole("The Schneider line", 1, 1_000_000_000),
    },
    "coiffeur": {
        "match_bonus": whole("The match bonus", 0, 1000),
        "counter_match_bonus": whole("The counter-match bonus", 0, 1000),
        **BOARD,
    },
    "differenzler": {
        "exact_bonus": whole("The bonus for an exact prediction", 0, 157),
        "deals": whole("The number of deals", 1, 100),
        "end_at": whole("The total that ends the game", 1, 1000),  # blank: after the deals
    },
    "molotow": {
        "big_hand_others": whole("Sticks or potatoes for the others around a big hand", 0, 3),
        "deals": whole("The number of deals", 1, 100),
    },
    "putz": {
        "apple_below": whole("The apple limit", 0, 157),
        "win_at": whole("The winning mark", 1, 100),
        "lose_at": whole("The losing mark", -100, -1),  # a text box: empty means "by player count"
    },
    "handjass": {
        "out_at": whole("Dropping out at", 1, 100),
        "min_points": whole("The points to make", 0, 157),
    },
    "pandur": {"target": whole("The target", 1, 100)},
    "free_board": {
        "per_deal": whole("The points of every deal", 0, 100_000),  # blank: any total
        "target": whole("The target", 1, 1_000_000),
        "deals": whole("The number of deals", 1, 100),  # blank: to the target
    },
    "jazz": {
        "rounds": whole("Rounds", 1, 20),
        **{f"penalties.{key}": whole(words, -100, 100) for key, words in PENALTIES.items()},
        "fifth_trick_penalty": whole("The penalty for the fifth trick", 0, 100),
        "king_in_last_trick_extra": whole("The extra for the King of Hearts in the last trick", 0, 100),
    },
    "guggitaler": {
        "rounds": whole("Rounds", 1, 20),
        **{f"penalties.{key}": whole(words, 0, 500) for key, words in GUGGITALER_PENALTIES.items()},
        "deals": whole("The number of deals", 1, 100),
    },
}
"""The rules engine's refusal of each setting past its maximum, by the setting's input."""
NUMBERS_IN_TEXT = {"lose_at"}
"""Settings typed into a text box (it takes a blank too), walked with the number fields."""

FORMATS = {key: format_.variant for key, format_ in EVENT_FORMATS.items()}
"""Every event format's variant: the formats come from the variants (tournaments/formats.py)."""


def setting_refusals(variant: str, prefix: str = "", leave_out: tuple[str, ...] = ()) -> Expected:
    """A line of a board (rows-3-multiplier) is refused on the board's own field (rows), a number of
    marks (marks-win) on the marks' field."""
    return {
        prefix + name: (prefix + name.partition("-")[0], message)
        for name, message in SETTINGS[variant].items()
        if name.partition("-")[0] not in leave_out
    }


def settings_typed(variant: str, prefix: str = "") -> dict[str, str]:
    """What a person types into the settings besides the page's own values (a Schieber's extra mode)."""
    return {prefix + name: value for name, value in SCHIEBER_TYPED.items()} if variant == "schieber" else {}


def event_refusals(format: str, *, editing: bool = False) -> Expected:
    """The event's own numbers, then its variant's settings (a Schieber pass ends after its deals:
    no target)."""
    variant = FORMATS[format]
    own = {
        "passes": MAX % 40,
        "by_standings_from": MAX % 40,
        "bye_score": MAX % 1_000_000,
        "capacity": MAX % 10_000,
        "self_registration_limit": MAX % 500,
    }
    if variant == "schieber":
        own["deals_per_pass"] = MAX % 60
    if editing:
        own["frozen_from_pass"] = MAX % 40
    expected = {name: (name, message) for name, message in own.items()}
    # a pass ends after its deals: the target and what counts on the way to it are not asked
    leave_out = ("target", "marks", "berg_at", "schneider_below") if variant == "schieber" else ()
    return expected | setting_refusals(variant, "rules-", leave_out)


def card_points(name: str) -> str:
    return whole(f"{name}'s card points", 0, 157)


def the_card_points(name: str) -> str:
    return whole(f"The card points of {name}", 0, 157)


def deal_refusals(variant: str, jazz_game: str) -> Expected:
    """The engine's refusal of each input of the variant's deal form, beside the field it shows at."""
    return {
        "schieber": {
            "points": ("points", whole("Card points of team A", 0, 157)),
            # Weis is a button a team; "other" takes a number, judged by the rules when it is picked
            "weis_a_other": ("weis_a_other", MAX % 2147483647),
            "weis_b_other": ("weis_b_other", MAX % 2147483647),
        },
        "coiffeur": {"points": ("points", whole("Card points", 0, 157))},
        "differenzler": {
            **{f"prediction_{n}": ("predictions", whole(f"{p}'s prediction", 0, 157)) for n, p in seats(1)},
            **{f"points_{n}": ("points", card_points(p)) for n, p in seats(1)},
        },
        "handjass": {
            **{f"tricks_{n}": ("tricks", the_card_points(p)) for n, p in seats(1)},
            **{
                f"melds_{n}": ("melds", f"The melds of {p} must be 0, 20 or a multiple of 10 from 40 to 600.")
                for n, p in seats(1)
            },
        },
        "molotow": {f"points_{n}": ("points", card_points(p)) for n, p in seats(0)},
        "putz": {f"points_{n}": ("points", the_card_points(p)) for n, p in seats(0, 3)},
        "pandur": {
            "bid": (
                "contract",
                "The contract must be a bid from 100 to 750 in tens, "
                "or misère, trump misère, Pandur or trump Pandur.",
            ),
            "points": ("points", whole("The soloist's points", 0, 757)),
        },
        "jazz": {f"counts_{n}": ("counts", whole(f"{jazz_game} for {p}", 0, 13)) for n, p in seats(0)},
        "guggitaler": {
            f"counts_{n}": ("counts", whole(f"{GUGGITALER_GAME.get(jazz_game)} for {p}", 0, 9))
            for n, p in seats(0)
        },
        # the club world's board is in teams, 157 a deal: a box a team
        "free_board": {
            f"points_{n}": ("points", whole(f"The points of team {t}", 0, 100_000))
            for n, t in enumerate("AB")
        },
    }[variant]


def seats(first: int, count: int = 4) -> list[tuple[int, str]]:
    return list(enumerate(PLAYERS[:count], start=first))


VALID_DEALS: dict[str, dict[str, str]] = {
    "schieber": {"trump": "hearts", "team": "A", "points": "80"},
    "coiffeur": {"team": "A", "row": "hearts", "points": "80"},
    "differenzler": {
        "trump": "hearts",
        **{f"prediction_{n}": said for n, said in zip(range(1, 5), ("40", "0", "60", "50"), strict=True)},
        **{f"points_{n}": made for n, made in zip(range(1, 5), ("37", "0", "70", "50"), strict=True)},
    },
    "handjass": {f"tricks_{n}": made for n, made in zip(range(1, 5), ("80", "50", "27", "0"), strict=True)},
    "molotow": {f"points_{n}": made for n, made in enumerate(("40", "50", "30", "37"))},
    "putz": {f"points_{n}": made for n, made in enumerate(("80", "60", "17"))},
    "pandur": {
        "dealer": "Anna",
        "soloist": "Beat",
        "contract": "bid",
        "bid": "150",
        "made": "",
        "points": "160",
    },
    "jazz": {f"counts_{n}": taken for n, taken in enumerate(("5", "3", "0", "5"))},
    "guggitaler": {f"counts_{n}": taken for n, taken in enumerate(("2", "3", "1", "3"))},
    "free_board": {"points_0": "100", "points_1": "57"},
}
"""A deal each form takes, in a game of the club world (with deal 1 played, or being corrected)."""


@dataclass(frozen=True)
class Page:
    """A page with a form: where it is, where the form goes, what makes it valid, what each number
    field's refusal is."""

    id: str
    page: Callable[[World], str]
    expected: Expected
    post: Callable[[World], str] | None = None  # None: the page's path without its query
    typed: dict[str, str] = field(default_factory=dict)
    who: str = "owner"

    def action(self, world: World) -> str:
        return self.post(world) if self.post else self.page(world).partition("?")[0]


def new_game(variant: str) -> Page:
    players = 3 if variant == "putz" else 4
    typed = {f"seat_{n}": name for n, name in seats(1, players)} | {"variant": variant}
    typed |= settings_typed(variant) | ({"marks": "on"} if variant == "schieber" else {})
    return Page(
        f"game_new[{variant}]",
        lambda w: f"/clubs/{w.club.slug}/games/new/?variant={variant}",
        setting_refusals(variant),
        typed=typed,
    )


def new_event(format: str) -> Page:
    return Page(
        f"event_new[{format}]",
        lambda w: f"/clubs/{w.club.slug}/events/new/?format={format}",
        event_refusals(format),
        typed={"name": "Winterturnier", "format": format, **settings_typed(FORMATS[format], "rules-")},
    )


def deal_pages(variant: str) -> Iterator[Page]:
    game = lambda w: f"/games/{w.games[variant].pk}/"  # noqa: E731
    yield Page(
        f"deal_add[{variant}]",
        game,
        deal_refusals(variant, "Tricks"),
        post=lambda w: f"{game(w)}deals/",
        typed=VALID_DEALS[variant],
    )
    yield Page(
        f"deal_edit[{variant}]",
        lambda w: f"{game(w)}deals/1/edit/",
        deal_refusals(variant, "Spades"),
        typed=VALID_DEALS[variant],
    )


PAGES = [
    *(new_game(variant) for variant in SETTINGS),
    *(new_event(format) for format in FORMATS),
    Page(
        "event_settings",
        lambda w: f"/events/{w.tournament.slug}/manage/settings/",
        event_refusals("einzelschieber", editing=True),
        typed=settings_typed("schieber", "rules-"),
    ),
    Page(
        "entrant_partner",
        lambda w: (
            f"/events/{w.team_tournament.slug}/manage/entrants/{w.team_tournament.entrants.first().pk}/"
        ),
        {"partner": ("partner", "No entrant is '{value}': enter a start number.")},
        typed={"action": "partner", "partner": "2"},  # the partner it has: a valid post
    ),
    Page(
        "season_new",
        lambda w: f"/clubs/{w.club.slug}/seasons/new/",
        {"best_of": ("best_of", MAX % 100)},
        typed={"name": "Saison 2027"},
    ),
    Page(
        "season_edit",
        lambda w: f"/clubs/{w.club.slug}/seasons/{w.season.pk}/edit/",
        {"best_of": ("best_of", MAX % 100)},
    ),
    # an evening's stake: CHF 0 to STAKE_MAX (test_the_highest_stake_fits_its_column)
    Page("evening_new", lambda w: f"/clubs/{w.club.slug}/evenings/new/", {"stake": ("stake", MAX % 1000)}),
    Page(
        "evening_stake",
        lambda w: f"/evenings/{w.evening.pk}/",
        {"stake": ("stake", MAX % 1000)},
        post=lambda w: f"/evenings/{w.evening.pk}/stake/",
    ),
    *(page for variant in SETTINGS for page in deal_pages(variant)),
    Page(
        "table_deal_add",
        lambda w: f"/t/{w.current.token}/",
        deal_refusals("schieber", ""),
        post=lambda w: f"/t/{w.current.token}/deals/",
        typed=VALID_DEALS["schieber"],
        who="anonymous",
    ),
    Page(
        "table_deal_edit",
        lambda w: f"/t/{w.current.token}/deals/1/edit/",
        deal_refusals("schieber", ""),
        typed=VALID_DEALS["schieber"],
        who="anonymous",
    ),
]


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """One world for the module, in a transaction rolled back at its end."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


def visitor(world: World, who: str) -> Client:
    client = Client(raise_request_exception=False)  # a 500 is an answer to assert on, not a crash
    if who != "anonymous":
        client.force_login(world.users[who])
    return client


def posted_forms(html: str, action: str) -> list[Form]:
    """The page's forms that post to `action` and have a number field (or a setting typed as text)."""
    found = [
        form
        for form in forms_on(html)
        if form.method == "post" and form.action in ("", action) and walked(form)
    ]
    assert found, f"no form with a number field posts to {action}"
    return found


def walked(form: Form) -> list[str]:
    typed_as_text = [name for name in form.names if name.removeprefix("rules-") in NUMBERS_IN_TEXT]
    return [*form.numbers, *typed_as_text]


def form_errors(response: Any) -> dict[str, list[str]]:
    """The errors of every bound form the page was rendered with, by input name (prefix included)."""
    contexts = response.context if isinstance(response.context, ContextList) else [response.context]
    found = {
        id(value): value
        for context in contexts
        for value in context.flatten().values()
        if isinstance(value, forms.BaseForm) and value.is_bound
    }
    errors: dict[str, list[str]] = {}
    for form in found.values():
        for name, messages in form.errors.items():
            errors.setdefault(name if name == "__all__" else form.add_prefix(name), []).extend(messages)
    return errors


def test_the_tables_by_variant_name_every_variant() -> None:
    """The pages walked are drawn from these tables: a variant missing from one would go unchecked."""
    assert set(SETTINGS) == set(VALID_DEALS) == set(playable_variants())


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.id)
def test_every_number_field_refuses_2_to_the_31_and_10_to_the_20(world: World, page: Page) -> None:
    client = visitor(world, page.who)
    action = page.action(world)
    before = rows()
    problems: list[str] = []
    seen: set[str] = set()
    for form in posted_forms(client.get(page.page(world)).content.decode(), action):
        data = form.data(**page.typed)
        with transaction.atomic():
            assert client.post(action, data).status_code == 302, f"{page.id}: the valid post is refused"
            transaction.set_rollback(True)
        for name in walked(form):
            seen.add(name)
            for value in HUGE:
                posted = {**data, name: [str(value)]}
                problems += refusal_problems(client, action, posted, page, name, value, before)
        assert changed(before, rows()) == set()
    assert seen == set(page.expected), f"{page.id}: number fields without an expected refusal, or gone"
    assert problems == []


def refusal_problems(
    client: Client,
    action: str,
    data: dict[str, list[str]],
    page: Page,
    name: str,
    value: int,
    before: dict[str, Any],
) -> list[str]:
    """What is wrong with the answer to one post: its status, its errors, a row it saved."""
    expected_field, message = page.expected[name]
    expected = {expected_field: [message.format(value=value)]}
    with transaction.atomic():
        response = client.post(action, data)
        saved = changed(before, rows())
        transaction.set_rollback(True)
    said = form_errors(response) if response.status_code < 500 else {}
    if (response.status_code, said, saved) == (422, expected, set()):
        return []
    return [f"{page.id} {name}={value}: {response.status_code}, {said}, saved {sorted(saved)}"]


def test_the_highest_stake_fits_its_column(world: World) -> None:
    """The form's maximum, with its two decimals, is stored as typed (PostgreSQL checks numeric(7, 2));
    the column would take up to 99,999.99, the constraint and the form stop at STAKE_MAX."""
    column = Evening._meta.get_field("stake")
    assert (column.max_digits, column.decimal_places) == (7, 2)
    highest = Decimal(STAKE_MAX).quantize(Decimal("0.01"))
    assert len(highest.as_tuple().digits) <= column.max_digits
    with transaction.atomic():
        evening = Evening.objects.create(club=world.club, stake=highest, stake_unit="mark")
        evening.refresh_from_db()
        assert evening.stake == Decimal("1000.00")
        transaction.set_rollback(True)
    with transaction.atomic(), pytest.raises(IntegrityError):
        Evening.objects.create(club=world.club, stake=highest + Decimal("0.01"), stake_unit="mark")
