"""Invite links: a club admin makes and revokes them; whoever opens one joins the club with it.

An invite's token is stored only as a hash, so its link can be shown only while it is known: to the admin
who made it, from a signed cookie of their browser, for as long as the invite is open. The server keeps
no working link anywhere, its sessions neither. A token that opens nothing (unknown, expired, revoked or
used up) answers one and the same page, 404, whoever asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.games import invite_links, selectors
from scorekeeper.games.forms import InviteForm
from scorekeeper.games.languages import use_club_language
from scorekeeper.games.models import INVITE_DAYS_MAX, Club, Invite
from scorekeeper.games.permissions import Need, SignInRequired, load_club
from scorekeeper.games.qr import qr_svg

SHOWN_LINKS = "invite_links"
"""The cookie (and its signature's salt) of the invites this browser made: {"user": its maker's id,
"links": {invite id: token}}, sent to the club's invites page only."""


@dataclass(frozen=True)
class Listed:
    """An invite as the admins' list shows it; `link` and `qr` only to the browser that made it."""

    invite: Invite
    link: str = ""
    qr: SafeString | None = None


@require_http_methods(["GET", "HEAD", "POST"])
def club_invites(request: HttpRequest, slug: str) -> HttpResponse:
    club = load_club(request.user, slug, Need.ADMIN)
    form = InviteForm(request.POST or None, club=club)
    known = _known_links(request)
    if request.method == "POST" and form.is_valid():
        invite, token = invite_links.create_invite(club=club, by=request.user, **form.cleaned_data)
        messages.success(request, _("Invite link made: copy it or show its QR code."))
        response = redirect("games:club_invites", slug=club.slug)
        _remember(request, response, club, {str(invite.pk): token, **known})
        return response
    invites, still_open = _listed(request, club, known)
    context = {"club": club, "form": form, "invites": invites}
    response = render(request, "scorekeeper/invites.html", context, status=422 if form.errors else 200)
    if still_open != known:
        _remember(request, response, club, still_open)
    return response


def _known_links(request: HttpRequest) -> dict[str, str]:
    """The tokens this browser's cookie holds, if its signature holds and it is this user's."""
    try:
        kept = signing.loads(request.COOKIES.get(SHOWN_LINKS, ""), salt=SHOWN_LINKS)
    except signing.BadSignature:
        return {}
    if (
        not isinstance(kept, dict)
        or kept.get("user") != request.user.pk
        or not isinstance(kept.get("links"), dict)
    ):
        return {}
    return {str(pk): str(token) for pk, token in kept["links"].items()}


def _remember(request: HttpRequest, response: HttpResponse, club: Club, links: dict[str, str]) -> None:
    """The cookie of the links to show, newest first and as many as the page lists; none: no cookie."""
    path = reverse("games:club_invites", args=[club.slug])
    if not links:
        response.delete_cookie(SHOWN_LINKS, path=path, samesite="Lax")
        return
    newest = dict(sorted(links.items(), key=lambda item: -int(item[0]))[: selectors.INVITES_LISTED])
    response.set_cookie(
        SHOWN_LINKS,
        signing.dumps({"user": request.user.pk, "links": newest}, salt=SHOWN_LINKS),
        max_age=INVITE_DAYS_MAX * 24 * 3600,
        path=path,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _listed(request: HttpRequest, club: Club, known: dict[str, str]) -> tuple[list[Listed], dict[str, str]]:
    """The latest invites, the open ones this browser made with their link and QR code; and the tokens
    still worth keeping (those of invites open no more are forgotten)."""
    invites = selectors.club_invites(club)
    listed = []
    for invite in invites:
        token = known.get(str(invite.pk)) if invite.usable() else None
        if token is None:
            listed.append(Listed(invite))
            continue
        link = request.build_absolute_uri(reverse("games:join", args=[token]))
        listed.append(Listed(invite, link, qr_svg(link, title=_("The invite link"), css_class="invite-qr")))
    closed = {str(invite.pk) for invite in invites if not invite.usable()}
    return listed, {pk: token for pk, token in known.items() if pk not in closed}


@require_POST
def invite_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = load_club(request.user, slug, Need.ADMIN)
    invite = get_object_or_404(Invite, club=club, pk=pk)
    invite_links.revoke_invite(invite=invite, by=request.user)
    messages.success(request, _("The invite link is revoked: it lets nobody join any more."))
    return redirect("games:club_invites", slug=club.slug)


def _invalid(request: HttpRequest) -> HttpResponse:
    """The one answer for every token that opens nothing, so none can be told from another."""
    return render(request, "scorekeeper/invite_invalid.html", status=404)


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """The invite's club and a Join button; signed out, the ways to sign in or up and come back here."""
    invite = selectors.invite_for(token)
    user = request.user
    already = invite is not None and user.is_authenticated and invite_links.has_all_it_gives(invite, user)
    if invite is None or not (already or invite.usable()):
        return _invalid(request)
    use_club_language(invite.club)
    if request.method == "POST":
        if not user.is_authenticated:
            raise SignInRequired
        return _join(request, token, invite)
    back = urlencode({"next": request.path})
    context = {
        "invite": invite,
        "club": invite.club,
        "already": already,
        "login_url": f"{reverse('login')}?{back}",
        "signup_url": f"{reverse('signup')}?{back}",
    }
    return render(request, "scorekeeper/join.html", context)


def _join(request: HttpRequest, token: str, invite: Invite) -> HttpResponse:
    try:
        joined = invite_links.join_by_invite(token=token, user=request.user)
    except invite_links.JoinRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("games:join", token=token)
    if joined is None:  # used up or revoked since the page was shown
        return _invalid(request)
    invite, outcome = joined
    values = {"club": invite.club.name, "player": invite.player.name if invite.player else ""}
    if outcome is invite_links.Joined.ALREADY:
        messages.info(request, _("You are a member of %(club)s already.") % values)
    elif outcome is invite_links.Joined.LINKED:
        messages.success(request, _("You are %(player)s in %(club)s now.") % values)
    elif invite.player is not None:
        messages.success(request, _("Welcome to %(club)s, %(player)s!") % values)
    else:
        messages.success(request, _("Welcome to %(club)s!") % values)
    return redirect("games:club", slug=invite.club.slug)
