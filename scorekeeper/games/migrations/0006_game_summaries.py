"""Games keep what the standings and the player pages read, written with every deal: each side's summed
score, matches and apples (side_sums), and the deal count, ranks and statistics counts (summary)."""

from collections import defaultdict

from django.db import migrations, models
from django.db.models import Sum


def sum_deal_scores(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    DealScore = apps.get_model("scorekeeper", "DealScore")
    sums: dict[int, dict[str, list[int]]] = defaultdict(dict)
    rows = (
        DealScore.objects.values("deal__game_id", "side")
        .order_by()
        .annotate(score=Sum("score"), matches=Sum("matches"), apples=Sum("apples"))
        .values_list("deal__game_id", "side", "score", "matches", "apples")
    )
    for game_id, side, score, matches, apples in rows:
        sums[game_id][side] = [score, matches, apples]
    games = list(Game.objects.filter(pk__in=sums).only("pk"))
    for game in games:
        game.side_sums = sums[game.pk]
    Game.objects.bulk_update(games, ["side_sums"], batch_size=500)


def summarize_games(apps, schema_editor):
    """Every game replayed by today's rules engine, as a write would store it; a game whose entries the
    rules refuse keeps no summary (the player page lists it and counts it nowhere)."""
    from scorekeeper.games import summaries
    from scorekeeper import rules

    Game = apps.get_model("scorekeeper", "Game")
    Seat = apps.get_model("scorekeeper", "Seat")
    Deal = apps.get_model("scorekeeper", "Deal")
    games = list(Game.objects.only("pk", "variant", "settings", "deal_limit").order_by("pk"))
    for start in range(0, len(games), 500):
        batch = games[start : start + 500]
        ids = [game.pk for game in batch]
        seats, entries = defaultdict(list), defaultdict(list)
        for game_id, name in (
            Seat.objects.filter(game__in=ids).order_by("position").values_list("game_id", "name")
        ):
            seats[game_id].append(name)
        for game_id, entry in (
            Deal.objects.filter(game__in=ids).order_by("number").values_list("game_id", "entry")
        ):
            entries[game_id].append(entry)
        for game in batch:
            try:
                result = rules.score_game(
                    game.variant, seats[game.pk], game.settings, entries[game.pk], deal_limit=game.deal_limit
                )
            except rules.InvalidDeal:
                continue
            game.summary = summaries.game_summary(result)
        Game.objects.bulk_update(batch, ["summary"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0005_game_seat_names"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="side_sums",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="game",
            name="summary",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(sum_deal_scores, migrations.RunPython.noop),
        migrations.RunPython(summarize_games, migrations.RunPython.noop),
    ]
