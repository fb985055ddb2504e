// Every page: lets the browser install FoodDiary as an app and show a page of its own when the
// server cannot be reached (a secure page only: HTTPS, or this machine).
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}

// Buttons that copy a text, such as an invitation link: shown only where the browser lets a page
// copy (a secure page), so everyone else selects the link as before.
for (const button of document.querySelectorAll("button[data-copy]")) {
  if (!navigator.clipboard || !window.isSecureContext) continue;
  button.hidden = false;
  button.addEventListener("click", () => {
    navigator.clipboard.writeText(button.dataset.copy).then(
      () => { button.textContent = "Copied"; },
      () => { button.textContent = "Select the link above to copy it"; });
  });
}

// The section a page belongs to, lit in the tab bar and in the top row, where a section the tab bar
// keeps under "More" (Trends, Places, Tags) has a link of its own.
// A block, not the global scope: a page written again in place (an import's answer) runs this again.
{
  const section = "/" + location.pathname.split("/")[1];
  for (const tab of document.querySelectorAll(".tabbar a[data-tab]")) {
    if (!new RegExp(tab.dataset.tab).test(location.pathname)) continue;
    tab.setAttribute("aria-current", "page");
    const own = document.querySelector(`.topnav a[href="${section}"]`);
    (own || document.querySelector(`.topnav a[href="${tab.getAttribute("href")}"]`))?.setAttribute("aria-current", "page");
    break;
  }
}
