"""Issue 20: an event's format is a key of the formats the variants declare (tournaments/formats.py),
checked by the column's validator as its choices checked it; the column keeps its values but no longer
lists them, so a new variant or format needs no migration. Only Django's state changes: SQL has no choices."""

from django.db import migrations, models

import tournaments.formats


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_differenzler_keeps_the_bonus_on_zero"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="format",
            field=models.CharField(
                default="einzelschieber", max_length=20, validators=[tournaments.formats.known_format]
            ),
        ),
    ]
