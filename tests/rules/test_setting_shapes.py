"""What a variant declares its settings take (base.setting_shapes) is what its read_settings accepts: the
forms build their inputs from the declaration, so a value they offer is never refused and a value out of
it always is, on the setting's own field."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import rules
from scorekeeper.rules.base import CountsOrNull, InvalidDeal, NamedFactors, OneOf, WholeOrNull, setting_shapes

SEATS = ["Anna", "Beat", "Cla", "Dora"]
BASE: dict[str, dict[str, Any]] = {"schieber": {"target": 1_000_000_000}}
"""A target as high as it goes, so the Berg may lie anywhere up to its own maximum."""
SHAPED = [
    (key, name) for key in rules.available_variants() for name in setting_shapes(rules.get_variant(key))
]


def score(variant: str, **settings: Any) -> None:
    rules.score_game(variant, SEATS, {**BASE.get(variant, {}), **settings}, [])


def refused_on(variant: str, key: str, value: Any) -> str:
    with pytest.raises(InvalidDeal) as refused:
        score(variant, **{key: value})
    return refused.value.field


def test_the_shaped_settings_are_issue_14s() -> None:
    assert SHAPED == [
        ("schieber", "count_order"),
        ("schieber", "counter_match_bonus"),
        ("schieber", "extra_modes"),
        ("schieber", "marks"),
        ("schieber", "berg_at"),
        ("schieber", "schneider_below"),
        ("coiffeur", "counter_match"),
        ("coiffeur", "round_to"),
        ("differenzler", "end_at"),
        ("free_board", "sides"),
        ("free_board", "per_deal"),
        ("free_board", "deals"),
    ]


@pytest.mark.parametrize(("variant", "key"), SHAPED)
def test_a_shaped_setting_takes_what_it_declares_and_nothing_else(variant: str, key: str) -> None:
    shape = setting_shapes(rules.get_variant(variant))[key]
    assert key in rules.get_variant(variant).defaults
    if isinstance(shape, OneOf):
        for value in shape.values:
            score(variant, **{key: value})
        for value in ("", str(shape.values[0]), 2**31, None):
            if value not in shape.values:
                assert refused_on(variant, key, value) == key
    elif isinstance(shape, WholeOrNull):
        for value in (None, shape.low, shape.high):
            score(variant, **{key: value})
        for value in (shape.low - 1, shape.high + 1, str(shape.low), 1.5, True):
            assert refused_on(variant, key, value) == key
    elif isinstance(shape, CountsOrNull):
        for value in (None, dict(shape.usual), dict.fromkeys(shape.kinds, 0), {}):
            score(variant, **{key: value})
        assert set(shape.usual) == set(shape.kinds)
        for value in ({"stroke": 1}, {shape.kinds[0]: -1}, 2):
            assert refused_on(variant, key, value) == key
    else:
        assert isinstance(shape, NamedFactors)
        for value in ({}, {"slalom": 4}, {"a_mode_of_our_own": 1}):
            score(variant, **{key: value})
        for value in ({"slalom": 0}, {"Slalom": 4}, {"hearts": 2}, []):
            assert refused_on(variant, key, value) == key
