"""The static files in production: whitenoise's storage (hashed names, compressed copies), with the import
paths of the phone's own ES modules (`import … from "./outbox/storage.js"`) rewritten to their hashed
names too. Each script then runs with the very modules it was written with: the service worker (sw.js)
keeps every static file it fetched, so an unhashed import could meet a module of an older version.

Django's own switch for this (`support_js_module_import_aggregation`) reads every script, a third party's
too, and django_htmx's import a module that is no static file (collectstatic fails): the pattern here
reads ours only, those under scorekeeper/ (a variant's folder too)."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

# `import … from "./x.js"` and `export … from "../x.js"`: the path (relative, as a module's imports are)
# becomes the hashed file's, the rest of the statement stays as written.
MODULE_IMPORT = (
    r"""(?P<matched>(?P<head>\b(?:import|export)\b[^;]*?\bfrom\s*)(?P<quote>["'])"""
    r"""(?P<url>\.{1,2}/[^"'\s]+)(?P=quote))""",
    "%(head)s%(quote)s%(url)s%(quote)s",
)


class StaticFiles(CompressedManifestStaticFilesStorage):
    patterns = (*CompressedManifestStaticFilesStorage.patterns, ("scorekeeper/*.js", (MODULE_IMPORT,)))
