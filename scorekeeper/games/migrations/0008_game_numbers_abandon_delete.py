"""Games are numbered per club (#1, #2 ...), not by the instance's id; a game can be abandoned or deleted,
each audited (GameChange), and names the game it was started from with "play again" (follows).

The club's own games are numbered in the order they started; a tournament table's game keeps none."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def number_club_games(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    games = list(
        Game.objects.filter(tournament_table__isnull=True)
        .order_by("club_id", "created_at", "pk")
        .only("pk", "club")
    )
    counted: dict[int, int] = {}
    for game in games:
        counted[game.club_id] = counted.get(game.club_id, 0) + 1
        game.number = counted[game.club_id]
    Game.objects.bulk_update(games, ["number"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0007_ratings_app"),
        ("tournaments", "0001_initial"),  # a table's game is not numbered: the tables must be known
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="GameChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[("abandoned", "abandoned"), ("resumed", "resumed"), ("deleted", "deleted")],
                        max_length=10,
                    ),
                ),
                ("at", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "ordering": ["-at", "-pk"],
            },
        ),
        migrations.AddField(
            model_name="game",
            name="abandoned_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="deleted_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="follows",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="scorekeeper.game",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="number",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(number_club_games, migrations.RunPython.noop, elidable=False),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(fields=("club", "number"), name="one_game_number_per_club"),
        ),
        migrations.AddField(
            model_name="gamechange",
            name="by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="gamechange",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="game_changes",
                to="scorekeeper.game",
            ),
        ),
    ]
