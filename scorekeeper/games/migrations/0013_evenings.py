"""Evenings (games played one after another at a table, summed at the end of the night), and each game's
marks in its stored summary where it counts them: an evening sums them. Games stored before keep their
summary and get their marks here, scored again from their entries."""

import django.db.models.deletion
from typing import Any
from django.conf import settings
from django.db import migrations, models


def marks_into_summaries(apps: Any, schema_editor: Any) -> None:
    from scorekeeper import rules
    from scorekeeper.rules.base import InvalidDeal

    Game = apps.get_model("scorekeeper", "Game")
    for game in Game.objects.filter(variant="schieber").exclude(summary={}).iterator():
        if not (game.settings or {}).get("marks"):
            continue
        entries = list(game.deals.order_by("number").values_list("entry", flat=True))
        try:
            result = rules.score_game(
                game.variant, list(game.seat_names), game.settings, entries, deal_limit=game.deal_limit
            )
        except InvalidDeal:
            continue  # listed as it was: the statistics skip such a game too
        if result.marks is not None:
            game.summary = {**game.summary, "marks": dict(result.marks)}
            game.save(update_fields=["summary"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0012_deal_dealing_and_undo"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Evening",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("started_at", models.DateTimeField(auto_now_add=True)),
                ("stake", models.DecimalField(blank=True, decimal_places=2, max_digits=7, null=True)),
                (
                    "stake_unit",
                    models.CharField(
                        blank=True,
                        choices=[("point", "per point"), ("mark", "per mark"), ("game", "per game")],
                        max_length=5,
                    ),
                ),
                ("share_token", models.CharField(blank=True, max_length=64, null=True, unique=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="evenings",
                        to="scorekeeper.club",
                    ),
                ),
                (
                    "created_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-started_at", "-pk"],
            },
        ),
        migrations.AddField(
            model_name="game",
            name="evening",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="games",
                to="scorekeeper.evening",
            ),
        ),
        migrations.AddConstraint(
            model_name="evening",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("stake__isnull", True),
                    models.Q(("stake__gte", 0), ("stake__lte", 1000)),
                    _connector="OR",
                ),
                name="evening_stake_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="evening",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("stake__isnull", True), models.Q(("stake_unit", ""), _negated=True), _connector="OR"
                ),
                name="evening_stake_has_a_unit",
            ),
        ),
        migrations.RunPython(marks_into_summaries, migrations.RunPython.noop),
    ]
