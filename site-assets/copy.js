// Copy buttons: one on every code block of a page's rendered Markdown (docs/site-contract.md).
// Plain script loaded with `defer` by the pages that have code blocks; without JavaScript, or
// without the Clipboard API, there is no button. The result is said in a polite live region.
(() => {
  "use strict";
  const blocks = document.querySelectorAll(".prose pre");
  if (blocks.length === 0 || !navigator.clipboard?.writeText) return;

  // Present before it speaks: screen readers announce changes to a region they already know.
  const status = document.createElement("p");
  status.className = "sr-only";
  status.setAttribute("role", "status");
  document.body.append(status);

  // Emptied first, then filled a frame later: the same words twice are said twice.
  function announce(text) {
    status.textContent = "";
    requestAnimationFrame(() => {
      status.textContent = text;
    });
  }

  for (const pre of blocks) {
    const frame = document.createElement("div");
    frame.className = "code-frame";
    pre.replaceWith(frame);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy-code";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy code");
    let timer = 0;
    const show = (text) => {
      announce(text);
      button.textContent = text;
      clearTimeout(timer);
      timer = setTimeout(() => {
        button.textContent = "Copy";
      }, 2000);
    };
    button.addEventListener("click", () => {
      navigator.clipboard.writeText((pre.querySelector("code") ?? pre).textContent).then(
        () => show("Copied"),
        () => show("Copy failed"),
      );
    });
    frame.append(pre, button);
  }
})();
