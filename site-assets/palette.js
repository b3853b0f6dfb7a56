// Command palette: Ctrl-K / Cmd-K or the header button opens a modal search over the site's
// search index, and over the text of posts and projects with Pagefind's index when the page
// names its script (docs/site-contract.md). Plain script loaded with `defer`; no dependencies.
(() => {
  "use strict";
  const meta = document.querySelector('meta[name="search-index"]');
  // Without an index or <dialog> the buttons stay hidden, as they are without JavaScript.
  if (!meta?.content || typeof HTMLDialogElement !== "function") return;

  const MAX_RESULTS = 20;
  // Pagefind's script (`search-fulltext`), imported on the first search; absent: titles only.
  const fulltext = document.querySelector('meta[name="search-fulltext"]')?.content;
  const TEXT_RESULTS = 8; // each costs Pagefind one fragment to fetch
  const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
  let dialog, input, list, status;
  let loading = null; // the one fetch of the index, shared by every open
  let items = null; // the index once loaded, with normalised text to match against
  let byPath = null; // the index's items by path, to name Pagefind's hits as the index does
  let pagefind = null; // the import of Pagefind's script, shared by every search
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
        byPath = new Map(body.data.map((item) => [item.path, item]));
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

  // Posts and projects whose text matches, best first, as the index's items with Pagefind's
  // excerpt; null when a newer query replaced this one (Pagefind's debounce).
  async function searchText(query) {
    pagefind ??= import(fulltext).then(async (module) => {
      // Pagefind puts the base path it is served under before the indexed paths
      // (src/eleventy/search-index.ts), which makes them the site paths the index names.
      await module.options({ excerptLength: 14 });
      return module;
    });
    const found = await (await pagefind).debouncedSearch(query, {}, 150);
    if (!found) return null;
    const pages = await Promise.all(found.results.slice(0, TEXT_RESULTS).map((result) => result.data()));
    // A word Pagefind does not know is searched as its longest known prefix, down to one
    // letter ("comptime" finds "C++"): a page counts only when a word it marks begins like a
    // word of the query (its first letters but the last four: "running" finds "runs").
    const starts = fold(query)
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => word.slice(0, Math.max(3, word.length - 4)));
    return pages.flatMap((page) => {
      const item = byPath.get(page.url);
      const excerpt = new DOMParser().parseFromString(page.excerpt, "text/html").body;
      const marked = [...excerpt.querySelectorAll("mark")].map((mark) => fold(mark.textContent));
      if (!item || !marked.some((word) => starts.some((start) => word.startsWith(start)))) return [];
      return [{ ...item, excerpt }];
    });
  }

  // Pagefind's excerpt is HTML (escaped text and <mark>), parsed inert: rebuilt from its text and marks only.
  function excerptNodes(excerpt) {
    return [...excerpt.childNodes].map((node) =>
      node.nodeName === "MARK" ? el("mark", {}, node.textContent) : document.createTextNode(node.textContent),
    );
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

  // Title matches at once; then, for two characters or more, the pages whose text matches.
  function render() {
    if (!items) return;
    const query = input.value;
    const inText = fulltext && fold(query).trim().length >= 2;
    show(search(query), inText);
    if (!inText) return;
    searchText(query).then(
      (hits) => {
        if (!hits || input.value !== query || !dialog.open) return;
        const paths = new Set(shown.map((item) => item.path));
        show([...shown, ...hits.filter((hit) => !paths.has(hit.path))].slice(0, MAX_RESULTS), false);
      },
      // Without the full-text index (offline before it was fetched, say) the title matches stand.
      () => input.value === query && show(shown, false),
    );
  }

  function show(results, pending) {
    if (results.length === 0) return showStatus(pending ? "Searching…" : "No matches");
    // Hits appended below keep the active option where it was.
    const keep = active >= 0 && results[active] === shown[active] ? active : 0;
    shown = results;
    list.replaceChildren(
      ...shown.map((item, i) => {
        const option = el("li", { id: `palette-option-${i}`, role: "option", "aria-selected": "false" });
        option.dataset.index = String(i);
        const subtitle = el(
          "span",
          { class: item.excerpt ? "palette-subtitle palette-excerpt" : "palette-subtitle" },
          item.excerpt ? undefined : item.subtitle,
        );
        if (item.excerpt) subtitle.append(...excerptNodes(item.excerpt));
        option.append(
          el("span", { class: "palette-kind", "data-kind": item.kind }, item.kind),
          el("span", { class: "palette-title" }, item.title),
          subtitle,
        );
        return option;
      }),
    );
    input.setAttribute("aria-expanded", "true");
    status.textContent = `${shown.length} result${shown.length === 1 ? "" : "s"}`;
    setActive(keep);
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
