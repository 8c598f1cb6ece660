"""Django admin for staff: clubs with their members and roster, games with seats, deals and audit.

Deals are read-only here: a correction must go through the game page, so it is re-scored and audited.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from scorekeeper.games.models import Club, Deal, DealChange, Game, GameChange, Membership, Player, Seat


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "is_public", "suit_names", "language", "created_at"]
    list_filter = ["is_public", "suit_names", "language"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline, PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "user"]
    list_filter = ["club"]
    search_fields = ["name"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ["position", "player", "name"]
    can_delete = False


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    fields = ["number", "entry", "version", "created_by", "created_at"]
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "club", "variant", "finished", "winner", "created_at"]
    list_filter = ["variant", "finished", "club"]
    readonly_fields = [
        "totals",
        "finished",
        "winner",
        "revision",
        "seat_names",
        "number",
        "abandoned_at",
        "deleted_at",
        "follows",
        "created_by",
        "created_at",
    ]
    inlines = [SeatInline, DealInline]

    def has_add_permission(
        self, request: HttpRequest
    ) -> bool:  # games start on the club page, with their seats
        return False


@admin.register(DealChange)
class DealChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "deal_number", "action", "by", "at"]
    list_filter = ["action"]
    readonly_fields = ["game", "deal_number", "action", "before", "after", "by", "at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(GameChange)
class GameChangeAdmin(admin.ModelAdmin):
    """Abandoned, resumed, deleted: through the game page only, so it is audited."""

    list_display = ["game", "action", "by", "at"]
    list_filter = ["action"]
    readonly_fields = ["game", "action", "by", "at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False
