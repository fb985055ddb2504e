// A page that prints as it is (a report, a shopping list): the button is the browser's own
// Print, shown where a script runs.
for (const button of document.querySelectorAll("[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
