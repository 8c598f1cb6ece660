"""Issue 14: a Differenzler event from before keeps counting an exact prediction of 0 with the exact bonus,
as its earlier passes did: its settings, which each table's game copies, get `exact_bonus_on_zero`
(the games' own migration, scorekeeper 0009, does the same for the games already played)."""

import importlib

from django.db import migrations

games_migration = importlib.import_module(
    "scorekeeper.games.migrations.0009_differenzler_keeps_the_bonus_on_zero"
)


def keep_the_bonus_on_zero(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    events = [
        event
        for event in Tournament.objects.filter(format="differenzler").only("pk", "settings")
        if games_migration.counted_the_bonus_on_zero(event.settings)
    ]
    for event in events:
        event.settings = {**event.settings, "exact_bonus_on_zero": True}
    Tournament.objects.bulk_update(events, ["settings"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_personal_codes_and_signoffs"),
        ("scorekeeper", "0009_differenzler_keeps_the_bonus_on_zero"),
    ]

    operations = [migrations.RunPython(keep_the_bonus_on_zero, migrations.RunPython.noop, elidable=True)]
