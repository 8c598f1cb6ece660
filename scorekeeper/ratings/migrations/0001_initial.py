"""Ratings move out of the games app into their own: the models only, the tables stay where they are.

The tables keep their names (db_table), so this migration and the games app's 0007 change Django's
state and nothing in the database; the content types follow, so permissions given on them are kept.
"""

import django.db.models.deletion
from django.db import migrations, models


def move_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in ("rating", "ratingchange"):
        if not content_type.objects.filter(app_label="ratings", model=model).exists():
            content_type.objects.filter(app_label="scorekeeper", model=model).update(app_label="ratings")


def restore_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.filter(app_label="ratings", model__in=("rating", "ratingchange")).update(
        app_label="scorekeeper"
    )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("scorekeeper", "0006_game_summaries"),
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Rating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('variant', models.CharField(max_length=20)),
                        ('mu', models.FloatField()),
                        ('sigma', models.FloatField()),
                        ('games', models.PositiveIntegerField(default=0, help_text='Rated games (tournaments not counted).')),
                        ('wins', models.PositiveIntegerField(default=0, help_text='Rated games won alone (or with a partner).')),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='scorekeeper.player')),
                    ],
                    options={
                        'db_table': 'scorekeeper_rating',
                        'ordering': ['variant', '-mu'],
                        'constraints': [models.UniqueConstraint(fields=('player', 'variant'), name='one_rating_per_variant')],
                    },
                ),
                migrations.CreateModel(
                    name='RatingChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('variant', models.CharField(max_length=20)),
                        ('team', models.CharField(help_text='The side played for: partners share it.', max_length=60)),
                        ('rank', models.PositiveIntegerField(help_text='Place in the game or event, 1 = first; ties share it.')),
                        ('won', models.BooleanField(default=False)),
                        ('mu_before', models.FloatField()),
                        ('sigma_before', models.FloatField()),
                        ('mu_after', models.FloatField()),
                        ('sigma_after', models.FloatField()),
                        ('at', models.DateTimeField(help_text='When the game or event finished: the order of the history.')),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scorekeeper.game')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='scorekeeper.player')),
                        ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
                    ],
                    options={
                        'db_table': 'scorekeeper_ratingchange',
                        'ordering': ['at', 'pk'],
                        'indexes': [models.Index(fields=['variant', 'at'], name='rating_change_replay')],
                        'constraints': [models.CheckConstraint(condition=models.Q(('game__isnull', False), ('tournament__isnull', False), _connector='XOR'), name='rated_game_or_tournament')],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
