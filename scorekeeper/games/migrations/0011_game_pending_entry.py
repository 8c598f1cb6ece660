"""A game keeps what the table said before its next deal (Differenzler's predictions) until the deal is saved."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0010_invites_and_linked_players"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="pending_entry",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
