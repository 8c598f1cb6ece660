"""The owners' download of all their club's data (the same document as `manage.py export_club`)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorekeeper.clubdata.exporting import export_club
from scorekeeper.games.permissions import Need, load_club


@require_safe
@never_cache  # it holds the table PINs and links: no proxy or browser cache keeps a copy
def export_json(request: HttpRequest, slug: str) -> JsonResponse:
    club = load_club(request.user, slug, Need.OWNER)
    response = JsonResponse(export_club(club), json_dumps_params={"indent": 1})
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-{day}.json"'
    return response
