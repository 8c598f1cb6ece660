"""`make bench` keeps running: each figure's code, on small data, yields its figures.

The timings are the bench's own business (never a test's); this only proves the code that measures them
still matches the models (the bench once broke on a game moved between clubs with its club number, and on
two of 2000 players drawn the same personal code)."""

from __future__ import annotations

import pytest

from tests.tools.bench import evenings, games, players, tournaments


def names(figures: object) -> list[str]:
    return [name for name, _value, _unit in figures]  # type: ignore[attr-defined]


@pytest.mark.django_db(transaction=True)
def test_the_deal_entry_figures_count_8_queries() -> None:
    figures = {name: value for name, value, _unit in games.deal_entry(repeat=2)}
    assert figures["deal_entry_queries"] == figures["deal_entry_queries_deal_1"] == 8
    assert set(figures) == {"deal_entry_ms", "deal_entry_queries", "deal_entry_queries_deal_1"}


@pytest.mark.django_db
def test_the_rules_and_player_page_figures_run() -> None:
    assert names(games.rules_speed(games=2, deals=10)) == ["rules_deals_per_s"]
    assert names(players.player_page(games=4, repeat=1)) == ["player_page_ms"]


@pytest.mark.django_db
def test_the_event_figures_run() -> None:
    figures = {name: value for name, value, _unit in tournaments.event(players=40, passes=2, deals=2)}
    assert figures["repeat_partners"] == 0 and figures["standings_queries"] == 3
    assert 0 < figures["event_page_bytes"] < 20_000


@pytest.mark.django_db
def test_the_evening_figures_run_and_count_the_same_queries_whatever_the_deals() -> None:
    small = dict((name, value) for name, value, _unit in evenings.evening_page(games=3, deals=6, repeat=1))
    more = dict((name, value) for name, value, _unit in evenings.evening_page(games=4, deals=40, repeat=1))
    assert set(small) == {"evening_page_ms", "evening_page_queries"}
    assert small["evening_page_queries"] == more["evening_page_queries"] <= 8
