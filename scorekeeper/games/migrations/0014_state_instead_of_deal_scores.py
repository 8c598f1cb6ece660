"""Each game keeps the engine's state after its last deal (Game.state); the per-deal score rows go.

Nothing read DealScore since Game.side_sums holds what its rows added up to; every write rewrote them.
A game's state is written by its next write: until then (None) the page scores the game as before.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0013_evenings")]

    operations = [
        migrations.DeleteModel(name="DealScore"),
        migrations.AddField(model_name="game", name="state", field=models.JSONField(blank=True, null=True)),
    ]
