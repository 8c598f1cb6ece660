"""Reading pages as a browser would: their forms (to post what a page offers, or to fuzz every field of
it) and whatever would run as script (which the content security policy forbids inline)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

# Attributes whose value htmx evaluates as script, or that are script themselves.
HTMX_SCRIPT_ATTRIBUTES = ("hx-on", "data-hx-on", "hx-vars", "data-hx-vars")


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)  # name -> the values it would send
    names: list[str] = field(default_factory=list)  # every field's name, sent or not (an unchecked box)
    submits: list[tuple[str, str]] = field(default_factory=list)  # named buttons: (name, value)
    choices: dict[str, list[str]] = field(default_factory=dict)  # select options, radio values
    numbers: list[str] = field(default_factory=list)  # inputs a number is typed into (number or numeric)

    def data(self, submit: str | None = None, **changes: str) -> dict[str, list[str]]:
        """What submitting the form sends, with `submit` the button pressed and `changes` typed in."""
        data = {name: list(values) for name, values in self.fields.items()}
        for name, value in self.submits:
            if name == submit:
                data[name] = [value]
        data.update({name: [value] for name, value in changes.items()})
        return data


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: str | None = None
        self.selected = False
        self.textarea: str | None = None
        self.scripts: list[str] = []  # problems: inline script, handlers, javascript: URLs, <style>
        self.script_open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        self.check_script(tag, attributes)
        if tag == "form":
            self.form = Form(attributes.get("action", ""), attributes.get("method", "get").lower())
            self.forms.append(self.form)
        elif self.form is not None and tag in ("input", "button", "select", "textarea", "option"):
            self.field(tag, attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select" and self.form is not None and self.select is not None:
            if not self.selected and self.form.choices.get(self.select):
                self.form.fields.setdefault(self.select, []).append(self.form.choices[self.select][0])
            self.select = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "script":
            self.script_open = False

    def handle_data(self, data: str) -> None:
        if self.textarea is not None and self.form is not None:
            self.form.fields[self.textarea][-1] += data
        if self.script_open and data.strip():
            self.scripts.append(f"inline script: {data.strip()[:60]}")

    def field(self, tag: str, attributes: dict[str, str]) -> None:
        form = self.form
        assert form is not None
        name = attributes.get("name", "")
        if tag == "option":
            if self.select is not None:
                value = attributes.get("value", "")
                form.choices.setdefault(self.select, []).append(value)
                if "selected" in attributes:
                    self.selected = True
                    form.fields.setdefault(self.select, []).append(value)
            return
        if not name or "disabled" in attributes:
            return
        form.names.append(name)
        kind = attributes.get("type", "text" if tag == "input" else "submit").lower()
        typed_number = kind == "number" or attributes.get("inputmode") == "numeric"
        if tag == "input" and typed_number and name not in form.numbers:
            form.numbers.append(name)
        if tag == "select":
            self.select, self.selected = name, False
        elif tag == "textarea":
            self.textarea = name
            form.fields.setdefault(name, []).append("")
        elif kind in ("submit", "image") or tag == "button":
            form.submits.append((name, attributes.get("value", "")))
        elif kind in ("checkbox", "radio"):
            form.choices.setdefault(name, []).append(attributes.get("value", "on"))
            if "checked" in attributes:
                form.fields.setdefault(name, []).append(attributes.get("value", "on"))
        elif kind not in ("file", "reset"):
            form.fields.setdefault(name, []).append(attributes.get("value", ""))

    def check_script(self, tag: str, attributes: dict[str, str]) -> None:
        if tag == "script":
            self.script_open = "src" not in attributes
            if self.script_open and attributes.get("type", "").lower() not in (
                "",
                "text/javascript",
                "module",
            ):
                self.script_open = False  # data (application/json): not run
        if tag == "style":
            self.scripts.append("a <style> element")
        for name, value in attributes.items():
            if name.startswith("on") or name.startswith(HTMX_SCRIPT_ATTRIBUTES):
                self.scripts.append(f"<{tag} {name}=...>")
            if value.strip().lower().startswith("javascript:"):
                self.scripts.append(f"<{tag} {name}={value[:40]}>")
            if name in ("hx-vals", "data-hx-vals") and value.strip().startswith("js:"):
                self.scripts.append(f"<{tag} {name}=js:...>")


def read(html: str) -> _Reader:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader


def forms_on(html: str) -> list[Form]:
    return read(html).forms


def inline_scripts(html: str) -> list[str]:
    """What the policy would block or what runs inline: script bodies, on*= handlers, hx-on, javascript:
    URLs, <style> elements. Empty for a page that works under the policy."""
    return read(html).scripts
