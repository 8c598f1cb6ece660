// The lines editor (Coiffeur's rows): buttons to add a line, remove one and move one up or down. Without
// this module the form works as plain inputs: every line shown, a line left at "none" is dropped. The
// buttons only move values between the lines, so the lines keep their names and the server reads them in
// order. Loaded once, it readies the editors on the page and any htmx swaps in later (a preset, a format).

function lines(editor) {
  return [...editor.querySelectorAll("[data-line]")];
}

function inputs(line) {
  return [line.querySelector("select"), line.querySelector("input")];
}

function read(line) {
  return inputs(line).map((input) => input.value);
}

function write(line, values) {
  inputs(line).forEach((input, index) => (input.value = values[index]));
}

function filled(line) {
  return read(line).some((value) => value !== "");
}

function button(action, text, label) {
  const made = document.createElement("button");
  made.type = "button";
  made.className = "btn small secondary";
  made.dataset.boardAction = action;
  made.textContent = text;
  if (label) made.setAttribute("aria-label", label);
  return made;
}

function ready(editor) {
  if (editor.dataset.ready) return;
  editor.dataset.ready = "1";
  const words = editor.dataset;
  const all = lines(editor);
  for (const line of all) {
    const row = line.querySelector("select").getAttribute("aria-label");
    const tools = document.createElement("span");
    tools.className = "board-tools";
    tools.append(
      button("up", "↑", `${words.upLabel}: ${row}`),
      button("down", "↓", `${words.downLabel}: ${row}`),
      button("remove", "✕", `${words.removeLabel}: ${row}`),
    );
    line.append(tools);
  }
  const add = button("add", `+ ${words.addLabel}`);
  add.classList.add("board-add");
  editor.querySelector(".board-lines").after(add);
  const last = all.findLastIndex(filled); // the lines up to the last filled one stay, the empty rest waits
  all.forEach((line, index) => (line.hidden = index > Math.max(last, 0)));
  update(editor);
}

function update(editor) {
  const shown = lines(editor).filter((line) => !line.hidden);
  shown.forEach((line, index) => {
    line.querySelector("[data-board-action=up]").disabled = index === 0;
    line.querySelector("[data-board-action=down]").disabled = index === shown.length - 1;
    line.querySelector("[data-board-action=remove]").disabled = shown.length === 1 && !filled(line);
  });
  editor.querySelector(".board-add").hidden = shown.length === lines(editor).length;
}

function act(editor, action, line) {
  const shown = lines(editor).filter((each) => !each.hidden);
  const at = shown.indexOf(line);
  if (action === "add") {
    const next = lines(editor).find((each) => each.hidden);
    if (!next) return null;
    next.hidden = false;
    write(next, ["", ""]);
    return inputs(next)[0];
  }
  if (action === "up" || action === "down") {
    const other = shown[at + (action === "up" ? -1 : 1)];
    if (!other) return null;
    const values = read(line);
    write(line, read(other));
    write(other, values);
    return other.querySelector(`[data-board-action=${action}]`);
  }
  for (let index = at; index < shown.length - 1; index += 1) write(shown[index], read(shown[index + 1]));
  const last = shown[shown.length - 1];
  write(last, ["", ""]);
  if (shown.length > 1) last.hidden = true;
  return inputs(shown[Math.min(at, Math.max(shown.length - 2, 0))])[0];
}

document.addEventListener("click", (event) => {
  const pressed = event.target.closest("[data-board-action]");
  const editor = pressed && pressed.closest("[data-board-editor]");
  if (!editor) return;
  const focus = act(editor, pressed.dataset.boardAction, pressed.closest("[data-line]"));
  update(editor);
  const target = focus && focus.disabled ? inputs(focus.closest("[data-line]"))[0] : focus; // moved to an end
  if (target) target.focus();
  editor.dispatchEvent(new Event("change", { bubbles: true }));
});

function readyIn(root) {
  if (root.matches && root.matches("[data-board-editor]")) ready(root);
  if (root.querySelectorAll) root.querySelectorAll("[data-board-editor]").forEach(ready);
}

readyIn(document);
document.addEventListener("htmx:load", (event) => readyIn(event.detail.elt));
