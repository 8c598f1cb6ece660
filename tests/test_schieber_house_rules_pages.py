"""Schieber's house rules on the deal form and the game page (issue 14): a club's extra modes as trump
buttons, the team that announced asked for every match under a counter-match bonus, who reached the Berg
first asked like who went out first, and the marks (Striche) on the Jasstafel and in the list of deals.

Seats Anna, Beat, Cla, Dora: team A is Anna & Cla, team B Beat & Dora. The club writes Swiss suits: Rosen
(hearts), Schellen (diamonds), Schilten (spades), Eicheln (clubs). Every number is counted by hand in the
comments; the default multipliers are hearts and clubs x1, spades and diamonds x2, Obenabe and Undenufe x3.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from typing import Any

from django.test import Client
from django.utils.html import escape

from scorekeeper.games.models import Game
from scorekeeper.rules.schieber import PRESETS, STRICHE
from tests.db_snapshot import changed, rows

HTMX = {"HTTP_HX_REQUEST": "true"}
OUTBOX = {"HTTP_X_OUTBOX": "1", **HTMX}
X = "\u00d7"  # the multiplication sign the page shows
NO_ANNOUNCER = "Enter the team that announced: in this game a counter-match scores a bonus of its own."
BOTH_AT_BERG = "Both teams reached the Berg with card points: which team got there first?"


def html(response: Any) -> str:
    """The page with every run of white space one space: a tag's attributes may be on several lines."""
    return re.sub(r"\s+", " ", response.content.decode())


def posted(game: Game, **fields: str) -> dict[str, str]:
    """The Schieber form as the page posts it for the game's next deal: team A unless `fields` say."""
    return {"number": str(game.deals.count() + 1), "client_token": str(uuid.uuid4()), "team": "A", **fields}


def add(client: Client, game: Game, **fields: str) -> Any:
    return client.post(f"/games/{game.pk}/deals/", posted(game, **fields))


def entries(game: Game) -> list[dict[str, Any]]:
    return list(game.deals.order_by("number").values_list("entry", flat=True))


def error_list(page: str, field: str) -> str:
    """The messages Django lists under a field (its error list's id is the field's id and _error)."""
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', page)
    assert found, f"no errors listed under {field}"
    return found.group(1)


# ---- extra modes ------------------------------------------------------------------------------------


SLALOM = {"extra_modes": {"slalom": 4, "my_mode": 5}}


def test_extra_modes_are_trump_buttons_with_their_multiplier_and_a_letter(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    page = html(client_as("scorer").get(f"/games/{make_game(SLALOM).pk}/"))
    button = r'<label class="choice" data-key="(\w)"> <input type="radio" name="trump" ([^>]*)>'
    buttons = re.findall(button, page)
    # the six modes keep their letters (Rosen r, Schellen s, Schilten c, Eicheln e, Obenabe o,
    # Undenufe u); Slalom's first free letter is l, "my_mode" (no words for it: "My mode") m; Stöck goes
    # with the modes that have no trump suit
    assert buttons == [
        ("r", 'value="hearts" id="id_trump_0"'),
        ("s", 'value="diamonds" id="id_trump_1"'),
        ("c", 'value="spades" id="id_trump_2"'),
        ("e", 'value="clubs" id="id_trump_3"'),
        ("o", 'value="obenabe" id="id_trump_4" data-no-stoeck'),
        ("u", 'value="undenufe" id="id_trump_5" data-no-stoeck'),
        ("l", 'value="slalom" id="id_trump_6" data-no-stoeck'),
        ("m", 'value="my_mode" id="id_trump_7" data-no-stoeck'),
    ]
    key = '<kbd class="key" aria-hidden="true">{}</kbd>'
    assert re.search(rf'value="slalom"[^>]*> <span>Slalom {X}4{key.format("L")}', page)
    assert re.search(rf'value="my_mode"[^>]*> <span>My mode {X}5{key.format("M")}', page)
    assert "None: this mode has no trump suit." in page  # shown by CSS while such a mode is picked


def test_a_slalom_deal_counts_x4_and_shows_in_the_list(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(SLALOM)
    scorer = client_as("scorer")
    # Slalom x4: A 100 card points and Weis 50: (100 + 50) x 4 = 600; B 157 - 100 = 57, x 4 = 228.
    assert add(scorer, game, trump="slalom", points="100", weis_a="50").status_code == 302
    # "my_mode" x5: B 60, A 97: A 485, B 300. Totals A 1085, B 528.
    assert add(scorer, game, trump="my_mode", team="B", points="60").status_code == 302
    assert entries(game) == [
        {"trump": "slalom", "points": {"A": 100}, "weis": {"A": 50}},
        {"trump": "my_mode", "points": {"B": 60}},
    ]
    game.refresh_from_db()
    assert game.totals == {"A": 1085, "B": 528}
    page = html(scorer.get(f"/games/{game.pk}/"))
    first = re.search(r'<tr data-deal="1">(.*?)</tr>', page).group(1)
    assert '<span class="muted">Slalom</span>' in first and f"{X}4" in first and "Weis A 50" in first
    assert re.findall(r'<td class="num">(\d+)</td>', first) == ["600", "228"]
    second = re.search(r'<tr data-deal="2">(.*?)</tr>', page).group(1)
    assert '<span class="muted">My mode</span>' in second and f"{X}5" in second
    assert re.findall(r'<td class="num">(\d+)</td>', second) == ["485", "300"]
    # a correction of the Slalom deal shows Slalom picked
    edit = html(scorer.get(f"/games/{game.pk}/deals/1/edit/"))
    assert re.search(r'name="trump" value="slalom"[^>]* checked', edit)


def test_stoeck_in_an_extra_mode_is_refused_beside_stoeck_and_nothing_is_saved(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(SLALOM)
    before = rows()
    response = add(client_as("scorer"), game, trump="slalom", points="100", stoeck="A")
    assert response.status_code == 422
    page = html(response)
    message = "No Stöck in Slalom: there is no trump suit."
    assert f'<ul class="errorlist" id="id_stoeck_error"><li>{message}</li></ul>' in page
    assert page.index('<fieldset class="stoeck">') < page.index(message)
    assert changed(before, rows()) == set()


# ---- who announced, under a counter-match bonus -----------------------------------------------------


COUNTER = {"counter_match_bonus": 150}


def test_the_announcer_is_asked_right_under_match_only_where_a_counter_match_has_its_bonus(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    plain = html(scorer.get(f"/games/{make_game().pk}/"))
    assert "Who announced trump? (optional)" in plain and "data-for-match" not in plain
    assert plain.index("Who announced trump? (optional)") > plain.index('<fieldset class="stoeck">')
    page = html(scorer.get(f"/games/{make_game(COUNTER).pk}/"))
    question = '<details class="more announcer-question" data-for-match> <summary> Who announced trump?'
    assert question in page
    assert "A match needs it: a counter-match scores a bonus of its own." in page
    assert page.index('name="match"') < page.index(question) < page.index('<fieldset class="weis">')


def test_a_match_without_announcer_is_refused_on_the_announcer_then_saved_with_it(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(COUNTER)
    scorer = client_as("scorer")
    before = rows()
    refused = add(scorer, game, trump="spades", match="on")
    assert refused.status_code == 422
    page = html(refused)
    # the question is open, its radios marked and tied to the engine's words
    assert '<details class="more announcer-question" open data-for-match>' in page
    assert error_list(page, "announced_by") == f"<li>{escape(NO_ANNOUNCER)}</li>"
    assert 'name="announced_by" value="A" id="id_announced_by_1" aria-invalid="true"' in page
    assert page.count('aria-describedby="id_announced_by_error"') == 3  # not noted, A, B
    assert changed(before, rows()) == set()
    outbox = scorer.post(f"/games/{game.pk}/deals/", posted(game, trump="spades", match="on"), **OUTBOX)
    assert outbox.status_code == 422
    assert json.loads(outbox.content)["refused"] == f"Trump announced by: {NO_ANNOUNCER}"
    assert changed(before, rows()) == set()

    # Schilten x2, announced by A, A takes every trick: a match, (157 + 100) x 2 = 514 for A.
    assert add(scorer, game, trump="spades", match="on", announced_by="A").status_code == 302
    # Schilten x2 again, announced by A, but B takes every trick: a counter-match (Kontermatsch),
    # (157 + 150) x 2 = 614 for B. Totals A 514, B 614.
    assert add(scorer, game, trump="spades", team="B", match="on", announced_by="A").status_code == 302
    assert entries(game) == [
        {"trump": "spades", "match": "A", "announced_by": "A"},
        {"trump": "spades", "match": "B", "announced_by": "A"},
    ]
    game.refresh_from_db()
    assert game.totals == {"A": 514, "B": 614}
    board = html(scorer.get(f"/games/{game.pk}/"))
    assert re.search(r'<tr data-deal="2">.*?<span class="tag">Counter-match B</span>.*?</tr>', board)
    assert re.search(r'<tr data-deal="1">.*?<span class="tag">Match A</span>.*?</tr>', board)


# ---- the Berg and the marks -------------------------------------------------------------------------


BERG_GAME = {"marks": dict(STRICHE), "target": 1000}
"""The Berg at 500, a Schneider below 500, the default multipliers."""


def test_who_reached_the_berg_first_is_asked_like_who_went_out_first_and_stored(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    # Obenabe x3: A 100 -> 300, B 57 -> 171; Obenabe again, B 100: A 171, B 300. Both 471.
    game = make_game(
        BERG_GAME, [{"trump": "obenabe", "points": {"A": 100}}, {"trump": "obenabe", "points": {"B": 100}}]
    )
    scorer = client_as("scorer")
    assert 'id="berg-first"' not in html(scorer.get(f"/games/{game.pk}/"))  # nobody asked yet
    before = rows()
    # Rosen x1, A 80: A 551, B 471 + 77 = 548, both past 500 with their card points.
    refused = add(scorer, game, trump="hearts", points="80")
    assert refused.status_code == 422
    page = html(refused)
    asked = re.search(r'<fieldset id="berg-first">(.*?)</fieldset>', page).group(1)
    assert "<legend>Both teams reach the Berg in this deal: who got there first?</legend>" in asked
    assert error_list(asked, "berg_first") == f"<li>{BOTH_AT_BERG}</li>"
    assert 'name="berg_first" value="B" id="id_berg_first_2" aria-invalid="true"' in asked
    assert changed(before, rows()) == set()

    assert add(scorer, game, trump="hearts", points="80", berg_first="B").status_code == 302
    assert entries(game)[2] == {"trump": "hearts", "points": {"A": 80}, "berg_first": "B"}
    board = html(scorer.get(f"/games/{game.pk}/"))
    assert marks_of(board) == {"A": 0, "B": 1}
    assert re.search(r'<tr data-deal="3">.*?B \+1 mark: Berg</span>', board)
    # the correction form shows the answer given
    edit = html(scorer.get(f"/games/{game.pk}/deals/3/edit/"))
    picked = r'<fieldset id="berg-first">.*?name="berg_first" value="B" id="id_berg_first_2" checked'
    assert re.search(picked, edit)


def marks_of(page: str) -> dict[str, int]:
    """Each team's marks as the board shows them: the words under the total, and the strokes beside
    the Jasstafel's Z (one chalk line a mark, the fifth across the four before it), which must agree."""
    shown = {}
    for team in "AB":
        said = re.search(rf'<div class="marks" data-marks="{team}">(\d+) marks?</div>', page)
        tally = re.search(rf'<div class="tafel-marks" id="tafel-{team}-marks">(.*?)</div>', page)
        assert said and tally, f"no marks of team {team}"
        assert tally.group(1).count("<line ") == int(said.group(1))
        assert f"{said.group(1)} mark" in tally.group(1)
        shown[team] = int(said.group(1))
    return shown


WORKED_EXAMPLE = [
    # (the form's fields, each team's marks after the deal, the deal's marks as the list says them)
    # A Match in Rosen (all x1): 257 for A, 1 mark.
    ({"trump": "hearts", "match": "on", "announced_by": "A"}, {"A": 1, "B": 0}, ["A +1 mark: match"]),
    # A 100, B 57: A 357, B 57.
    ({"trump": "hearts", "points": "100"}, {"A": 1, "B": 0}, []),
    # A announced, B took every trick: a counter-match, 2 marks to B. A 357, B 314.
    (
        {"trump": "clubs", "team": "B", "match": "on", "announced_by": "A"},
        {"A": 1, "B": 2},
        ["B +2 marks: counter-match"],
    ),
    # A 150 and Weis 100: A 607, past the Berg at 500: 1 mark. B 321.
    ({"trump": "hearts", "points": "150", "weis_a": "100"}, {"A": 2, "B": 2}, ["A +1 mark: Berg"]),
    # A 120 and Stöck: A 747, B 358.
    ({"trump": "hearts", "points": "120", "stoeck": "A"}, {"A": 2, "B": 2}, []),
    # Obenabe x1, A 157 and Weis 100: A 1004, the target: a win (2) and B's 358 is below 500: Schneider (2).
    (
        {"trump": "obenabe", "points": "157", "weis_a": "100"},
        {"A": 6, "B": 2},
        ["A +4 marks: win, Schneider"],
    ),
]


def test_the_marks_show_on_the_board_after_every_deal(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """The worked example of docs/rules.md, "Marks", with the preset Jasstafel."""
    game = make_game(dict(PRESETS["jasstafel"]))
    scorer = client_as("scorer")
    assert marks_of(html(scorer.get(f"/games/{game.pk}/"))) == {"A": 0, "B": 0}
    for number, (fields, marks, said) in enumerate(WORKED_EXAMPLE, start=1):
        assert add(scorer, game, **fields).status_code == 302, number
        page = html(scorer.get(f"/games/{game.pk}/"))
        assert marks_of(page) == marks, number
        row = re.search(rf'<tr data-deal="{number}">(.*?)</tr>', page).group(1)
        assert re.findall(r'<span class="tag marks" data-marks="[AB]">(.*?)</span>', row) == said, number
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "A", {"A": 1004, "B": 358})
    assert '<div class="winner" role="status">🏆 Anna &amp; Cla win with 6 marks to 2!</div>' in page


def test_a_deal_saved_from_the_phone_redraws_the_marks(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """The outbox's answer swaps the marks in place (out of band), beside the totals it moves."""
    game = make_game(dict(PRESETS["jasstafel"]))
    scorer = client_as("scorer")
    data = {**posted(game, trump="hearts", match="on"), "revision": str(game.revision)}
    answer = scorer.post(f"/games/{game.pk}/deals/", data, **OUTBOX)
    assert answer.status_code == 200
    body = html(answer)
    tally = re.search(
        r'<div class="tafel-marks" id="tafel-A-marks" data-hx-swap-oob="true">(.*?)</div>', body
    )
    assert tally and tally.group(1).count("<line ") == 1 and "1 mark" in tally.group(1)
    assert '<div class="marks" data-marks="A">1 mark</div>' in body
    assert '<div class="marks" data-marks="B">0 marks</div>' in body
