"""Invite links to join a club; a member is linked to one roster player per club at most.

Before the constraint, a member linked to several players of one club (the admin site allowed it) keeps
the first of them, by id; the others are unlinked, as an admin would unlink them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def keep_one_player_per_member(apps, schema_editor):
    Player = apps.get_model("scorekeeper", "Player")
    seen: set[tuple[int, int]] = set()
    extra = []
    for pk, club_id, user_id in (
        Player.objects.filter(user__isnull=False).order_by("pk").values_list("pk", "club_id", "user_id")
    ):
        if (club_id, user_id) in seen:
            extra.append(pk)
        seen.add((club_id, user_id))
    Player.objects.filter(pk__in=extra).update(user=None)


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0009_differenzler_keeps_the_bonus_on_zero'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Invite',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token_hash', models.CharField(max_length=64, unique=True)),
                ('role', models.CharField(choices=[('scorer', 'Scorer'), ('viewer', 'Viewer')], max_length=10)),
                ('expires_at', models.DateTimeField()),
                ('max_uses', models.PositiveIntegerField(blank=True, help_text='Empty: no limit.', null=True)),
                ('uses', models.PositiveIntegerField(default=0)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('revoked_at', models.DateTimeField(blank=True, null=True)),
            ],
            options={
                'ordering': ['-created_at', '-pk'],
            },
        ),
        migrations.RunPython(keep_one_player_per_member, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(fields=('club', 'user'), name='one_player_per_member_per_club'),
        ),
        migrations.AddField(
            model_name='invite',
            name='club',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='scorekeeper.club'),
        ),
        migrations.AddField(
            model_name='invite',
            name='created_by',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='invite',
            name='player',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scorekeeper.player'),
        ),
        migrations.AddField(
            model_name='invite',
            name='revoked_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddConstraint(
            model_name='invite',
            constraint=models.CheckConstraint(condition=models.Q(('role__in', ('scorer', 'viewer'))), name='invite_role_below_admin'),
        ),
        migrations.AddConstraint(
            model_name='invite',
            constraint=models.CheckConstraint(condition=models.Q(('max_uses__isnull', True), ('uses__lte', models.F('max_uses')), _connector='OR'), name='invite_uses_within_limit'),
        ),
    ]
