"""Invite links: a club admin makes and revokes them; whoever opens one joins the club with it.

An invite's token is stored only as a hash, so its link can be shown only while it is known: to the admin
who made it, from their session, for as long as the invite is open. A token that opens nothing (unknown,
expired, revoked or used up) answers one and the same page, 404, whoever asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.games import selectors, services
from scorekeeper.games.forms import InviteForm
from scorekeeper.games.languages import use_club_language
from scorekeeper.games.models import Club, Invite
from scorekeeper.games.permissions import Need, SignInRequired, load_club
from scorekeeper.games.qr import qr_svg

SHOWN_LINKS = "invite_links"
"""The session's {invite id: token} of the invites this browser made: their links are shown to it only."""


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
    if request.method == "POST" and form.is_valid():
        invite, token = services.create_invite(club=club, by=request.user, **form.cleaned_data)
        request.session[SHOWN_LINKS] = {**request.session.get(SHOWN_LINKS, {}), str(invite.pk): token}
        messages.success(request, _("Invite link made: copy it or show its QR code."))
        return redirect("games:club_invites", slug=club.slug)
    context = {"club": club, "form": form, "invites": _listed(request, club)}
    return render(request, "scorekeeper/invites.html", context, status=422 if form.errors else 200)


def _listed(request: HttpRequest, club: Club) -> list[Listed]:
    """The latest invites; the open ones this browser made with their link and QR code. The session
    forgets the tokens of invites that are open no more."""
    known: dict[str, str] = request.session.get(SHOWN_LINKS, {})
    invites = selectors.club_invites(club)
    listed = []
    for invite in invites:
        token = known.get(str(invite.pk)) if invite.usable() else None
        if token is None:
            listed.append(Listed(invite))
            continue
        link = request.build_absolute_uri(reverse("games:join", args=[token]))
        listed.append(Listed(invite, link, qr_svg(link, title=_("The invite link"), css_class="invite-qr")))
    closed = {str(invite.pk) for invite in invites if not invite.usable()} & known.keys()
    if closed:
        request.session[SHOWN_LINKS] = {pk: token for pk, token in known.items() if pk not in closed}
    return listed


@require_POST
def invite_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = load_club(request.user, slug, Need.ADMIN)
    invite = get_object_or_404(Invite, club=club, pk=pk)
    services.revoke_invite(invite=invite, by=request.user)
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
    already = invite is not None and user.is_authenticated and services.has_all_it_gives(invite, user)
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
        joined = services.join_by_invite(token=token, user=request.user)
    except services.JoinRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("games:join", token=token)
    if joined is None:  # used up or revoked since the page was shown
        return _invalid(request)
    invite, outcome = joined
    values = {"club": invite.club.name, "player": invite.player.name if invite.player else ""}
    if outcome is services.Joined.ALREADY:
        messages.info(request, _("You are a member of %(club)s already.") % values)
    elif outcome is services.Joined.LINKED:
        messages.success(request, _("You are %(player)s in %(club)s now.") % values)
    elif invite.player is not None:
        messages.success(request, _("Welcome to %(club)s, %(player)s!") % values)
    else:
        messages.success(request, _("Welcome to %(club)s!") % values)
    return redirect("games:club", slug=invite.club.slug)
