// html-validate's configuration for every page of the crawl in tests/test_escaping.py
// (test_every_page_is_valid_html). A module rather than .htmlvalidate.json, so that each departure from
// the recommended rules says why; none is turned off that the project's own style does not contradict.
// htmx's attributes are written data-hx-* (htmx reads both forms): the recommended rules let any attribute
// pass, so test_htmx_attributes_are_data_attributes (tests/test_escaping.py) refuses a bare hx-* instead.
export default {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    // The project writes <!doctype html> in lower case (base.html, the print-outs, 400.html, 500.html):
    // keep it one way, that way.
    "doctype-style": ["error", { style: "lowercase" }],
    // A title holds names typed by the club (club, event, player, season): their length is the club's
    // choice, and the crawl's are deliberately long markup. Search-engine advice, not validity.
    "long-title": "off",
    // The content security policy keeps style attributes for computed values only: a progress bar's
    // width (and custom properties, which the rule allows anyway); display is the rule's own default
    // allowance (display: none set by a script). Any other inline style is an error.
    "no-inline-style": ["error", { allowedProperties: ["display", "width"] }],
    // Django names a field's id after the field: the house rules' nested settings are fields such as
    // "multipliers.hearts" (id "id_multipliers.hearts"). HTML allows any id without spaces.
    "valid-id": ["error", { relaxed: true }],
    // Django's multiple choice (CheckboxSelectMultiple: a season's events) is boxes sharing one name.
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    // A list is named where a screen reader should announce it (who sits where, a game's history):
    // ARIA allows naming a list; the rule only frowns on it.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
  },
};
