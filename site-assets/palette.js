// Command palette: Ctrl-K / Cmd-K or the header button opens a modal search over the site's
// search index (docs/site-contract.md). Plain script loaded with `defer`; no dependencies.
(() => {
  "use strict";
  const meta = document.querySelector('meta[name="search-index"]');
  // Without an index or <dialog> the buttons stay hidden, as they are without JavaScript.
  if (!meta?.content || typeof HTMLDialogElement !== "function") return;

  const MAX_RESULTS = 20;
  const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
  let dialog, input, list, status;
  let loading = null; // the one fetch of the index, shared by every open
  let items = null; // the index once loaded, with normalised text to match against
  let shown = []; // the results on screen
  let active = -1; // index into `shown` of the active option
  let returnFocus = null;

  // Case- and accent-insensitive: "Zurich" finds "Zürich".
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

  function loadIndex() {
    loading ??= fetch(meta.content)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      })
      .then((body) => {
        items = body.data.map((item) => ({
          item,
          // A leading emoji ("⚙️ Systems") must not stop "sys" matching as a prefix.
          title: fold(item.title).replace(/^[^\p{L}\p{N}]+/u, ""),
          rest: fold([item.subtitle, ...item.keywords].join(" ")),
        }));
      })
      .catch((error) => {
        loading = null; // let the next open try again
        throw error;
      });
    return loading;
  }

  // Rank: title prefix (0) > title contains (1) > every word in title, subtitle or keywords (2).
  function search(query) {
    const q = fold(query).trim();
    if (!q) return items.slice(0, MAX_RESULTS).map((entry) => entry.item);
    const words = q.split(/\s+/);
    const ranked = [];
    for (const entry of items) {
      const rank = entry.title.startsWith(q) ? 0 : entry.title.includes(q) ? 1 : 2;
      if (rank === 2 && !words.every((word) => entry.title.includes(word) || entry.rest.includes(word))) continue;
      ranked.push({ rank, item: entry.item });
    }
    // Array sort is stable: equal ranks keep the index's order.
    return ranked
      .sort((a, b) => a.rank - b.rank)
      .slice(0, MAX_RESULTS)
      .map((r) => r.item);
  }

  function el(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function build() {
    dialog = el("dialog", { class: "palette", "aria-label": "Search the site" });
    input = el("input", {
      type: "text",
      role: "combobox",
      "aria-label": "Search projects, posts and pages",
      "aria-controls": "palette-results",
      "aria-expanded": "false",
      "aria-autocomplete": "list",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "Search projects, posts and pages…",
    });
    list = el("ul", { id: "palette-results", role: "listbox", "aria-label": "Results" });
    status = el("p", { class: "palette-status", role: "status" });
    dialog.append(input, list, status);
    document.body.append(dialog);

    input.addEventListener("input", render);
    dialog.addEventListener("keydown", onKey);
    // A click on the backdrop lands on the <dialog> itself: the box inside fills it otherwise.
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    list.addEventListener("click", (event) => {
      const option = event.target.closest("[role=option]");
      if (option) follow(Number(option.dataset.index));
    });
    list.addEventListener("pointermove", (event) => {
      const option = event.target.closest("[role=option]");
      if (option) setActive(Number(option.dataset.index));
    });
    dialog.addEventListener("close", () => {
      if (returnFocus?.isConnected) returnFocus.focus();
      returnFocus = null;
    });
  }

  function open() {
    if (!dialog) build();
    if (dialog.open) return input.select();
    returnFocus = document.activeElement;
    dialog.showModal();
    input.focus();
    input.select();
    if (items) return render();
    showStatus("Loading…");
    loadIndex().then(
      () => dialog.open && render(),
      () => dialog.open && showStatus("The search index could not be loaded. Try again later."),
    );
  }

  function showStatus(text) {
    list.replaceChildren();
    shown = [];
    setActive(-1);
    input.setAttribute("aria-expanded", "false");
    status.textContent = text;
  }

  function render() {
    if (!items) return;
    shown = search(input.value);
    if (shown.length === 0) return showStatus("No matches");
    list.replaceChildren(
      ...shown.map((item, i) => {
        const option = el("li", { id: `palette-option-${i}`, role: "option", "aria-selected": "false" });
        option.dataset.index = String(i);
        option.append(
          el("span", { class: "palette-kind", "data-kind": item.kind }, item.kind),
          el("span", { class: "palette-title" }, item.title),
          el("span", { class: "palette-subtitle" }, item.subtitle),
        );
        return option;
      }),
    );
    input.setAttribute("aria-expanded", "true");
    status.textContent = `${shown.length} result${shown.length === 1 ? "" : "s"}`;
    setActive(0);
  }

  function setActive(index) {
    const previous = list.children[active];
    if (previous) previous.setAttribute("aria-selected", "false");
    active = index;
    const option = list.children[index];
    if (!option) return input.removeAttribute("aria-activedescendant");
    option.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest" });
  }

  function follow(index) {
    const item = shown[index];
    if (!item) return;
    returnFocus = null; // we are leaving the page; a restored page should not jump back
    dialog.close();
    location.assign(item.path);
  }

  function onKey(event) {
    if (event.isComposing) return; // Enter that ends an IME composition is not a choice
    const count = shown.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (count) setActive((active + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      follow(active);
    } else if (event.key === "Escape") {
      // Handled here rather than by the dialog's own cancel, which browsers may skip.
      event.preventDefault();
      dialog.close();
    }
  }

  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
      event.preventDefault(); // Ctrl-K would otherwise focus the browser's address bar
      open();
    }
  });
  for (const button of document.querySelectorAll("[data-palette-open]")) {
    const kbd = button.querySelector("kbd");
    if (kbd && isMac) kbd.textContent = "⌘ K";
    button.addEventListener("click", open);
    button.hidden = false;
  }
})();
