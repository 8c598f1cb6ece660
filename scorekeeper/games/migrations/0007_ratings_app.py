"""Ratings now live in their own app (scorekeeper.ratings, its 0001): the games app forgets the models.

State only: the tables stay, under their old names, and belong to the ratings app from here on.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0006_game_summaries"),
        ("ratings", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="RatingChange"),
                migrations.DeleteModel(name="Rating"),
            ],
        ),
    ]
