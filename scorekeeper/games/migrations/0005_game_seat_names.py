"""Games keep their seats' names on the row, so a deal post and the game page need no seat query."""

from django.db import migrations, models


def copy_seat_names(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    Seat = apps.get_model("scorekeeper", "Seat")
    names = {}
    for game_id, name in Seat.objects.order_by("game_id", "position").values_list("game_id", "name"):
        names.setdefault(game_id, []).append(name)
    games = list(Game.objects.filter(pk__in=names).only("pk"))
    for game in games:
        game.seat_names = names[game.pk]
    Game.objects.bulk_update(games, ["seat_names"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0004_club_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="seat_names",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(copy_seat_names, migrations.RunPython.noop),
    ]
