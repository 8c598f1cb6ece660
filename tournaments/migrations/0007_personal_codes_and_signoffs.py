"""Issue 13, point 8: the table PIN printed on the table card proved nothing (the team that entered the
deals could confirm them alone). Each entrant gets a personal code, unique in the event; a table is
confirmed once a player of each side has entered theirs (TableSignoff). The PIN goes; its lockout counts
wrong codes now."""

import secrets

import django.db.models.deletion
import tournaments.models
from django.db import migrations, models


def codes_of_their_own(apps, schema_editor):
    """A code each, unique in its event: the field's default would give every existing row the same."""
    Entrant = apps.get_model("tournaments", "Entrant")
    taken: dict[int, set[str]] = {}
    for entrant in Entrant.objects.only("pk", "tournament_id"):
        codes = taken.setdefault(entrant.tournament_id, set())
        code = f"{secrets.randbelow(10**6):06d}"
        while code in codes:
            code = f"{secrets.randbelow(10**6):06d}"
        codes.add(code)
        Entrant.objects.filter(pk=entrant.pk).update(code=code)


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0007_ratings_app'),
        ('tournaments', '0006_table_confirmed_by_the_director'),
    ]

    operations = [
        migrations.CreateModel(
            name='TableSignoff',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('side', models.CharField(max_length=60)),
                ('revision', models.PositiveIntegerField()),
                ('at', models.DateTimeField()),
            ],
            options={
                'ordering': ['at', 'pk'],
            },
        ),
        migrations.RenameField(
            model_name='table',
            old_name='pin_failed_at',
            new_name='code_failed_at',
        ),
        migrations.RenameField(
            model_name='table',
            old_name='pin_failures',
            new_name='code_failures',
        ),
        migrations.RemoveField(
            model_name='table',
            name='pin',
        ),
        migrations.AddField(
            model_name='entrant',
            name='code',
            field=models.CharField(default=tournaments.models.new_code, help_text='Personal: one player of each side enters it to confirm.', max_length=8),
        ),
        migrations.RunPython(codes_of_their_own, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='entrant',
            constraint=models.UniqueConstraint(fields=('tournament', 'code'), name='one_code_per_entrant'),
        ),
        migrations.AddField(
            model_name='tablesignoff',
            name='entrant',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.entrant'),
        ),
        migrations.AddField(
            model_name='tablesignoff',
            name='table',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='signoffs', to='tournaments.table'),
        ),
        migrations.AddConstraint(
            model_name='tablesignoff',
            constraint=models.UniqueConstraint(fields=('table', 'entrant'), name='one_signoff_per_player'),
        ),
    ]
