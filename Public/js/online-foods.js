// Add-food and add-ingredient pages: the online results load after the local ones show,
// so the network never holds the page.
for (const slot of document.querySelectorAll("[data-online-src]")) {
  if (slot.querySelector(".online-problem")) continue;
  fetch(slot.dataset.onlineSrc, { credentials: "same-origin", headers: { Accept: "text/html" } })
    .then((response) => response.text())
    .then((html) => {
      const found = new DOMParser().parseFromString(html, "text/html").getElementById("online-results");
      if (found) slot.replaceChildren(...found.childNodes);
    })
    .catch(() => {
      slot.querySelector(".online-loading")?.replaceChildren("Foods online can’t be reached; these are your offline results.");
    });
}
