// Words the scripts show, in the page's language: the layout loads /words/<language>.js first,
// which sets FoodDiaryWords; English has none, its words being the ids. `{name}` takes values[name].
function t(text, values = {}) {
  const words = (window.FoodDiaryWords || {})[text] || text;
  return words.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// Numbers as the page writes them, for the scripts that write more: a decimal comma and a narrow
// space between thousands where the server wrote the page so (the html element's data-decimal).
function shownNumber(value, fractionDigits = 0) {
  const comma = document.documentElement.dataset.decimal === ",";
  const [whole, fraction] = String(Math.round(value * 10 ** fractionDigits) / 10 ** fractionDigits).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? "\u202F" : ",");
  return fraction ? grouped + (comma ? "," : ".") + fraction : grouped;
}

// A number as a person types it, read as the server reads it: "2,000" and "1 500" grouped, "12,5"
// and "1.500,5" with a decimal comma, and "1.500" by the page's convention. NaN when not a number.
function typedNumber(text) {
  const comma = document.documentElement.dataset.decimal === ",";
  let digits = text.trim();
  if (/^\d{1,3}([ \u00A0\u202F'’]\d{3})+([.,]\d+)?$/.test(digits)) digits = digits.replace(/[ \u00A0\u202F'’]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(digits)) digits = digits.replace(/,/g, "");
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(digits) || /^\d{1,3}(\.\d{3}){2,}$/.test(digits) || (comma && /^\d{1,3}\.\d{3}$/.test(digits))) {
    digits = digits.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+,\d+$/.test(digits)) digits = digits.replace(",", ".");
  return /^(\d+(\.\d*)?|\.\d+)$/.test(digits) ? parseFloat(digits) : NaN;
}

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
      () => { button.textContent = t("Copied"); },
      () => { button.textContent = t("Select the link above to copy it"); });
  });
}

// A form sent back with a problem: its first field in question is focused and in view, wherever the
// form sits on a long page (Today's exercise far below its meals). A secret shown once (a new token,
// focused by the page itself) is selected, ready to copy.
{
  const invalid = document.querySelector('[aria-invalid="true"]');
  if (invalid && !document.querySelector("[autofocus]")) {
    invalid.focus({ preventScroll: true });
    invalid.scrollIntoView({ block: "center" });
  }
  const secret = document.querySelector("input.secret[readonly]");
  if (secret) {
    secret.addEventListener("focus", () => secret.select());
    if (document.activeElement === secret) secret.select();
  }
}

// Lists a person folds or opens (a meal's foods on a day's page) stay so on this device. Only a
// tap is remembered: a list the page opens or folds by itself follows the day as it grows.
{
  const key = (details) => `fooddiary:fold:${details.dataset.fold}`;
  for (const details of document.querySelectorAll("details[data-fold]")) {
    const kept = localStorage.getItem(key(details));
    if (kept !== null && !details.querySelector(".is-changed")) details.open = kept === "open";
  }
  document.addEventListener("click", (event) => {
    const details = event.target.closest?.("details[data-fold] > summary")?.parentElement;
    if (details) localStorage.setItem(key(details), details.open ? "folded" : "open");
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
