"""Home, sign-up, clubs, members and the roster."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.games import club_sections, evenings, members, selectors
from scorekeeper.games.forms import ClubForm, LinkForm, MemberForm, PlayerForm, RoleForm, SignUpForm
from scorekeeper.games.languages import use_club_language
from scorekeeper.games.models import Club, Membership, Role
from scorekeeper.games.permissions import Need, load_club

NOW_IN_ROLE = {
    Role.OWNER: gettext_lazy("%(user)s is now owner."),
    Role.ADMIN: gettext_lazy("%(user)s is now admin."),
    Role.SCORER: gettext_lazy("%(user)s is now scorer."),
    Role.VIEWER: gettext_lazy("%(user)s is now viewer."),
}
"""A whole sentence per role: a language may say the role in another form than its label."""


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scorekeeper/home.html", {"clubs": selectors.user_clubs(request.user)})


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, signed in at once; back to `next` (an invite link) if it is one of this site's."""
    form = SignUpForm(request.POST or None)
    back = _next(request)
    if request.method == "POST" and form.is_valid():
        user = members.create_account(
            username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
        )
        login(request, user)
        if back:
            return redirect(back)
        messages.success(
            request,
            _("Welcome, %(username)s! Create your club or ask a club to add you.")
            % {"username": user.username},
        )
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form, "next": back})


def _next(request: HttpRequest) -> str:
    """The page to go on to after signing up, as Django's sign-in reads it: only a path of this site."""
    back = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure())
    return back if safe else ""


def _free_slug(name: str) -> str:
    base = slugify(name)[:50] or "club"
    slug, suffix = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = members.create_club(
            owner=request.user, slug=_free_slug(form.cleaned_data["name"]), **form.cleaned_data
        )
        return redirect("games:club", slug=club.slug)
    return render(request, "scorekeeper/club_form.html", {"form": form})


@require_safe
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = load_club(request.user, slug, Need.READ)
    context = {
        "club": club,
        "games": selectors.club_games(club),
        "players": selectors.roster(club),
        "can_score": club.role in (Role.SCORER, Role.ADMIN, Role.OWNER),
        "can_admin": club.role in (Role.ADMIN, Role.OWNER),
        "player_form": PlayerForm(),
        "evenings": evenings.club_evenings(club),
    }
    context["contributed"] = club_sections.rendered(request, club, can_admin=context["can_admin"])
    return render(request, "scorekeeper/club.html", context)


@require_POST
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = load_club(request.user, slug, Need.SCORER)
    form = PlayerForm(request.POST, club=club)
    if not form.is_valid():
        messages.error(request, form.errors["name"][0])
        return redirect("games:club", slug=club.slug)
    try:
        player = members.add_player(club=club, name=form.cleaned_data["name"])
    except members.NameRefused as error:  # a look-alike joined the roster since the form was checked
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s is on the roster.") % {"name": player.name})
    return redirect("games:club", slug=club.slug)


@require_http_methods(["GET", "HEAD", "POST"])
def club_manage(request: HttpRequest, slug: str) -> HttpResponse:
    club = load_club(request.user, slug, Need.ADMIN)
    form = ClubForm(request.POST if "save_club" in request.POST else None, instance=club)
    member_form = MemberForm(request.POST if "add_member" in request.POST else None)
    if request.method == "POST":
        if form.is_bound and form.is_valid():
            members.update_club(club=club, **form.cleaned_data)
            use_club_language(club)  # a new language says so in its own words, as the next page will
            messages.success(request, _("Club settings saved."))
            return redirect("games:club_manage", slug=club.slug)
        if member_form.is_bound and member_form.is_valid():
            role, user = member_form.cleaned_data["role"], member_form.cleaned_data["username"]
            # "Add a member" with an existing owner's name demotes them: the rules of member_change apply
            demotes_owner = (
                role != Role.OWNER and club.memberships.filter(user=user, role=Role.OWNER).exists()
            )
            if role == Role.OWNER and club.role != Role.OWNER:
                member_form.add_error("role", _("Only an owner can make another owner."))
            elif demotes_owner and club.role != Role.OWNER:
                member_form.add_error("username", _("Only an owner can change an owner."))
            elif demotes_owner and not club.memberships.filter(role=Role.OWNER).exclude(user=user).exists():
                member_form.add_error("role", _("A club needs at least one owner."))
            else:
                members.set_membership(club=club, user=user, role=role)
                messages.success(request, _("Member saved."))
                return redirect("games:club_manage", slug=club.slug)
    context = {
        "club": club,
        "form": form,
        "member_form": member_form,
        "members": selectors.members(club),
        "unlinked": list(selectors.unlinked_players(club)),
        "roles": Role.choices,
        "deleted_games": selectors.deleted_games(club),
    }
    return render(request, "scorekeeper/club_manage.html", context)


@require_POST
def member_change(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Change a member's role or remove them; only owners touch owners, and the last owner stays."""
    club = load_club(request.user, slug, Need.ADMIN)
    membership = get_object_or_404(Membership, club=club, pk=pk)
    touches_owner = membership.role == Role.OWNER or request.POST.get("role") == Role.OWNER
    if touches_owner and club.role != Role.OWNER:
        messages.error(request, _("Only an owner can change an owner."))
        return redirect("games:club_manage", slug=club.slug)
    owners = club.memberships.filter(role=Role.OWNER).count()
    leaving_owner = membership.role == Role.OWNER and (
        "remove" in request.POST or request.POST.get("role") != Role.OWNER
    )
    if leaving_owner and owners == 1:
        messages.error(request, _("A club needs at least one owner."))
        return redirect("games:club_manage", slug=club.slug)
    if "remove" in request.POST:
        members.remove_member(membership)
        messages.success(
            request, _("%(user)s was removed from the club.") % {"user": membership.user.username}
        )
    else:
        form = RoleForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Choose a role."))
        else:
            role = form.cleaned_data["role"]
            members.set_membership(club=club, user=membership.user, role=role)
            messages.success(request, NOW_IN_ROLE[role] % {"user": membership.user.username})
    return redirect("games:club_manage", slug=club.slug)


@require_POST
def member_player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Link a member to the roster player they are, or unlink them: their "My games" lists that player."""
    club = load_club(request.user, slug, Need.ADMIN)
    membership = get_object_or_404(Membership.objects.select_related("user"), club=club, pk=pk)
    user = membership.user
    if "unlink" in request.POST:
        if members.unlink_player(club=club, user=user):
            messages.success(request, _("%(user)s is linked to no player now.") % {"user": user.username})
        return redirect("games:club_manage", slug=club.slug)
    form = LinkForm(request.POST, club=club)
    if not form.is_valid():
        messages.error(request, _("Choose a player of the roster."))
        return redirect("games:club_manage", slug=club.slug)
    try:
        player = members.link_player(player=form.cleaned_data["player"], user=user)
    except members.LinkRefused as refusal:
        messages.error(request, refusal.message)
    else:
        values = {"user": user.username, "player": player.name}
        messages.success(request, _("%(user)s is %(player)s on the roster now.") % values)
    return redirect("games:club_manage", slug=club.slug)
