"""Issue 13, point 9: who sees an event (public, link only, members only), its link's key, and a limit on
self-registration. An existing event of a public club stays public; a private club's becomes members
only (its players' names were public by mistake); every event gets a key of its own."""

import tournaments.models
from django.db import migrations, models


def visibility_and_keys(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(club__is_public=True).update(visibility="public")
    for tournament in Tournament.objects.only("pk"):  # a key each: the field's default is read only once
        Tournament.objects.filter(pk=tournament.pk).update(share_key=tournaments.models.new_share_key())


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0004_cache_table'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='self_registration_limit',
            field=models.PositiveSmallIntegerField(default=10, help_text='Self-registrations accepted per 10 minutes.'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='share_key',
            field=models.CharField(default=tournaments.models.new_share_key, help_text='Opens a link-only event: ?key=… on its link.', max_length=32),
        ),
        migrations.AddField(
            model_name='tournament',
            name='visibility',
            field=models.CharField(choices=[('public', 'Public: anyone'), ('link', "Link only: the club's members and whoever has the event's link"), ('members', "Members only: the club's members")], default='members', max_length=10),
        ),
        migrations.RunPython(visibility_and_keys, migrations.RunPython.noop),
    ]
