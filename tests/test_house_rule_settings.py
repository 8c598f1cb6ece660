"""The house rules of issue 14 on the new-game page: each setting has an input a player can fill without
typing JSON, a label and a help text in the players' words; a post stores exactly what the engine takes,
a bad value is refused with the engine's message beside its input and nothing is saved, and every
preset comes back as the page shows it.

The inputs follow what the engine declares (rules.base.setting_shapes): a choice of buttons (Schieber's
count_order, Coiffeur's counter_match and round_to), a number box that may stay blank (counter_match_bonus,
berg_at, schneider_below, Differenzler's end_at), the marks box with its five numbers, and an editor of
extra modes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from scorekeeper import rules
from scorekeeper.games.models import Club, Game
from scorekeeper.games.settings_form import MARK_LABELS, setting_words
from tests.html_forms import Form, forms_on

URL = "/clubs/zuerich/games/new/"
SEATS = {"seat_1": "Anna", "seat_2": "Beat", "seat_3": "Cla", "seat_4": "Dora"}
HTMX = {"HTTP_HX_REQUEST": "true"}
DEFAULT_MULTIPLIERS = {"hearts": 1, "diamonds": 2, "spades": 2, "clubs": 1, "obenabe": 3, "undenufe": 3}
STRICHE = {"win": 2, "berg": 1, "match": 1, "counter_match": 2, "schneider": 2}


def squeezed(response: Any) -> str:
    """The page with every run of white space one space: a tag's attributes may be on several lines."""
    return re.sub(r"\s+", " ", response.content.decode())


def new_game_form(client: Client, query: str) -> Form:
    page = client.get(f"{URL}?{query}").content.decode()
    return next(form for form in forms_on(page) if "variant" in form.fields)


def post_as_shown(client: Client, query: str, **changes: str | None) -> Any:
    """The form as the page fills it, the seats typed and `changes` made (None: a box unticked)."""
    data = new_game_form(client, query).data(**SEATS)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = [value]
    return client.post(URL, data)


@pytest.fixture
def scorer(club: Club, client_as: Callable[[str | None], Client]) -> Client:
    return client_as("scorer")


# ---- what the page shows ---------------------------------------------------------------------------


def test_schieber_asks_for_each_house_rule_in_words(scorer: Client) -> None:
    page = squeezed(scorer.get(f"{URL}?variant=schieber"))
    # the counting order: two buttons, the default tapped
    assert (
        '<fieldset class="field board-field" aria-describedby="id_count_order_helptext">'
        " <legend>Counting order</legend>"
        ' <div class="help" id="id_count_order_helptext">What counts first in the deal that ends the game,'
        " and in the deal that reaches the Berg.</div>"
    ) in page
    assert (
        '<input type="radio" name="count_order" value="stoeck_weis_stich" id="id_count_order_0" checked >'
        " <span>Stöck, Weis, then card points</span>"
    ) in page
    assert (
        '<input type="radio" name="count_order" value="stoeck_stich_weis" id="id_count_order_1" >'
        " <span>Stöck, card points, then Weis</span>"
    ) in page
    # numbers that may stay blank, saying what blank means
    assert (
        '<label for="id_counter_match_bonus">Counter match bonus</label> <input type="number"'
        ' name="counter_match_bonus" placeholder="same as the match bonus" inputmode="numeric"'
    ) in page
    for name, label in (("berg_at", "Berg at"), ("schneider_below", "Schneider below")):
        assert (
            f'<label for="id_{name}">{label}</label> <input type="number" name="{name}"'
            ' placeholder="half the target" inputmode="numeric"'
        ) in page
    assert "The first team to reach it gets the marks for the Berg. Blank: half the target." in page
    # the extra modes: an editor of lines, the modes without a trump suit offered in words
    assert "<legend>Extra modes</legend>" in page
    assert 'name="extra_modes-0-row" id="id_extra_modes-0-row" aria-label="Mode 1"' in page
    offered = re.findall(r'<option value="(\w*)">([^<]*)</option>', page.split('name="extra_modes-2-row"')[1])
    assert offered[:4] == [
        ("", "\u2013 none \u2013"),
        ("slalom", "Slalom"),
        ("gusti", "Gusti"),
        ("misere", "Misère"),
    ]
    assert 'name="extra_modes"' not in page and 'name="extra_modes-3-row"' not in page  # three modes, 3 lines
    # the marks: unticked, the usual numbers ready for a tick
    assert (
        '<legend> <label class="toggle"> <input type="checkbox" name="marks" id="id_marks"'
        ' aria-describedby="id_marks_helptext"> Count marks (Striche) </label> </legend>'
    ) in page
    numbers = re.findall(
        r'<label for="id_marks-(\w+)">([^<]+)</label> <input type="number" [^>]*value="(\d+)"', page
    )
    assert numbers == [
        ("win", "A win", "2"),
        ("berg", "The Berg", "1"),
        ("match", "A match", "1"),
        ("counter_match", "A counter-match", "2"),
        ("schneider", "A Schneider", "2"),
    ]
    assert (
        '<label class="toggle"><input type="checkbox" name="weis_card_twice"'
        ' aria-describedby="id_weis_card_twice_helptext" id="id_weis_card_twice">'
        " One card in two Weis</label>"
    ) in page
    assert "Kreuzweis: a note for the table, it changes no score." in page
    assert 'name="count_order" value="&quot;' not in page and "&quot;stoeck" not in page  # no JSON to type


def test_coiffeur_asks_for_its_house_rules_with_buttons_and_boxes(scorer: Client) -> None:
    page = squeezed(scorer.get(f"{URL}?variant=coiffeur"))
    assert "<legend>Counter-match</legend>" in page
    assert (
        '<input type="radio" name="counter_match" value="bonus" id="id_counter_match_0" checked >'
        " <span>The other team gets the counter-match bonus</span>"
    ) in page
    assert (
        '<input type="radio" name="counter_match" value="penalty" id="id_counter_match_1" >'
        " <span>The announcing team loses the bonus times the row&#x27;s multiplier</span>"
    ) in page
    assert "<legend>Card points</legend>" in page
    assert (
        '<input type="radio" name="round_to" value="1" id="id_round_to_0" checked > <span>As they are</span>'
        in page
    )
    assert (
        '<input type="radio" name="round_to" value="10" id="id_round_to_1" > <span>Rounded to tens</span>'
        in page
    )
    assert 'id="id_match_bonus_multiplied" checked> Multiply the match bonus</label>' in page
    assert 'id="id_weis"> Count Weis and Stöck</label>' in page
    assert "A counter-match: the team that did not announce takes every trick." in page


def test_differenzler_asks_for_a_total_that_may_stay_blank(scorer: Client) -> None:
    page = squeezed(scorer.get(f"{URL}?variant=differenzler"))
    assert (
        '<label for="id_end_at">End at a total</label> <input type="number" name="end_at"'
        ' placeholder="after the number of deals" inputmode="numeric" autocomplete="off"'
        ' aria-describedby="id_end_at_helptext" id="id_end_at">'
    ) in page
    assert 'id="id_exact_bonus_on_zero"> Exact bonus for 0 too</label>' in page
    assert "By the Swiss rule an exact 0 (0 predicted, 0 taken) earns no bonus." in page


def test_a_club_reads_the_house_rules_in_its_own_language(club: Club, scorer: Client) -> None:
    """Every new word goes through the catalogue of the club's language (the counter-match bonus is
    translated already; the others show as their catalogue says once translated)."""
    club.language = "de-ch"
    club.save(update_fields=["language"])
    page = squeezed(scorer.get(f"{URL}?variant=schieber&preset=striche"))
    assert '<html lang="de-ch">' in page
    assert '<label for="id_counter_match_bonus">Kontermatch-Bonus</label>' in page
    with translation.override("de-ch"):
        schieber = setting_words("schieber")
        words = [
            *(str(schieber.labels[key]) for key in rules.get_variant("schieber").setting_shapes),
            str(schieber.help["count_order"]),
            str(schieber.blank["berg_at"]),
            str(schieber.choices["count_order", "stoeck_stich_weis"]),
            *(str(label) for label in MARK_LABELS.values()),
        ]
    assert [word for word in words if escape(word) not in page] == []


# ---- what a post stores --------------------------------------------------------------------------------


def test_schieber_stores_each_house_rule_as_the_engine_takes_it(scorer: Client) -> None:
    response = post_as_shown(
        scorer,
        "variant=schieber",
        count_order="stoeck_stich_weis",
        counter_match_bonus="150",
        **{"extra_modes-0-row": "slalom", "extra_modes-0-multiplier": "4"},
        **{"extra_modes-1-row": "misere", "extra_modes-1-multiplier": " 2 "},
        weis_card_twice="on",
        marks="on",
        berg_at="1000",
    )
    assert response.status_code == 302
    settings = Game.objects.get().settings
    assert settings == {
        "match_bonus": 100,
        "multipliers": DEFAULT_MULTIPLIERS,
        "multiply_weis": True,
        "target": 2500,
        "count_order": "stoeck_stich_weis",
        "counter_match_bonus": 150,
        "extra_modes": {"slalom": 4, "misere": 2},
        "weis_card_twice": True,
        "marks": {"win": 2, "berg": 1, "match": 1, "counter_match": 2, "schneider": 2},
        "berg_at": 1000,
        "schneider_below": None,
    }
    # the engine counts a Slalom deal by them: (100 + 50) x 4 = 600 and 57 x 4 = 228
    deal = {"trump": "slalom", "points": {"A": 100}, "weis": {"A": 50}}
    assert rules.score_game("schieber", list(SEATS.values()), settings, [deal]).totals == {"A": 600, "B": 228}


def test_schieber_left_as_shown_stores_the_defaults(scorer: Client) -> None:
    assert post_as_shown(scorer, "variant=schieber").status_code == 302
    settings = Game.objects.get().settings
    assert {key: settings[key] for key in rules.get_variant("schieber").setting_shapes} == {
        "count_order": "stoeck_weis_stich",
        "counter_match_bonus": None,
        "extra_modes": {},
        "marks": None,
        "berg_at": None,
        "schneider_below": None,
    }
    assert settings["weis_card_twice"] is False  # shown unticked, stored as the rule played


def test_unticked_marks_count_none_whatever_their_numbers(scorer: Client) -> None:
    response = post_as_shown(scorer, "variant=schieber&preset=striche", marks=None, **{"marks-win": "5"})
    assert response.status_code == 302
    assert Game.objects.get().settings["marks"] is None


def test_a_mark_left_blank_counts_none(scorer: Client) -> None:
    response = post_as_shown(scorer, "variant=schieber", marks="on", **{"marks-berg": "", "marks-win": "3"})
    assert response.status_code == 302
    assert Game.objects.get().settings["marks"] == {
        "win": 3,
        "berg": 0,
        "match": 1,
        "counter_match": 2,
        "schneider": 2,
    }


def test_coiffeur_stores_its_house_rules_as_the_engine_takes_them(scorer: Client) -> None:
    response = post_as_shown(
        scorer,
        "variant=coiffeur",
        counter_match="penalty",
        round_to="10",
        weis="on",
        match_bonus_multiplied=None,
    )
    assert response.status_code == 302
    settings = Game.objects.get().settings
    assert settings == {
        "rows": [
            ["hearts", 1],
            ["diamonds", 2],
            ["spades", 3],
            ["clubs", 4],
            ["obenabe", 5],
            ["undenufe", 6],
        ],
        "match_bonus": 100,
        "counter_match_bonus": 100,
        "match_bonus_multiplied": False,
        "counter_match": "penalty",
        "weis": True,
        "round_to": 10,
    }
    assert type(settings["round_to"]) is int  # 10, as the engine takes it, not "10"


def test_differenzler_stores_a_total_to_play_to(scorer: Client) -> None:
    response = post_as_shown(scorer, "variant=differenzler", end_at="30", exact_bonus_on_zero="on")
    assert response.status_code == 302
    assert Game.objects.get().settings == {
        "exact_bonus": 0,
        "deals": 12,
        "exact_bonus_on_zero": True,
        "end_at": 30,
    }


# ---- what a post refuses -------------------------------------------------------------------------------

TO_10_9 = "from 1 to 1000000000."


@pytest.mark.parametrize(
    ("query", "changes", "field", "message"),
    [
        (
            "variant=schieber",
            {"count_order": "stich_first"},
            "count_order",
            'The count order must be "stoeck_weis_stich" or "stoeck_stich_weis".',
        ),
        (
            "variant=schieber",
            {"counter_match_bonus": "1001"},
            "counter_match_bonus",
            "The counter-match bonus must be a whole number from 0 to 1000.",
        ),
        (
            "variant=schieber",
            {"counter_match_bonus": "zehn"},
            "counter_match_bonus",
            "The counter-match bonus must be a whole number from 0 to 1000.",
        ),
        ("variant=schieber", {"berg_at": "0"}, "berg_at", f"The Berg must be a whole number {TO_10_9}"),
        ("variant=schieber", {"berg_at": "2600"}, "berg_at", "The Berg must be at most the target, 2500."),
        (
            "variant=schieber",
            {"schneider_below": "-5"},
            "schneider_below",
            f"The Schneider line must be a whole number {TO_10_9}",
        ),
        (
            "variant=schieber",
            {"extra_modes-0-row": "gusti", "extra_modes-0-multiplier": "0"},
            "extra_modes",
            "The multiplier of Gusti must be a whole number from 1 to 100.",
        ),
        (
            "variant=schieber",
            {"extra_modes-0-row": "gusti", "extra_modes-0-multiplier": ""},
            "extra_modes",
            "The multiplier of Gusti must be a whole number from 1 to 100.",
        ),
        (
            "variant=schieber",
            {"extra_modes-0-row": "slalom", "extra_modes-0-multiplier": "4"}
            | {"extra_modes-2-row": "slalom", "extra_modes-2-multiplier": "5"},
            "extra_modes",
            "Slalom is on two lines: give each mode one line.",
        ),
        (
            "variant=schieber",
            {"extra_modes-0-row": "hearts", "extra_modes-0-multiplier": "4"},
            "extra_modes",
            "Line 1: pick a mode from the list.",
        ),
        (
            "variant=schieber",
            {"extra_modes-1-multiplier": "4"},
            "extra_modes",
            "Pick the mode of line 2, or clear its multiplier.",
        ),
        (
            "variant=schieber",
            {"marks": "on", "marks-schneider": "101"},
            "marks",
            "The marks for a Schneider must be a whole number from 0 to 100.",
        ),
        (
            "variant=schieber",
            {"marks": "on", "marks-win": "1.5"},
            "marks",
            "The marks for a win must be a whole number from 0 to 100.",
        ),
        (
            "variant=coiffeur",
            {"counter_match": "both"},
            "counter_match",
            'The counter-match rule must be "bonus" (the other team gets the counter-match bonus)'
            ' or "penalty" (the announcing team loses it times the row\'s multiplier).',
        ),
        (
            "variant=coiffeur",
            {"round_to": "5"},
            "round_to",
            "Rounding must be 1 (card points as they are) or 10 (rounded to tens).",
        ),
        (
            "variant=coiffeur",
            {"round_to": str(2**31)},
            "round_to",
            "Rounding must be 1 (card points as they are) or 10 (rounded to tens).",
        ),
        (
            "variant=differenzler",
            {"end_at": "1001"},
            "end_at",
            "The total that ends the game must be a whole number from 1 to 1000.",
        ),
    ],
)
def test_a_bad_house_rule_is_refused_beside_its_input_and_nothing_is_saved(
    scorer: Client, query: str, changes: dict[str, str], field: str, message: str
) -> None:
    response = post_as_shown(scorer, query, **changes)
    assert response.status_code == 422
    assert response.context["settings_form"].errors == {field: [message]}
    assert f'<ul class="errorlist" id="id_{field}_error"><li>{escape(message)}</li></ul>' in squeezed(
        response
    )
    assert '<details id="settings" class="more" open>' in squeezed(response)
    assert Game.objects.count() == 0


def test_a_refused_post_shows_the_house_rules_as_typed(scorer: Client) -> None:
    response = post_as_shown(
        scorer,
        "variant=schieber",
        count_order="stoeck_stich_weis",
        berg_at="99999999999",
        marks="on",
        **{"marks-win": "3", "extra_modes-0-row": "gusti", "extra_modes-0-multiplier": "5"},
    )
    assert response.status_code == 422
    page = squeezed(response)
    assert 'value="stoeck_stich_weis" id="id_count_order_1" checked' in page
    assert 'name="berg_at" value="99999999999"' in page
    assert (
        'name="marks" id="id_marks" checked' in page
        and 'name="marks-win" id="id_marks-win" value="3"' in page
    )
    assert '<option value="gusti" selected>' in page and 'name="extra_modes-0-multiplier"' in page


# ---- presets -------------------------------------------------------------------------------------------


def test_the_new_presets_are_offered_by_name(scorer: Client) -> None:
    schieber = squeezed(scorer.get(f"{URL}?variant=schieber"))
    for key, name in (
        ("swiss_rulebook", "Swiss rulebook"),
        ("jasstafel", "Jasstafel"),
        ("striche", "Striche (marks)"),
    ):
        assert f'<option value="{key}">{name}</option>' in schieber
    assert '<option value="swiss">Swiss</option>' in squeezed(scorer.get(f"{URL}?variant=differenzler"))


def test_picking_a_preset_fills_the_house_rules(scorer: Client) -> None:
    """The preset's select swaps the settings in (htmx): the Jasstafel's marks ticked, its target 1000."""
    response = scorer.get(f"{URL}?variant=schieber&preset=jasstafel", HTTP_HX_TARGET="settings", **HTMX)
    part = squeezed(response)
    assert part.lstrip().startswith('<details id="settings"')
    assert 'name="marks" id="id_marks" checked' in part and 'name="target" value="1000"' in part
    assert re.findall(r'name="marks-(\w+)" id="id_marks-\w+" value="(\d+)"', part) == [
        ("win", "2"),
        ("berg", "1"),
        ("match", "1"),
        ("counter_match", "2"),
        ("schneider", "2"),
    ]


@pytest.mark.parametrize(
    ("variant", "preset"),
    [
        (key, preset)
        for key in ("schieber", "coiffeur", "differenzler")
        for preset in rules.get_variant(key).presets
    ],
)
def test_a_preset_posted_as_the_page_shows_it_is_stored_as_the_preset(
    scorer: Client, variant: str, preset: str
) -> None:
    assert post_as_shown(scorer, f"variant={variant}&preset={preset}").status_code == 302
    game = Game.objects.get()
    defaults = rules.get_variant(variant).defaults
    expected = {**defaults, **rules.get_variant(variant).presets[preset]}
    assert {key: game.settings.get(key, default) for key, default in defaults.items()} == expected
