"""A name is what it looks like (issue 13, point 4): every form that takes one composes it (NFC), drops the
invisible characters (format characters, category Cf, and controls), and refuses a name with nothing
visible left or with characters that turn the direction of the text. Before, a player called only
"\u200b" was accepted, and "Be\u200bat" became a second player who looked like Beat.

One function does it (scorekeeper/games/names.py); each place a name is typed is tried here: players,
new games' seats, clubs, events, entrants (the director's list and the public registration),
substitutes and seasons. The sign-up's username refuses such characters by Django's own rule.

The probe's findings after: names of Hangul fillers, Braille blanks, grapheme joiners or lone accents
passed, as did look-alikes of a roster player (Cyrillic A in "Anna"); and an open registration typed
"anna" took Anna, a member's player. Now NFKC, every blank dropped, a letter or digit needed, a look-alike
refused naming the player, and a member's player registered only by that member signed in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scorekeeper.games import members
from scorekeeper.games.models import Club, Player
from scorekeeper.games.names import clean_name, look_alike, normalise_name
from tests.db_snapshot import changed, rows
from tests.tournaments.builders import draw, make_event
from tournaments import services
from tournaments.models import Season, Tournament

ZERO_WIDTH = "\u200b"
INVISIBLE = "Enter a name with at least one visible character."
DIRECTION = "A name cannot contain characters that change the direction of the text."
OVERRIDES = ["\u202e", "\u202d", "\u202a", "\u202b", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069"]


def said(client: Client, response: Any) -> list[str]:
    """The messages shown on the page a POST redirected to."""
    assert response.status_code == 302, response.status_code
    return [str(message) for message in client.get(response["Location"]).context["messages"]]


# ---- the one function ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Zoe\u0308", "Zo\u00eb"),  # e + combining diaeresis, as some keyboards send it: one ë
        ("Be\u200bat", "Beat"),  # zero-width space
        ("\ufeffBeat\u200d", "Beat"),  # byte-order mark, zero-width joiner
        ("Be\u00adat", "Beat"),  # soft hyphen
        ("Be\u200e\u200fat", "Beat"),  # direction marks change no direction of their own: dropped
        ("Be\x07at", "Beat"),  # a control character
        ("  Vreni \u200b Muster\t", "Vreni Muster"),
    ],
)
def test_a_name_is_composed_and_its_invisible_characters_dropped(typed: str, name: str) -> None:
    assert normalise_name(typed) == name
    assert clean_name(typed, max_length=60) == name


@pytest.mark.parametrize("typed", [ZERO_WIDTH, "\u200b\u200c\u2060", "\ufeff \u00ad", "\x07"])
def test_a_name_with_nothing_visible_is_refused(typed: str) -> None:
    with pytest.raises(ValidationError) as refused:
        clean_name(typed, max_length=60)
    assert refused.value.messages == [INVISIBLE]


@pytest.mark.parametrize("control", OVERRIDES)
def test_a_name_that_turns_the_direction_of_the_text_is_refused(control: str) -> None:
    with pytest.raises(ValidationError) as refused:
        clean_name(f"Anna{control}gnuL", max_length=60)
    assert refused.value.messages == [DIRECTION]


def test_a_name_longer_than_its_column_once_composed_is_refused() -> None:
    """NFC lengthens a few characters (U+0958 is two code points composed): the column must still hold it."""
    with pytest.raises(ValidationError) as refused:
        clean_name("\u0958" * 31, max_length=60)
    assert refused.value.messages == ["A name has at most 60 characters."]


# ---- every place a name is typed -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "message"), [(ZERO_WIDTH, INVISIBLE), ("Anna\u202e", DIRECTION), ("\u2067Beat", DIRECTION)]
)
def test_a_player_without_a_visible_name_is_refused(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client], typed: str, message: str
) -> None:
    client = client_as("scorer")
    before = rows()
    assert said(client, client.post("/clubs/zuerich/players/", {"name": typed})) == [message]
    assert changed(before, rows()) == set()


def test_a_player_with_an_invisible_character_is_the_player_of_that_name(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("scorer")
    assert said(client, client.post("/clubs/zuerich/players/", {"name": "Be\u200bat"})) == [
        "Beat is on the roster."
    ]
    assert list(club.players.values_list("name", flat=True)) == ["Anna", "Beat", "Cla", "Dora"]


def test_a_new_games_seats_take_names_as_the_roster_does(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("scorer")
    data = {"variant": "schieber", "preset": "standard", "seat_1": "Anna", "seat_3": "Cla", "seat_4": "Dora"}
    data.update({"match_bonus": "100", "target": "2500", "multiply_weis": "on"})
    data.update({f"multipliers.{mode}": "1" for mode in ("hearts", "diamonds", "spades", "clubs")})
    data.update({"multipliers.obenabe": "3", "multipliers.undenufe": "3"})
    before = rows()
    for typed, message in ((ZERO_WIDTH, INVISIBLE), ("\u202eBeat", DIRECTION)):
        response = client.post("/clubs/zuerich/games/new/", {**data, "seat_2": typed})
        assert response.status_code == 422
        assert response.context["form"].errors == {"seat_2": [message]}
    assert changed(before, rows()) == set()
    response = client.post("/clubs/zuerich/games/new/", {**data, "seat_2": "Be\u200bat"})
    assert response.status_code == 302
    assert club.games.get().seat_names == ["Anna", "Beat", "Cla", "Dora"]
    assert club.players.count() == 4


@pytest.mark.parametrize(("typed", "message"), [(ZERO_WIDTH, INVISIBLE), ("Jassclub \u202eChur", DIRECTION)])
def test_a_club_without_a_visible_name_is_refused(
    users: dict[str, User], client_as: Callable[[str | None], Client], typed: str, message: str
) -> None:
    before = rows()
    response = client_as("viewer").post("/clubs/new/", {"name": typed, "suit_names": "german"})
    assert response.context["form"].errors == {"name": [message]}
    response = client_as("owner").post(
        "/clubs/zuerich/manage/", {"save_club": "1", "name": typed, "suit_names": "german"}
    )
    assert response.context["form"].errors == {"name": [message]}
    assert changed(before, rows()) == set()


def test_a_clubs_name_loses_its_invisible_characters(
    users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    client_as("viewer").post("/clubs/new/", {"name": "Jass\u200bclub Chur", "suit_names": "german"})
    assert Club.objects.get(slug="jassclub-chur").name == "Jassclub Chur"


def event_data(**changes: str) -> dict[str, str]:
    data = {"name": "Cup", "format": "einzelschieber", "passes": "3", "deals_per_pass": "12"}
    data.update({"pass_word": "Pass", "seating": "random", "by_standings_from": "2"})
    data.update({"bye_compensation": "average", "bye_score": "0", "scoring": "sum"})
    data.update({"visibility": "members", "self_registration_limit": "10"})
    data.update({"table_points": "3, 2, 1, 0", "tie_break_1": "best_pass", "rules-match_bonus": "0"})
    data.update({f"rules-multipliers.{mode}": "1" for mode in ("hearts", "diamonds", "spades", "clubs")})
    data.update({"rules-multipliers.obenabe": "1", "rules-multipliers.undenufe": "1"})
    return {**data, "rules-multiply_weis": "on", **changes}


@pytest.mark.parametrize(("typed", "message"), [(ZERO_WIDTH, INVISIBLE), ("Cup\u202e", DIRECTION)])
def test_an_event_without_a_visible_name_is_refused(
    club: Club, client_as: Callable[[str | None], Client], typed: str, message: str
) -> None:
    client = client_as("admin")
    before = rows()
    response = client.post("/clubs/zuerich/events/new/", event_data(name=typed))
    assert response.status_code == 422
    assert response.context["form"].errors == {"name": [message]}
    assert changed(before, rows()) == set()
    assert client.post("/clubs/zuerich/events/new/", event_data(name="Winter\u200bcup")).status_code == 302
    assert Tournament.objects.get().name == "Wintercup"


@pytest.fixture
def event(club: Club, players: list[Player]) -> Tournament:
    return make_event(club, players=4, passes=2)


@pytest.mark.parametrize(
    ("names", "message"),
    [(f"Edi\n{ZERO_WIDTH}", INVISIBLE), ("Edi\nFr\u202eänzi", DIRECTION)],
)
def test_the_director_registers_no_invisible_entrant(
    event: Tournament, client_as: Callable[[str | None], Client], names: str, message: str
) -> None:
    before = rows()
    response = client_as("admin").post(f"/events/{event.slug}/manage/entrants/", {"names": names})
    assert response.status_code == 422
    assert response.context["form"].errors == {"__all__": [message]}
    assert changed(before, rows()) == set()


def test_an_entrant_with_an_invisible_character_is_the_player_of_that_name(
    event: Tournament, client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("admin")
    response = client.post(f"/events/{event.slug}/manage/entrants/", {"names": "Zoe\u0308\nEd\u200bi"})
    assert said(client, response) == ["2 players registered: start numbers 5 to 6."]
    names = list(event.entrants.values_list("player__name", flat=True))
    assert names == ["Anna", "Beat", "Cla", "Dora", "Zo\u00eb", "Edi"]
    response = client.post(f"/events/{event.slug}/manage/entrants/", {"name": "Zo\u00eb"})
    assert said(client, response) == ["Zoë is registered already."]


@pytest.mark.parametrize(("typed", "message"), [(ZERO_WIDTH, INVISIBLE), ("\u202dVreni", DIRECTION)])
def test_no_invisible_name_registers_itself(
    event: Tournament, client_as: Callable[[str | None], Client], typed: str, message: str
) -> None:
    Tournament.objects.filter(pk=event.pk).update(public_registration=True)
    before = rows()
    response = client_as(None).post(f"/events/{event.slug}/register/", {"name": typed})
    assert response.status_code == 422
    assert response.context["form"].errors == {"name": [message]}
    assert changed(before, rows()) == set()


@pytest.mark.parametrize(("typed", "message"), [(ZERO_WIDTH, INVISIBLE), ("Vreni\u2066", DIRECTION)])
def test_no_invisible_substitute(
    event: Tournament, client_as: Callable[[str | None], Client], typed: str, message: str
) -> None:
    seat = draw(event).tables.get().seats.get(position=2)
    url = reverse("tournaments:tournament_substitute", args=[event.slug, seat.pk])
    client = client_as("admin")
    before = rows()
    assert said(client, client.post(url, {"name": typed})) == [message]
    assert changed(before, rows()) == set()
    client.post(url, {"name": "Vre\u200bni"})
    seat.refresh_from_db()
    assert seat.substitute.name == "Vreni"


@pytest.mark.parametrize(("typed", "message"), [(ZERO_WIDTH, INVISIBLE), ("Saison\u202e", DIRECTION)])
def test_a_season_without_a_visible_name_is_refused(
    event: Tournament, client_as: Callable[[str | None], Client], typed: str, message: str
) -> None:
    before = rows()
    response = client_as("admin").post("/clubs/zuerich/seasons/new/", {"name": typed, "points_table": "3"})
    assert response.status_code == 422
    assert response.context["form"].errors == {"name": [message]}
    assert changed(before, rows()) == set()
    client_as("admin").post("/clubs/zuerich/seasons/new/", {"name": "Saison\u200b 2027", "points_table": "3"})
    assert Season.objects.get().name == "Saison 2027"


@pytest.mark.parametrize("typed", [ZERO_WIDTH, "zero\u200bwidth", "anna\u202e"])
def test_the_sign_up_refuses_a_username_with_invisible_characters(typed: str, db: None) -> None:
    """Django's username rule allows letters, digits and @.+-_ only: no format character gets through."""
    response = Client().post(
        "/accounts/signup/", {"username": typed, "password1": "x7-Lk!w9qPz", "password2": "x7-Lk!w9qPz"}
    )
    assert response.context["form"].errors["username"] == [
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
    ]
    assert not User.objects.exists()


def test_the_services_spell_a_name_as_the_forms_do(event: Tournament) -> None:
    """A name that comes another way (a service, an import) finds the same player."""
    services.register(tournament=event, name="Ed\u200bi")
    assert event.club.players.filter(name="Edi").count() == 1


# ---- issue: invisible and look-alike names ----------------------------------------------------------------

NO_LETTER = "The name needs at least one letter or digit."
HANGUL_FILLER, BRAILLE_BLANK, GRAPHEME_JOINER, ACUTE = "\u3164", "\u2800", "\u034f", "\u0301"
CYRILLIC_ANNA = "\u0410nna"
FULL_WIDTH_ANNA = "\uff21\uff4e\uff4e\uff41"
LOOKS_LIKE_ANNA = (
    "Looks like Anna, who is already in the club: use that player, or choose a name that looks different."
)


@pytest.mark.parametrize(
    "typed",
    [
        HANGUL_FILLER,
        HANGUL_FILLER * 3,
        "\uffa0",  # the half-width Hangul filler
        BRAILLE_BLANK,
        GRAPHEME_JOINER,
        ACUTE,
        ACUTE * 4 + " \u0308",  # accents on nothing
        f"{HANGUL_FILLER} {BRAILLE_BLANK}{GRAPHEME_JOINER}\ufe0f",
    ],
)
def test_a_name_of_blanks_fillers_or_lone_accents_is_refused(typed: str) -> None:
    with pytest.raises(ValidationError) as refused:
        clean_name(typed, max_length=60)
    assert refused.value.messages == [INVISIBLE]


@pytest.mark.parametrize("typed", ["!!!", "-", "\u2605 \u2605", ".\u0301"])
def test_a_name_without_a_letter_or_digit_is_refused(typed: str) -> None:
    with pytest.raises(ValidationError) as refused:
        clean_name(typed, max_length=60)
    assert refused.value.messages == [NO_LETTER]


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        (f"Anna{HANGUL_FILLER}", "Anna"),
        (f"An{BRAILLE_BLANK}na", "Anna"),
        (f"An{GRAPHEME_JOINER}na", "Anna"),
        (FULL_WIDTH_ANNA, "Anna"),  # NFKC: full-width letters are the letters
        (f"{ACUTE}Anna", "Anna"),  # an accent on nothing goes; one on a letter stays
        ("Jose\u0301", "Jos\u00e9"),
        ("\ufb01ona", "fiona"),  # the ligature fi
        ("R2", "R2"),
    ],
)
def test_the_normaliser_takes_compatibility_forms_and_drops_what_draws_nothing(typed: str, name: str) -> None:
    assert clean_name(typed, max_length=60) == name
    assert normalise_name(name) == name


@pytest.mark.parametrize(
    ("one", "other", "alike"),
    [
        ("Anna", CYRILLIC_ANNA, True),
        ("Anna", "Ann\u0430", True),  # a Cyrillic a at the end
        ("Cla", "CIa", True),  # capital I for l
        ("Ida", "lda", True),
        ("Ida", "\u0131da", True),  # dotless i
        ("Emma", "Ernma", True),
        ("Anna", "anna", False),  # the same name: no look-alike, the same player
        ("Anna", "Anne", False),
        ("Zo\u00eb", "Zoe", False),  # an accent is a difference a reader sees
        ("M\u00fcller", "Muller", False),
        ("Beat", "Beatrice", False),
        ("Gast I", "Gast L", False),  # a capital I looks like a small l, not like a capital L
        ("Ida", "Lda", False),
    ],
)
def test_look_alikes_are_the_confusables_of_unicode(one: str, other: str, alike: bool) -> None:
    assert look_alike(one, other) is alike
    assert look_alike(other, one) is alike


def test_a_roster_player_of_blanks_is_refused_and_of_a_filler_suffix_is_the_player(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("scorer")
    before = rows()
    for typed in (HANGUL_FILLER, BRAILLE_BLANK, GRAPHEME_JOINER, ACUTE):
        assert said(client, client.post("/clubs/zuerich/players/", {"name": typed})) == [INVISIBLE]
    assert changed(before, rows()) == set()
    for typed in (f"Anna{HANGUL_FILLER}", FULL_WIDTH_ANNA):
        assert said(client, client.post("/clubs/zuerich/players/", {"name": typed})) == [
            "Anna is on the roster."
        ]
    assert changed(before, rows()) == set()


@pytest.mark.parametrize("typed", [CYRILLIC_ANNA, "Ann\u0430", "ANN\u0410"])
def test_a_look_alike_of_a_roster_player_is_refused_naming_them(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client], typed: str
) -> None:
    client = client_as("scorer")
    before = rows()
    assert said(client, client.post("/clubs/zuerich/players/", {"name": typed})) == [LOOKS_LIKE_ANNA]
    assert changed(before, rows()) == set()


def new_game_data(**seats: str) -> dict[str, str]:
    data = {"variant": "schieber", "preset": "standard", "seat_1": "Anna", "seat_2": "Beat"}
    data.update({"seat_3": "Cla", "seat_4": "Dora", "match_bonus": "100", "target": "2500"})
    data.update({"multiply_weis": "on", "multipliers.obenabe": "3", "multipliers.undenufe": "3"})
    data.update({f"multipliers.{mode}": "1" for mode in ("hearts", "diamonds", "spades", "clubs")})
    return {**data, **seats}


def test_a_new_game_refuses_a_look_alike_seat_and_takes_the_very_player(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("scorer")
    before = rows()
    response = client.post("/clubs/zuerich/games/new/", new_game_data(seat_1=CYRILLIC_ANNA))
    assert response.status_code == 422
    assert response.context["form"].errors == {"seat_1": [LOOKS_LIKE_ANNA]}
    response = client.post("/clubs/zuerich/games/new/", new_game_data(seat_1="Edi", seat_2="Ed\u0456"))
    assert response.context["form"].errors == {"seat_2": ["Ed\u0456 already has a seat."]}
    assert changed(before, rows()) == set()
    response = client.post("/clubs/zuerich/games/new/", new_game_data(seat_1=f"anna{HANGUL_FILLER}"))
    assert response.status_code == 302
    assert club.games.get().seat_names == ["Anna", "Beat", "Cla", "Dora"]
    assert club.players.count() == 4


def test_the_service_refuses_a_look_alike_whoever_calls(club: Club, players: list[Player]) -> None:
    with pytest.raises(members.NameRefused) as refused:
        members.add_player(club=club, name=CYRILLIC_ANNA)
    assert refused.value.message == LOOKS_LIKE_ANNA
    assert members.add_player(club=club, name="ANNA") == players[0]
    assert club.players.count() == 4


def test_the_director_and_a_substitute_are_refused_a_look_alike(
    event: Tournament, client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("admin")
    response = client.post(f"/events/{event.slug}/manage/entrants/", {"names": f"Edi\n{CYRILLIC_ANNA}"})
    assert said(client, response) == [LOOKS_LIKE_ANNA, "Edi has start number 5."]
    seat = draw(event).tables.get().seats.get(position=2)
    url = reverse("tournaments:tournament_substitute", args=[event.slug, seat.pk])
    after_draw = rows()
    assert said(client, client.post(url, {"name": "B\u0435at"})) == [
        "Looks like Beat, who is already in the club: use that player, or choose a name that looks different."
    ]
    assert changed(after_draw, rows()) == set()
    assert not event.club.players.filter(name__in=[CYRILLIC_ANNA, "B\u0435at"]).exists()


@pytest.fixture
def open_event(event: Tournament) -> Tournament:
    Tournament.objects.filter(pk=event.pk).update(public_registration=True)
    return event


@pytest.mark.parametrize("typed", [CYRILLIC_ANNA, f"An{BRAILLE_BLANK}n\u0430"])
def test_self_registration_refuses_a_look_alike(
    open_event: Tournament, client_as: Callable[[str | None], Client], typed: str
) -> None:
    open_event.entrants.filter(player__name="Anna").delete()
    before = rows()
    response = client_as(None).post(f"/events/{open_event.slug}/register/", {"name": typed})
    assert response.status_code == 422
    assert response.context["form"].errors == {"name": [LOOKS_LIKE_ANNA]}
    assert changed(before, rows()) == set()


@pytest.mark.parametrize("typed", [HANGUL_FILLER, BRAILLE_BLANK, GRAPHEME_JOINER, ACUTE * 2])
def test_self_registration_refuses_a_name_of_blanks(
    open_event: Tournament, client_as: Callable[[str | None], Client], typed: str
) -> None:
    before = rows()
    response = client_as(None).post(f"/events/{open_event.slug}/register/", {"name": typed})
    assert response.status_code == 422
    assert response.context["form"].errors == {"name": [INVISIBLE]}
    assert changed(before, rows()) == set()


# ---- issue: anonymous self-registration took a member's roster player -----------------------------------

MEMBERS_PLAYER = "Anna is a club member's player: sign in as that member to register, or ask the director."


@pytest.fixture
def members_anna(club: Club, players: list[Player], users: dict[str, User]) -> Player:
    """Anna is the viewer's roster player (linked to the account), not yet registered for the event."""
    return members.link_player(player=players[0], user=users["viewer"])


@pytest.mark.parametrize(
    ("who", "typed"), [(None, "anna"), (None, "Anna"), (None, FULL_WIDTH_ANNA), ("scorer", "anna")]
)
def test_self_registration_never_takes_a_members_player(
    open_event: Tournament,
    members_anna: Player,
    client_as: Callable[[str | None], Client],
    who: str | None,
    typed: str,
) -> None:
    open_event.entrants.filter(player=members_anna).delete()
    before = rows()
    response = client_as(who).post(f"/events/{open_event.slug}/register/", {"name": typed})
    assert response.status_code == 422
    assert response.context["form"].errors == {"name": [MEMBERS_PLAYER]}
    assert changed(before, rows()) == set()


def test_the_member_signed_in_registers_as_their_player(
    open_event: Tournament, members_anna: Player, client_as: Callable[[str | None], Client]
) -> None:
    open_event.entrants.filter(player=members_anna).delete()
    client = client_as("viewer")
    response = client.post(f"/events/{open_event.slug}/register/", {"name": "anna"})
    assert said(client, response)[0] == (
        "Anna is registered, start number 5. Check in at the desk before the first pass."
    )
    assert open_event.entrants.get(number=5).player == members_anna


def test_a_guest_on_the_roster_still_registers_by_name(
    open_event: Tournament, members_anna: Player, client_as: Callable[[str | None], Client]
) -> None:
    """A roster player linked to nobody (last year's guest) comes back by typing their name."""
    open_event.entrants.filter(player__name="Dora").delete()
    client = client_as(None)
    response = client.post(f"/events/{open_event.slug}/register/", {"name": "dora"})
    assert said(client, response)[0] == (
        "Dora is registered, start number 4. Check in at the desk before the first pass."
    )
    assert open_event.club.players.count() == 4


def test_the_director_registers_a_members_player(
    event: Tournament, members_anna: Player, client_as: Callable[[str | None], Client]
) -> None:
    """A club admin may register any roster player: the refusal is for the open form only."""
    event.entrants.filter(player=members_anna).delete()
    client = client_as("admin")
    response = client.post(f"/events/{event.slug}/manage/entrants/", {"name": "anna"})
    assert said(client, response) == ["Anna has start number 5."]
