"""Who dealt each deal and whether the trump was pushed (beside the rules entry, audited with it), and the
deal a Delete took away while Undo can still bring it back. Older deals have none of it noted: null."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0011_game_pending_entry"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="dealer_seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="deal",
            name="pushed",
            field=models.BooleanField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="dealchange",
            name="dealing_after",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="dealchange",
            name="dealing_before",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="undo_deal",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="dealchange",
            name="action",
            field=models.CharField(
                choices=[
                    ("added", "added"),
                    ("edited", "edited"),
                    ("deleted", "deleted"),
                    ("restored", "brought back"),
                ],
                max_length=10,
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("dealer_seat__gte", 1)), name="dealer_seats_from_one"
            ),
        ),
    ]
