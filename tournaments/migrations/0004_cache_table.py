"""The database cache's table (settings.CACHES, table jass_cache), made by `migrate` like every other
table, so `make run`, the tests and a deploy need no `createcachetable` step of their own.

It is made whatever CACHES says today: a club that moves from Redis back to the database cache finds
the table there.
"""

from django.core.management import call_command
from django.db import migrations

CACHE_TABLE = "jass_cache"


def create_cache_table(apps, schema_editor):
    # with the table named, createcachetable makes it even when CACHES names Redis; it skips one that exists
    call_command("createcachetable", CACHE_TABLE, database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(CACHE_TABLE)}")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_table_pin_cooldown"),
    ]

    operations = [
        migrations.RunPython(create_cache_table, drop_cache_table, elidable=False),
    ]
