"""Issue 14: in Differenzler an exact prediction of 0 earns no exact bonus unless the game's settings say
`exact_bonus_on_zero`. Every game is counted again from its entries on each write, so a game started
before, with an exact bonus, gets the setting written into its settings: it keeps the results it was
played and shown with (totals, winner, ratings). Games without a bonus count the same either way."""

from django.db import migrations


def counted_the_bonus_on_zero(settings: object) -> bool:
    """Settings from before issue 14 whose exact bonus, earned on 0 then, changes the count now."""
    return (
        isinstance(settings, dict)
        and "exact_bonus_on_zero" not in settings
        and settings.get("exact_bonus", 0) != 0
    )


def keep_the_bonus_on_zero(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    games = [
        game
        for game in Game.objects.filter(variant="differenzler").only("pk", "settings")
        if counted_the_bonus_on_zero(game.settings)
    ]
    for game in games:
        game.settings = {**game.settings, "exact_bonus_on_zero": True}
    Game.objects.bulk_update(games, ["settings"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0008_game_numbers_abandon_delete")]

    operations = [migrations.RunPython(keep_the_bonus_on_zero, migrations.RunPython.noop, elidable=True)]
